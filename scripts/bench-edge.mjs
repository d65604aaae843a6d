// Request-edge figures (issue 28, items 6 and 7), for one or two builds of the server side by side
// on one PostgreSQL database (made and dropped for it, at BENCH_PG_URL):
//  - wide JSON: the time to answer a flat 80,000-key object (869 KB) posted anonymously to the
//    login route, and /healthz latency while six such bodies are sent again and again;
//  - SIGTERM: BENCH_ROUNDS (3) rounds of ~60 requests (GETs and POSTs, pipelined on warm keep-alive
//    connections and on new ones) fully written, then SIGTERM: how many got an answer, how many
//    were reset or closed unanswered, and the exit code.
// BENCH_SERVER (apps/server/dist/server.mjs) is the build measured; BENCH_COMPARE=<another build's
// server.mjs> (an older commit's) is measured first with the same load. BENCH_DEBUG=1 prints each
// connection that lost a request, with what it received. Figures only, never fails.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, sleep } from './bench-lib.mjs';

const root = new URL('..', import.meta.url).pathname;
const builds = [
  ...(process.env.BENCH_COMPARE ? [['before', process.env.BENCH_COMPARE]] : []),
  ['after', process.env.BENCH_SERVER ?? join(root, 'apps/server/dist/server.mjs')],
];
const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};

async function start(entry, databaseUrl) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--max-semi-space-size=4', entry], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn', CARD_ENCRYPTION_KEY: '11'.repeat(32), CERT_SIGNING_KEY: '22'.repeat(32), DATABASE_URL: databaseUrl, SHUTDOWN_DRAIN_S: '10' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((r) => child.once('exit', (code) => r(code)));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200) break;
    } catch {
      /* not up yet */
    }
    await sleep(50);
  }
  return { child, port, exited };
}

/** One raw HTTP/1.1 connection: answers counted by hand, and how it ended. */
class Raw {
  constructor(port) {
    this.answers = 0;
    this.sent = 0;
    this.buffer = Buffer.alloc(0);
    this.ended = undefined;
    this.waiters = [];
    this.socket = connect(port, '127.0.0.1');
    this.connected = new Promise((r) => this.socket.once('connect', r));
    this.raw = '';
    this.socket.on('data', (chunk) => {
      if (process.env.BENCH_DEBUG) this.raw += chunk.toString('latin1');
      this.buffer = Buffer.concat([this.buffer, chunk]);
      for (;;) {
        const end = this.buffer.indexOf('\r\n\r\n');
        if (end < 0) break;
        const head = this.buffer.subarray(0, end).toString('latin1');
        const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
        if (this.buffer.length < end + 4 + length) break;
        this.answers++;
        this.buffer = this.buffer.subarray(end + 4 + length);
      }
      this.waiters = this.waiters.filter((w) => (this.answers >= w.n ? (w.resolve(), false) : true));
    });
    this.socket.on('error', (err) => (this.ended = err.code ?? err.message));
    this.socket.on('end', () => (this.ended ??= 'end'));
    this.closed = new Promise((r) => this.socket.on('close', r));
  }
  /** Writes the requests; resolves once the bytes are handed to the kernel. */
  send(requests) {
    this.sent += requests.length;
    return new Promise((r) => this.socket.write(requests.join(''), r));
  }
  answered(n) {
    return new Promise((resolve) => (this.answers >= n ? resolve() : this.waiters.push({ n, resolve })));
  }
}

const get = (path) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
const post = (path, body) => {
  const text = JSON.stringify(body);
  return `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`;
};
const LOGIN = { type: 'password', account: '13900000009', country_code: '86', password: 'wrong-password-1' };

