// Server rendering under a flood of distinct URLs (issue 28, item 5): a normal visitor's page (`/`)
// and API call (`/v1/pc/course?page=1`), one after the other, p50 and p99, first on a quiet
// server, then while 20 connections request `/?x=<random>` (the attack of the issue: every URL new
// to the page cache), then `/search?txt=<random>` (distinct real pages, each worth a render).
// Last, readers at work (issue 33): the visitor reads a course page (`/course/11`) while the 20
// connections count 50 views a second of news items (`PUT /v1/news/<1-6>/view`), each of which
// invalidates its item within a second; the pages kept must not all go with it.
//
// Each build runs on a fresh PGlite data directory with production settings. BENCH_BASELINE=<dir> also measures an older build laid out like the
// repository (<dir>/apps/server/{package.json,dist,drizzle,media}, <dir>/apps/web/{dist,dist-ssr},
// node_modules reachable from <dir>), before this one. BENCH_SECONDS (8) per flood.
//
//   npm run build && BENCH_BASELINE=/tmp/old node scripts/bench-render-flood.mjs
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort, sleep } from './bench-lib.mjs';

const root = new URL('..', import.meta.url).pathname;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 20;
const PAGE = '/';
const API = '/v1/pc/course?page=1';
const FLOODS = [
  { name: 'quiet', path: null },
  { name: '/?x=<random>', path: () => `/?x=${Math.random().toString(36).slice(2)}` },
  { name: '/search?txt=<random>', path: () => `/search?txt=${Math.random().toString(36).slice(2, 8)}` },
  // 50 views a second: a busy site's readers, not a load that queues the visitor behind writes.
  // The visitor comes back every 0.5 s: a page many read, each reader now and then.
  { name: 'news views (50/s), visitor on /course/11 every 0.5 s', page: '/course/11', pauseMs: 500, method: 'PUT', rate: 50, path: () => `/v1/news/${1 + Math.floor(Math.random() * 6)}/view` },
];

const builds = [];
if (process.env.BENCH_BASELINE) builds.push({ name: 'before', entry: join(process.env.BENCH_BASELINE, 'apps/server/dist/server.mjs') });
builds.push({ name: 'after', entry: join(root, 'apps/server/dist/server.mjs') });


async function start(entry) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'medportal-flood-'));
  const child = spawn(process.execPath, ['--max-semi-space-size=4', entry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      CARD_ENCRYPTION_KEY: '11'.repeat(32), CERT_SIGNING_KEY: '22'.repeat(32),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok && (await res.json()).search === 'ready') break;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  return {
    url,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const percentile = (xs, p) => {
  if (!xs.length) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** A visitor: the page (`pagePath`), then the API call, again and again until `until`; each one's time in ms. */
async function visitor(url, until, pagePath, pauseMs = 0) {
  const page = [];
  const api = [];
  const statuses = new Map();
  const time = async (path, into, headers) => {
    const t0 = performance.now();
    const res = await fetch(`${url}${path}`, { headers });
    await res.arrayBuffer();
    into.push(performance.now() - t0);
    const key = `${path === pagePath ? 'page' : 'api'} ${res.status}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  };
  while (performance.now() < until) {
    await time(pagePath, page, { 'accept-language': 'zh-CN', 'accept-encoding': 'br' });
    await time(API, api, { 'accept-encoding': 'br' });
    if (pauseMs) await sleep(pauseMs);
  }
  return { page, api, statuses };
}

async function measure(url, flood) {
  const load = flood.path
    ? autocannon({
        url,
        connections: CONNECTIONS,
        duration: SECONDS,
        ...(flood.rate ? { overallRate: flood.rate } : {}),
        requests: [
          {
            method: flood.method ?? 'GET',
            setupRequest: (req) => ({ ...req, path: flood.path(), headers: { ...req.headers, 'accept-language': 'zh-CN', 'accept-encoding': 'br' } }),
          },
        ],
      })
    : null;
  // The visitor starts once the flood is under way and stops before it ends.
  if (load) await sleep(1_000);
  const v = await visitor(url, performance.now() + (SECONDS - 2) * 1000, flood.page ?? PAGE, flood.pauseMs);
  const result = load ? await load : null;
  return {
    pageP50: percentile(v.page, 50),
    pageP99: percentile(v.page, 99),
    apiP50: percentile(v.api, 50),
    apiP99: percentile(v.api, 99),
    visits: v.page.length,
    floodRps: result ? Math.round(result.requests.average) : null,
    floodP50: result ? result.latency.p50 : null,
    floodStatuses: result ? `2xx ${result['2xx']}, non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}` : '',
    statuses: [...v.statuses].map(([k, n]) => `${k}×${n}`).join(', '),
  };
}

// Both servers start first; then each flood runs on one and right after on the other, so a
// shared machine's load weighs on both alike.
const rows = [];
const servers = [];
try {
  for (const build of builds) {
    const server = await start(build.entry);
    servers.push({ build, server });
    // Warm: the page rendered and kept, the API payload prepared, the code paths compiled.
    for (let i = 0; i < 20; i++) {
      for (const page of new Set([PAGE, ...FLOODS.map((f) => f.page ?? PAGE)])) await fetch(`${server.url}${page}`, { headers: { 'accept-language': 'zh-CN' } }).then((r) => r.arrayBuffer());
      await fetch(`${server.url}${API}`).then((r) => r.arrayBuffer());
    }
  }
  for (const flood of FLOODS) {
    for (const { build, server } of servers) {
      const m = await measure(server.url, flood);
      rows.push({ build: build.name, flood: flood.name, ...m });
      console.error(`${build.name} ${flood.name}: page p50 ${m.pageP50.toFixed(1)} ms, API p50 ${m.apiP50.toFixed(1)} ms (${m.statuses})`);
      await sleep(1_000);
    }
  }
} finally {
  for (const { server } of servers) await server.stop();
}

const ms = (x) => (Number.isFinite(x) ? `${x < 10 ? x.toFixed(1) : Math.round(x)} ms` : '—');
console.log(`\nServer rendering under a flood (${CONNECTIONS} connections, ${SECONDS} s each; load average before: ${loadavg()[0].toFixed(2)})\n`);
console.log('| flood | build | visitor page p50 | page p99 | visitor API p50 | API p99 | visits | flood req/s | flood p50 | flood answers |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const flood of FLOODS) {
  for (const r of rows.filter((x) => x.flood === flood.name)) {
    console.log(
      `| ${r.flood} | ${r.build} | ${ms(r.pageP50)} | ${ms(r.pageP99)} | ${ms(r.apiP50)} | ${ms(r.apiP99)} | ${r.visits} | ${r.floodRps ?? '—'} | ${r.floodP50 === null ? '—' : `${r.floodP50} ms`} | ${r.floodStatuses || '—'} |`,
    );
  }
}
