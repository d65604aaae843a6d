import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Later } from './later';

const rendered: string[] = [];
function Mark({ name }: { name: string }) {
  rendered.push(name);
  return <p>{name}</p>;
}

const ui = (
  <div>
    <p>above</p>
    <Later fallback={<Mark name="placeholder" />}>
      <Mark name="below" />
    </Later>
  </div>
);

describe('Later', () => {
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  const containers: HTMLElement[] = [];
  const container = () => {
    const el = document.createElement('div');
    document.body.append(el);
    containers.push(el);
    return el;
  };
  afterEach(() => {
    containers.splice(0).forEach((el) => el.remove());
    rendered.length = 0;
  });

  it('renders the fallback first on a client render, then the children', async () => {
    const el = container();
    const root = createRoot(el);
    await act(async () => root.render(ui));
    expect(rendered).toEqual(['placeholder', 'below']);
    expect(el.textContent).toBe('abovebelow');
    root.unmount();
  });

  it('marks the place busy until the children render, by default', async () => {
    const el = container();
    const root = createRoot(el);
    const busy: Array<boolean> = [];
    function Probe() {
      busy.push(el.querySelector('[aria-busy="true"]') !== null);
      return <p>below</p>;
    }
    await act(async () =>
      root.render(
        <Later>
          <Probe />
        </Later>,
      ),
    );
    // While the children render, the fallback (the busy region) is still in the document.
    expect(busy).toEqual([true]);
    expect(el.querySelector('[aria-busy]')).toBeNull();
    expect(el.textContent).toBe('below');
    root.unmount();
  });

  it('puts the children in server HTML and keeps them through hydration without a mismatch', async () => {
    const html = renderToString(ui);
    expect(html).toContain('below');
    expect(html).not.toContain('placeholder');
    rendered.length = 0;
    const el = container();
    el.innerHTML = html;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const recoverable: unknown[] = [];
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(el, ui, { onRecoverableError: (e) => recoverable.push(e) });
    });
    expect(recoverable).toEqual([]);
    expect(errors.mock.calls).toEqual([]);
    expect(rendered).not.toContain('placeholder');
    expect(el.textContent).toBe('abovebelow');
    errors.mockRestore();
    root?.unmount();
  });
});
