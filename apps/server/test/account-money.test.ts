import { ErrorCode, type OrderPayment, type PurchaseData, type UserCoupon, type WalletInfo, type WalletTransactionPage } from '@medportal/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, courseEntitlements, users } from '../src/db/schema/index.ts';
import { postLedger } from '../src/modules/money/ledger.ts';
import { pointsBalance, postPoints } from '../src/modules/rewards/index.ts';
import { bearer, call, type MadeUser, smsCode, type TestClock } from './factories.ts';
import { expectBooksBalance, get, moneyApp, operator, PAY_PASSWORD, paidCourse, payer, post } from './money.helpers.ts';

let app: FastifyInstance;
let clock: TestClock;
let op: MadeUser;
beforeAll(async () => {
  ({ app, clock } = await moneyApp());
  op = await operator(app);
});
afterAll(async () => {
  await app?.close();
});

const wallet = async (token: string) => (await get<WalletInfo>(app, '/v1/user/wallet/info', token)).data;

async function claimCoupon(token: string): Promise<UserCoupon> {
  const claimEndsAt = new Date(clock.now().getTime() + 30 * 86_400_000).toISOString();
  const campaign = await post<{ id: number }>(app, '/v1/admin/coupon_campaigns', { title_zh: '合并券', title_en: 'Merge coupon', kind: 'amount', value: 500, min_spend: 0, scope: 'all', course_ids: [], max_discount: null, claim_ends_at: claimEndsAt, valid_days: 7 }, op.access, null);
  expect(campaign.code, JSON.stringify(campaign)).toBe(0);
  const claimed = await post<UserCoupon>(app, `/v1/user/coupon/${campaign.data.id}`, {}, token, null);
  expect(claimed.code, JSON.stringify(claimed)).toBe(0);
  return claimed.data;
}

/** `me` binds `other`'s mobile and gets the merge token (the code goes to `other`'s phone). */
async function mergeToken(me: MadeUser, other: MadeUser): Promise<string> {
  clock.advance(61);
  const code = await smsCode(app, other.mobile ?? '', 'bind');
  const taken = await call<{ merge_token: string }>(app, { method: 'POST', url: '/v1/user/personal_info/bind_mobile', headers: bearer(me.access), payload: { mobile: other.mobile, code } });
  expect(taken.code).toBe(ErrorCode.ACCOUNT_TAKEN);
  return taken.data.merge_token;
}

const merge = (me: MadeUser, token: string) => call<{ merged_user_id: number }>(app, { method: 'POST', url: '/v1/user/merge_user', headers: bearer(me.access), payload: { merge_token: token, confirm: true } });

