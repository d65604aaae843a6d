import { ErrorCode, type Order, type OrderPayment, type PurchaseData, type UsableCoupons, type UserCoupon, type CouponRemain, type WalletInfo } from '@medportal/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, coupons, courseEntitlements } from '../../db/schema/index.ts';
import type { TestClock } from '../../../test/factories.ts';
import { expectBooksBalance, get, moneyApp, operator, PAY_PASSWORD, paidCourse, payer, post } from '../../../test/money.helpers.ts';

let app: FastifyInstance;
let clock: TestClock;
let op: { access: string; id: number };
beforeAll(async () => {
  ({ app, clock } = await moneyApp());
  op = await operator(app);
});
afterAll(async () => {
  await app?.close();
});

const DAY = 86_400;
const future = (days: number) => new Date(clock.now().getTime() + days * DAY * 1000).toISOString();

async function campaign(body: Record<string, unknown>): Promise<number> {
  const res = await post<{ id: number }>(app, '/v1/admin/coupon_campaigns', { title_zh: '测试券', title_en: 'Test coupon', min_spend: 0, scope: 'all', course_ids: [], max_discount: null, claim_ends_at: future(30), valid_days: 7, ...body }, op.access, null);
  expect(res.code, JSON.stringify(res)).toBe(0);
  return res.data.id;
}

async function claim(token: string, campaignId: number): Promise<UserCoupon> {
  const res = await post<UserCoupon>(app, `/v1/user/coupon/${campaignId}`, {}, token, null);
  expect(res.code, JSON.stringify(res)).toBe(0);
  return res.data;
}

const wallet = async (token: string) => (await get<WalletInfo>(app, '/v1/user/wallet/info', token)).data;

