import { after, afterEach, before, beforeEach } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from './chromium.ts';
import { SHARED_SERVER_ENV, startServer, type RunningServer } from './server.ts';

export interface Harness {
  server: { url: string; dataDir: string };
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
 * Registers the hooks of a harness: `server` gives the server of the tests (started in `before`),
 * and one Chromium is launched for them. Returns a holder filled once `before` has run.
 */
function harness(server: () => Promise<{ url: string; dataDir: string; done: () => Promise<void>; died: () => string | null }>): Harness {
  const h = {} as Harness;
  let contexts: BrowserContext[] = [];
  let done: (() => Promise<void>) | undefined;
  let died: () => string | null = () => null;
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
    const closing = contexts;
    contexts = [];
    await Promise.all(closing.map((c) => c.close().catch(() => undefined)));
  });
  before(async () => {
    const s = await server();
    h.server = { url: s.url, dataDir: s.dataDir };
    done = s.done;
    died = s.died;
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
    const why = died();
    if (why) console.error(why);
    for (const c of contexts) await c.close().catch(() => undefined);
    await h.browser?.close();
    await done?.();
  });
  return h;
}

const own = (s: RunningServer) => ({
  url: s.url,
  dataDir: s.dataDir,
  done: () => s.stop(),
  died: () =>
    s.child.exitCode !== null || s.child.signalCode !== null ? `server exited early (${s.child.exitCode ?? s.child.signalCode}):\n${s.output()}` : null,
});

/**
 * A harness with a server of the file's own (a fresh copy of the seeded data), for tests that
 * write, or that need server settings of their own (`env`).
 */
export function useHarness(env: Record<string, string> = {}): Harness {
  return harness(async () => own(await startServer(env)));
}

let shared: Harness | undefined;

/**
 * A harness for tests that only read, or write only what no other test looks at (a user of their
 * own): under `src/run.ts` every such file runs in one process, on one server the runner started
 * and one Chromium, instead of a server, a Chromium and a process each. Run on its own, the file
 * gets a server of its own. The runner finds these files by the call to this function, so call it
 * at the top level of the test file; a file that changes what another test may see must use
 * `useHarness()` instead.
 */
export function useSharedHarness(): Harness {
  shared ??= harness(async () => {
    const fromRunner = process.env[SHARED_SERVER_ENV];
    if (!fromRunner) return own(await startServer());
    const { url, dataDir } = JSON.parse(fromRunner) as { url: string; dataDir: string };
    // The runner owns this server: it stops it, and shows its output if it dies.
    return { url, dataDir, done: async () => undefined, died: () => null };
  });
  return shared;
}
