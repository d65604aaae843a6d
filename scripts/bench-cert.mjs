// How a cheap GET fares while certificates are drawn: the built server on PGlite (development
// mode, so the demo learner and its certificate are seeded), GET /healthz one at a time, first
// alone, then while BENCH_RENDERS (8) certificate PDFs and PNGs are requested at once. Prints the
// GET's p50/p95/max and how long the drawings took. Figures only: nothing fails the run.
//
//   npm run bench:cert                              (this tree's build)
//   BENCH_BEFORE=<git revision> npm run bench:cert  (that revision built too, measured first)
//
// Each drawing asks under another loopback Host (127.0.0.N), so the server's per-origin file
// cache never answers it. BENCH_SERVER=<a build's server.mjs> measures that build instead of this one.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, sleep } from './bench-lib.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const RENDERS = Number(process.env.BENCH_RENDERS ?? 8);
const LEARNER = { type: 'password', account: '13900000003', country_code: '86', password: 'Learner-demo-1' };

/** `rev`'s server built under node_modules/.cache (its packages resolve from ours). */
function buildBefore(rev) {
  const dir = join(ROOT, 'node_modules/.cache/bench-cert-before', rev);
  const entry = join(dir, 'apps/server/dist/server.mjs');
  if (existsSync(entry)) return entry;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const tar = execFileSync('git', ['-C', ROOT, 'archive', rev, 'apps/server', 'packages/contract'], { maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  // Its own contract, found before the workspace's when its server is bundled.
  mkdirSync(join(dir, 'node_modules/@medportal'), { recursive: true });
  symlinkSync(join(dir, 'packages/contract'), join(dir, 'node_modules/@medportal/contract'));
  execFileSync(process.execPath, ['build.mjs'], { cwd: join(dir, 'apps/server'), stdio: 'inherit' });
  return entry;
}

/** One HTTP request; resolves with status, body and the milliseconds it took. */
function get(port, path, headers = {}, method = 'GET', body) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const parts = [];
      res.on('data', (c) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(parts), ms: performance.now() - t0 }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function start(entry) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'medportal-bench-cert-'));
  const child = spawn(process.execPath, ['--max-semi-space-size=4', entry], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'development', LOG_LEVEL: 'warn', DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const res = await get(port, '/readyz').catch(() => null);
    if (res?.status === 200 && JSON.parse(res.body.toString()).search === 'ready') break;
    await sleep(200);
  }
  const close = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { port, close };
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const figures = (ms) => {
  const s = [...ms].sort((a, b) => a - b);
  return { n: s.length, p50: +pct(s, 50).toFixed(1), p95: +pct(s, 95).toFixed(1), max: +s[s.length - 1].toFixed(1) };
};

async function measure(label, entry) {
  const server = await start(entry);
  try {
    const login = await get(server.port, '/v1/user/login', { 'content-type': 'application/json' }, 'POST', JSON.stringify(LEARNER));
    const token = JSON.parse(login.body.toString()).data.user_access_token;
    const auth = { authorization: `Bearer ${token}` };
    const certId = JSON.parse((await get(server.port, '/v1/user/cert', auth)).body.toString()).data.items[0].id;
    // Warm up: the first drawing loads the font and WebAssembly (and starts a worker).
    await get(server.port, `/v1/user/cert/image?id=${certId}&format=pdf`, { ...auth, host: `127.0.0.200:${server.port}` });
    const alone = [];
    for (let i = 0; i < 200; i++) alone.push((await get(server.port, '/healthz')).ms);
    const t0 = performance.now();
    let pending = RENDERS;
    const statuses = [];
    const renders = Array.from({ length: RENDERS }, (_, i) =>
      get(server.port, `/v1/user/cert/image?id=${certId}&format=${i % 2 ? 'png' : 'pdf'}`, { ...auth, host: `127.0.0.${i + 2}:${server.port}` }).then((r) => {
        statuses.push(r.status);
        pending -= 1;
      }),
    );
    const during = [];
    while (pending > 0) during.push((await get(server.port, '/healthz')).ms);
    await Promise.all(renders);
    const renderMs = Math.round(performance.now() - t0);
    return [
      { server: label, phase: 'GET /healthz alone', ...figures(alone) },
      { server: label, phase: `GET /healthz during ${RENDERS} drawings (${renderMs} ms; ${statuses.filter((s) => s === 200).length} × 200, ${statuses.filter((s) => s !== 200).length} other)`, ...figures(during) },
    ];
  } finally {
    await server.close();
  }
}

const rows = [];
if (process.env.BENCH_BEFORE) rows.push(...(await measure(`before (${process.env.BENCH_BEFORE})`, buildBefore(process.env.BENCH_BEFORE))));
rows.push(...(await measure(process.env.BENCH_SERVER ? process.env.BENCH_SERVER : 'after (this tree)', process.env.BENCH_SERVER ?? join(ROOT, 'apps/server/dist/server.mjs'))));
console.table(rows);
