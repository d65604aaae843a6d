// Web benchmark: Lighthouse 12 (mobile preset, default simulated throttling) on the system Chromium
// against the production build served by the real server (fresh data directory, demo seed).
// Prints performance, LCP, TBT, CLS, accessibility, SEO and the JavaScript transferred for each page
// and case (browser zone × logged out / logged in), the median of BENCH_RUNS runs (default 3), with
// Lighthouse's benchmarkIndex (the host's speed as Lighthouse rates it) and the load average.
// Figures only: nothing here fails on a missed target.
//
// BENCH_PAGES=/,/news/1   measure only these paths
// BENCH_RUNS=1            runs per page and case
// BENCH_TZ=UTC            only these browser zones (default: Asia/Shanghai,UTC). Asia/Shanghai is
//                         the readers' zone and the one pages are rendered in
// BENCH_LOGIN=out         only logged out (`out`), only logged in (`in`), or both (default `out,in`);
//                         logged in = the demo learner, logged in through the API, its token where
//                         the web app keeps it (localStorage) before the page's scripts run
// BENCH_WEB_REPORTS=dir   also write each median run's full Lighthouse JSON there
// BENCH_BASELINE_DIST=dir also measure that web build (served by a second server), runs alternating,
//                         and print the two side by side
// WEB_DIST=dir            measure that web build as "this build" (the server's own variable): a copy
//                         of apps/web/dist, so the worktree can be built again during a long run
//                         (dist-ssr/ beside it, as for the baseline)
// BENCH_PORT=44300        the servers listen on this port and the next; Chromium's debugging port
//                         is the one after (default: free ports)
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
// Lighthouse's own driver (a dependency of lighthouse): a page to register a script and a zone on.
import puppeteer from 'puppeteer-core';
import { findChromium } from '../e2e/src/chromium.ts';
import { startServer, TEMPLATE_ENV } from '../e2e/src/server.ts';

const PAGES = (process.env.BENCH_PAGES ?? '/,/course,/course/11,/news,/news/1,/live,/search?txt=淋巴瘤,/speaker/1').split(',');
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const REPORTS = process.env.BENCH_WEB_REPORTS;
const ZONES = (process.env.BENCH_TZ ?? 'Asia/Shanghai,UTC').split(',');
const LOGINS = (process.env.BENCH_LOGIN ?? 'out,in').split(',').filter((l) => l === 'out' || l === 'in');
const BASE_PORT = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;
const CASES = ZONES.flatMap((zone) => LOGINS.map((login) => ({ zone, login })));
const DEMO_LEARNER = { account: '13900000003', password: 'Learner-demo-1' };

const TARGETS = { perf: 0.95, lcp: 2000, tbt: 150, cls: 0.02, a11y: 0.95, seo: 0.95, js: 120 };

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function figures(lhr) {
  const audit = (id) => lhr.audits[id];
  const scripts = audit('resource-summary')?.details?.items?.find((i) => i.resourceType === 'script');
  return {
    perf: lhr.categories.performance?.score ?? NaN,
    lcp: audit('largest-contentful-paint')?.numericValue ?? NaN,
    tbt: audit('total-blocking-time')?.numericValue ?? NaN,
    cls: audit('cumulative-layout-shift')?.numericValue ?? NaN,
    a11y: lhr.categories.accessibility?.score ?? NaN,
    seo: lhr.categories.seo?.score ?? NaN,
    js: (scripts?.transferSize ?? NaN) / 1024,
    dom: audit('dom-size')?.numericValue ?? NaN,
    bi: lhr.environment?.benchmarkIndex ?? NaN,
  };
}

