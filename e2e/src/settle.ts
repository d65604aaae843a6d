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

/**
 * Waits until the live page selects the browser's own today (`today` as YYYY-MM-DD, else the
 * browser's local date). The server writes its page in its zone (+08:00); a browser elsewhere gets
 * its own days after hydration, and from 16:00 to midnight UTC that moves today (and the live on
 * air) back a day: a day clicked before then may be the one already selected.
 */
export async function liveDaysInOwnZone(page: Page, today?: string): Promise<void> {
  await page.waitForFunction((given) => {
    const now = new Date();
    const local = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    return document.querySelector('[data-testid="live-days"] [role="tab"][aria-selected="true"]')?.getAttribute('data-date') === (given ?? local);
  }, today);
}
