import { after, afterEach, before, beforeEach } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from './chromium.ts';
import { startServer, type RunningServer } from './server.ts';

export interface Harness {
  server: RunningServer;
  browser: Browser;
  /** A new isolated browser context (fresh storage) with one page, closed when its test ends. */
  newPage: (opts?: { width?: number; height?: number; locale?: string; timezoneId?: string }) => Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * The zone server-rendered pages are written in: a browser there takes them over (hydrates); a
 * browser elsewhere (the machine's zone, the default) renders them afresh.
 */
export const SERVER_PAGE_TIME_ZONE = 'Asia/Shanghai';

/**
 * Registers hooks that start the real server build and one Chromium for a test file.
 * Returns a holder filled once `before` has run.
 */
export function useHarness(env: Record<string, string> = {}): Harness {
  const h = {} as Harness;
  let contexts: BrowserContext[] = [];
  // Pages of finished tests are closed: an open page keeps rendering (animations, timers) and
  // costs CPU for the rest of the file. Tests of one file may run side by side, so the pages go
  // once none of them is running.
  let running = 0;
  beforeEach(() => {
    running++;
  });
  afterEach(async () => {
    running--;
    if (running > 0) return;
    const done = contexts;
    contexts = [];
    await Promise.all(done.map((c) => c.close().catch(() => undefined)));
  });
  before(async () => {
    h.server = await startServer(env);
    h.browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS, headless: true });
    h.newPage = async ({ width = 1440, height = 900, locale = 'zh-CN', timezoneId } = {}) => {
      const context = await h.browser.newContext({ viewport: { width, height }, locale, ...(timezoneId ? { timezoneId } : {}), baseURL: h.server.url });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      // A server-rendered page is on screen before the app has taken it over: a test acts on it
      // once the app has rendered (it marks <html data-location>), as a person would once it answers.
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (response?.ok() && (response.headers()['content-type'] ?? '').startsWith('text/html')) {
          await page.waitForFunction(() => document.documentElement.dataset.location !== undefined, undefined, { timeout: 15_000 });
        }
        return response;
      };
      return { context, page };
    };
  });
  after(async () => {
    // A server that died mid-file explains every later failure: show what it said.
    if (h.server && (h.server.child.exitCode !== null || h.server.child.signalCode !== null)) {
      console.error(`server exited early (${h.server.child.exitCode ?? h.server.child.signalCode}):\n${h.server.output()}`);
    }
    for (const c of contexts) await c.close().catch(() => undefined);
    await h.browser?.close();
    await h.server?.stop();
  });
  return h;
}
