import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatTime } from './date';
import { useTimeZone, useTimeZoneName } from './timezone';

const written: string[] = [];
/** A start time as a component writes it, in the zone the render is in. */
function Clock() {
  const text = `${formatTime('2026-01-01T00:00:00Z', 'en', useTimeZoneName())} ${useTimeZone().offset}`;
  written.push(text);
  return <time>{text}</time>;
}

describe('useTimeZone', () => {
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  // A browser in London in winter, whatever zone the machine running the test is in.
  beforeEach(() => {
    const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...resolved.call(this), timeZone: 'Europe/London' };
    });
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(0);
  });
  const containers: HTMLElement[] = [];
  afterEach(() => {
    containers.splice(0).forEach((el) => el.remove());
    written.length = 0;
  });
  const container = (html = '') => {
    const el = document.createElement('div');
    el.innerHTML = html;
    document.body.append(el);
    containers.push(el);
    return el;
  };

  it("hydrates the server's text in the server's zone without a mismatch, then writes the browser's", async () => {
    // Rendered as the server renders it (React's server snapshot).
    const html = renderToString(<Clock />);
    expect(html).toBe('<time>08:00 +08:00</time>');
    written.length = 0;

    const el = container(html);
    const server = el.firstChild;
    const errors: unknown[] = [];
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(el, <Clock />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(written).toEqual(['08:00 +08:00', '00:00 +00:00']);
    expect(el.firstChild).toBe(server);
    expect(el.textContent).toBe('00:00 +00:00');
    await act(async () => root?.unmount());
  });

  it("renders the browser's zone at once when nothing is hydrated", async () => {
    const el = container();
    const root = createRoot(el);
    await act(async () => root.render(<Clock />));
    expect(written).toEqual(['00:00 +00:00']);
    await act(async () => root.unmount());
  });
});