describe('coupons', () => {
  it('claims within the limits; lists by status; remain shows open campaigns and what is left', async () => {
    const id = await campaign({ kind: 'amount', value: 1_000, total: 2, per_user_limit: 1 });
    const a = await payer(app);
    const b = await payer(app);
    const c = await payer(app);
    const mine = await claim(a.access, id);
    expect(mine).toMatchObject({ status: 'unused', kind: 'amount', value: 1_000, campaign_id: id });
    expect(new Date(mine.valid_until).getTime() - new Date(mine.valid_from).getTime()).toBe(7 * DAY * 1000);
    expect((await post(app, `/v1/user/coupon/${id}`, {}, a.access, null)).code).toBe(ErrorCode.COUPON_ALREADY_CLAIMED);
    await claim(b.access, id);
    expect((await post(app, `/v1/user/coupon/${id}`, {}, c.access, null)).code).toBe(ErrorCode.COUPON_SOLD_OUT);
    expect((await post(app, '/v1/user/coupon/999999', {}, c.access, null)).code).toBe(ErrorCode.NOT_FOUND);

    const remain = await get<CouponRemain>(app, '/v1/user/coupon/remain', a.access);
    expect(remain.data.unused).toBe(1);
    expect(remain.data.campaigns.find((x) => x.id === id)).toBeUndefined();
    const open = await campaign({ kind: 'discount', value: 20, max_discount: 3_000, total: null });
    const visitor = await get<CouponRemain>(app, '/v1/user/coupon/remain');
    expect(visitor.data.campaigns.find((x) => x.id === open)).toMatchObject({ remaining: null, claimed: 0, kind: 'discount', value: 20 });

    const unused = await get<{ items: UserCoupon[] }>(app, '/v1/user/coupon?status=unused', a.access);
    expect(unused.data.items.map((x) => x.id)).toEqual([mine.id]);
    // Its validity ends (moved back rather than the clock forward: the session would expire too).
    await app.db.update(coupons).set({ validFrom: new Date(clock.now().getTime() - 8 * DAY * 1000), validUntil: new Date(clock.now().getTime() - 1000) }).where(eq(coupons.id, mine.id));
    expect((await get<{ items: UserCoupon[] }>(app, '/v1/user/coupon?status=unused', a.access)).data.items).toEqual([]);
    const expired = await get<{ items: UserCoupon[] }>(app, '/v1/user/coupon?status=expired', a.access);
    expect(expired.data.items.map((x) => [x.id, x.status])).toEqual([[mine.id, 'expired']]);
    expect((await get<CouponRemain>(app, '/v1/user/coupon/remain', a.access)).data.unused).toBe(0);
  });

  it('lists the coupons usable for a course best first; applies the best one; minimum spend and scope hold', async () => {
    const u = await payer(app, 20_000);
    const course = await paidCourse(app, 10_000, 20_000);
    const other = await paidCourse(app, 10_000);
    const tenOff = await claim(u.access, await campaign({ kind: 'amount', value: 1_000 }));
    const thirtyPct = await claim(u.access, await campaign({ kind: 'discount', value: 30, max_discount: 2_500 }));
    const bigSpend = await claim(u.access, await campaign({ kind: 'amount', value: 5_000, min_spend: 50_000 }));
    const scoped = await claim(u.access, await campaign({ kind: 'amount', value: 4_000, scope: 'courses', course_ids: [other] }));

    const usable = await get<UsableCoupons>(app, `/v1/user/coupon/usable?module=course&module_id=${course}`, u.access);
    expect(usable.data).toMatchObject({ price: 10_000, original_price: 20_000, best_coupon_id: thirtyPct.id });
    expect(usable.data.items.map((i) => [i.coupon.id, i.discount, i.amount])).toEqual([
      [thirtyPct.id, 2_500, 7_500],
      [tenOff.id, 1_000, 9_000],
    ]);
    expect((await post(app, '/v1/user/wallet/purchase', { module: 'course', module_id: course, coupon_id: bigSpend.id, pay_password: PAY_PASSWORD }, u.access)).code).toBe(ErrorCode.COUPON_NOT_APPLICABLE);
    expect((await post(app, '/v1/user/wallet/purchase', { module: 'course', module_id: course, coupon_id: scoped.id, pay_password: PAY_PASSWORD }, u.access)).code).toBe(ErrorCode.COUPON_NOT_APPLICABLE);
    // Refusals changed nothing: the coupons are still unused.
    expect((await get<{ items: UserCoupon[] }>(app, '/v1/user/coupon?status=unused', u.access)).data.items).toHaveLength(4);

    const bought = await post<PurchaseData>(app, '/v1/user/wallet/purchase', { module: 'course', module_id: course, coupon_id: thirtyPct.id, pay_password: PAY_PASSWORD }, u.access);
    expect(bought.data.order).toMatchObject({ original_amount: 10_000, coupon_id: thirtyPct.id, coupon_discount: 2_500, amount: 7_500 });
    expect(await wallet(u.access)).toEqual({ balance: 12_500, frozen: 0 });
    const used = await get<{ items: UserCoupon[] }>(app, '/v1/user/coupon?status=used', u.access);
    expect(used.data.items.map((x) => x.id)).toEqual([thirtyPct.id]);
    // Someone else's coupon is not usable.
    const stranger = await payer(app, 20_000);
    expect((await post(app, '/v1/user/wallet/purchase', { module: 'course', module_id: other, coupon_id: tenOff.id, pay_password: PAY_PASSWORD }, stranger.access)).code).toBe(ErrorCode.COUPON_UNAVAILABLE);
    await expectBooksBalance(app);
  });

  it('a coupon in two concurrent orders: one wins', async () => {
    const u = await payer(app, 50_000);
    const coupon = await claim(u.access, await campaign({ kind: 'amount', value: 500 }));
    const courses = await Promise.all([paidCourse(app, 3_000), paidCourse(app, 3_000), paidCourse(app, 3_000), paidCourse(app, 3_000)]);
    const answers = await Promise.all(
      courses.map((id, i) =>
        i % 2 === 0
          ? post(app, '/v1/user/wallet/purchase', { module: 'course', module_id: id, coupon_id: coupon.id, pay_password: PAY_PASSWORD }, u.access)
          : post(app, '/v1/pc/order', { module: 'course', module_id: id, coupon_id: coupon.id, channel: 'wechat' }, u.access),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code === ErrorCode.COUPON_UNAVAILABLE)).toHaveLength(3);
    await expectBooksBalance(app);
  });

  it('a QR order holds its coupon; closing the order (cancel or expiry) releases it', async () => {
    const u = await payer(app);
    const coupon = await claim(u.access, await campaign({ kind: 'amount', value: 700 }));
    const course = await paidCourse(app, 2_000);
    const order = await post<OrderPayment>(app, '/v1/pc/order', { module: 'course', module_id: course, coupon_id: coupon.id, channel: 'wechat' }, u.access);
    expect(order.data.amount).toBe(1_300);
    const held = (await get<{ items: UserCoupon[] }>(app, '/v1/user/coupon?status=unused', u.access)).data.items.find((c) => c.id === coupon.id);
    expect(held?.order_no).toBe(order.data.order_no);
    // Held: not usable for another order meanwhile.
    expect((await get<UsableCoupons>(app, `/v1/user/coupon/usable?module=course&module_id=${course}`, u.access)).data.items).toEqual([]);
    clock.advance(16 * 60);
    try {
      await app.money.sweep();
    } finally {
      clock.advance(-16 * 60);
    }
    expect((await get<Order>(app, `/v1/user/order/info?order_no=${order.data.order_no}`, u.access)).data.status).toBe('closed');
    const released = (await get<{ items: UserCoupon[] }>(app, '/v1/user/coupon?status=unused', u.access)).data.items.find((c) => c.id === coupon.id);
    expect(released).toMatchObject({ status: 'unused', order_no: null });
    // Reused by a new order, paid by QR: used.
    const again = await post<OrderPayment>(app, '/v1/pc/order', { module: 'course', module_id: course, coupon_id: coupon.id, channel: 'wechat' }, u.access);
    await post(app, `/v1/dev/pay/${again.data.order_no}`, { result: 'success' }, undefined, null);
    await app.money.sweep();
    expect((await get<{ items: UserCoupon[] }>(app, '/v1/user/coupon?status=used', u.access)).data.items.map((c) => c.id)).toContain(coupon.id);
  });
});

