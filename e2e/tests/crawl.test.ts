import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { HANG_LIMIT_MS, useSharedHarness } from '../src/harness.ts';
import { settle, TRACK_FETCHES } from '../src/settle.ts';

/**
 * Dead-link crawl: from `/`, every internal link two levels deep, in Chinese and in English.
 * A page is dead when it shows the 404 page, a "no longer available" answer or a route error.
 */

/**
 * Routes that other open issues own: not visited and not followed until those land.
 * The one place to shrink as they are built.
 */
const OWNED_ELSEWHERE: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/credit/, 'credit points'],
  [/^\/user\/(?:myinfo|order|wallet|coupon)(?:\/|$)/, 'user-centre pages not yet built (profile, money)'],
];

/** Served by the server itself, not the SPA: checked by status code. */
const NON_SPA = /^\/(?:v\d+\/|media\/|docs(?:\/|$)|openapi\.json$|healthz$|readyz$)|\.[a-z0-9]{1,8}$/i;

const DEPTH = 2;
/**
 * Last-level pages of one shape (the same route with other ids, e.g. /course/12 and /course/31)
 * render through the same code: a few of each shape are opened, the rest only counted. Pages
 * whose links are followed are all opened.
 */
const LEAVES_PER_SHAPE = Math.max(1, Number(process.env.CRAWL_LEAVES_PER_SHAPE) || 3);
/** Pages open at once per language; each settles on its own signals, so order does not matter. */
const CONCURRENCY = Math.max(1, Number(process.env.CRAWL_CONCURRENCY) || 3);

const DEAD_SELECTOR = [
  '[data-page="not-found"]',
  '[data-page="route-error"]',
  '[data-page="chunk-error"]',
  '[data-testid$="not-found"]',
].join(', ');

interface Dead {
  url: string;
  from: string;
  why: string;
}

const h = useSharedHarness();

/** In-app links of the page (path + query; the hash never changes which page opens). */
async function internalLinks(page: Page, origin: string): Promise<string[]> {
  const hrefs = await page.$$eval('a[href]', (as) => as.map((a) => (a as HTMLAnchorElement).href));
  const out = new Set<string>();
  for (const href of hrefs) {
    const url = new URL(href);
    if (url.origin !== origin) continue;
    // Where a login page returns to does not change which page it is.
    url.searchParams.delete('callback');
    out.add(`${url.pathname}${url.search}`);
  }
  return [...out];
}

const ownedElsewhere = (path: string) => OWNED_ELSEWHERE.some(([re]) => re.test(path));

/** `/course/12?page=2&dep=3` and `/course/31?dep=7&page=1` have one shape: `/course/#?dep=#&page=#`. */
function shapeOf(url: string): string {
  const parsed = new URL(url, 'http://shape');
  const path = parsed.pathname.replace(/\/\d+(?=\/|$)/g, '/#');
  const query = [...parsed.searchParams.entries()]
    .map(([k, v]) => `${k}=${/^\d+$/.test(v) ? '#' : v}`)
    .sort()
    .join('&');
  return query ? `${path}?${query}` : path;
}

/** Sections the spec lists that no page links to (apps open them): crawled from their own entry. */
const UNLINKED_STARTS: readonly string[] = ['/author_voice', '/vjhemonc_selected', '/vjoncology_selected', '/covid19', '/pre_act/1', '/testjssdk', '/share_card/news?id=1'];

/** A path that must be reported dead: proves the detector works before its silence counts. */
const PROBE = '/crawl-probe/no/such-page';