const mark = (ok) => (ok ? '' : '✗');
const CELLS = {
  perf: (f) => `${f.perf.toFixed(2)}${mark(f.perf >= TARGETS.perf)}`,
  lcp: (f) => `${(f.lcp / 1000).toFixed(1)} s${mark(f.lcp <= TARGETS.lcp)}`,
  tbt: (f) => `${f.tbt.toFixed(0)} ms${mark(f.tbt <= TARGETS.tbt)}`,
  cls: (f) => `${f.cls.toFixed(3)}${mark(f.cls <= TARGETS.cls)}`,
  a11y: (f) => `${f.a11y.toFixed(2)}${mark(f.a11y >= TARGETS.a11y)}`,
  seo: (f) => `${f.seo.toFixed(2)}${mark(f.seo >= TARGETS.seo)}`,
  js: (f, path) => `${f.js.toFixed(0)} KB${mark(path !== '/' || f.js <= TARGETS.js)}`,
  dom: (f) => `${f.dom.toFixed(0)}`,
  bi: (f) => `${f.bi.toFixed(0)}`,
};
const HEAD = { perf: 'perf', lcp: 'LCP', tbt: 'TBT', cls: 'CLS', a11y: 'a11y', seo: 'SEO', js: 'JS', dom: 'DOM nodes', bi: 'benchmarkIndex' };
/** One row: each figure of every build side by side (`baseline → this`). */
function row(path, results) {
  const cells = Object.keys(CELLS).map((k) => results.map((f) => (f ? CELLS[k](f, path) : '–')).join(' → '));
  return `| \`${path}\` | ${cells.join(' | ')} |`;
}

const SERVER_ENV = { NODE_ENV: 'production', PUBLIC_ORIGIN: 'http://127.0.0.1', CARD_ENCRYPTION_KEY: process.env.CARD_ENCRYPTION_KEY ?? '11'.repeat(32), CERT_SIGNING_KEY: '22'.repeat(32) };
// Builds to measure: this one, and with BENCH_BASELINE_DIST another web build (e.g. a copy of
// apps/web/dist from before a change) served by a second server. Their runs alternate page by
// page, so both see the same load on a shared machine.
const builds = [{ name: process.env.WEB_DIST ? `this build (${process.env.WEB_DIST})` : 'this build', env: SERVER_ENV }];
if (process.env.BENCH_BASELINE_DIST) builds.unshift({ name: `baseline (${process.env.BENCH_BASELINE_DIST})`, env: { ...SERVER_ENV, WEB_DIST: process.env.BENCH_BASELINE_DIST } });

