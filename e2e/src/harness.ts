import { after, afterEach, before, beforeEach } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, findChromium } from './chromium.ts';
import { SHARED_SERVER_ENV, startServer, type RunningServer } from './server.ts';

export interface PageOptions {
  width?: number;
  height?: number;
  locale?: string;
  timezoneId?: string;
  /**
   * A page in a context of its own, never used before: for tests of what a first visit loads or
   * how it renders. Other tests get a page that earlier tests may have used, reset (below).
   */
  fresh?: boolean;
  /**
   * The user's motion setting. Pages open with `reduce`: endless animations (live badges,
   * skeletons, the banner carousel) kept Chromium's renderers busy for the whole of every test,
   * and only the tests of motion itself look at them; those ask for `no-preference`.
   */
  reducedMotion?: 'reduce' | 'no-preference';
}

export interface Harness {
  server: { url: string; dataDir: string };
  browser: Browser;
  /**
   * A page in a context with no cookies or storage, sized and localised as asked; its
   * test owns it until the test ends. A page whose test only navigated and acted on it is then
   * reset and handed to a later test (see `Pool`), which saves starting Chromium renderers.
   */
  newPage: (opts?: PageOptions) => Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * The zone server-rendered pages are written in. Every browser takes them over (hydrates); one
 * elsewhere (the machine's zone, the default) then writes its times in its own zone (decision 0075).
 */
export const SERVER_PAGE_TIME_ZONE = 'Asia/Shanghai';

/**
 * How long a browser step may take before it counts as hung. A hang guard, not a speed check: on
 * a busy two-core machine, or a virtual one where fresh memory is slow to come by, loading the
 * home page beside the other stages has taken 10-20 s.
 */
export const HANG_LIMIT_MS = 60_000;

/**
 * Stores `token` where the app keeps its login, on the server's origin, without loading the app:
 * the test's next goto opens the app signed in. A tab from the pool already shows a plain document
 * of the origin (see `reset`); a new one is sent to one. Loading the app only to reach its
 * storage cost a whole page load (about a CPU-second) per signed-in test.
 */
export async function storeLogin(page: Page, token: string): Promise<void> {
  if (page.url() === 'about:blank') await page.goto('/robots.txt');
  await page.evaluate((t) => window.localStorage.setItem('accessToken', t), token);
}

/**
 * Calls on a context or page that leave state a reset does not undo (init scripts, routes,
 * emulation, permissions, another page, a closed one): after such a test the context is closed
 * instead of reused. `clock` (installing fake timers) counts too.
 */
const CONTEXT_KEEPS_STATE = ['addInitScript', 'exposeBinding', 'exposeFunction', 'grantPermissions', 'setGeolocation', 'setOffline', 'setExtraHTTPHeaders', 'setHTTPCredentials', 'route', 'routeFromHAR', 'routeWebSocket', 'newPage', 'newCDPSession', 'close', 'setDefaultTimeout', 'setDefaultNavigationTimeout'] as const;
const PAGE_KEEPS_STATE = ['addInitScript', 'exposeBinding', 'exposeFunction', 'emulateMedia', 'route', 'routeFromHAR', 'routeWebSocket', 'setExtraHTTPHeaders', 'close', 'setDefaultTimeout', 'setDefaultNavigationTimeout'] as const;

/** Makes the listed methods (and `clock`) of `target` call `taint` first. */
function taintOn(target: object, methods: readonly string[], taint: () => void): void {
  const own = target as Record<string, unknown>;
  for (const name of methods) {
    const original = own[name];
    if (typeof original !== 'function') continue;
    own[name] = (...args: unknown[]) => {
      taint();
      return (original as (...a: unknown[]) => unknown).apply(target, args);
    };
  }
  const clock = own.clock;
  if (clock) {
    Object.defineProperty(target, 'clock', {
      configurable: true,
      get: () => {
        taint();
        return clock;
      },
    });
  }
}

interface Lease {
  key: string;
  context: BrowserContext;
  page: Page;
  /** The test used something a reset does not undo. */
  tainted: boolean;
  /** Listeners present before any test had the page: the harness's own. */
  baseListeners: Set<unknown>;
  /** The page's own goto, without the harness's wait for the app. */
  plainGoto: Page['goto'];
  /** What went wrong on the page lately (script errors, refused API calls): shown when its test fails. */
  journal: string[];
}

const JOURNAL_LINES = 30;
/** Where a failed test's pages are saved as screenshots (git ignores it). */
const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));

/**
 * Keeps the page's script errors, failed requests and API calls that were refused (an HTTP error,
 * or a write whose envelope carries a non-zero code): a journey that times out waiting for
 * something on screen then says what the page was told instead.
 */