describe('account merge and money', () => {
  it('moves the balance (through the ledger), courses, orders, coupons and points to the surviving account, with an audit row', async () => {
    const me = await payer(app, 1_000);
    const other = await payer(app, 20_000);
    await app.db.transaction((tx) => postPoints(tx, { userId: other.id, change: 3_000, reason: 'adjust', refType: 'test', refId: `merge-${other.id}` }));
    const course = await paidCourse(app, 5_000);
    const bought = await post<PurchaseData>(app, '/v1/user/wallet/purchase', { module: 'course', module_id: course, points: 1_000, pay_password: PAY_PASSWORD }, other.access);
    expect(bought.code, JSON.stringify(bought)).toBe(0);
    const coupon = await claimCoupon(other.access);
    const before = await wallet(other.access);

    const merged = await merge(me, await mergeToken(me, other));
    expect(merged).toMatchObject({ code: 0, data: { merged_user_id: other.id } });

    expect(await wallet(me.access)).toEqual({ balance: 1_000 + before.balance, frozen: 0 });
    const bill = await get<WalletTransactionPage>(app, '/v1/user/wallet/transaction?language=en', me.access);
    expect(bill.data.items[0]).toMatchObject({ type: 'merge', amount: before.balance, title: 'Account merge' });
    expect(await pointsBalance(app.db, me.id)).toBe(2_000);
    expect(await pointsBalance(app.db, other.id)).toBe(0);
    const owned = await app.db.select().from(courseEntitlements).where(and(eq(courseEntitlements.userId, me.id), eq(courseEntitlements.courseId, course)));
    expect(owned).toHaveLength(1);
    const orders = await get<{ items: Array<{ order_no: string }> }>(app, '/v1/user/order', me.access);
    expect(orders.data.items.map((o) => o.order_no)).toContain(bought.data.order.order_no);
    const coupons = await get<{ items: UserCoupon[] }>(app, '/v1/user/coupon', me.access);
    expect(coupons.data.items.map((c) => c.id)).toContain(coupon.id);
    const [audit] = await app.db.select().from(auditLog).where(and(eq(auditLog.action, 'account.merge'), eq(auditLog.target, `user:${other.id}`)));
    expect(audit?.after).toMatchObject({ into: me.id, balance: before.balance, orders: 1, coupons: 1, entitlements: 1 });
    await expectBooksBalance(app);

    // A refund of a moved order reaches the surviving account, points included.
    const refund = await post(app, `/v1/admin/orders/${bought.data.order.order_no}/refund`, { reason: 'after a merge' }, op.access);
    expect(refund.code, JSON.stringify(refund)).toBe(0);
    expect((await wallet(me.access)).balance).toBe(1_000 + before.balance + bought.data.order.amount);
    expect(await pointsBalance(app.db, me.id)).toBe(3_000);
    await expectBooksBalance(app);
  });

  it('refuses while the other account has an order waiting for payment or a withdrawal in process, and moves nothing', async () => {
    const me = await payer(app);
    const other = await payer(app, 10_000);
    const course = await paidCourse(app, 3_000);
    const pending = await post<OrderPayment>(app, '/v1/pc/order', { module: 'course', module_id: course, channel: 'wechat' }, other.access);
    expect(pending.code).toBe(0);
    const token = await mergeToken(me, other);
    const refused = await merge(me, token);
    expect(refused.code).toBe(ErrorCode.ACCOUNT_HAS_PENDING_ORDER);
    expect(refused.message).toMatch(/支付或取消/);
    expect(await wallet(other.access)).toEqual({ balance: 10_000, frozen: 0 });
    expect((await app.db.select().from(users).where(eq(users.id, other.id)))[0]?.status).toBe('active');

    expect((await post(app, `/v1/user/order/${pending.data.order_no}/cancel`, {}, other.access)).code).toBe(0);
    // A withdrawal freezes its amount until it is paid out or returned.
    await app.db.transaction(async (tx) => {
      await postLedger(tx, { userId: other.id, type: 'withdrawal', amount: -4_000, frozenDelta: 4_000, refType: 'withdrawal', refId: `W-merge-${other.id}` });
    });
    const frozen = await call(app, { method: 'POST', url: '/v1/user/merge_user?language=en', headers: bearer(me.access), payload: { merge_token: token, confirm: true } });
    expect(frozen.code).toBe(ErrorCode.ACCOUNT_HAS_PENDING_WITHDRAWAL);
    expect(frozen.message).toMatch(/wait until it is paid out or returned/);
    expect(await wallet(me.access)).toEqual({ balance: 0, frozen: 0 });
    await expectBooksBalance(app);
  });
});

describe('account cancellation and money', () => {
  const cancel = (u: MadeUser, code: string) => call(app, { method: 'POST', url: '/v1/user/account/cancel?language=en', headers: bearer(u.access), payload: { code, confirm: true } });

  it('is refused with a balance, a withdrawal in process or an order waiting for payment, saying what to do first', async () => {
    const u = await payer(app, 2_000);
    const refused = await cancel(u, '123456');
    expect(refused.code).toBe(ErrorCode.ACCOUNT_HAS_BALANCE);
    expect(refused.message).toMatch(/withdraw it/);

    await app.db.transaction(async (tx) => {
      await postLedger(tx, { userId: u.id, type: 'withdrawal', amount: -2_000, frozenDelta: 2_000, refType: 'withdrawal', refId: `W-cancel-${u.id}` });
    });
    expect((await cancel(u, '123456')).code).toBe(ErrorCode.ACCOUNT_HAS_PENDING_WITHDRAWAL);
    await app.db.transaction(async (tx) => {
      await postLedger(tx, { userId: u.id, type: 'withdrawal_paid', amount: 0, frozenDelta: -2_000, refType: 'withdrawal', refId: `W-cancel-${u.id}` });
    });

    const course = await paidCourse(app, 3_000);
    const pending = await post<OrderPayment>(app, '/v1/pc/order', { module: 'course', module_id: course, channel: 'alipay' }, u.access);
    expect(pending.code).toBe(0);
    expect((await cancel(u, '123456')).code).toBe(ErrorCode.ACCOUNT_HAS_PENDING_ORDER);
    expect((await post(app, `/v1/user/order/${pending.data.order_no}/cancel`, {}, u.access)).code).toBe(0);

    // Nothing left in flight: the code decides, and the account goes.
    clock.advance(61);
    const code = await smsCode(app, u.mobile ?? '', 'cancel');
    expect((await cancel(u, code)).code).toBe(0);
    expect((await app.db.select().from(users).where(eq(users.id, u.id)))[0]?.status).toBe('cancelled');
  });
});