async function wideJson(port) {
  const wide = {};
  for (let i = 0; i < 80_000; i++) wide[`k${i}`] = 0;
  const body = JSON.stringify(wide);
  const once = async () => {
    const t = performance.now();
    try {
      const res = await fetch(`http://127.0.0.1:${port}/v1/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(30_000) });
      const json = await res.json().catch(() => null);
      return { ms: performance.now() - t, status: res.status, code: json?.code };
    } catch (err) {
      return { ms: performance.now() - t, status: err.cause?.code ?? err.name, code: undefined };
    }
  };
  const single = [];
  for (let i = 0; i < 5; i++) single.push(await once());
  const health = async () => {
    const t = performance.now();
    await (await fetch(`http://127.0.0.1:${port}/healthz`)).text();
    return performance.now() - t;
  };
  const quiet = [];
  for (let i = 0; i < 20; i++) quiet.push(await health());
  let stop = false;
  const senders = Array.from({ length: 6 }, async () => {
    while (!stop) await once();
  });
  const loaded = [];
  const until = Date.now() + 4000;
  while (Date.now() < until) {
    loaded.push(await health());
    await sleep(20);
  }
  stop = true;
  await Promise.all(senders);
  return {
    bytes: Buffer.byteLength(body),
    single: `${Math.round(pct(single.map((s) => s.ms), 50))} ms (HTTP ${single[0].status}, code ${single[0].code})`,
    healthQuiet: `${pct(quiet, 50).toFixed(1)} ms`,
    healthLoaded: `p50 ${pct(loaded, 50).toFixed(1)} ms, max ${Math.round(Math.max(...loaded))} ms`,
  };
}

async function sigtermRound(entry, databaseUrl) {
  const server = await start(entry, databaseUrl);
  // 15 warm keep-alive connections (answered once, now idle, as in a browser's pool).
  const warm = Array.from({ length: 15 }, () => new Raw(server.port));
  await Promise.all(warm.map((c) => c.send([get('/healthz')])));
  await Promise.all(warm.map((c) => c.answered(1)));
  // 15 new connections, connected but not yet written to.
  const fresh = Array.from({ length: 15 }, () => new Raw(server.port));
  await Promise.all(fresh.map((c) => c.connected));
  // ~60 requests at once: two pipelined on each warm connection, two on each new one; POSTs among them.
  const writes = [
    ...warm.map((c, i) => c.send([get('/v1/pc_index'), i % 2 ? post('/v1/user/login', LOGIN) : get('/v1/relate_site')])),
    ...fresh.map((c, i) => c.send([i % 2 ? post('/v1/user/login', LOGIN) : get('/v1/pc/course?page=1&page_size=10'), get('/healthz')])),
  ];
  await Promise.all(writes);
  server.child.kill('SIGTERM');
  const all = [...warm, ...fresh];
  await Promise.all(all.map((c) => c.closed));
  const code = await server.exited;
  if (process.env.BENCH_DEBUG) for (const [i, c] of all.entries()) if (c.answers < c.sent) console.error(`${i < warm.length ? 'warm' : 'new'} #${i}: ${c.answers}/${c.sent} answered, ${c.ended}`, JSON.stringify(c.raw.replace(/content-security-policy[^\r]*\r\n|x-[a-z-]*: [^\r]*\r\n|cross-origin[^\r]*\r\n/g, "")));
  const sent = all.reduce((n, c) => n + c.sent, 0) - warm.length;
  const answered = all.reduce((n, c) => n + c.answers, 0) - warm.length;
  return { sent, answered, lost: sent - answered, resets: all.filter((c) => c.ended && c.ended !== 'end').length, code };
}

async function main() {
  const admin = new pg.Client({ connectionString: `${pgBase}/postgres` });
  await admin.connect();
  const name = `bench_edge_${process.pid}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const databaseUrl = `${pgBase}/${name}`;
  try {
    console.error('seeding');
    // The first start migrates and seeds.
    const first = await start(builds[0][1], databaseUrl);
    first.child.kill('SIGTERM');
    await first.exited;
    const rows = [];
    for (const [label, entry] of builds) {
      console.error(`${label}: wide JSON`);
      const server = await start(entry, databaseUrl);
      const wide = await wideJson(server.port);
      server.child.kill('SIGTERM');
      await server.exited;
      const terms = [];
      console.error(`${label}: SIGTERM rounds`);
      for (let r = 0; r < rounds; r++) terms.push(await sigtermRound(entry, databaseUrl));
      rows.push({ label, wide, terms });
    }
    for (const { label, wide, terms } of rows) {
      console.log(`\n${label}:`);
      console.log(`  80,000-key body (${wide.bytes} bytes) to /v1/user/login: ${wide.single}`);
      console.log(`  /healthz alone p50 ${wide.healthQuiet}; while six such bodies are sent: ${wide.healthLoaded}`);
      for (const t of terms) console.log(`  SIGTERM round: ${t.sent} requests sent, ${t.answered} answered, ${t.lost} unanswered, ${t.resets} connections reset, exit ${t.code}`);
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
}

await main();
