// Purchases from the balance on PostgreSQL: many members buy courses at once (each purchase checks
// the pay password, takes an Idempotency-Key, posts a ledger row and grants the course) against
// the built server. Prints purchases/s, p50/p99/max latency and errors, then runs the ledger audit
// over the database (exit 1 if it finds a violation). Concurrency BENCH_CONNECTIONS (32) for
// BENCH_SECONDS (20). The database is created and dropped here (BENCH_DATABASE_URL, else local 5432).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { courses, users } from '../apps/server/src/db/schema/index.ts';
import { createUser } from '../apps/server/src/modules/auth/auth.repository.ts';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.ts';
import { SandboxProvider } from '../apps/server/src/lib/payments/sandbox.ts';
import { auditLedger, postLedger } from '../apps/server/src/modules/money/index.ts';
import { admin, adminUrl, freePort } from './bench-lib.mjs';

const entry = new URL('../apps/server/dist/server.mjs', import.meta.url).pathname;
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const duration = Number(process.env.BENCH_SECONDS ?? 20);
const members = Number(process.env.BENCH_MEMBERS ?? 200);
const courseCount = Number(process.env.BENCH_COURSES ?? 400);
const dbName = `mp_bench_money_${process.pid}`;
const dbUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const PAY_PASSWORD = '135790';
const notifications = Number(process.env.BENCH_NOTIFICATIONS ?? 1500);
// The server's sandbox signs and verifies with this key; the bench signs notifications with it too.
const SANDBOX_KEY = 'bench-sandbox-key-0123456789abcdef';



const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

