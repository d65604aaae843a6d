import type { OrderPayment, WalletInfo } from '@medportal/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxTrades, speakers, userRoles, users } from '../src/db/schema/index.ts';
import type { SandboxProvider } from '../src/lib/payments/sandbox.ts';
import { buildTestApp, usingPostgres } from './build-test-app.ts';
import { bearer, call, makeUser, type MadeUser, type TestClock } from './factories.ts';
import { get, moneyApp, payer, post } from './money.helpers.ts';
import { databaseUrl } from './template.ts';

/**
 * Identical logged-in reads of one login share an answer (decision record 0076): while it is
 * built, and for PERSONAL_READ_KEEP_MS after unless a write to the user's rows (by anyone) or to
 * public data ends it sooner; another user never gets it, and a revoked token is refused whatever
 * is kept.
 */
let app: FastifyInstance;
let alice: MadeUser;
let bob: MadeUser;
/** Handler runs of the test route, by user. */
const runs = new Map<number, number>();
let failNext = false;

beforeAll(async () => {
  app = await buildTestApp({
    // Long enough that nothing below outlives it by accident.
    config: { personalReadKeepMs: 60_000 },
    configure: (a) => {
      a.get('/v1/test/personal', { config: { auth: 'required' } }, async (req, reply) => {
        const id = req.ctx.user?.id ?? 0;
        runs.set(id, (runs.get(id) ?? 0) + 1);
        // Lets concurrent requests arrive while this one is being built.
        await new Promise((r) => setTimeout(r, 20));
        if (failNext) {
          failNext = false;
          return { code: 50000, message: 'failed', data: null };
        }
        reply.header('x-test', 'set by the handler');
        return { code: 0, message: 'ok', data: { user: id, run: runs.get(id) } };
      });
    },
  });
  alice = await makeUser(app, { nickname: 'Alice' });
  bob = await makeUser(app, { nickname: 'Bob' });
});
afterAll(async () => {
  await app?.close();
});

const read = (url: string, user: MadeUser) => app.inject({ url, headers: bearer(user.access) });

