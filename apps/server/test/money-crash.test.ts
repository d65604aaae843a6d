import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PriceType } from '@medportal/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { DbConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { courseEntitlements, courses, orders, users, wallets, walletTransactions } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { auditLedger, postLedger } from '../src/modules/money/index.ts';
import { serverRoot } from '../src/paths.ts';
import { restartDbConfigs, testConfig, usingPostgres } from './build-test-app.ts';
import { TEST_ENV } from './template.ts';
import { makeUser } from './factories.ts';

/**
 * kill -9 during a loop of purchases and recharges against a real server process, then a restart:
 * the ledger's invariants hold and every payment the server acknowledged is there (decision
 * record 0026). On PGlite always; on PostgreSQL too in the server-pg run.
 */

const children: ChildProcess[] = [];
const cleanup: string[] = [];
const bundleDir = `.test-dist/money-${process.pid}-${Date.now()}`;

beforeAll(() => {
  const built = spawnSync(process.execPath, ['build.mjs', '--outdir', bundleDir], { cwd: serverRoot(), encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`bundling the server failed: ${built.stderr}`);
  cleanup.push(join(serverRoot(), bundleDir));
});

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
});

/** Runs scripts/audit-ledger.mjs (npm run audit:ledger) against a stopped server's database. */
function auditScript(db: DbConfig, dataDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  env.DATA_DIR = dataDir;
  if (db.driver === 'postgres') env.DATABASE_URL = db.url;
  return spawnSync(process.execPath, ['--import', 'tsx', join(serverRoot(), '../../scripts/audit-ledger.mjs')], { env, encoding: 'utf8', timeout: 120_000 });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function start(port: number, db: DbConfig, dataDir: string) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PLUGIN_TIMEOUT_S: TEST_ENV.PLUGIN_TIMEOUT_S,
    // Outside production: the sandbox payer (POST /v1/dev/pay) exists.
    NODE_ENV: 'development',
    MONEY_SWEEP_INTERVAL_S: '1',
  };
  delete env.DATABASE_URL;
  if (db.driver === 'postgres') env.DATABASE_URL = db.url;
  // --liftoff-only: a short-lived server spends most of a start optimising PGlite's WebAssembly.
  const child = spawn(process.execPath, ['--liftoff-only', join(bundleDir, 'server.mjs')], { cwd: serverRoot(), env });
  children.push(child);
  let stdout = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stdout += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, out: () => stdout };
}

async function ready(port: number, timeoutMs = 180_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
}

interface Payer {
  id: number;
  access: string;
  courses: number[];
}

async function api<T>(port: number, method: string, path: string, token: string | null, body?: unknown): Promise<{ code: number; data: T }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'idempotency-key': randomUUID() };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return (await res.json()) as { code: number; data: T };
}

