// Web benchmark: Lighthouse 12 (mobile preset, default simulated throttling) on the system Chromium
// against the production build served by the real server (fresh data directory, demo seed).
// Prints performance, LCP, TBT, CLS, accessibility, SEO and the JavaScript transferred for each page,
// the median of BENCH_RUNS runs (default 3). Figures only: nothing here fails on a missed target.
//
// BENCH_PAGES=/,/news/1   measure only these paths
// BENCH_RUNS=1            runs per page
// BENCH_WEB_REPORTS=dir   also write each median run's full Lighthouse JSON there
// BENCH_BASELINE_DIST=dir also measure that web build (served by a second server), runs alternating
// BENCH_TZ=UTC            the browser's time zone (default Asia/Shanghai, the readers' zone and the
//                         one pages are rendered in; in another the browser renders pages afresh)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { findChromium } from '../e2e/src/chromium.ts';
import { startServer } from '../e2e/src/server.ts';

const PAGES = (process.env.BENCH_PAGES ?? '/,/course/11,/news/1,/live,/search?txt=淋巴瘤').split(',');
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const REPORTS = process.env.BENCH_WEB_REPORTS;

const TARGETS = { perf: 0.95, lcp: 2000, tbt: 150, cls: 0.05, a11y: 0.95, seo: 0.95, js: 150 };

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
  };
}

const mark = (ok) => (ok ? ' ' : '✗');
function row(path, f) {
  const cells = [
    `${f.perf.toFixed(2)}${mark(f.perf >= TARGETS.perf)}`,
    `${(f.lcp / 1000).toFixed(1)} s${mark(f.lcp <= TARGETS.lcp)}`,
    `${f.tbt.toFixed(0)} ms${mark(f.tbt <= TARGETS.tbt)}`,
    `${f.cls.toFixed(2)}${mark(f.cls <= TARGETS.cls)}`,
    `${f.a11y.toFixed(2)}${mark(f.a11y >= TARGETS.a11y)}`,
    `${f.seo.toFixed(2)}${mark(f.seo >= TARGETS.seo)}`,
    `${f.js.toFixed(0)} KB${mark(path !== '/' || f.js <= TARGETS.js)}`,
  ];
  return `| \`${path}\` | ${cells.join(' | ')} |`;
}

const SERVER_ENV = { NODE_ENV: 'production', PUBLIC_ORIGIN: 'http://127.0.0.1', CARD_ENCRYPTION_KEY: process.env.CARD_ENCRYPTION_KEY ?? '11'.repeat(32), CERT_SIGNING_KEY: '22'.repeat(32) };
// Builds to measure: this one, and with BENCH_BASELINE_DIST another web build (e.g. a copy of
// apps/web/dist from before a change) served by a second server. Their runs alternate page by
// page, so both see the same load on a shared machine.
const builds = [{ name: 'this build', env: SERVER_ENV }];
if (process.env.BENCH_BASELINE_DIST) builds.unshift({ name: `baseline (${process.env.BENCH_BASELINE_DIST})`, env: { ...SERVER_ENV, WEB_DIST: process.env.BENCH_BASELINE_DIST } });

const TZ = process.env.BENCH_TZ ?? 'Asia/Shanghai';
const chrome = await chromeLauncher.launch({
  chromePath: findChromium({ fullBrowser: true }),
  chromeFlags: CHROME_FLAGS,
  logLevel: 'silent',
  envVars: { ...process.env, TZ },
});
const stopAll = async () => {
  await chrome.kill();
  await Promise.all(builds.map((b) => b.server?.stop()));
};
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void stopAll().finally(() => process.exit(130)));

async function measure(url) {
  // On a busy machine Lighthouse now and then loses the trace (NO_NAVSTART, NO_FCP): run again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'seo'] });
    const error = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: '' };
    if (!error) return result.lhr;
    console.error(`${new URL(url).pathname}: ${error.code} ${error.message}`);
  }
  return null;
}

try {
  for (const b of builds) {
    b.server = await startServer(b.env);
    // A first visit warms the server (route caches, search index, static file handles).
    await fetch(`${b.server.url}/`).then((r) => r.text());
    b.rows = [];
  }
  if (REPORTS) mkdirSync(REPORTS, { recursive: true });
  for (const path of PAGES) {
    const runs = builds.map(() => []);
    for (let i = 0; i < RUNS; i++) {
      for (const [k, b] of builds.entries()) {
        const lhr = await measure(new URL(path, b.server.url).href);
        if (lhr) runs[k].push(lhr);
      }
    }
    for (const [k, b] of builds.entries()) {
      if (!runs[k].length) {
        b.rows.push(`| \`${decodeURIComponent(path)}\` | no result (Lighthouse failed) |`);
        continue;
      }
      const median = computeMedianRun(runs[k]);
      const file = `${k === builds.length - 1 ? '' : 'baseline-'}${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_+|_+$/g, '') || 'home'}.json`;
      if (REPORTS) writeFileSync(join(REPORTS, file), JSON.stringify(median));
      const line = row(decodeURIComponent(path), figures(median));
      b.rows.push(line);
      console.error(`${b.name}: ${line}`);
    }
  }
  const version = (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version;
  const lines = [`Lighthouse ${version}, mobile, simulated throttling, median of ${RUNS} run(s)`];
  for (const b of builds) {
    if (builds.length > 1) lines.push('', `${b.name}:`);
    lines.push('', '| page | perf | LCP | TBT | CLS | a11y | SEO | JS |', '|---|---|---|---|---|---|---|---|', ...b.rows);
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