describe('logged-in reads', () => {
  it('arriving together are built once per login, and the answer is kept for the next ones', async () => {
    const answers = await Promise.all([...Array.from({ length: 5 }, () => read('/v1/test/personal?x=1', alice)), read('/v1/test/personal?x=1', bob)]);
    const bodies = answers.map((r) => r.json() as { data: { user: number; run: number } });
    expect(bodies.slice(0, 5).map((b) => b.data)).toEqual(Array.from({ length: 5 }, () => ({ user: alice.id, run: 1 })));
    // Another user never shares it.
    expect(bodies[5]?.data).toEqual({ user: bob.id, run: 1 });
    // Headers the handler set go with every answer shared.
    expect(answers.every((r) => r.headers['x-test'] === 'set by the handler')).toBe(true);
    expect(answers.every((r) => r.headers['cache-control'] === 'private, no-store')).toBe(true);

    const later = await read('/v1/test/personal?x=1', alice);
    expect(later.json()).toMatchObject({ data: { user: alice.id, run: 1 } });
    // Another URL is another read.
    expect((await read('/v1/test/personal?x=2', alice)).json()).toMatchObject({ data: { run: 2 } });
    expect(runs.get(alice.id)).toBe(2);
  });

  it('keep no failure', async () => {
    failNext = true;
    expect((await read('/v1/test/personal?fail=1', bob)).json()).toMatchObject({ code: 50000 });
    expect((await read('/v1/test/personal?fail=1', bob)).json()).toMatchObject({ code: 0 });
  });

  it("show the user's own write at once", async () => {
    const [speaker] = await app.db.select({ id: speakers.id }).from(speakers).where(eq(speakers.status, 'published')).orderBy(asc(speakers.id)).limit(1);
    if (!speaker) throw new Error('no published speaker');
    const follows = async () => (await call<{ items: Array<{ id: number }> }>(app, { url: '/v1/user/follow', headers: bearer(alice.access) })).data.items.map((s) => s.id);
    expect(await follows()).not.toContain(speaker.id);
    const res = await call(app, { method: 'PUT', url: `/v1/user/speaker/${speaker.id}/follow`, headers: bearer(alice.access), payload: { status: 1 } });
    expect(res.code).toBe(0);
    expect(await follows()).toContain(speaker.id);
  });

  it('refuse a token revoked while its answer is kept', async () => {
    const carol = await makeUser(app, { nickname: 'Carol' });
    expect((await read('/v1/user/login_info', carol)).json()).toMatchObject({ code: 0, data: { user_id: carol.id } });
    expect((await call(app, { url: '/v1/user/logout', headers: bearer(carol.access) })).code).toBe(0);
    expect((await read('/v1/user/login_info', carol)).json()).toMatchObject({ code: 200203 });
  });

  it("show an operator's content edit inside them at once", async () => {
    const [speaker] = await app.db.select({ id: speakers.id, nameZh: speakers.nameZh }).from(speakers).where(eq(speakers.status, 'published')).orderBy(asc(speakers.id)).limit(1);
    if (!speaker) throw new Error('no published speaker');
    const erin = await makeUser(app, { nickname: 'Erin' });
    expect((await call(app, { method: 'PUT', url: `/v1/user/speaker/${speaker.id}/follow`, headers: bearer(erin.access), payload: { status: 1 } })).code).toBe(0);
    const follows = async () => JSON.stringify((await call(app, { url: '/v1/user/follow', headers: bearer(erin.access) })).data);
    expect(await follows()).toContain(speaker.nameZh);
    await app.db.update(speakers).set({ nameZh: '改名的讲者' }).where(eq(speakers.id, speaker.id));
    // What the console's edit does once written: any invalidation of public data moves every key.
    app.publicCache.invalidate([`speaker:${speaker.id}`]);
    expect(await follows()).toContain('改名的讲者');
  });

  it('are not kept on a console route, only shared while built', async () => {
    const agent = await makeUser(app, { nickname: 'Agent' });
    await app.db.insert(userRoles).values({ userId: agent.id, role: 'service' });
    const detail = async () => (await call<{ nickname: string }>(app, { url: `/v1/admin/users/${bob.id}`, headers: bearer(agent.access) })).data.nickname;
    expect(await detail()).toBe('Bob');
    // Bob's rows move Bob's epoch, not the agent's: a console read must not be kept.
    await app.db.update(users).set({ nickname: 'Robert' }).where(eq(users.id, bob.id));
    expect(await detail()).toBe('Robert');
  });
});

/**
 * What others write reaches the user's next read at once (the database names the user of every
 * row a commit wrote, decision record 0076). On PostgreSQL that notice comes over the bus's LISTEN
 * connection: a test waits until the app heard it (the answers' subscription comes first).
 */