const chrome = await chromeLauncher.launch({
  chromePath: findChromium({ fullBrowser: true }),
  chromeFlags: CHROME_FLAGS,
  logLevel: 'silent',
  ...(BASE_PORT ? { port: BASE_PORT + builds.length } : {}),
});
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
const stopAll = async () => {
  await browser.disconnect().catch(() => undefined);
  await chrome.kill();
  await Promise.all(builds.map((b) => b.server?.stop()));
  if (template) rmSync(template, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void stopAll().finally(() => process.exit(130)));

async function login(serverUrl) {
  const res = await fetch(`${serverUrl}/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'password', country_code: '86', ...DEMO_LEARNER }),
  });
  const body = await res.json();
  if (body.code !== 0) throw new Error(`the demo learner could not log in: ${JSON.stringify(body)}`);
  return body.data;
}

async function measure(url, { zone, session }) {
  // On a busy machine Lighthouse now and then loses the trace (NO_NAVSTART, NO_FCP): run again.
  for (let attempt = 0; attempt < 3; attempt++) {
    // A fresh tab per run: its zone, and for a logged-in run the stored login, set before any of
    // the page's scripts (Lighthouse clears the origin's storage before it navigates).
    const page = await browser.newPage();
    try {
      // Lighthouse's storage reset keeps localStorage and cookies: a logged-out run after a
      // logged-in one would still find the login.
      const cdp = await page.createCDPSession();
      await cdp.send('Storage.clearDataForOrigin', { origin: new URL(url).origin, storageTypes: 'all' });
      await cdp.detach();
      await page.emulateTimezone(zone);
      if (session) {
        await page.evaluateOnNewDocument((s) => {
          localStorage.setItem('accessToken', s.user_access_token);
          if (s.user_refresh_token) localStorage.setItem('refreshToken', s.user_refresh_token);
          if (s.user_info) localStorage.setItem('userInfo', JSON.stringify(s.user_info));
        }, session);
      }
      const result = await lighthouse(url, { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'seo'] }, undefined, page);
      const error = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: '' };
      if (!error) return result.lhr;
      console.error(`${new URL(url).pathname}: ${error.code} ${error.message}`);
    } finally {
      await page.close().catch(() => undefined);
    }
  }
  return null;
}

// The production server makes no demo accounts: the servers start from a copy of a data directory
// a server outside production has seeded (demo content and the demo learner).
let template;
if (LOGINS.includes('in') && !process.env[TEMPLATE_ENV]) {
  const seeder = await startServer({ ...SERVER_ENV, NODE_ENV: 'development' }, { fromTemplate: false, ...(BASE_PORT ? { port: BASE_PORT } : {}) });
  await seeder.stop({ keepData: true });
  template = seeder.dataDir;
  process.env[TEMPLATE_ENV] = template;
}

const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
const tables = [];
try {
  for (const [k, b] of builds.entries()) {
    b.server = await startServer(b.env, BASE_PORT ? { port: BASE_PORT + k } : {});
    // A first visit warms the server (route caches, search index, static file handles).
    await fetch(`${b.server.url}/`).then((r) => r.text());
    b.session = LOGINS.includes('in') ? await login(b.server.url) : undefined;
  }
  if (REPORTS) mkdirSync(REPORTS, { recursive: true });
  for (const c of CASES) {
    const caseName = `${c.zone}, logged ${c.login}`;
    const rows = [];
    const loadBefore = load();
    for (const path of PAGES) {
      const runs = builds.map(() => []);
      for (let i = 0; i < RUNS; i++) {
        for (const [k, b] of builds.entries()) {
          const lhr = await measure(new URL(path, b.server.url).href, { zone: c.zone, session: c.login === 'in' ? b.session : undefined });
          if (lhr) runs[k].push(lhr);
        }
      }
      const medians = runs.map((r) => (r.length ? computeMedianRun(r) : null));
      for (const [k, median] of medians.entries()) {
        if (!REPORTS || !median) continue;
        const slug = `${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_+|_+$/g, '') || 'home'}-${c.zone.replace(/\W+/g, '_')}-${c.login}`;
        writeFileSync(join(REPORTS, `${k === builds.length - 1 ? '' : 'baseline-'}${slug}.json`), JSON.stringify(median));
      }
      const line = row(decodeURIComponent(path), medians.map((m) => (m ? figures(m) : null)));
      rows.push(line);
      console.error(`${caseName}: ${line}`);
    }
    tables.push({ caseName, rows, load: `${loadBefore} → ${load()}` });
  }
  const version = (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version;
  const lines = [`Lighthouse ${version}, mobile, simulated throttling, median of ${RUNS} run(s)`];
  if (builds.length > 1) lines.push(`each cell: ${builds.map((b) => b.name).join(' → ')}`);
  for (const t of tables) {
    lines.push('', `${t.caseName} (load average 1/5/15 min, start → end: ${t.load}):`, '');
    lines.push(`| page | ${Object.values(HEAD).join(' | ')} |`, `|---|${Object.keys(HEAD).map(() => '---').join('|')}|`, ...t.rows);
  }
  lines.push(
    '',
    `targets: perf >= ${TARGETS.perf}, LCP <= ${TARGETS.lcp / 1000} s, TBT <= ${TARGETS.tbt} ms, CLS <= ${TARGETS.cls}, ` +
      `a11y >= ${TARGETS.a11y}, SEO >= ${TARGETS.seo}, home JS <= ${TARGETS.js} KB transferred (✗ = missed)`,
  );
  console.log(lines.join('\n'));
} finally {
  await stopAll();
}
