// Live-room benchmark: BENCH_VIEWERS (2,000) WebSocket viewers in one room, BENCH_RATE (20)
// questions and as many slide changes per second for BENCH_SECONDS (30) s. Prints delivery latency
// p50/p99 over every viewer, messages lost, and the servers' RSS and CPU; first with one process
// (embedded database, seeded beforehand by a process of its own; events in memory), then with two
// processes on PostgreSQL fanning out through Redis (viewers split between them, writes sent to
// both). Targets: p99 <= 250 ms, 0 lost, RSS <= 600 MB. Figures only: nothing here fails on a
// missed target.
//
// The viewers live in BENCH_WORKERS (4) child processes, the sender alone in this one: 2,000
// sockets parsing 40 messages a second each on the sender's event loop made the benchmark its own
// bottleneck. Latency is measured on the machine's clock (Date.now() in every process): a question
// carries its send time in its text; the k-th slide event a viewer receives is the k-th change sent,
// whose send time the parent hands the workers at the end.
import { fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { WebSocket } from 'ws';
import { freePort } from './bench-lib.mjs';

const entry = new URL('../apps/server/dist/server.mjs', import.meta.url).pathname;
const seedEntry = new URL('../apps/server/dist/seed.mjs', import.meta.url).pathname;
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 2000);
const RATE = Number(process.env.BENCH_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const WORKERS = Math.max(1, Number(process.env.BENCH_WORKERS ?? 4));
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LIVE = 1;
const MODERATOR = { account: '13900000002', country_code: '86', password: 'Moderator-demo-1' };
/** Latency histogram resolution: 0.5 ms buckets. */
const BUCKET_MS = 0.5;


async function start(env) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--max-semi-space-size=4', entry], {
    // Development: the demo moderator exists only outside production. Every viewer comes from
    // this machine's one address: lift the per-address socket cap above the viewers.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      LIVE_SOCKETS_PER_ADDRESS: String(VIEWERS + 100),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const body = await (await fetch(`${url}/v1/live/${LIVE}`)).json();
      if (body.code === 0) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, url };
}

/**
 * Seeds a data directory in a process of its own, as `npm run seed` does: the server then opens a
 * seeded database, and its RSS is what serving costs (the embedded database's heap keeps the peak
 * of a seed run in the same process for the life of the process).
 */