await admin(`create database "${dbName}"`);
let child;
let exitCode = 0;
try {
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn' }), db: { driver: 'postgres', url: dbUrl } };
  const app = await buildApp(config, { logger: false, seed: false });
  await app.ready();
  const made = await app.db
    .insert(courses)
    .values(Array.from({ length: courseCount }, (_, i) => ({ courseType: 1, titleZh: `压测课程 ${i}`, cover: '/c.svg', priceType: 2, price: 100 + (i % 50), status: 'published', publishedAt: new Date() })))
    .returning({ id: courses.id });
  const payHash = await hashPassword(PAY_PASSWORD);
  const buyers = [];
  for (let i = 0; i < members; i++) {
    const user = await createUser(app.db, `bench-${i}`, { kind: 'email', value: `bench-money-${i}@bench.example.org` }, new Date());
    await app.db.update(users).set({ payPasswordHash: payHash }).where(eq(users.id, user.id));
    await app.db.transaction((tx) => postLedger(tx, { userId: user.id, type: 'adjustment', amount: 10_000_000, refType: 'bench', refId: String(user.id) }));
    const session = await app.accounts.tokens.open(app.db, user.id, 'web');
    buyers.push({ token: session.access, next: 0 });
  }
  await app.close();

  const port = await freePort();
  child = spawn(process.execPath, [entry], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: dbUrl, LOG_LEVEL: 'warn', NODE_ENV: 'production', PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, PAYMENT_SANDBOX_KEY: SANDBOX_KEY, CARD_ENCRYPTION_KEY: process.env.CARD_ENCRYPTION_KEY ?? '11'.repeat(32), CERT_SIGNING_KEY: '22'.repeat(32) },
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

  const latencies = [];
  const codes = new Map();
  let errors = 0;
  let turn = 0;
  const until = Date.now() + duration * 1000;
  const worker = async () => {
    while (Date.now() < until) {
      const b = buyers[turn++ % buyers.length];
      const course = made[b.next++ % made.length].id;
      const t0 = performance.now();
      try {
        const res = await fetch(`${url}/v1/user/wallet/purchase`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${b.token}`, 'idempotency-key': randomUUID() },
          body: JSON.stringify({ module: 'course', module_id: course, pay_password: PAY_PASSWORD }),
        });
        const body = await res.json();
        latencies.push(performance.now() - t0);
        codes.set(body.code, (codes.get(body.code) ?? 0) + 1);
      } catch {
        errors += 1;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const okCount = codes.get(0) ?? 0;
  console.log(`balance purchases on PostgreSQL: ${members} members, ${courseCount} courses, ${connections} concurrent requests for ${duration} s`);
  console.log(`  ${okCount} purchases, ${(okCount / seconds).toFixed(1)}/s (each checks the scrypt pay password)`);
  console.log(`  latency p50 ${pct(latencies, 50).toFixed(1)} ms   p99 ${pct(latencies, 99).toFixed(1)} ms   max ${(latencies.at(-1) ?? 0).toFixed(1)} ms`);
  console.log(`  answers by code ${JSON.stringify(Object.fromEntries(codes))}, transport errors ${errors}`);

  // Phase 2: QR recharge orders, then their provider notifications (10% sent twice) credit the balances.
  const pending = [];
  let qrTurn = 0;
  const qrStarted = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (pending.length < notifications) {
        const b = buyers[qrTurn++ % buyers.length];
        const res = await fetch(`${url}/v1/pc/recharge`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${b.token}`, 'idempotency-key': randomUUID() },
          body: JSON.stringify({ amount: 1_000, channel: 'wechat' }),
        });
        const body = await res.json();
        if (body.code === 0) pending.push(body.data.order_no);
      }
    }),
  );
  const qrSeconds = (performance.now() - qrStarted) / 1000;
  console.log(`  QR recharge orders: ${pending.length} in ${qrSeconds.toFixed(1)} s, ${(pending.length / qrSeconds).toFixed(1)}/s`);
  const signer = new SandboxProvider({ db: null, channel: 'wechat', key: Buffer.from(SANDBOX_KEY), now: () => new Date(), transport: null });
  const deliveries = [...pending, ...pending.slice(0, Math.floor(pending.length / 10))].map((orderNo, i) => ({ orderNo, txn: `42bench${orderNo}`, i }));
  const nLatencies = [];
  let acked = 0;
  let refused = 0;
  let dTurn = 0;
  const nStarted = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (dTurn < deliveries.length) {
        const d = deliveries[dTurn++];
        const resource = { out_trade_no: d.orderNo, transaction_id: d.txn, trade_state: 'SUCCESS', amount: { total: 1_000, payer_total: 1_000, currency: 'CNY' }, success_time: new Date().toISOString() };
        const body = JSON.stringify({ id: randomUUID(), create_time: new Date().toISOString(), event_type: 'TRANSACTION.SUCCESS', resource_type: 'sandbox', resource });
        const t0 = performance.now();
        const res = await fetch(`${url}/v1/pay/notify/wechat`, { method: 'POST', headers: signer.signedHeaders(body), body });
        await res.text();
        nLatencies.push(performance.now() - t0);
        if (res.status === 200) acked += 1;
        else refused += 1;
      }
    }),
  );
  const nSeconds = (performance.now() - nStarted) / 1000;
  nLatencies.sort((a, b) => a - b);
  console.log(`  notifications: ${deliveries.length} (${deliveries.length - pending.length} duplicates), ${(deliveries.length / nSeconds).toFixed(1)}/s, acknowledged ${acked}, refused ${refused}`);
  console.log(`  latency p50 ${pct(nLatencies, 50).toFixed(1)} ms   p99 ${pct(nLatencies, 99).toFixed(1)} ms   max ${(nLatencies.at(-1) ?? 0).toFixed(1)} ms`);

  const check = new pg.Pool({ connectionString: dbUrl, max: 2 });
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const audit = await auditLedger(drizzle({ client: check, casing: 'snake_case' }));
  const { rows } = await check.query(`select count(*)::int as n from wallet_transactions where type = 'recharge'`);
  await check.end();
  console.log(`  recharges credited: ${rows[0].n} of ${pending.length} orders (each once, duplicates ignored)`);
  if (rows[0].n !== pending.length) exitCode = 1;
  console.log(`  ledger audit: ${audit.wallets} wallets, ${audit.transactions} rows, ${audit.orders} orders, ${audit.violations.length} violation(s)`);
  for (const v of audit.violations) console.error(`  VIOLATION ${v.rule}: ${JSON.stringify(v.detail)}`);
  if (audit.violations.length > 0) exitCode = 1;
} finally {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  await admin(`drop database if exists "${dbName}" with (force)`);
}
process.exit(exitCode);
