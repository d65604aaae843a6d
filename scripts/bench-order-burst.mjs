// One user placing several orders that spend credit points at once, on PostgreSQL (decision 0043):
// bursts of 2 (a double click) and 6 balance purchases of different courses, each burst by a fresh
// user, against the built server. Prints how many bursts had an HTTP 500 and the time a burst
// took. BENCH_SERVERS=label=path[,label=path...] runs the same bursts against several builds side
// by side (e.g. one made from an earlier commit), each on a database of its own that is created
// and dropped here (BENCH_DATABASE_URL, else local 5432). BENCH_RUNS_2 (20), BENCH_RUNS_6 (36).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { courses, users } from '../apps/server/src/db/schema/index.ts';
import { createUser } from '../apps/server/src/modules/auth/auth.repository.ts';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.ts';
import { postLedger } from '../apps/server/src/modules/money/index.ts';
import { postPoints } from '../apps/server/src/modules/rewards/index.ts';
import { admin, databaseUrl, freePort } from './bench-lib.mjs';

const servers = (process.env.BENCH_SERVERS ?? `current=${new URL('../apps/server/dist/server.mjs', import.meta.url).pathname}`)
  .split(',')
  .map((s) => {
    const [label, path] = s.includes('=') ? s.split('=') : [s, s];
    return { label, path: resolve(path) };
  });
const bursts = [
  { size: 2, runs: Number(process.env.BENCH_RUNS_2 ?? 20) },
  { size: 6, runs: Number(process.env.BENCH_RUNS_6 ?? 36) },
];
const PAY_PASSWORD = '135790';




/** Buyers (balance, points, pay password, a token) and courses, written before the server starts. */
async function prepare(dbUrl, buyers, courseCount) {
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn' }), db: { driver: 'postgres', url: dbUrl } };
  const app = await buildApp(config, { logger: false, seed: false });
  await app.ready();
  const made = await app.db
    .insert(courses)
    .values(Array.from({ length: courseCount }, (_, i) => ({ courseType: 1, titleZh: `压测课程 ${i}`, cover: '/c.svg', priceType: 2, price: 5_000, status: 'published', publishedAt: new Date() })))
    .returning({ id: courses.id });
  const payHash = await hashPassword(PAY_PASSWORD);
  const tokens = [];
  for (let i = 0; i < buyers; i++) {
    const user = await createUser(app.db, `burst-${i}`, { kind: 'email', value: `burst-${i}@bench.example.org` }, new Date());
    await app.db.update(users).set({ payPasswordHash: payHash }).where(eq(users.id, user.id));
    await app.db.transaction(async (tx) => {
      await postLedger(tx, { userId: user.id, type: 'adjustment', amount: 1_000_000, refType: 'bench', refId: String(user.id) });
      await postPoints(tx, { userId: user.id, change: 100_000, reason: 'adjust', refType: 'bench', refId: String(user.id) });
    });
    tokens.push((await app.accounts.tokens.open(app.db, user.id, 'web')).access);
  }
  await app.close();
  return { tokens, courseIds: made.map((c) => c.id) };
}

async function startServer(entry, dbUrl) {
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: dbUrl, LOG_LEVEL: 'fatal', NODE_ENV: 'production', PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, MONEY_SWEEP_INTERVAL_S: '0', CARD_ENCRYPTION_KEY: process.env.CARD_ENCRYPTION_KEY ?? '11'.repeat(32), CERT_SIGNING_KEY: '22'.repeat(32) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { child, url };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

const rows = [];
for (const server of servers) {
  const dbName = `mp_bench_burst_${process.pid}_${rows.length}`;
  const dbUrl = databaseUrl(dbName);
  await admin(`create database "${dbName}"`);
  let child;
  try {
    const runs = bursts.reduce((n, b) => n + b.runs, 0);
    const { tokens, courseIds } = await prepare(dbUrl, runs, bursts.reduce((n, b) => n + b.size * b.runs, 0));
    const started = await startServer(server.path, dbUrl);
    child = started.child;
    let user = 0;
    let course = 0;
    for (const b of bursts) {
      let failedRuns = 0;
      let fiveHundreds = 0;
      let ms = 0;
      for (let r = 0; r < b.runs; r++) {
        const token = tokens[user++];
        const t0 = performance.now();
        const answers = await Promise.all(
          Array.from({ length: b.size }, () =>
            fetch(`${started.url}/v1/user/wallet/purchase`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
              body: JSON.stringify({ module: 'course', module_id: courseIds[course++], points: 500, pay_password: PAY_PASSWORD }),
            }).then(async (res) => {
              await res.text();
              return res.status;
            }),
          ),
        );
        ms += performance.now() - t0;
        const bad = answers.filter((s) => s >= 500).length;
        fiveHundreds += bad;
        if (bad) failedRuns += 1;
      }
      rows.push({ server: server.label, burst: b.size, runs: b.runs, failedRuns, fiveHundreds, answers: b.size * b.runs, msPerBurst: ms / b.runs });
    }
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await admin(`drop database if exists "${dbName}" with (force)`);
  }
}

console.log('one user, N balance purchases spending points at once, on PostgreSQL');
console.log('server      burst  bursts with a 500   answers 500      ms a burst');
for (const r of rows) {
  console.log(
    `${r.server.padEnd(11)} ${String(r.burst).padStart(5)}  ${`${r.failedRuns} of ${r.runs}`.padStart(17)}   ${`${r.fiveHundreds} of ${r.answers}`.padStart(11)}   ${r.msPerBurst.toFixed(0).padStart(12)}`,
  );
}
