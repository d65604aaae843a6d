// API benchmark: /v1/pc_index against the trivial /healthz of the same server, 50 connections.
// Also prints the time to the first answer on an existing data directory and RSS afterwards.
// Targets (2-core machine): pc_index >= 50% of /healthz req/s, p99 <= 25 ms, first answer <= 3 s,
// RSS <= 500 MB. Figures only: nothing here fails on a missed target.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const entry = new URL('../apps/server/dist/server.mjs', import.meta.url).pathname;
const duration = Number(process.env.BENCH_SECONDS ?? 10);

const freePort = () =>
  new Promise((res) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });

async function start(dataDir) {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production', CARD_ENCRYPTION_KEY: process.env.CARD_ENCRYPTION_KEY ?? '11'.repeat(32) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/v1/pc_index`);
      const body = await res.json();
      if (body.code === 0) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return { child, url, firstAnswerMs: performance.now() - t0 };
}

async function stop(child) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return kb / 1024;
}

const run = (url, headers = {}) =>
  autocannon({ url, connections: 50, duration, headers });

const dataDir = mkdtempSync(join(tmpdir(), 'medportal-bench-'));
try {
  // First start seeds the empty database; the measured start is the second one.
  const first = await start(dataDir);
  console.log(`first start (empty data dir, migrate + seed): ${first.firstAnswerMs.toFixed(0)} ms`);
  await stop(first.child);

  const { child, url, firstAnswerMs } = await start(dataDir);
  console.log(`start on existing data dir to first /v1/pc_index answer: ${firstAnswerMs.toFixed(0)} ms (target <= 3000)`);

  await run(`${url}/v1/pc_index`); // warm-up
  const trivial = await run(`${url}/healthz`);
  const index = await run(`${url}/v1/pc_index`);
  const indexGzip = await run(`${url}/v1/pc_index`, { 'accept-encoding': 'gzip' });
  const row = (name, r) =>
    `${name.padEnd(26)} ${r.requests.average.toFixed(0).padStart(8)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   errors ${r.errors + r.non2xx}`;
  console.log(`\n50 connections, ${duration} s each`);
  console.log(row('/healthz', trivial));
  console.log(row('/v1/pc_index', index));
  console.log(row('/v1/pc_index (gzip)', indexGzip));
  const ratio = index.requests.average / trivial.requests.average;
  console.log(`\npc_index / healthz throughput: ${(ratio * 100).toFixed(1)}% (target >= 50%)`);
  console.log(`pc_index p99: ${index.latency.p99} ms (target <= 25 ms)`);
  console.log(`server RSS after the benchmark: ${rssMb(child.pid).toFixed(0)} MB (target <= 500 MB)`);
  await stop(child);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