async function seed(env) {
  const child = spawn(process.execPath, [seedEntry, '--reset'], {
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const code = await new Promise((r) => child.once('exit', r));
  if (code !== 0) throw new Error(`seed exited with ${code}`);
}

async function stop(child) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

function proc(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssMb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime + stime, in clock ticks (100 per second on Linux).
  const cpuS = (Number(stat[11]) + Number(stat[12])) / 100;
  return { rssMb, cpuS };
}

async function api(url, path, { method = 'GET', token, body } = {}) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return res.json();
}

// ---- viewer worker (a child process) ----

/** Runs in a child: opens its viewers, counts what arrives, and reports latencies when asked. */
function viewerWorker() {
  const viewers = [];
  const questionLatencies = [];
  let resets = 0;
  let lagging = 0;
  const onMessage = (viewer, data) => {
    const at = Date.now();
    const m = JSON.parse(data);
    if (m.type === 'question') {
      const sent = Number(/^bench (\d+) /.exec(m.topic.content)?.[1]);
      if (sent) questionLatencies.push(at - sent);
      viewer.questions += 1;
    } else if (m.type === 'slide') {
      viewer.slideArrivals.push(at);
    } else if (m.type === 'reset') {
      resets += 1;
    } else if (m.type === 'lagging') {
      lagging += 1;
    }
  };
  const received = () => viewers.reduce((n, v) => n + v.questions + v.slideArrivals.length, 0);
  let progress;
  process.on('message', async (msg) => {
    if (msg.type === 'open') {
      // In batches so the server's accept queue keeps up.
      for (let i = 0; i < msg.urls.length; i += 100) {
        await Promise.all(
          msg.urls.slice(i, i + 100).map((url) => {
            const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/v1/live/${LIVE}/ws`);
            const viewer = { ws, questions: 0, slideArrivals: [] };
            ws.on('message', (data) => onMessage(viewer, data));
            viewers.push(viewer);
            return new Promise((res, rej) => (ws.once('open', res), ws.once('error', rej)));
          }),
        );
      }
      progress = setInterval(() => process.send({ type: 'progress', received: received() }), 250);
      process.send({ type: 'opened', count: viewers.length });
    } else if (msg.type === 'report') {
      clearInterval(progress);
      const hist = new Map();
      let max = 0;
      let count = 0;
      const add = (ms) => {
        const b = Math.max(0, Math.round(ms / BUCKET_MS));
        hist.set(b, (hist.get(b) ?? 0) + 1);
        max = Math.max(max, ms);
        count += 1;
      };
      for (const ms of questionLatencies) add(ms);
      let lost = 0;
      for (const v of viewers) {
        v.slideArrivals.forEach((at, k) => msg.slideSent[k] !== undefined && add(at - msg.slideSent[k]));
        lost += Math.max(0, msg.expectedQuestions - v.questions) + Math.max(0, msg.expectedSlides - v.slideArrivals.length);
        v.ws.terminate();
      }
      process.send({ type: 'report', hist: [...hist], max, count, lost, resets, lagging }, () => process.exit(0));
    }
  });
}

/** Forks the workers and opens `n` viewers among them, spread over the servers round robin. */
async function openViewers(urls, n) {
  const workers = [];
  for (let w = 0; w < Math.min(WORKERS, n); w += 1) {
    const mine = [];
    for (let k = w; k < n; k += WORKERS) mine.push(urls[k % urls.length]);
    const child = fork(fileURLToPath(import.meta.url), ['viewers'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const worker = { child, received: 0 };
    child.on('message', (m) => {
      if (m.type === 'progress') worker.received = m.received;
    });
    const opened = new Promise((res, rej) => {
      child.on('message', (m) => m.type === 'opened' && res());
      child.once('exit', (code) => rej(new Error(`viewer worker exited with ${code}`)));
    });
    child.send({ type: 'open', urls: mine });
    workers.push({ worker, opened });
  }
  await Promise.all(workers.map((w) => w.opened));
  return workers.map((w) => w.worker);
}

/** Asks every worker for its figures and merges them. */
async function collect(workers, slideSent, expectedQuestions, expectedSlides) {
  const reports = await Promise.all(
    workers.map(
      ({ child }) =>
        new Promise((res) => {
          child.on('message', (m) => m.type === 'report' && res(m));
          child.send({ type: 'report', slideSent, expectedQuestions, expectedSlides });
        }),
    ),
  );
  const hist = new Map();
  for (const r of reports) for (const [b, c] of r.hist) hist.set(b, (hist.get(b) ?? 0) + c);
  const buckets = [...hist].sort((x, y) => x[0] - y[0]);
  const count = reports.reduce((n, r) => n + r.count, 0);
  const pct = (p) => {
    let seen = 0;
    for (const [b, c] of buckets) {
      seen += c;
      if (seen > p * count) return b * BUCKET_MS;
    }
    return NaN;
  };
  const sum = (k) => reports.reduce((n, r) => n + r[k], 0);
  return { count, p50: pct(0.5), p99: pct(0.99), max: Math.max(...reports.map((r) => r.max)), lost: sum('lost'), resets: sum('resets'), lagging: sum('lagging') };
}

async function scenario(label, servers) {
  const urls = servers.map((s) => s.url);
  const login = await api(urls[0], '/v1/user/login', { method: 'POST', body: { type: 'password', ...MODERATOR } });
  const token = login.data?.user_access_token;
  if (!token) throw new Error(`moderator login failed: ${JSON.stringify(login)}`);

  const slideSent = [];
  const workers = await openViewers(urls, VIEWERS);
  const load = loadavg();
  const before = servers.map((s) => proc(s.child.pid));
  let peakRss = before.map((b) => b.rssMb);
  const sampler = setInterval(() => {
    peakRss = servers.map((s, i) => Math.max(peakRss[i], proc(s.child.pid).rssMb));
  }, 500);

  const total = RATE * SECONDS;
  const t0 = performance.now();
  const errors = { question: 0, slide: 0 };
  // Questions may overlap (their content carries the send time); slide changes go one at a time,
  // so the k-th slide event a viewer receives is the k-th change sent.
  const questions = (async () => {
    const pending = [];
    for (let i = 0; i < total; i += 1) {
      const due = t0 + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const sent = Date.now();
      pending.push(
        api(urls[i % urls.length], `/v1/user/live/${LIVE}/topicstore`, { method: 'POST', token, body: { content: `bench ${sent} #${i}` } }).then((r) => {
          if (r.code !== 0) errors.question += 1;
        }),
      );
    }
    await Promise.all(pending);
  })();
  const slides = (async () => {
    for (let i = 0; i < total; i += 1) {
      const due = t0 + (i * 1000) / RATE + 500 / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      slideSent.push(Date.now());
      const r = await api(urls[(i + 1) % urls.length], `/v1/user/live/${LIVE}/ppt`, { method: 'PUT', token, body: { index: i % 8 } });
      if (r.code !== 0) errors.slide += 1;
    }
  })();
  await Promise.all([questions, slides]);
  const sendS = (performance.now() - t0) / 1000;
  // Let deliveries finish: wait until every viewer has everything or nothing arrived for 5 s.
  const expectedQ = total - errors.question;
  const expectedS = total - errors.slide;
  let last = -1;
  let quietSince = performance.now();
  for (;;) {
    const got = workers.reduce((n, w) => n + w.received, 0);
    if (got === (expectedQ + expectedS) * VIEWERS) break;
    if (got !== last) {
      last = got;
      quietSince = performance.now();
    } else if (performance.now() - quietSince > 5000) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  clearInterval(sampler);
  const after = servers.map((s) => proc(s.child.pid));
  const wall = (performance.now() - t0) / 1000;
  const r = await collect(workers, slideSent, expectedQ, expectedS);
  const loadAfter = loadavg();
  console.log(`\n${label}: ${VIEWERS} viewers in ${workers.length} worker processes, ${RATE} questions/s + ${RATE} slide changes/s for ${SECONDS} s (sent in ${sendS.toFixed(1)} s)`);
  console.log(`  delivered   ${r.count} messages   p50 ${r.p50.toFixed(1)} ms   p99 ${r.p99.toFixed(1)} ms   max ${r.max.toFixed(1)} ms`);
  console.log(`  lost        ${r.lost}   (failed requests: ${errors.question} questions, ${errors.slide} slides; resets ${r.resets}, lagging ${r.lagging})`);
  console.log(`  load avg    ${load.map((x) => x.toFixed(2)).join(' ')} before, ${loadAfter.map((x) => x.toFixed(2)).join(' ')} after (1/5/15 min; this machine shares its cores)`);
  servers.forEach((s, i) => {
    const cpu = after[i].cpuS - before[i].cpuS;
    console.log(`  server ${i + 1}    RSS ${after[i].rssMb.toFixed(0)} MB (peak ${peakRss[i].toFixed(0)} MB)   CPU ${cpu.toFixed(1)} s over ${wall.toFixed(1)} s (${((cpu / wall) * 100).toFixed(0)}% of a core)`);
  });
}

async function main() {
  // One process, embedded database, in-memory bus.
  {
    const dir = mkdtempSync(join(tmpdir(), 'medportal-bench-live-'));
    await seed({ DATA_DIR: dir });
    const server = await start({ DATA_DIR: dir });
    try {
      await scenario('one process (PGlite, in-memory events)', [server]);
    } finally {
      await stop(server.child);
      rmSync(dir, { recursive: true, force: true });
    }
  }

  // Two processes on PostgreSQL through Redis.
  {
    const db = `medportal_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    let ok = true;
    try {
      await admin.connect();
      await admin.query(`create database "${db}"`);
    } catch (err) {
      ok = false;
      console.log(`\ntwo processes through Redis: skipped (PostgreSQL at ${PG_URL}: ${err.message})`);
    }
    if (ok) {
      const url = new URL(PG_URL);
      url.pathname = `/${db}`;
      const dirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'medportal-bench-live-')));
      const env = { DATABASE_URL: url.toString(), REDIS_URL, REDIS_PREFIX: `bench-${randomBytes(4).toString('hex')}:` };
      const servers = [];
      try {
        // One after the other: the first migrates and seeds.
        servers.push(await start({ ...env, DATA_DIR: dirs[0] }));
        servers.push(await start({ ...env, DATA_DIR: dirs[1] }));
        await scenario('two processes (PostgreSQL, Redis pub/sub)', servers);
      } catch (err) {
        console.log(`\ntwo processes through Redis: failed: ${err.message}`);
      } finally {
        for (const s of servers) await stop(s.child);
        for (const d of dirs) rmSync(d, { recursive: true, force: true });
        await admin.query(`drop database if exists "${db}" with (force)`);
      }
    }
    await admin.end().catch(() => undefined);
  }
}

if (process.argv[2] === 'viewers') viewerWorker();
else await main();
