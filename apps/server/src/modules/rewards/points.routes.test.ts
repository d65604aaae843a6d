import {
  CreditRuleData,
  ErrorCode,
  POINTS_MAX_ORDER_PERCENT,
  POINTS_PER_YUAN,
  pointsDeduction,
  ScoreLogPage,
  SIGN_IN_RULES,
  SignInResult,
  SignInState,
  signInPoints,
  SitePage,
} from '@medportal/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { TEST_ENV } from '../../../test/template.ts';
import { loadConfig } from '../../config.ts';
import { bearer, call, makeUser, type MadeUser, testClock } from '../../../test/factories.ts';
import { scoreLogs, users } from '../../db/schema/index.ts';
import { auditPoints, mergePoints, postPoints, returnOrderPoints, spendOrderPoints } from './index.ts';

let app: FastifyInstance;
// 2026-03-02 10:00 in Shanghai.
const clock = testClock(Date.parse('2026-03-02T02:00:00Z'));

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now, seed: false });
});
afterAll(async () => {
  await app?.close();
});

const get = <T>(url: string, u?: MadeUser) => call<T>(app, { url, headers: u ? bearer(u.access) : {} });
const post = <T>(url: string, u: MadeUser, payload?: object) => call<T>(app, { method: 'POST', url, headers: bearer(u.access), ...(payload ? { payload } : {}) });

/** The points invariant: the balance equals the sum of the user's changes, and each row's balance_after its running sum. */
async function expectLedgerConsistent(userId: number) {
  const [u] = await app.db.select({ balance: users.pointsBalance }).from(users).where(eq(users.id, userId));
  const rows = await app.db.select().from(scoreLogs).where(eq(scoreLogs.userId, userId)).orderBy(scoreLogs.id);
  let run = 0;
  for (const r of rows) {
    run += r.change;
    expect(r.balanceAfter).toBe(run);
  }
  expect(u?.balance).toBe(run);
}

describe('rules', () => {
  it('points pay at most the rule share of a price, 100 points per yuan', () => {
    expect(POINTS_PER_YUAN).toBe(100);
    // ¥99.00 → at most 20 % = 1980 fen = 1980 points.
    expect(pointsDeduction(9900, 100_000)).toEqual({ points: 1980, fen: 1980 });
    expect(pointsDeduction(9900, 500)).toEqual({ points: 500, fen: 500 });
    expect(pointsDeduction(0, 500)).toEqual({ points: 0, fen: 0 });
    expect(pointsDeduction(1, 500)).toEqual({ points: 0, fen: 0 });
  });

  it('sign-in points grow with the streak and add the bonus every 7th day', () => {
    expect(signInPoints(1)).toEqual({ points: 5, bonus: 0 });
    expect(signInPoints(2)).toEqual({ points: 6, bonus: 0 });
    expect(signInPoints(6)).toEqual({ points: 10, bonus: 0 });
    expect(signInPoints(7)).toEqual({ points: 10, bonus: 20 });
    expect(signInPoints(30)).toEqual({ points: 10, bonus: 0 });
    expect(signInPoints(14)).toEqual({ points: 10, bonus: 20 });
  });

  it('GET /v1/credit/rule gives the numbers; the text is a site page in both languages naming them', async () => {
    const res = await get<unknown>('/v1/credit/rule');
    expect(CreditRuleData.parse(res.data)).toMatchObject({ points_per_yuan: 100, max_order_percent: POINTS_MAX_ORDER_PERCENT, sign_in: { base_points: SIGN_IN_RULES.basePoints } });
    for (const [lang, words] of [
      ['zh_CN', ['100 积分抵扣 1 元', `${POINTS_MAX_ORDER_PERCENT}%`, `${SIGN_IN_RULES.bonusPoints} 积分`]],
      ['en', ['100 points pay ¥1', `${POINTS_MAX_ORDER_PERCENT}%`, `bonus of ${SIGN_IN_RULES.bonusPoints} points`]],
    ] as const) {
      const page = SitePage.parse((await get<unknown>(`/v1/site/page/credit-rule?language=${lang}`)).data);
      for (const w of words) expect(page.body_html).toContain(w);
    }
  });
});