describe.each(usingPostgres() ? ['postgres'] : ['pglite'])('kill -9 during payments (%s)', () => {
  it('after a restart every acknowledged payment is there and the books balance', { timeout: 600_000 }, async () => {
    const { first, second } = await restartDbConfigs(true, new Date());
    const dataDir = first.driver === 'pglite' && first.dataDir ? dirname(first.dataDir) : mkdtempSync(join(tmpdir(), 'medportal-money-crash-'));
    cleanup.push(dataDir);

    // Accounts, courses and opening balances, written by an in-process app that then closes.
    const payers: Payer[] = [];
    const prep = await buildApp(testConfig({ db: first }), { logger: false });
    await prep.ready();
    const payHash = await hashPassword('135790', prep.accounts.config.auth.passwordScryptN);
    for (let i = 0; i < 4; i++) {
      const u = await makeUser(prep);
      await prep.db.update(users).set({ payPasswordHash: payHash }).where(eq(users.id, u.id));
      await prep.db.transaction((tx) => postLedger(tx, { userId: u.id, type: 'adjustment', amount: 2_000, refType: 'test', refId: randomUUID() }));
      const made = await prep.db
        .insert(courses)
        .values(Array.from({ length: 150 }, (_, n) => ({ courseType: 1, titleZh: `崩溃测试 ${i}-${n}`, cover: '/c.svg', priceType: PriceType.PAID, price: 100, status: 'published' as const, publishedAt: new Date() })))
        .returning({ id: courses.id });
      payers.push({ id: u.id, access: u.access, courses: made.map((c) => c.id) });
    }
    await prep.close();

    const port = await freePort();
    const server = start(port, second.driver === 'pglite' ? second : first, dataDir);
    await ready(port);

    const purchases: string[] = [];
    const recharges: Array<{ no: string; access: string }> = [];
    let stop = false;
    const loop = async (p: Payer) => {
      let next = 0;
      while (!stop) {
        try {
          const r = await api<{ order_no: string }>(port, 'POST', '/v1/pc/recharge', p.access, { amount: 1_000, channel: 'wechat' });
          if (r.code === 0) {
            const paid = await api<{ trade_state: string }>(port, 'POST', `/v1/dev/pay/${r.data.order_no}`, null, { result: 'success' });
            // The provider took the money: from here the order must end up credited.
            if (paid.code === 0 && paid.data.trade_state === 'success') recharges.push({ no: r.data.order_no, access: p.access });
          }
          const course = p.courses[next++ % p.courses.length];
          const b = await api<{ order: { order_no: string } }>(port, 'POST', '/v1/user/wallet/purchase', p.access, { module: 'course', module_id: course, pay_password: '135790' });
          if (b.code === 0) purchases.push(b.data.order.order_no);
        } catch {
          // The server died under us: what it acknowledged is recorded, the rest is not.
          return;
        }
      }
    };
    const loops = payers.map((p) => loop(p));
    // Kill once payments are flowing (a loaded machine may need a while), in the middle of them.
    const flowing = Date.now() + 120_000;
    while ((purchases.length < 8 || recharges.length < 8) && Date.now() < flowing) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 250));
    server.child.kill('SIGKILL');
    await server.exited;
    stop = true;
    await Promise.all(loops);
    expect(purchases.length).toBeGreaterThan(0);
    expect(recharges.length).toBeGreaterThan(0);
    console.warn(`killed after ${purchases.length} acknowledged purchases and ${recharges.length} confirmed recharges`);

    // Restart on the same data: the sandbox resumes its notifications, the sweep reconciles.
    const port2 = await freePort();
    const again = start(port2, second, dataDir);
    await ready(port2);
    const until = Date.now() + 120_000;
    for (;;) {
      const states = await Promise.all(recharges.map(async ({ no, access }) => (await api<{ status: string }>(port2, 'GET', `/v1/user/order/info?order_no=${no}`, access)).data?.status));
      if (states.every((s) => s === 'paid')) break;
      if (Date.now() > until) throw new Error(`recharges not credited after restart: ${JSON.stringify(states)}\n${again.out()}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
    // The operator's check, as operators run it: `npm run audit:ledger` over the same database.
    const audited = auditScript(second, dataDir);
    expect(audited.status, audited.stdout + audited.stderr).toBe(0);
    expect(audited.stdout).toContain('every invariant holds');

    let closed = false;
    const database = await openDatabase(second.driver === 'pglite' ? { driver: 'pglite', dataDir: second.dataDir } : { driver: 'postgres', url: second.url });
    try {
      const audit = await auditLedger(database.db);
      expect(audit.violations, JSON.stringify(audit.violations)).toEqual([]);
      const bought = await database.db.select().from(orders).where(inArray(orders.orderNo, purchases));
      expect(bought).toHaveLength(purchases.length);
      expect(bought.every((o) => o.status === 'paid')).toBe(true);
      const debits = await database.db.select().from(walletTransactions).where(and(eq(walletTransactions.type, 'purchase'), inArray(walletTransactions.refId, purchases)));
      expect(debits).toHaveLength(purchases.length);
      const credits = await database.db.select().from(walletTransactions).where(and(eq(walletTransactions.type, 'recharge'), inArray(walletTransactions.refId, recharges.map((r) => r.no))));
      expect(credits).toHaveLength(recharges.length);
      const grants = await database.db.select().from(courseEntitlements).where(inArray(courseEntitlements.userId, payers.map((p) => p.id)));
      expect(grants.length).toBeGreaterThanOrEqual(purchases.length);

      // A fen that no bill row explains: the script must say so and exit 1.
      const victim = payers[0];
      if (!victim) throw new Error('no payer');
      await database.db.update(wallets).set({ balance: sql`${wallets.balance} + 1` }).where(eq(wallets.userId, victim.id));
      await database.close();
      closed = true;
      const broken = auditScript(second, dataDir);
      expect(broken.status, broken.stdout + broken.stderr).toBe(1);
      expect(broken.stderr).toContain('VIOLATION');
    } finally {
      if (!closed) await database.close();
      if (second.driver === 'postgres') await second.afterClose?.();
    }
  });
});
