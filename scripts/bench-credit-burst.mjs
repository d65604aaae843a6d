// Post-test retakes and claims under a concurrent burst, on PostgreSQL, against the built server
// (a database made and dropped here; BENCH_DATABASE_URL, else local 5432). For each of BENCH_RUNS
// (20) fresh users: BENCH_BURST (20) post-test submissions at once on a test allowing 3 attempts,
// then BENCH_BURST claims at once. Beside it, the same burst of attempts through a naive
// read-then-write reservation (what a count check before the insert does) on the same database,
// for comparison. Prints attempts used per user (limit 3), claims written per user (limit 1), p50/p99.
import { spawn } from 'node:child_process';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { creditDesignations, watchLogs } from '../apps/server/src/db/schema/index.ts';
import { createUser } from '../apps/server/src/modules/auth/auth.repository.ts';
import { admin, databaseUrl, freePort } from './bench-lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const BURST = Number(process.env.BENCH_BURST ?? 20);
const entry = new URL('../apps/server/dist/server.mjs', import.meta.url).pathname;



/** Seeded content (the demo designations), and users who watched the recording through. */
async function prepare(dbUrl) {
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn' }), db: { driver: 'postgres', url: dbUrl } };
  const app = await buildApp(config, { logger: false, seed: true });
  await app.ready();
  const [d] = await app.db
    .select()
    .from(creditDesignations)
    .where(and(eq(creditDesignations.activityKind, 'recording'), eq(creditDesignations.activityId, 1)));
  const users = [];
  for (let i = 0; i < RUNS * 2; i++) {
    const u = await createUser(app.db, `credit-${i}`, { kind: 'email', value: `credit-${i}@bench.example.org` }, new Date());
    await app.db.insert(watchLogs).values({ userId: u.id, moduleName: 'vod', liveId: 11, watchedS: 60, sessionId: 'bench-session', sessionPlayedS: 60, lastBeatAt: new Date() });
    users.push({ id: u.id, token: (await app.accounts.tokens.open(app.db, u.id, 'web')).access });
  }
  const questions = await app.db.execute(sql`select id from credit_test_questions where designation_id = ${d.id}`);
  await app.close();
  return { designationId: d.id, maxAttempts: d.maxAttempts, users, questionIds: questions.rows.map((r) => Number(r.id)) };
}

async function startServer(dbUrl) {
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: dbUrl, LOG_LEVEL: 'fatal', NODE_ENV: 'production', PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, MONEY_SWEEP_INTERVAL_S: '0', CARD_ENCRYPTION_KEY: '11'.repeat(32), CERT_SIGNING_KEY: '22'.repeat(32) },
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

const pctl = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : 0;
};

const dbName = `mp_bench_credit_${process.pid}`;
const dbUrl = databaseUrl(dbName);
await admin(`create database "${dbName}"`);
let child;
try {
  const prep = await prepare(dbUrl);
  const started = await startServer(dbUrl);
  child = started.child;
  const post = async (path, token, body) => {
    const t0 = performance.now();
    const r = await fetch(`${started.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { json: await r.json(), ms: performance.now() - t0, status: r.status };
  };
  const wrong = { answers: prep.questionIds.map((id) => ({ question_id: id, options: [3] })) };
  const pool = new pg.Pool({ connectionString: dbUrl, max: BURST });

  const server = { maxUsed: 0, over: 0, ms: [], http500: 0 };
  const naive = { maxUsed: 0, over: 0 };
  const claims = { maxRows: 0, over: 0, ms: [], http500: 0 };
  for (let r = 0; r < RUNS; r++) {
    const u = prep.users[r];
    const results = await Promise.all(Array.from({ length: BURST }, () => post('/v1/user/credit/activity/recording/1/test', u.token, wrong)));
    server.ms.push(...results.map((x) => x.ms));
    server.http500 += results.filter((x) => x.status >= 500).length;
    const used = results.filter((x) => x.json.code === 0).length;
    server.maxUsed = Math.max(server.maxUsed, used);
    if (used > prep.maxAttempts) server.over++;

    // The naive way on another user: read attempts_used, then write it + 1 if under the limit.
    const v = prep.users[RUNS + r];
    await pool.query('insert into credit_progress (designation_id, user_id) values ($1, $2) on conflict do nothing', [prep.designationId, v.id]);
    const naiveOk = await Promise.all(
      Array.from({ length: BURST }, async () => {
        const c = await pool.connect();
        try {
          const { rows } = await c.query('select attempts_used from credit_progress where designation_id = $1 and user_id = $2', [prep.designationId, v.id]);
          if (rows[0].attempts_used >= prep.maxAttempts) return false;
          await c.query('update credit_progress set attempts_used = $3 where designation_id = $1 and user_id = $2', [prep.designationId, v.id, rows[0].attempts_used + 1]);
          return true;
        } finally {
          c.release();
        }
      }),
    );
    const naiveUsed = naiveOk.filter(Boolean).length;
    naive.maxUsed = Math.max(naive.maxUsed, naiveUsed);
    if (naiveUsed > prep.maxAttempts) naive.over++;

    // Claims: a user who passed and evaluated, BURST claims at once.
    const c = prep.users[RUNS + r];
    await pool.query('update credit_progress set passed_at = now(), evaluated_at = now() where designation_id = $1 and user_id = $2', [prep.designationId, c.id]);
    // The claim issues a certificate, which needs the holder's legal name on file.
    const idcard = await fetch(`${started.url}/v1/user/cert/idcard`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${c.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ legal_name: '测试医生', doc_type: 'cn_resident', number: '11010519491231002X' }),
    });
    if ((await idcard.json()).code !== 0) throw new Error('the ID card was not saved');
    const claimed = await Promise.all(Array.from({ length: BURST }, () => post('/v1/user/credit/activity/recording/1/claim', c.token)));
    claims.ms.push(...claimed.map((x) => x.ms));
    claims.http500 += claimed.filter((x) => x.status >= 500).length;
    const { rows } = await pool.query('select count(*)::int as n from credit_claims where designation_id = $1 and user_id = $2', [prep.designationId, c.id]);
    claims.maxRows = Math.max(claims.maxRows, rows[0].n);
    if (rows[0].n > 1) claims.over++;
    if (claimed.some((x) => x.json.code !== 0)) console.error('a claim failed', claimed.find((x) => x.json.code !== 0)?.json);
  }
  await pool.end();
  console.log(`credit bursts on PostgreSQL: ${RUNS} users × ${BURST} concurrent requests each`);
  console.table([
    { what: `post-test attempts, naive read-then-write (limit ${prep.maxAttempts})`, 'max used by one user': naive.maxUsed, 'users over the limit': naive.over, p50: '-', p99: '-', 'HTTP 5xx': '-' },
    { what: `post-test attempts, server (conditional upsert, limit ${prep.maxAttempts})`, 'max used by one user': server.maxUsed, 'users over the limit': server.over, p50: `${pctl(server.ms, 50).toFixed(0)} ms`, p99: `${pctl(server.ms, 99).toFixed(0)} ms`, 'HTTP 5xx': server.http500 },
    { what: 'claims written (limit 1)', 'max used by one user': claims.maxRows, 'users over the limit': claims.over, p50: `${pctl(claims.ms, 50).toFixed(0)} ms`, p99: `${pctl(claims.ms, 99).toFixed(0)} ms`, 'HTTP 5xx': claims.http500 },
  ]);
} finally {
  child?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await admin(`drop database if exists "${dbName}" with (force)`);
}