describe('daily sign-in', () => {
  it('needs a login', async () => {
    expect((await get('/v1/user/sign_in')).code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await call(app, { method: 'POST', url: '/v1/user/sign_in' })).code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await get('/v1/user/score_log')).code).toBe(ErrorCode.NOT_LOGGED_IN);
  });

  it('awards once per day, shows the streak and calendar, and lists the points in score_log and personal_info', async () => {
    const u = await makeUser(app);
    const before = SignInState.parse((await get<unknown>('/v1/user/sign_in', u)).data);
    expect(before).toMatchObject({ today: '2026-03-02', signed_today: false, streak: 0, next_points: 5, month: '2026-03', days: [], availablescore: 0 });

    const first = SignInResult.parse((await post<unknown>('/v1/user/sign_in', u)).data);
    expect(first).toEqual({ date: '2026-03-02', streak: 1, points: 5, bonus: 0, newly: true, availablescore: 5 });
    const again = SignInResult.parse((await post<unknown>('/v1/user/sign_in', u)).data);
    expect(again).toMatchObject({ date: '2026-03-02', newly: false, points: 0, availablescore: 5 });

    const after = SignInState.parse((await get<unknown>('/v1/user/sign_in', u)).data);
    expect(after).toMatchObject({ signed_today: true, streak: 1, next_points: 6, days: [{ date: '2026-03-02', points: 5 }] });

    const info = await get<{ availablescore: number }>('/v1/user/personal_info', u);
    expect(info.data.availablescore).toBe(5);
    const log = ScoreLogPage.parse((await get<unknown>('/v1/user/score_log?language=en', u)).data);
    expect(log).toMatchObject({ total: 1, availablescore: 5 });
    expect(log.items[0]).toMatchObject({ change: 5, balance_after: 5, reason: 'sign_in', title: 'Daily sign-in', ref: '2026-03-02' });
    await expectLedgerConsistent(u.id);
  });

  it('ten concurrent sign-ins award once', async () => {
    const u = await makeUser(app);
    const results = await Promise.all(Array.from({ length: 10 }, () => post<{ newly: boolean }>('/v1/user/sign_in', u)));
    expect(results.every((r) => r.code === 0)).toBe(true);
    expect(results.filter((r) => r.data.newly)).toHaveLength(1);
    const [u2] = await app.db.select({ balance: users.pointsBalance }).from(users).where(eq(users.id, u.id));
    expect(u2?.balance).toBe(5);
    await expectLedgerConsistent(u.id);
  });

  it('builds a streak over consecutive days in the user timezone, gives the 7th-day bonus, and restarts after a gap', async () => {
    const c = testClock(Date.parse('2026-04-01T02:00:00Z'));
    // Tokens that outlive the two weeks the clock moves.
    const a = await buildTestApp({ now: c.now, seed: false, config: { auth: { ...loadConfig(TEST_ENV).auth, accessTtlS: 30 * 86_400, refreshTtlS: 60 * 86_400 } } });
    try {
      const u = await makeUser(a);
      const signIn = (tz?: string) =>
        call<{ streak: number; points: number; bonus: number; date: string; newly: boolean }>(a, {
          method: 'POST',
          url: `/v1/user/sign_in${tz ? `?timezone=${encodeURIComponent(tz)}` : ''}`,
          headers: bearer(u.access),
        });
      const seen: number[] = [];
      for (let day = 1; day <= 7; day++) {
        const r = await signIn();
        expect(r.data.streak).toBe(day);
        seen.push(r.data.points);
        c.advance(86_400);
      }
      expect(seen).toEqual([5, 6, 7, 8, 9, 10, 30]);
      // A day missed: the run starts again.
      c.advance(86_400);
      expect((await signIn()).data).toMatchObject({ streak: 1, points: 5 });

      // 2026-04-09 23:30 in Shanghai is 15:30 UTC; in New York it is still the 9th at 11:30,
      // 2026-04-10 00:30 in Shanghai is a new day there.
      c.advance((Date.parse('2026-04-09T15:30:00Z') - c.now().getTime()) / 1000);
      const late = await signIn();
      expect(late, JSON.stringify(late)).toMatchObject({ data: { date: '2026-04-09', newly: false } });
      c.advance(3600);
      expect((await signIn('Asia/Shanghai')).data).toMatchObject({ date: '2026-04-10', newly: true, streak: 2 });
      // Moving back to a timezone where it is still the 9th never signs an earlier day.
      expect((await signIn('America/New_York')).data).toMatchObject({ date: '2026-04-10', newly: false });
      const state = await call<{ days: Array<{ date: string }> }>(a, { url: '/v1/user/sign_in?month=2026-04', headers: bearer(u.access) });
      expect(state.data.days.map((d) => d.date)).toEqual([
        '2026-04-01',
        '2026-04-02',
        '2026-04-03',
        '2026-04-04',
        '2026-04-05',
        '2026-04-06',
        '2026-04-07',
        '2026-04-09',
        '2026-04-10',
      ]);
      const march = await call<{ days: unknown[]; month: string }>(a, { url: '/v1/user/sign_in?month=2026-03', headers: bearer(u.access) });
      expect(march.data).toMatchObject({ month: '2026-03', days: [] });
      expect((await call(a, { url: '/v1/user/sign_in?month=2026-13', headers: bearer(u.access) })).code).toBe(ErrorCode.VALIDATION);
    } finally {
      await a.close();
    }
  });
});

