import { ErrorCode, VOUCHER_LIMITS, VoucherBatchCreated, VoucherBatchPage, VoucherRedeemData } from '@medportal/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { bearer, call, makeUser, type MadeUser, testClock } from '../../../test/factories.ts';
import { auditLog, couponCampaigns, courseEntitlements, courses, coupons, userRoles, vouchers } from '../../db/schema/index.ts';

let app: FastifyInstance;
let operator: MadeUser;
let paidCourseId: number;
const clock = testClock();

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  operator = await makeUser(app, { nickname: 'Operator' });
  await app.db.insert(userRoles).values({ userId: operator.id, role: 'administrator' });
  const [c] = await app.db.select({ id: courses.id }).from(courses).where(eq(courses.priceType, 2)).limit(1);
  paidCourseId = c!.id;
});
afterAll(async () => {
  await app?.close();
});

const batch = async (body: object) => {
  const res = await call<unknown>(app, { method: 'POST', url: '/v1/admin/voucher_batches', headers: bearer(operator.access), payload: body });
  expect(res.code, JSON.stringify(res)).toBe(0);
  return VoucherBatchCreated.parse(res.data);
};
let ipSeq = 0;
const redeem = (u: MadeUser, code: string, remoteAddress = `10.0.0.${++ipSeq % 250}`) =>
  call<unknown>(app, { method: 'POST', url: '/v1/user/voucher/redeem', headers: bearer(u.access), payload: { code }, remoteAddress });

describe('voucher batches (operators)', () => {
  it('returns the codes once, stores only their hashes, lists batches and writes an audit row', async () => {
    const b = await batch({ kind: 'points', count: 5, points: 300, memo: 'spring' });
    expect(b).toMatchObject({ kind: 'points', count: 5, points: 300, redeemed: 0, created_by: operator.id });
    expect(b.codes).toHaveLength(5);
    expect(new Set(b.codes).size).toBe(5);
    for (const c of b.codes) expect(c).toMatch(/^[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){3}$/);
    const rows = await app.db.select().from(vouchers).where(eq(vouchers.batchId, b.id));
    expect(rows).toHaveLength(5);
    const stored = JSON.stringify(rows);
    for (const c of b.codes) expect(stored).not.toContain(c.replace(/-/g, '').slice(0, 8));
    const list = VoucherBatchPage.parse((await call<unknown>(app, { url: '/v1/admin/voucher_batches', headers: bearer(operator.access) })).data);
    expect(list.items[0]).toMatchObject({ id: b.id, count: 5 });
    const [audit] = await app.db.select().from(auditLog).where(eq(auditLog.target, `voucher_batch:${b.id}`));
    expect(audit).toMatchObject({ actorId: operator.id, action: 'voucher_batch.create' });
    expect(JSON.stringify(audit)).not.toContain(b.codes[0]);
  });

  it('checks the target of each kind and who asks', async () => {
    const post = (payload: object, who = operator) => call(app, { method: 'POST', url: '/v1/admin/voucher_batches', headers: bearer(who.access), payload });
    expect((await post({ kind: 'points', count: 1 })).code).toBe(ErrorCode.VALIDATION);
    expect((await post({ kind: 'course', count: 1, points: 5 })).code).toBe(ErrorCode.VALIDATION);
    expect((await post({ kind: 'course', count: 1, course_id: 999_999 })).code).toBe(ErrorCode.VALIDATION);
    expect((await post({ kind: 'coupon', count: 1, coupon_campaign_id: 999_999 })).code).toBe(ErrorCode.VALIDATION);
    expect((await post({ kind: 'points', count: 0, points: 5 })).code).toBe(ErrorCode.VALIDATION);
    expect((await post({ kind: 'points', count: 1, points: 5 }, await makeUser(app))).code).toBe(ErrorCode.FORBIDDEN);
  });
});

