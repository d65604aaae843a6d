import { act, useEffect, useState } from 'react';
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
    // A synchronous act: an async one may let the idle timer fire before it returns on a busy machine.
    act(() => root.render(ui));
    expect(rendered).toEqual(['placeholder']);
    // At an idle moment (no requestIdleCallback here: the next task).
    await act(() => new Promise((r) => setTimeout(r, 0)));
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
    act(() =>
      root.render(
        <Later>
          <Probe />
        </Later>,
      ),
    );
    expect(el.querySelector('[aria-busy="true"]')).not.toBeNull();
    await act(() => new Promise((r) => setTimeout(r, 0)));
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

  describe('in a browser with IntersectionObserver', () => {
    let observed: Array<{ el: Element; fire: () => void }> = [];
    function installObserver() {
      observed = [];
      vi.stubGlobal(
        'IntersectionObserver',
        class {
          constructor(private readonly cb: IntersectionObserverCallback) {}
          observe(el: Element) {
            observed.push({ el, fire: () => this.cb([{ isIntersecting: true, target: el } as IntersectionObserverEntry], this as unknown as IntersectionObserver) });
          }
          disconnect() {
            observed = [];
          }
        },
      );
    }

    const hydrated: string[] = [];
    function Live({ name }: { name: string }) {
      useEffect(() => void hydrated.push(name), [name]);
      return <p id={`p-${name}`}>{name}</p>;
    }
    let rerender: (n: number) => void = () => undefined;
    function Page() {
      const [n, setN] = useState(0);
      useEffect(() => {
        rerender = setN;
      }, []);
      return (
        <div>
          <Live name={`above${n}`} />
          <Later>
            <Live name={`below${n}`} />
          </Later>
        </div>
      );
    }

    it('keeps the server HTML of its children untouched until they come near the viewport, then hydrates them', async () => {
      const html = renderToString(<Page />);
      installObserver();
      const el = container();
      el.innerHTML = html;
      const serverNode = el.querySelector('#p-below0');
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const recoverable: unknown[] = [];
      hydrated.length = 0;
      let root: ReturnType<typeof hydrateRoot> | undefined;
      await act(async () => {
        root = hydrateRoot(el, <Page />, { onRecoverableError: (e) => recoverable.push(e) });
      });
      // Above hydrated; below still the server's HTML, in the document, not hydrated.
      expect(hydrated).toEqual(['above0']);
      expect(el.textContent).toBe('above0below0');
      expect(observed).toHaveLength(1);
      await act(async () => observed[0]!.fire());
      expect(hydrated).toEqual(['above0', 'below0']);
      expect(el.querySelector('#p-below0')).toBe(serverNode);
      expect(recoverable).toEqual([]);
      expect(errors.mock.calls).toEqual([]);
      errors.mockRestore();
      root?.unmount();
      vi.unstubAllGlobals();
    });

    it('shows the current children when the page above re-renders before they hydrate', async () => {
      const html = renderToString(<Page />);
      installObserver();
      const el = container();
      el.innerHTML = html;
      const recoverable: unknown[] = [];
      hydrated.length = 0;
      let root: ReturnType<typeof hydrateRoot> | undefined;
      await act(async () => {
        root = hydrateRoot(el, <Page />, { onRecoverableError: (e) => recoverable.push(e) });
      });
      await act(async () => rerender(1));
      // Still the server's HTML below (the boundary kept its children while closed).
      expect(el.textContent).toBe('above1below0');
      await act(async () => observed[0]!.fire());
      expect(el.textContent).toBe('above1below1');
      expect(recoverable).toEqual([]);
      root?.unmount();
      vi.unstubAllGlobals();
    });
  });
});
