import type { Page } from 'playwright-core';

/**
 * Counts the page's fetches in flight (an init script: `context.addInitScript(TRACK_FETCHES)`), so
 * "settled" is something the page says, not a delay.
 */
export const TRACK_FETCHES = () => {
  const w = window as unknown as { __inflight: number };
  w.__inflight = 0;
  const original = window.fetch.bind(window);
  window.fetch = (...args: Parameters<typeof fetch>) => {
    w.__inflight += 1;
    return original(...args).finally(() => {
      w.__inflight -= 1;
    });
  };
};

/**
 * Settled: loaded, the app has taken the page over (it marks <html data-location> once a route
 * rendered: a server-rendered page is on screen before that, and one the browser renders afresh
 * is replaced), no fetch in flight, no route fallback, skeleton or busy region in the main area,
 * for two animation frames running (React commits a resolved query on the next frame).
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __inflight: number; __quiet?: number };
      const quiet =
        document.readyState === 'complete' &&
        document.documentElement.dataset.location !== undefined &&
        w.__inflight === 0 &&
        document.querySelector('#main') !== null &&
        document.querySelector('.page-fallback, #main .skeleton, #main [aria-busy="true"]') === null;
      w.__quiet = quiet ? (w.__quiet ?? 0) + 1 : 0;
      return w.__quiet >= 2;
    },
    undefined,
    { polling: 'raf' },
  );
}