describe('redeeming', () => {
  it('points: credited once with a score_log row; the code then reads as used', async () => {
    const { codes } = await batch({ kind: 'points', count: 1, points: 250 });
    const u = await makeUser(app);
    const res = await redeem(u, codes[0]!.toLowerCase().replace(/-/g, ' '));
    expect(VoucherRedeemData.parse(res.data)).toEqual({ kind: 'points', points: 250, course: null, coupon_id: null, availablescore: 250 });
    const log = await call<{ items: Array<{ reason: string; change: number }> }>(app, { url: '/v1/user/score_log', headers: bearer(u.access) });
    expect(log.data.items).toMatchObject([{ reason: 'voucher', change: 250 }]);
    expect((await redeem(u, codes[0]!)).code).toBe(ErrorCode.VOUCHER_USED);
    expect((await redeem(await makeUser(app), codes[0]!)).code).toBe(ErrorCode.VOUCHER_USED);
  });

  it('a course: the user is entitled; a user who owns it already keeps the code unused', async () => {
    const { codes } = await batch({ kind: 'course', count: 2, course_id: paidCourseId });
    const u = await makeUser(app);
    const res = await redeem(u, codes[0]!);
    expect(VoucherRedeemData.parse(res.data)).toMatchObject({ kind: 'course', course: { id: paidCourseId } });
    const owned = await app.db.select().from(courseEntitlements).where(and(eq(courseEntitlements.userId, u.id), eq(courseEntitlements.courseId, paidCourseId)));
    expect(owned).toMatchObject([{ source: 'voucher' }]);
    expect((await redeem(u, codes[1]!)).code).toBe(ErrorCode.ALREADY_PURCHASED);
    // The second code still works for someone else.
    expect((await redeem(await makeUser(app), codes[1]!)).code).toBe(0);
  });

  it('a coupon: one coupon of the campaign for the user', async () => {
    const now = clock.now();
    const [camp] = await app.db
      .insert(couponCampaigns)
      .values({ titleZh: '兑换券', titleEn: 'Voucher coupon', kind: 'amount', value: 1000, claimStartsAt: now, claimEndsAt: new Date(now.getTime() + 86_400_000), validDays: 30 })
      .returning();
    const { codes } = await batch({ kind: 'coupon', count: 1, coupon_campaign_id: camp!.id });
    const u = await makeUser(app);
    const res = VoucherRedeemData.parse((await redeem(u, codes[0]!)).data);
    expect(res.kind).toBe('coupon');
    const mine = await app.db.select().from(coupons).where(eq(coupons.userId, u.id));
    expect(mine).toMatchObject([{ id: res.coupon_id, campaignId: camp!.id, status: 'unused' }]);
    const listed = await call<{ items: Array<{ id: number }> }>(app, { url: '/v1/user/coupon?status=unused', headers: bearer(u.access) });
    expect(listed.code).toBe(0);
    expect(listed.data.items.map((c) => c.id)).toContain(res.coupon_id);
  });

  it('an expired batch is refused', async () => {
    const { codes } = await batch({ kind: 'points', count: 1, points: 10, expires_at: new Date(clock.now().getTime() + 60_000).toISOString() });
    clock.advance(120);
    expect((await redeem(await makeUser(app), codes[0]!)).code).toBe(ErrorCode.VOUCHER_EXPIRED);
  });

  it('ten concurrent redemptions of one code: one wins', async () => {
    const { codes } = await batch({ kind: 'points', count: 1, points: 40 });
    const people = await Promise.all(Array.from({ length: 5 }, () => makeUser(app)));
    const res = await Promise.all([...people, ...people].map((p) => redeem(p, codes[0]!)));
    expect(res.filter((r) => r.code === 0)).toHaveLength(1);
    expect(res.filter((r) => r.code === ErrorCode.VOUCHER_USED)).toHaveLength(9);
  });

  it('wrong codes are limited per user and per address', async () => {
    const u = await makeUser(app);
    for (let i = 0; i < VOUCHER_LIMITS.userFailures; i++) expect((await redeem(u, `WRONG-CODE-${i}`)).code).toBe(ErrorCode.VOUCHER_INVALID);
    const { codes } = await batch({ kind: 'points', count: 2, points: 10 });
    const limited = await redeem(u, codes[0]!);
    expect(limited.code).toBe(ErrorCode.RATE_LIMITED);
    expect((limited.data as { retry_after: number }).retry_after).toBeGreaterThan(0);
    // The limit ends with its window.
    clock.advance(VOUCHER_LIMITS.windowS + 1);
    expect((await redeem(u, codes[0]!)).code).toBe(0);

    // Many users from one address.
    const ip = '203.0.113.9';
    for (let i = 0; i < VOUCHER_LIMITS.ipFailures; i++) expect((await redeem(await makeUser(app), `NOPE-${i}-XXXX`, ip)).code).toBe(ErrorCode.VOUCHER_INVALID);
    expect((await redeem(await makeUser(app), codes[1]!, ip)).code).toBe(ErrorCode.RATE_LIMITED);
    expect((await redeem(await makeUser(app), codes[1]!, '203.0.113.10')).code).toBe(0);
  });
});