async function crawl(context: BrowserContext, origin: string): Promise<{ visited: number; sampledOut: number; dead: Dead[] }> {
  const seen = new Set<string>(['/', PROBE, ...UNLINKED_STARTS]);
  const queue: Array<{ url: string; depth: number; from: string }> = [
    { url: '/', depth: 0, from: '(start)' },
    ...UNLINKED_STARTS.map((url) => ({ url, depth: 1, from: '(start)' })),
    { url: PROBE, depth: DEPTH, from: '(probe)' },
  ];
  const dead: Dead[] = [];
  const leavesOfShape = new Map<string, number>();
  let visited = 0;
  let sampledOut = 0;
  let active = 0;
  let waiting: Array<() => void> = [];
  const wakeAll = () => {
    const w = waiting;
    waiting = [];
    for (const r of w) r();
  };

  const enqueue = (links: string[], depth: number, from: string) => {
    for (const url of links) {
      const path = url.split('?', 1)[0] ?? url;
      if (seen.has(url) || ownedElsewhere(path)) continue;
      seen.add(url);
      if (depth === DEPTH && url !== PROBE) {
        const shape = shapeOf(url);
        const n = leavesOfShape.get(shape) ?? 0;
        if (n >= LEAVES_PER_SHAPE) {
          sampledOut++;
          continue;
        }
        leavesOfShape.set(shape, n + 1);
      }
      queue.push({ url, depth, from });
    }
    wakeAll();
  };

  let navigations = 0;
  /**
   * Opens `url` in the worker's tab: the first time (or after a failure) by loading the document,
   * then by an in-app navigation (no reload of the app), which the app confirms by putting the
   * new location's key on <html data-location> once the route has rendered.
   */
  const open = async (page: Page, url: string, fresh: boolean): Promise<string | null> => {
    if (fresh) {
      const res = await page.goto(url);
      if (!res || res.status() >= 400) return `HTTP ${res?.status() ?? 'no answer'}`;
    } else {
      const key = `crawl-${++navigations}`;
      const before = await page.evaluate(
        ({ url, key }) => {
          const shown = document.documentElement.dataset.location;
          const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
          history.pushState({ usr: null, key, idx }, '', url);
          window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
          return shown;
        },
        { url, key },
      );
      await page.waitForFunction((shown) => document.documentElement.dataset.location !== shown, before);
    }
    await settle(page);
    return null;
  };

  const visit = async (page: Page, job: { url: string; depth: number; from: string }, fresh: boolean) => {
    visited++;
    const path = job.url.split('?', 1)[0] ?? job.url;
    if (NON_SPA.test(path)) {
      const res = await context.request.get(job.url, { maxRedirects: 0 });
      if (res.status() >= 400) dead.push({ url: job.url, from: job.from, why: `HTTP ${res.status()}` });
      return;
    }
    const failed = await open(page, job.url, fresh);
    if (failed) {
      dead.push({ url: job.url, from: job.from, why: failed });
      return;
    }
    const marker = await page.$(DEAD_SELECTOR);
    if (marker) {
      const kind = (await marker.getAttribute('data-page')) ?? (await marker.getAttribute('data-testid')) ?? 'dead';
      dead.push({ url: job.url, from: job.from, why: `${kind} at ${new URL(page.url()).pathname}` });
      return;
    }
    if (job.depth < DEPTH) enqueue(await internalLinks(page, origin), job.depth + 1, job.url);
  };

  const worker = async () => {
    const page = await context.newPage();
    page.setDefaultTimeout(HANG_LIMIT_MS);
    let fresh = true;
    try {
      for (;;) {
        const job = queue.shift();
        if (!job) {
          if (active === 0) {
            wakeAll();
            return;
          }
          // Another worker may still find links: wait until it queues some or finishes.
          await new Promise<void>((r) => waiting.push(r));
          continue;
        }
        active++;
        const started = Date.now();
        try {
          await visit(page, job, fresh);
          fresh = false;
          if (process.env.CRAWL_DEBUG) console.log(`${Date.now() - started}ms d${job.depth} ${job.url} (queue ${queue.length})`);
        } catch (err) {
          dead.push({ url: job.url, from: job.from, why: `did not settle: ${(err as Error).message.split('\n', 1)[0]}` });
          // Whatever state the tab is in, the next page starts from a fresh load.
          fresh = true;
        } finally {
          active--;
          if (active === 0 && queue.length === 0) wakeAll();
        }
      }
    } finally {
      await page.close();
    }
  };

  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { visited, sampledOut, dead };
}

// The two languages crawl side by side (separate browser contexts of the one browser).
describe('dead links', { concurrency: 2 }, () => {
  for (const [lang, locale] of [
    ['zh', 'zh-CN'],
    ['en', 'en-US'],
  ] as const) {
    it(`every internal link two levels deep from / opens a real page (${lang})`, async () => {
      const context = await h.browser.newContext({ viewport: { width: 1280, height: 800 }, locale, baseURL: h.server.url });
      try {
        await context.addInitScript(TRACK_FETCHES);
        // Images are not links: skip them to keep the crawl quick.
        await context.route(/\/media\/cover\//, (route) => route.fulfill({ status: 204 }));
        const { visited, sampledOut, dead } = await crawl(context, h.server.url);
        const real = dead.filter((d) => d.url !== PROBE);
        console.log(`crawl (${lang}): ${visited} URLs visited, ${sampledOut} more of shapes already visited, ${real.length} dead`);
        assert.ok(
          // Loaded afresh, the server's 404 status reports it; reached in the app, the 404 page.
          dead.some((d) => d.url === PROBE && (d.why === 'HTTP 404' || d.why.startsWith('not-found'))),
          `the probe ${PROBE} was not reported as the 404 page: ${JSON.stringify(dead)}`,
        );
        assert.ok(visited > 50, `the crawl reached only ${visited} URLs`);
        assert.deepEqual(
          real.map((d) => `${d.url} (${d.why}; linked from ${d.from})`),
          [],
          'dead links',
        );
      } finally {
        await context.close();
      }
    });
  }
});
