// Learning-heartbeat ingestion on PostgreSQL: `learn_log` heartbeats at a fixed rate (default
// 1,000/s for 20 s) from many members, each on its own chapter and playback session, against the
// built server. Prints p50/p99/max latency, the rate reached and errors. Target: 1,000/s sustained,
// p99 <= 50 ms. Figures only: nothing here fails on a missed target.
// The database is created and dropped here (BENCH_DATABASE_URL, else local 5432).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/client.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createUser } from '../apps/server/src/modules/auth/auth.repository.ts';
import { admin, adminUrl, freePort } from './bench-lib.mjs';

const entry = new URL('../apps/server/dist/server.mjs', import.meta.url).pathname;
const rate = Number(process.env.BENCH_RATE ?? 1000);
const duration = Number(process.env.BENCH_SECONDS ?? 20);
const members = Number(process.env.BENCH_MEMBERS ?? 400);
const dbName = `mp_bench_learn_${process.pid}`;
const dbUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();



/** CPU seconds (user + system) a process has used so far; 0 once it is gone. */
function cpuS(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(stat[11]) + Number(stat[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * The server's and its PostgreSQL connections' CPU so far: what a heartbeat costs, whatever else
 * the machine runs (latency and rate depend on that; CPU per heartbeat much less).
 */
async function cpuNow(serverPid) {
  const backends = await admin('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName]);
  return { server: cpuS(serverPid), db: new Map(backends.map((b) => [b.pid, cpuS(b.pid)])) };
}

await admin(`create database "${dbName}"`);
let child;
try {
  // Migrate, seed and make the members with the app itself (tokens as a login would issue them).
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn' }), db: { driver: 'postgres', url: dbUrl } };
  const app = await buildApp(config, { logger: false });
  await app.ready();
  const chapters = await queryRows(
    app.db,
    sql`select ch.id, ch.course_id from course_chapters ch join courses c on c.id = ch.course_id
      where c.status = 'published' and (c.price_type = 1 or ch.is_free) order by ch.id`,
  );
  const sessions = [];
  for (let i = 0; i < members; i++) {
    const user = await createUser(app.db, `bench-${i}`, { kind: 'email', value: `bench-${i}@bench.example.org` }, new Date());
    const session = await app.accounts.tokens.open(app.db, user.id, 'web');
    const ch = chapters[i % chapters.length];
    sessions.push({ token: session.access, chapter: ch.id, course: ch.course_id, played: 0, id: `bench-session-${i}` });
  }
  await app.close();

  const port = await freePort();
  child = spawn(process.execPath, [entry], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: dbUrl, LOG_LEVEL: 'warn', NODE_ENV: 'production', PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, CARD_ENCRYPTION_KEY: process.env.CARD_ENCRYPTION_KEY ?? '11'.repeat(32), CERT_SIGNING_KEY: '22'.repeat(32) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  // Every member starts playing first (a session's first heartbeat, and a course's new learner):
  // the measured load is the steady stream of heartbeats that follows.
  for (const s of sessions) {
    const t0 = performance.now();
    const res = await fetch(`${url}/v1/user/course/${s.course}/learn_log`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${s.token}` },
      body: JSON.stringify({ chapter_id: s.chapter, position_s: 0, played_s: 0, session_id: s.id }),
    });
    const body = await res.json();
    if (process.env.BENCH_DEBUG) console.log(`warm-up ${(performance.now() - t0).toFixed(1)} ms code ${body.code}`);
  }
  let next = 0;
  let failed = 0;
  const loadBefore = loadavg();
  const cpu0 = await cpuNow(child.pid);
  const result = await autocannon({
    url,
    connections: 100,
    overallRate: rate,
    duration,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const s = sessions[next++ % sessions.length];
          s.played += 15;
          return {
            ...req,
            path: `/v1/user/course/${s.course}/learn_log`,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${s.token}` },
            body: JSON.stringify({ chapter_id: s.chapter, position_s: s.played % 60, played_s: s.played, session_id: s.id }),
          };
        },
        onResponse: (status, body) => {
          if (status !== 200 || JSON.parse(body).code !== 0) failed += 1;
        },
      },
    ],
  });
  // Connections the pool opened during the run count from their start.
  const cpu1 = await cpuNow(child.pid);
  let dbS = 0;
  for (const [pid, s] of cpu1.db) dbS += s - (cpu0.db.get(pid) ?? 0);
  const perBeat = (s) => ((s * 1000) / Math.max(1, result.requests.total)).toFixed(2);
  const loadAfter = loadavg();
  console.log(`learn_log heartbeats on PostgreSQL: ${members} members, target ${rate}/s for ${duration} s, 100 connections`);
  console.log(`  sent ${result.requests.total}, ${result.requests.average.toFixed(0)}/s on average`);
  console.log(`  latency p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   max ${result.latency.max} ms (target p99 <= 50 ms)`);
  console.log(`  CPU per heartbeat: server ${perBeat(cpu1.server - cpu0.server)} ms, its ${cpu1.db.size} PostgreSQL connections ${perBeat(dbS)} ms`);
  console.log(`  load avg ${loadBefore.map((x) => x.toFixed(2)).join(' ')} before, ${loadAfter.map((x) => x.toFixed(2)).join(' ')} after (1/5/15 min; this machine shares its cores)`);
  console.log(`  errors ${result.errors + result.non2xx + failed} (transport ${result.errors}, non-2xx ${result.non2xx}, code != 0 ${failed})`);
} finally {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  await admin(`drop database if exists "${dbName}" with (force)`);
}