describe('operators', () => {
  it('only operators reach /v1/admin/', async () => {
    const u = await payer(app);
    expect((await get(app, '/v1/admin/audit_log', u.access)).code).toBe(ErrorCode.FORBIDDEN);
    expect((await get(app, '/v1/admin/audit_log')).code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await post(app, `/v1/admin/wallets/${u.id}/adjust`, { amount: 100, reason: 'x' }, u.access)).code).toBe(ErrorCode.FORBIDDEN);
    expect(await wallet(u.access)).toEqual({ balance: 0, frozen: 0 });
  });

  it('refunds a balance purchase to the balance and revokes the course, once, with an audit row', async () => {
    const u = await payer(app, 10_000);
    const course = await paidCourse(app, 6_000);
    const bought = await post<PurchaseData>(app, '/v1/user/wallet/purchase', { module: 'course', module_id: course, pay_password: PAY_PASSWORD }, u.access);
    const no = bought.data.order.order_no;
    expect((await post(app, `/v1/admin/orders/${no}/refund`, { reason: '' }, op.access, null)).code).toBe(ErrorCode.VALIDATION);
    const refund = await post<{ refund: { status: string; amount: number }; order: Order }>(app, `/v1/admin/orders/${no}/refund`, { reason: '学员申请退款' }, op.access, null);
    expect(refund.code, JSON.stringify(refund)).toBe(0);
    expect(refund.data.refund).toMatchObject({ status: 'success', amount: 6_000 });
    expect(refund.data.order.status).toBe('refunded');
    expect(await wallet(u.access)).toEqual({ balance: 10_000, frozen: 0 });
    const granted = await app.db.select().from(courseEntitlements).where(and(eq(courseEntitlements.userId, u.id), eq(courseEntitlements.courseId, course)));
    expect(granted).toEqual([]);
    expect((await post(app, `/v1/admin/orders/${no}/refund`, { reason: 'again' }, op.access, null)).code).toBe(ErrorCode.REFUND_NOT_ALLOWED);
    const log = await get<{ items: Array<{ action: string; target: string; actor_id: number; before: { status: string }; after: { status: string } }> }>(app, `/v1/admin/audit_log?target=order:${no}`, op.access);
    expect(log.data.items).toHaveLength(1);
    expect(log.data.items[0]).toMatchObject({ action: 'order.refund', actor_id: op.id, before: { status: 'paid' }, after: { status: 'refunded' } });
    // The course can be bought again after a refund.
    expect((await post(app, '/v1/user/wallet/purchase', { module: 'course', module_id: course, pay_password: PAY_PASSWORD }, u.access)).code).toBe(0);
    await expectBooksBalance(app);
  });

  it('refunds a QR purchase through the provider', async () => {
    const u = await payer(app);
    const course = await paidCourse(app, 2_500);
    const order = await post<OrderPayment>(app, '/v1/pc/order', { module: 'course', module_id: course, channel: 'alipay' }, u.access);
    await post(app, `/v1/dev/pay/${order.data.order_no}`, { result: 'success' }, undefined, null);
    await app.money.sweep();
    const refund = await post<{ refund: { status: string; channel: string } }>(app, `/v1/admin/orders/${order.data.order_no}/refund`, { reason: 'duplicate purchase' }, op.access, null);
    expect(refund.data.refund).toMatchObject({ status: 'success', channel: 'alipay' });
    const trade = await app.money.sandboxes.find((s) => s.channel === 'alipay')?.trade(order.data.order_no);
    expect(trade).toMatchObject({ state: 'refunded', refundedAmount: 2_500 });
    expect(await wallet(u.access)).toEqual({ balance: 0, frozen: 0 });
    const pending = await post<OrderPayment>(app, '/v1/pc/recharge', { amount: 1_000, channel: 'wechat' }, u.access);
    expect((await post(app, `/v1/admin/orders/${pending.data.order_no}/refund`, { reason: 'x' }, op.access, null)).code).toBe(ErrorCode.REFUND_NOT_ALLOWED);
    await expectBooksBalance(app);
  });

  it('adjusts a balance with a reason, never below zero, once per Idempotency-Key; lists orders of everyone', async () => {
    const u = await payer(app);
    const key = 'adjust-key-0001';
    const credit = await post<{ wallet: WalletInfo }>(app, `/v1/admin/wallets/${u.id}/adjust`, { amount: 1_500, reason: '补偿' }, op.access, key);
    expect(credit.data.wallet).toEqual({ balance: 1_500, frozen: 0 });
    expect((await post<{ wallet: WalletInfo }>(app, `/v1/admin/wallets/${u.id}/adjust`, { amount: 1_500, reason: '补偿' }, op.access, key)).data.wallet).toEqual({ balance: 1_500, frozen: 0 });
    expect(await wallet(u.access)).toEqual({ balance: 1_500, frozen: 0 });
    expect((await post(app, `/v1/admin/wallets/${u.id}/adjust`, { amount: -2_000, reason: '扣回' }, op.access)).code).toBe(ErrorCode.INSUFFICIENT_BALANCE);
    expect((await post<{ wallet: WalletInfo }>(app, `/v1/admin/wallets/${u.id}/adjust`, { amount: -500, reason: '扣回' }, op.access)).data.wallet).toEqual({ balance: 1_000, frozen: 0 });
    expect((await post(app, '/v1/admin/wallets/999999/adjust', { amount: 5, reason: 'x' }, op.access)).code).toBe(ErrorCode.NOT_FOUND);
    const rows = await app.db.select().from(auditLog).where(eq(auditLog.target, `user:${u.id}`));
    expect(rows.map((r) => (r.after as { amount: number }).amount).sort()).toEqual([-500, 1_500]);
    const bill = await get<{ items: Array<{ type: string; title: string }> }>(app, '/v1/user/wallet/transaction', u.access);
    expect(bill.data.items[0]).toMatchObject({ type: 'adjustment', title: '余额调整 · 扣回' });
    await post(app, '/v1/pc/recharge', { amount: 1_000, channel: 'wechat' }, u.access);
    const orders = await get<{ items: Array<{ user_id: number; module: string }> }>(app, `/v1/admin/orders?user_id=${u.id}`, op.access);
    expect(orders.data.items).toHaveLength(1);
    expect(orders.data.items[0]).toMatchObject({ user_id: u.id, module: 'recharge' });
    // The console's search finds it by part of its number, and a number it does not have finds nothing.
    const orderNo = (orders.data.items[0] as unknown as { order_no: string }).order_no;
    const byNo = await get<{ items: Array<{ order_no: string }> }>(app, `/v1/admin/orders?q=${orderNo.slice(-10)}`, op.access);
    expect(byNo.data.items.map((o) => o.order_no)).toEqual([orderNo]);
    expect((await get<{ items: unknown[] }>(app, '/v1/admin/orders?q=NO-SUCH-ORDER', op.access)).data.items).toEqual([]);
    const campaigns = await get<{ items: Array<{ id: number }> }>(app, '/v1/admin/coupon_campaigns', op.access);
    expect(campaigns.data.items.length).toBeGreaterThan(0);
    await expectBooksBalance(app);
  });
});
