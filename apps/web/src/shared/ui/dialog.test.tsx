import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setupI18n } from '../../testing/i18n';
import { Dialog, type DialogProps } from './dialog';

beforeAll(async () => {
  await setupI18n('zh');
});

function Opener({ children, ...props }: Partial<DialogProps>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <Dialog
        open={open}
        title="支付订单"
        onClose={() => {
          props.onClose?.();
          setOpen(false);
        }}
        role={props.role}
        footer={props.footer}
      >
        {children}
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('opens modally as a <dialog> named by its title, focusing the first control of its body', async () => {
    const user = userEvent.setup();
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    render(
      <Opener>
        <input aria-label="金额" />
      </Opener>,
    );
    await user.click(screen.getByRole('button', { name: 'open' }));
    const dialog = screen.getByRole('dialog', { name: '支付订单' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: '金额' }));
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('keeps Tab and Shift+Tab inside, closes on Escape and gives focus back to the opener', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <Opener onClose={onClose} footer={<button type="button">确定</button>}>
        <a href="#x">链接</a>
      </Opener>,
    );
    const opener = screen.getByRole('button', { name: 'open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: '链接' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '确定' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '关闭' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '确定' }));
    for (let i = 0; i < 4; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('');
  });

  it('starts on [data-autofocus], is an alertdialog when asked, and closes from its close button', async () => {
    const user = userEvent.setup();
    render(
      <Opener
        role="alertdialog"
        footer={
          <>
            <button type="button">取消</button>
            <button type="button" data-autofocus>
              删除
            </button>
          </>
        }
      >
        <p>确定删除吗？</p>
      </Opener>,
    );
    await user.click(screen.getByRole('button', { name: 'open' }));
    const dialog = screen.getByRole('alertdialog', { name: '支付订单' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe('确定删除吗？');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '删除' }));
    await user.click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks its owner on a close request from the browser (cancel) instead of closing itself', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Dialog open title="t" onClose={onClose} />);
    const dialog = screen.getByRole('dialog');
    const cancel = new Event('cancel', { cancelable: true });
    act(() => {
      dialog.dispatchEvent(cancel);
    });
    expect(cancel.defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog.hasAttribute('open')).toBe(true);
    // A press on the dialog's own box (not its backdrop) keeps it open.
    await user.click(screen.getByRole('heading', { name: 't' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('gives focus to the main region when its opener has gone', async () => {
    const user = userEvent.setup();
    function RemoveItem() {
      const [state, setState] = useState<'listed' | 'confirming' | 'removed'>('listed');
      return (
        <main id="main" tabIndex={-1}>
          {state === 'listed' || state === 'confirming' ? (
            <button type="button" onClick={() => setState('confirming')}>
              移除
            </button>
          ) : null}
          <Dialog open={state === 'confirming'} title="确认" onClose={() => setState('listed')} footer={<button type="button" onClick={() => setState('removed')}>确定</button>} />
        </main>
      );
    }
    render(<RemoveItem />);
    await user.click(screen.getByRole('button', { name: '移除' }));
    await user.click(screen.getByRole('button', { name: '确定' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});