describe('points on orders (the money module calls these in its transactions)', () => {
  it('spends at most the rule share, returns once when the order closes or is refunded, never goes negative', async () => {
    const u = await makeUser(app);
    await app.db.transaction(async (tx) => {
      await postPoints(tx, { userId: u.id, change: 3000, reason: 'adjust', refType: 'test', refId: 'grant' });
    });
    await expect(app.db.transaction((tx) => spendOrderPoints(tx, { userId: u.id, orderNo: 'O1', priceFen: 9900, points: 2000 }))).rejects.toMatchObject({
      code: ErrorCode.VALIDATION,
    });
    const spent = await app.db.transaction((tx) => spendOrderPoints(tx, { userId: u.id, orderNo: 'O1', priceFen: 9900, points: 1980 }));
    expect(spent).toEqual({ points: 1980, fen: 1980 });
    // A retry of the same order spends nothing more.
    await app.db.transaction((tx) => spendOrderPoints(tx, { userId: u.id, orderNo: 'O1', priceFen: 9900, points: 1980 }));
    expect((await get<{ availablescore: number }>('/v1/user/personal_info', u)).data.availablescore).toBe(1020);
    // More than the balance: refused, nothing changes.
    await expect(app.db.transaction((tx) => spendOrderPoints(tx, { userId: u.id, orderNo: 'O2', priceFen: 99_900, points: 1500 }))).rejects.toMatchObject({
      code: ErrorCode.INSUFFICIENT_POINTS,
    });
    expect(await app.db.transaction((tx) => returnOrderPoints(tx, { userId: u.id, orderNo: 'O1', why: 'closed' }))).toBe(1980);
    expect(await app.db.transaction((tx) => returnOrderPoints(tx, { userId: u.id, orderNo: 'O1', why: 'refunded' }))).toBe(0);
    expect(await app.db.transaction((tx) => returnOrderPoints(tx, { userId: u.id, orderNo: 'O-none', why: 'closed' }))).toBe(0);
    const log = ScoreLogPage.parse((await get<unknown>('/v1/user/score_log', u)).data);
    expect(log.items.map((i) => [i.reason, i.change, i.balance_after])).toEqual([
      ['order_return', 1980, 3000],
      ['order_spend', -1980, 1020],
      ['adjust', 3000, 3000],
    ]);
    const spentOnly = ScoreLogPage.parse((await get<unknown>('/v1/user/score_log?type=spent', u)).data);
    expect(spentOnly.items.map((i) => i.reason)).toEqual(['order_spend']);
    await expectLedgerConsistent(u.id);
  });

  it('account merge moves points through the ledger', async () => {
    const a = await makeUser(app);
    const b = await makeUser(app);
    await post('/v1/user/sign_in', b);
    await app.db.transaction((tx) => mergePoints(tx, b.id, a.id));
    expect((await get<{ availablescore: number }>('/v1/user/personal_info', a)).data.availablescore).toBe(5);
    await expectLedgerConsistent(a.id);
    await expectLedgerConsistent(b.id);
    const [neg] = await app.db.execute(sql`select count(*)::int as n from score_logs where balance_after < 0`).then((r) => (r as unknown as { rows: Array<{ n: number }> }).rows);
    expect(neg?.n).toBe(0);
  });
});

describe('points audit', () => {
  it('finds nothing after the flows above, and names a balance changed outside the ledger', async () => {
    expect(await auditPoints(app.db)).toEqual([]);
    const u = await makeUser(app);
    await post('/v1/user/sign_in', u);
    await app.db.update(users).set({ pointsBalance: 999 }).where(eq(users.id, u.id));
    const found = await auditPoints(app.db);
    expect(found).toEqual([{ rule: 'points balance equals the sum of its log', detail: { user_id: u.id, balance: '999', log_total: '5' } }]);
    await app.db.update(users).set({ pointsBalance: 5 }).where(eq(users.id, u.id));
  });
});

describe('concurrent postings of one user', () => {
  it('keep every balance_after the running sum (rows numbered in the order the balance moved)', async () => {
    const u = await makeUser(app);
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => app.db.transaction((tx) => postPoints(tx, { userId: u.id, change: i + 1, reason: 'adjust', refType: 'test', refId: `c${i}` }))),
    );
    // The same effect twelve times at once: once.
    await Promise.all(Array.from({ length: 12 }, () => app.db.transaction((tx) => postPoints(tx, { userId: u.id, change: 100, reason: 'adjust', refType: 'test', refId: 'same' }))));
    await expectLedgerConsistent(u.id);
    expect((await get<{ availablescore: number }>('/v1/user/personal_info', u)).data.availablescore).toBe(78 + 100);
    expect(await auditPoints(app.db)).toEqual([]);
  });
});