function keepJournal(page: Page, journal: string[]): void {
  const note = (line: string) => {
    journal.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (journal.length > JOURNAL_LINES) journal.shift();
  };
  page.on('pageerror', (err) => note(`page error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') note(`console: ${msg.text().slice(0, 300)}`);
  });
  page.on('request', (req) => {
    if (req.method() !== 'GET' && new URL(req.url()).pathname.startsWith('/v1/')) note(`${req.method()} ${new URL(req.url()).pathname} sent`);
  });
  page.on('requestfailed', (req) => note(`${req.method()} ${req.url()} failed: ${req.failure()?.errorText ?? ''}`));
  page.on('response', (res) => {
    const req = res.request();
    const { pathname } = new URL(res.url());
    if (!pathname.startsWith('/v1/')) return;
    if (res.status() >= 400) return note(`${req.method()} ${pathname} → HTTP ${res.status()}`);
    if (req.method() === 'GET') return;
    res.json().then(
      (body: { code?: number; message?: string }) => {
        note(`${req.method()} ${pathname} → code ${body.code ?? '?'}${body.code ? ` ${body.message ?? ''}` : ''}`);
      },
      () => note(`${req.method()} ${pathname} → HTTP ${res.status()}, body unread`),
    );
  });
}

/** A failed test's pages: where each was, what its journal holds, and a screenshot of it. */
async function reportPages(testName: string, leases: Lease[]): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  for (const [i, lease] of leases.entries()) {
    if (lease.page.isClosed()) continue;
    const file = join(ARTIFACTS, `${testName.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 80)}-${i + 1}.png`);
    const shot = await lease.page.screenshot({ path: file, timeout: 10_000 }).then(
      () => file,
      () => 'no screenshot',
    );
    console.error([`— page ${i + 1} of the failed test "${testName}": ${lease.page.url()} (${shot})`, ...lease.journal].join('\n  '));
  }
}

/**
 * Pages handed back at the end of their tests, by locale, time zone and motion setting (context
 * settings; the viewport is set on every hand-out). A new tab costs Chromium a renderer process
 * and a cold start, about 1 CPU-second, against about 0.4 for loading a page in a tab that is
 * already open (decision record 0037). Before a page is handed out again it is reset to what a new context
 * gives: it leaves the last test's document for a plain one on the same site (so the renderer
 * stays), its cookies, web storage, IndexedDB and Cache Storage are cleared, the listeners the
 * test added are removed and the mouse leaves the window.
 *
 * The HTTP cache stays: it saves each reused tab fetching and compiling the app's scripts again
 * (about a tenth of the stage's CPU). It can hand a later test nothing stale: the server marks
 * only its content-hashed assets cacheable, and every HTML page and API answer `max-age=0` or
 * `no-store`, so the browser asks again. Tests of what a first visit loads use `fresh`.
 */
class Pool {
  private idle = new Map<string, Lease[]>();

  take(key: string): Lease | undefined {
    return this.idle.get(key)?.pop();
  }

  async giveBack(lease: Lease, origin: string): Promise<void> {
    if (lease.tainted || lease.page.isClosed() || lease.context.pages().length !== 1) {
      await lease.context.close().catch(() => undefined);
      return;
    }
    try {
      await reset(lease, origin);
    } catch {
      await lease.context.close().catch(() => undefined);
      return;
    }
    const list = this.idle.get(lease.key) ?? [];
    list.push(lease);
    this.idle.set(lease.key, list);
  }

  async closeAll(): Promise<void> {
    const all = [...this.idle.values()].flat();
    this.idle.clear();
    await Promise.all(all.map((l) => l.context.close().catch(() => undefined)));
  }
}

/** Playwright's pages and contexts are event emitters at run time; its types show only on/off. */
interface Emitter {
  eventNames(): (string | symbol)[];
  rawListeners(event: string | symbol): unknown[];
  removeListener(event: string | symbol, listener: unknown): unknown;
}
const asEmitter = (target: Page | BrowserContext) => target as unknown as Emitter;
const listenersOf = (...targets: (Page | BrowserContext)[]) =>
  new Set(targets.map(asEmitter).flatMap((t) => t.eventNames().flatMap((e) => t.rawListeners(e))));

async function reset(lease: Lease, origin: string): Promise<void> {
  const { context, page } = lease;
  // A plain document of the same site: the app's scripts, timers and connections stop, and the
  // storage below belongs to this origin. Not the harness's goto, which waits for the app.
  await lease.plainGoto(`${origin}/robots.txt`, { waitUntil: 'load' });
  await context.clearCookies();
  await page.evaluate(async () => {
    localStorage.clear();
    sessionStorage.clear();
    for (const db of await indexedDB.databases()) if (db.name) indexedDB.deleteDatabase(db.name);
    for (const name of await caches.keys()) await caches.delete(name);
  });
  for (const target of [page, context].map(asEmitter)) {
    for (const event of target.eventNames()) {
      for (const listener of target.rawListeners(event)) {
        if (!lease.baseListeners.has(listener)) target.removeListener(event, listener);
      }
    }
  }
  await page.mouse.move(-1, -1);
  lease.journal.length = 0;
}

/**
 * One Chromium per test process: `src/run.ts` runs several test files in one process, each with
 * a harness (and a server) of its own, and a launch costs about a CPU-second. It closes when the
 * last harness using it is done (or the process's hold on it ends: `holdProcessBrowser`).
 */
const processBrowser = {
  users: 0,
  launching: undefined as Promise<Browser> | undefined,
  get(): Promise<Browser> {
    this.users++;
    this.launching ??= chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS, headless: true });
    return this.launching;
  },
  async release(): Promise<void> {
    if (--this.users > 0 || !this.launching) return;
    const launching = this.launching;
    this.launching = undefined;
    await (await launching.catch(() => undefined))?.close();
  },
};

/**
 * Registers the hooks of a harness: `server` gives the server of the tests (started in `before`),
 * and they use the process's Chromium. Returns a holder filled once `before` has run.
 */
function harness(server: () => Promise<{ url: string; dataDir: string; done: () => Promise<void>; died: () => string | null }>): Harness {
  const h = {} as Harness;
  const pool = new Pool();
  let leases: Lease[] = [];
  let done: (() => Promise<void>) | undefined;
  let died: () => string | null = () => null;
  // Pages of finished tests go back to the pool (or close): an open page keeps rendering
  // (animations, timers) and costs CPU for the rest of the file. Tests of one file may run side
  // by side, so the pages go once none of them is running.
  let running = 0;
  beforeEach(() => {
    running++;
  });
  afterEach(async (t) => {
    if ('passed' in t && !t.passed) await reportPages(t.name, leases).catch((err: unknown) => console.error('could not report the pages:', err));
    running--;
    if (running > 0) return;
    const returning = leases;
    leases = [];
    await Promise.all(returning.map((l) => pool.giveBack(l, h.server.url)));
  });

  async function openLease(key: string, options: Parameters<Browser['newContext']>[0]): Promise<Lease> {
    const context = await h.browser.newContext({ ...options, baseURL: h.server.url });
    const page = await context.newPage();
    page.setDefaultTimeout(HANG_LIMIT_MS);
    // A server-rendered page is on screen before the app has taken it over: a test acts on it
    // once the app has rendered (it marks <html data-location>), as a person would once it answers.
    const goto = page.goto.bind(page);
    page.goto = async (url, gotoOptions) => {
      const response = await goto(url, gotoOptions);
      if (response?.ok() && (response.headers()['content-type'] ?? '').startsWith('text/html')) {
        await page.waitForFunction(() => document.documentElement.dataset.location !== undefined, undefined, { timeout: HANG_LIMIT_MS });
      }
      return response;
    };
    const journal: string[] = [];
    keepJournal(page, journal);
    const lease: Lease = { key, context, page, tainted: false, plainGoto: goto, baseListeners: listenersOf(page, context), journal };
    const taint = () => {
      lease.tainted = true;
    };
    taintOn(context, CONTEXT_KEEPS_STATE, taint);
    taintOn(page, PAGE_KEEPS_STATE, taint);
    return lease;
  }

  before(async () => {
    const s = await server();
    h.server = { url: s.url, dataDir: s.dataDir };
    done = s.done;
    died = s.died;
    h.browser = await processBrowser.get();
    h.newPage = async ({ width = 1440, height = 900, locale = 'zh-CN', timezoneId, fresh = false, reducedMotion = 'reduce' } = {}) => {
      const key = `${locale}|${timezoneId ?? ''}|${reducedMotion}`;
      const reused = fresh ? undefined : pool.take(key);
      const lease = reused ?? (await openLease(key, { viewport: { width, height }, locale, reducedMotion, ...(timezoneId ? { timezoneId } : {}) }));
      // Used once: a test of a first visit is the only one that ever sees its page.
      if (fresh) lease.tainted = true;
      if (reused) await lease.page.setViewportSize({ width, height });
      leases.push(lease);
      return { context: lease.context, page: lease.page };
    };
  });
  after(async () => {
    // A server that died mid-file explains every later failure: show what it said.
    const why = died();
    if (why) console.error(why);
    for (const l of leases) await l.context.close().catch(() => undefined);
    await pool.closeAll();
    if (h.browser) await processBrowser.release();
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
/**
 * Keeps the process's Chromium open from the first test of the process to its last, for test
 * files that run one after another in one process with harnesses scoped to each file (their
 * servers then live only while their file runs): without the hold, each file's end would close
 * the browser and the next file's start launch it again. Call at the top level of the process.
 */
export function holdProcessBrowser(): void {
  before(async () => {
    await processBrowser.get();
  });
  after(() => processBrowser.release());
}

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

/** Console errors and uncaught exceptions of a page (React reports a recoverable hydration error there: main.tsx). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}