describe('logged-in reads after a write by another path', () => {
  let m: { app: FastifyInstance; clock: TestClock };
  beforeAll(async () => {
    m = await moneyApp({ personalReadKeepMs: 60_000 });
  });
  afterAll(async () => {
    await m?.app.close();
  });

  /** Resolves once `a` heard that `userId`'s rows were written (subscribe before the write). */
  const heard = async (a: FastifyInstance, userId: number): Promise<() => Promise<void>> => {
    let done!: () => void;
    const promise = new Promise<void>((r) => (done = r));
    const stop = await a.databaseNotices.subscribe('user-write', (msg) => {
      if (msg === String(userId)) done();
    });
    return async () => {
      await promise;
      await stop();
    };
  };
  const wallet = async (a: FastifyInstance, u: MadeUser) => (await get<WalletInfo>(a, '/v1/user/wallet/info', u.access)).data.balance;
  const sandbox = () => m.app.money.sandboxes.find((s) => s.channel === 'wechat') as SandboxProvider;

  it('a payment callback through the sandbox provider', async () => {
    const { app: a } = m;
    const u = await payer(a);
    const res = await post<OrderPayment>(a, '/v1/pc/recharge', { amount: 3_000, channel: 'wechat' }, u.access);
    expect(res.code, JSON.stringify(res)).toBe(0);
    await sandbox().pay(res.data.order_no, 'success');
    await a.db.update(sandboxTrades).set({ notifyAt: null }).where(eq(sandboxTrades.orderNo, res.data.order_no));
    expect(await wallet(a, u)).toBe(0);
    expect(await wallet(a, u)).toBe(0);
    const n = await sandbox().notificationFor(res.data.order_no);
    if (!n) throw new Error('no notification');
    const wait = await heard(a, u.id);
    const delivered = await a.inject({ method: 'POST', url: '/v1/pay/notify/wechat', headers: n.headers, payload: n.body });
    expect(delivered.statusCode).toBe(200);
    await wait();
    expect(await wallet(a, u)).toBe(3_000);
  });

  it('a background job (the money sweep delivering the notification)', async () => {
    const { app: a } = m;
    const u = await payer(a);
    const res = await post<OrderPayment>(a, '/v1/pc/recharge', { amount: 2_000, channel: 'wechat' }, u.access);
    expect((await post(a, `/v1/dev/pay/${res.data.order_no}`, { result: 'success' }, undefined, null)).data).toMatchObject({ trade_state: 'success' });
    expect(await wallet(a, u)).toBe(0);
    const wait = await heard(a, u.id);
    await a.money.sweep();
    await wait();
    expect(await wallet(a, u)).toBe(2_000);
  });

  it("an operator's endpoint (an account merged into the user's)", async () => {
    const { app: a } = m;
    const agent = await makeUser(a);
    await a.db.insert(userRoles).values({ userId: agent.id, role: 'service' });
    const keep = await makeUser(a, { mobile: null, email: `keep${Date.now()}@example.com` });
    const dup = await makeUser(a);
    const mobile = async () => (await call<{ mobile: string | null }>(a, { url: '/v1/user/personal_info', headers: bearer(keep.access) })).data.mobile;
    expect(await mobile()).toBeNull();
    const wait = await heard(a, keep.id);
    const merged = await call(a, { method: 'POST', url: `/v1/admin/users/${keep.id}/merge`, headers: bearer(agent.access), payload: { from_user_id: dup.id, reason: 'same doctor, two accounts' } });
    expect(merged.code, JSON.stringify(merged)).toBe(0);
    await wait();
    expect(await mobile()).not.toBeNull();
  });

  it('a repository write on the same database, not through a request', async () => {
    const { app: a } = m;
    const u = await makeUser(a, { nickname: 'Dave' });
    const nickname = async () => (await call<{ nickname: string }>(a, { url: '/v1/user/login_info', headers: bearer(u.access) })).data.nickname;
    expect(await nickname()).toBe('Dave');
    const wait = await heard(a, u.id);
    await a.db.update(users).set({ nickname: 'David' }).where(eq(users.id, u.id));
    await wait();
    expect(await nickname()).toBe('David');
  });

  it.runIf(usingPostgres())('a write by another process, on a connection of its own', async () => {
    const { app: a } = m;
    const u = await makeUser(a, { nickname: 'Erin' });
    const nickname = async () => (await call<{ nickname: string }>(a, { url: '/v1/user/login_info', headers: bearer(u.access) })).data.nickname;
    expect(await nickname()).toBe('Erin');
    const result = (await a.db.execute(sql`select current_database() as db, current_schema() as schema`)) as unknown as { rows: Array<{ db: string; schema: string }> };
    const where = result.rows[0];
    if (!where) throw new Error('no database name');
    const wait = await heard(a, u.id);
    const other = new pg.Client({ connectionString: databaseUrl(process.env.TEST_DATABASE_URL ?? '', where.db) });
    await other.connect();
    try {
      await other.query(`update "${where.schema}".users set nickname = 'Erin B' where id = $1`, [u.id]);
    } finally {
      await other.end();
    }
    await wait();
    expect(await nickname()).toBe('Erin B');
  });

  it('a lost notice connection: nothing kept is served again', async () => {
    const { app: a } = m;
    const u = await makeUser(a, { nickname: 'Fay' });
    const reads = () => call<{ nickname: string }>(a, { url: '/v1/user/login_info', headers: bearer(u.access) });
    await reads();
    // No notice for this write (as if sent while the LISTEN connection was down), then the gap.
    await a.db.execute(sql`alter table users disable trigger users_user_update`);
    try {
      await a.db.update(users).set({ nickname: 'Faye' }).where(eq(users.id, u.id));
    } finally {
      await a.db.execute(sql`alter table users enable trigger users_user_update`);
    }
    expect((await reads()).data.nickname).toBe('Fay');
    a.personalReads.changedAll();
    expect((await reads()).data.nickname).toBe('Faye');
  });
});
