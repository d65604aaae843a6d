import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupI18n } from '../../testing/i18n';
import { renderWithApp } from '../../testing/render';
import { i18n } from '../i18n';
import { requireMember } from '../session';
import { closeConfirmLogin } from './confirm-login-store';

function FollowButton({ onFollow }: { onFollow: () => void }) {
  return (
    <button type="button" onClick={() => requireMember(onFollow)}>
      follow
    </button>
  );
}

beforeAll(async () => {
  await setupI18n('zh');
});

beforeEach(() => {
  act(() => closeConfirmLogin());
  window.history.replaceState(null, '', '/speaker/3?tab=news');
});

describe('confirm-login dialog (spec §5)', () => {
  it('asks an anonymous member action to log in, and Cancel does nothing', async () => {
    const user = userEvent.setup();
    const onFollow = vi.fn();
    const { router } = renderWithApp(<FollowButton onFollow={onFollow} />, { path: '/speaker/3' });
    await user.click(screen.getByRole('button', { name: 'follow' }));

    const dialog = screen.getByRole('alertdialog', { name: '温馨提示' });
    expect(dialog.textContent).toContain('此功能需要登录后使用');
    expect(dialog.style.getPropertyValue('--dialog-width')).toBe('500px');
    expect(dialog.style.getPropertyValue('--dialog-button-color')).toBe('#0d7a72');
    expect(document.activeElement?.textContent).toBe('去登录');

    await user.click(screen.getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onFollow).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/speaker/3');
  });

  it("'去登录' goes to login with the current URL as callback", async () => {
    const user = userEvent.setup();
    const { router } = renderWithApp(<FollowButton onFollow={vi.fn()} />, { path: '/speaker/3' });
    await user.click(screen.getByRole('button', { name: 'follow' }));
    await user.click(screen.getByRole('button', { name: '去登录' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('callback')).toBe(window.location.href);
    expect(window.location.href).toContain('/speaker/3?tab=news');
  });

  it('closes on Escape and keeps focus inside while open', async () => {
    const user = userEvent.setup();
    renderWithApp(<FollowButton onFollow={vi.fn()} />, { path: '/speaker/3' });
    const trigger = screen.getByRole('button', { name: 'follow' });
    await user.click(trigger);
    const dialog = screen.getByRole('alertdialog');
    for (let i = 0; i < 5; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('speaks English in English', async () => {
    await i18n.changeLanguage('en');
    try {
      const user = userEvent.setup();
      renderWithApp(<FollowButton onFollow={vi.fn()} />, { path: '/speaker/3' });
      await user.click(screen.getByRole('button', { name: 'follow' }));
      expect(screen.getByRole('alertdialog', { name: 'Friendly reminder' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('zh');
    }
  });
});
