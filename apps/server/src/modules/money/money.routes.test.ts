import { randomUUID } from 'node:crypto';
import { ErrorCode, PriceType, type Order, type OrderPayment, type PurchaseData, type WalletInfo, type WalletTransactionPage } from '@medportal/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseEntitlements, courses, paymentNotifications, sandboxTrades } from '../../db/schema/index.ts';
import type { SandboxProvider } from '../../lib/payments/sandbox.ts';
import { call, type TestClock } from '../../../test/factories.ts';
import { expectBooksBalance, get, moneyApp, PAY_PASSWORD, paidCourse, payer, post } from '../../../test/money.helpers.ts';

let app: FastifyInstance;
let clock: TestClock;
beforeAll(async () => {
  ({ app, clock } = await moneyApp());
});
afterAll(async () => {
  await app?.close();
});

const wallet = async (token: string) => (await get<WalletInfo>(app, '/v1/user/wallet/info', token)).data;
const orderInfo = async (token: string, orderNo: string) => {
  const r = await get<Order>(app, `/v1/user/order/info?order_no=${orderNo}`, token);
  expect(r.code, JSON.stringify(r)).toBe(0);
  return r.data;
};
const entitled = async (userId: number, courseId: number) =>
  (await app.db.select().from(courseEntitlements).where(and(eq(courseEntitlements.userId, userId), eq(courseEntitlements.courseId, courseId)))).length === 1;
const sandbox = (channel = 'wechat') => app.money.sandboxes.find((s) => s.channel === channel) as SandboxProvider;

/** Delivers a notification the way the provider does (through the HTTP route). */
async function deliver(headers: Record<string, string>, body: string, channel = 'wechat') {
  return app.inject({ method: 'POST', url: `/v1/pay/notify/${channel}`, headers, payload: body });
}

describe('recharge by QR', () => {
  it('makes a QR order, the payer confirms on the sandbox page, the signed notification credits the balance once', async () => {
    const u = await payer(app);
    const options = await get<{ items: Array<{ id: number; amount: number }> }>(app, '/v1/user/recharge_list');
    expect(options.data.items.map((o) => o.amount)).toEqual([1_000, 5_000, 10_000, 20_000, 50_000]);
    const option = options.data.items[1];
    if (!option) throw new Error('no option');
    const res = await post<OrderPayment>(app, '/v1/pc/recharge', { option_id: option.id, channel: 'wechat' }, u.access);
    expect(res.code, JSON.stringify(res)).toBe(0);
    expect(res.data).toMatchObject({ amount: 5_000, status: 'pending', channel: 'wechat' });
    expect(res.data.qr).toMatch(/^data:image\/png;base64,/);
    const pageUrl = new URL(res.data.code_url);
    expect(pageUrl.pathname).toBe(`/sandbox/pay/${res.data.order_no}`);

    const page = await app.inject({ url: `${pageUrl.pathname}?lang=en` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('¥50.00');
    expect(page.body).toContain('Confirm payment');
    expect((await orderInfo(u.access, res.data.order_no)).status).toBe('pending');

    // The payer confirms on the page (a form post), which redirects back to it.
    const confirm = await app.inject({ method: 'POST', url: pageUrl.pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'result=success&lang=en' });
    expect(confirm.statusCode).toBe(303);
    await app.money.sweep();
    expect((await orderInfo(u.access, res.data.order_no)).status).toBe('paid');
    expect(await wallet(u.access)).toEqual({ balance: 5_000, frozen: 0 });
    const trade = await sandbox().trade(res.data.order_no);
    expect(trade?.ackedAt).not.toBeNull();

    // The provider sends it again (as a retry would): nothing more is credited.
    const again = await sandbox().notificationFor(res.data.order_no);
    if (!again) throw new Error('no notification');
    const dup = await deliver(again.headers, again.body);
    expect(dup.statusCode).toBe(200);
    expect(await wallet(u.access)).toEqual({ balance: 5_000, frozen: 0 });
    const bill = await get<WalletTransactionPage>(app, '/v1/user/wallet/transaction?type=recharge', u.access);
    expect(bill.data.items).toHaveLength(1);
    expect(bill.data.items[0]).toMatchObject({ type: 'recharge', amount: 5_000, balance_after: 5_000, ref_id: res.data.order_no });
    const one = await get(app, `/v1/user/wallet_transaction/${bill.data.items[0]?.id}`, u.access);
    expect(one.data).toMatchObject({ amount: 5_000 });
    await expectBooksBalance(app);
  });

  it('takes a custom amount within the range; refuses both or neither, and calls without an Idempotency-Key', async () => {
    const u = await payer(app);
    expect((await post<OrderPayment>(app, '/v1/pc/recharge', { amount: 1234, channel: 'alipay' }, u.access)).data.amount).toBe(1234);
    expect((await post(app, '/v1/pc/recharge', { amount: 99, channel: 'alipay' }, u.access)).code).toBe(ErrorCode.VALIDATION);
    expect((await post(app, '/v1/pc/recharge', { channel: 'alipay' }, u.access)).code).toBe(ErrorCode.VALIDATION);
    const noKey = await post(app, '/v1/pc/recharge', { amount: 1000, channel: 'wechat' }, u.access, null);
    expect(noKey.code).toBe(ErrorCode.VALIDATION);
    expect(noKey.message).toContain('Idempotency-Key');
    expect((await post(app, '/v1/pc/recharge', { amount: 1000, channel: 'wechat' })).code).toBe(ErrorCode.NOT_LOGGED_IN);
  });

  it('a declined payment credits nothing; the payer may confirm again', async () => {
    const u = await payer(app);
    const res = await post<OrderPayment>(app, '/v1/pc/recharge', { amount: 2_000, channel: 'wechat' }, u.access);
    expect((await post(app, `/v1/dev/pay/${res.data.order_no}`, { result: 'fail' }, undefined, null)).data).toMatchObject({ trade_state: 'failed' });
    await app.money.sweep();
    expect((await orderInfo(u.access, res.data.order_no)).status).toBe('pending');
    expect(await wallet(u.access)).toEqual({ balance: 0, frozen: 0 });
    expect((await post(app, `/v1/dev/pay/${res.data.order_no}`, { result: 'success' }, undefined, null)).data).toMatchObject({ trade_state: 'success' });
    await app.money.sweep();
    expect(await wallet(u.access)).toEqual({ balance: 2_000, frozen: 0 });
  });
});

describe('notifications', () => {
  async function paidTrade(amount = 3_000) {
    const u = await payer(app);
    const res = await post<OrderPayment>(app, '/v1/pc/recharge', { amount, channel: 'wechat' }, u.access);
    // Confirmed at the provider, but no delivery yet: the test delivers.
    await sandbox().pay(res.data.order_no, 'success');
    await app.db.update(sandboxTrades).set({ notifyAt: null }).where(eq(sandboxTrades.orderNo, res.data.order_no));
    const n = await sandbox().notificationFor(res.data.order_no);
    if (!n) throw new Error('no notification');
    return { u, orderNo: res.data.order_no, n };
  }

  it('refuses a bad signature, a stale one, a wrong amount and an unknown order with a 400, crediting nothing', async () => {
    const { u, orderNo, n } = await paidTrade();
    const forged = sandbox().signedHeaders(n.body, Buffer.from('not-the-sandbox-key-at-all'));
    expect((await deliver(forged, n.body)).statusCode).toBe(400);
    const tampered = n.body.replace('"payer_total":3000', '"payer_total":1');
    expect((await deliver(n.headers, tampered)).statusCode).toBe(400);
    // Signed correctly but the amount does not match the order.
    const wrongAmount = n.body.replace(/"total":3000,"payer_total":3000/, '"total":1,"payer_total":1');
    expect(wrongAmount).not.toBe(n.body);
    expect((await deliver(sandbox().signedHeaders(wrongAmount), wrongAmount)).statusCode).toBe(400);
    const unknown = n.body.replace(orderNo, '20990101000000999999999');
    expect((await deliver(sandbox().signedHeaders(unknown), unknown)).statusCode).toBe(400);
    expect((await deliver({ 'content-type': 'application/json' }, n.body)).statusCode).toBe(400);
    clock.advance(600);
    const stale = await deliver(n.headers, n.body);
    clock.advance(-600);
    expect(stale.statusCode).toBe(400);
    expect(await wallet(u.access)).toEqual({ balance: 0, frozen: 0 });
    expect((await orderInfo(u.access, orderNo)).status).toBe('pending');
    // The genuine one still lands afterwards.
    expect((await deliver(sandbox().signedHeaders(n.body), n.body)).statusCode).toBe(200);
    expect(await wallet(u.access)).toEqual({ balance: 3_000, frozen: 0 });
  });

  it('the sandbox payment page answers 404 for an unknown or malformed order number, never a 500', async () => {
    for (const path of ['%00', 'abc%00def', '20990101000000999999999', 'x'.repeat(100), '%E0%A4%A', '..%2F..%2Fetc']) {
      const page = await app.inject({ url: `/sandbox/pay/${path}?lang=en` });
      // Broken percent-encoding is refused by the router (400) before the page is reached.
      expect(page.statusCode, path).toBe(path === '%E0%A4%A' ? 400 : 404);
      const confirm = await app.inject({ method: 'POST', url: `/sandbox/pay/${path}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'result=success' });
      expect(confirm.statusCode, path).toBeLessThan(500);
      const devPay = await app.inject({ method: 'POST', url: `/v1/dev/pay/${path}`, payload: { result: 'success' } });
      expect(devPay.statusCode, path).toBeLessThan(500);
    }
  });

  it('a fault of our own answers 500 with the FAIL body, and the same notification lands once it is fixed', async () => {
    const { u, n } = await paidTrade(2_500);
    // The table the notification is recorded in is gone for a moment: our fault, not the sender's.
    await app.db.execute(sql`alter table payment_notifications rename to payment_notifications_away`);
    let failed;
    try {
      failed = await deliver(n.headers, n.body);
    } finally {
      await app.db.execute(sql`alter table payment_notifications_away rename to payment_notifications`);
    }
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ code: 'FAIL', message: expect.any(String) });
    expect((await deliver(n.headers, n.body)).statusCode).toBe(200);
    expect(await wallet(u.access)).toEqual({ balance: 2_500, frozen: 0 });
  });

  it('answers junk with a 400 and the FAIL body, never a 500', async () => {
    const junk: Array<{ headers: Record<string, string>; body: string | Buffer }> = [
      { headers: {}, body: '' },
      { headers: { 'content-type': 'application/json' }, body: '{' },
      { headers: { 'content-type': 'application/json' }, body: '[1,2,3]' },
      { headers: { 'content-type': 'application/octet-stream' }, body: Buffer.from([0, 0xff, 0xfe, 0x80, 0x00]) },
      { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'sign=%E0%A4%A&trade_status=x' },
      { headers: { 'content-type': 'text/plain', 'sandbox-timestamp': 'x'.repeat(100), 'sandbox-nonce': '\u0000', 'sandbox-signature': '%%%' }, body: 'null' },
      { headers: { 'content-type': 'application/json', 'sandbox-timestamp': '1', 'sandbox-nonce': 'n', 'sandbox-signature': 'AAAA' }, body: JSON.stringify({ resource: null }) },
    ];
    for (const channel of ['wechat', 'alipay']) {
      for (const j of junk) {
        const res = await app.inject({ method: 'POST', url: `/v1/pay/notify/${channel}`, headers: j.headers, payload: j.body });
        expect(res.statusCode, `${channel} ${String(j.body)}`).toBe(400);
        expect(res.json()).toEqual({ code: 'FAIL', message: expect.any(String) });
      }
    }
  });

  it('20 duplicate notifications at once credit once', async () => {
    const { u, orderNo, n } = await paidTrade(4_500);
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(n.headers, n.body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(await wallet(u.access)).toEqual({ balance: 4_500, frozen: 0 });
    const [row] = await app.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, orderNo));
    expect(row).toMatchObject({ outcome: 'applied', duplicates: 19 });
    await expectBooksBalance(app);
  });

  it('retries with back-off until acknowledged', async () => {
    const { u, orderNo } = await paidTrade(1_500);
    // The first delivery is refused (as if our server answered 500): the sandbox tries again later.
    await app.db.update(sandboxTrades).set({ notifyAt: clock.now() }).where(eq(sandboxTrades.orderNo, orderNo));
    const options = (sandbox() as unknown as { o: { transport: unknown } }).o;
    const realTransport = options.transport;
    options.transport = async () => ({ status: 503, body: 'unavailable' });
    expect(await sandbox().deliverDue()).toBe(1);
    options.transport = realTransport;
    let trade = await sandbox().trade(orderNo);
    expect(trade?.attempts).toBe(1);
    expect(trade?.ackedAt).toBeNull();
    expect(trade?.notifyAt?.getTime()).toBe(clock.now().getTime() + 2_000);
    expect(await sandbox().deliverDue()).toBe(0);
    clock.advance(2);
    expect(await sandbox().deliverDue()).toBe(1);
    trade = await sandbox().trade(orderNo);
    expect(trade?.ackedAt).not.toBeNull();
    expect(await wallet(u.access)).toEqual({ balance: 1_500, frozen: 0 });
    // Acknowledged: the sandbox sends it once more, later (as real providers may); it credits nothing.
    expect(trade?.notifyAt?.getTime()).toBe(clock.now().getTime() + 3_000);
    clock.advance(3);
    await sandbox().deliverDue();
    expect((await sandbox().trade(orderNo))?.notifyAt).toBeNull();
    clock.advance(60);
    await sandbox().deliverDue();
    expect(await wallet(u.access)).toEqual({ balance: 1_500, frozen: 0 });
    const [seen] = await app.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, orderNo));
    expect(seen).toMatchObject({ outcome: 'applied', duplicates: 1 });
  });
});

describe('buying a course', () => {
  it('the bill and each bill row show the course in the reader\'s language (Chinese only as a fallback)', async () => {
    const u = await payer(app, 20_000);
    const course = await paidCourse(app, 1_000);
    const [untitled] = await app.db.insert(courses).values({ courseType: 1, titleZh: '只有中文标题的课程', cover: '', priceType: PriceType.PAID, price: 1_000, status: 'published', publishedAt: new Date() }).returning({ id: courses.id });
    for (const id of [course, untitled!.id]) {
      expect((await post(app, '/v1/user/wallet/purchase', { module: 'course', module_id: id, pay_password: PAY_PASSWORD }, u.access)).code).toBe(0);
    }
    // A QR order paid from the balance afterwards (the other way a purchase reaches the bill).
    const qrCourse = await paidCourse(app, 1_000);
    const qr = await post<OrderPayment>(app, '/v1/pc/order', { module: 'course', module_id: qrCourse, channel: 'wechat' }, u.access);
    expect((await post(app, `/v1/user/order/${qr.data.order_no}/pay`, { channel: 'balance', pay_password: PAY_PASSWORD }, u.access)).code).toBe(0);
    const titles = async (language: string) => {
      const page = await call<WalletTransactionPage>(app, { url: `/v1/user/wallet/transaction?type=purchase&language=${language}`, headers: { authorization: `Bearer ${u.access}` } });
      const one = await call<{ title: string }>(app, { url: `/v1/user/wallet_transaction/${page.data.items[0]!.id}?language=${language}`, headers: { authorization: `Bearer ${u.access}` } });
      return { list: page.data.items.map((t) => t.title), one: one.data.title };
    };
    const en = await titles('en');
    const enTitle = async (id: number) => (await app.db.select({ t: courses.titleEn }).from(courses).where(eq(courses.id, id)))[0]!.t;
    expect(en.list).toEqual([`Purchase · ${await enTitle(qrCourse)}`, 'Purchase · 只有中文标题的课程', `Purchase · ${await enTitle(course)}`]);
    expect(en.one).toBe(en.list[0]);
    const zh = await titles('zh_CN');
    expect(zh.list).toEqual([expect.stringMatching(/^购买 · 付费课程 \d+$/), '购买 · 只有中文标题的课程', expect.stringMatching(/^购买 · 付费课程 \d+$/)]);
  });

  it('from the balance: pay password checked and counted, price from the catalogue, course granted once', async () => {
    const u = await payer(app, 10_000);
    const course = await paidCourse(app, 9_900, 19_900);
    const wrong = await post<{ remaining_attempts: number }>(app, '/v1/user/wallet/purchase', { module: 'course', module_id: course, pay_password: '000000' }, u.access);
    expect(wrong.code).toBe(ErrorCode.WRONG_PAY_PASSWORD);
    expect(wrong.data.remaining_attempts).toBe(4);
    // A price in the body is not part of the contract: it is ignored.
    const res = await post<PurchaseData>(app, '/v1/user/wallet/purchase', { module: 'course', module_id: course, pay_password: PAY_PASSWORD, price: 1 }, u.access);
    expect(res.code, JSON.stringify(res)).toBe(0);
    expect(res.data.order).toMatchObject({ status: 'paid', channel: 'balance', amount: 9_900, original_amount: 9_900, module_id: course });
    expect(res.data.balance).toBe(100);
    expect(await entitled(u.id, course)).toBe(true);
    expect((await post(app, '/v1/user/wallet/purchase', { module: 'course', module_id: course, pay_password: PAY_PASSWORD }, u.access)).code).toBe(ErrorCode.ALREADY_PURCHASED);
    const bill = await get<WalletTransactionPage>(app, '/v1/user/wallet/transaction', u.access);
    expect(bill.data.items[0]).toMatchObject({ type: 'purchase', amount: -9_900, balance_after: 100, ref_id: res.data.order.order_no });
    const orders = await get<{ items: Order[] }>(app, '/v1/user/order?status=paid', u.access);
    expect(orders.data.items.map((o) => o.order_no)).toEqual([res.data.order.order_no]);
    await expectBooksBalance(app);
  });

  it('refuses an insufficient balance, a free or unknown course, and needs a pay password set', async () => {
    const u = await payer(app, 500);
    const course = await paidCourse(app, 9_900);
    expect((await post(app, '/v1/user/wallet/purchase', { module: 'course', module_id: course, pay_password: PAY_PASSWORD }, u.access)).code).toBe(ErrorCode.INSUFFICIENT_BALANCE);
    expect(await wallet(u.access)).toEqual({ balance: 500, frozen: 0 });
    expect(await entitled(u.id, course)).toBe(false);
    expect((await post(app, '/v1/user/wallet/purchase', { module: 'course', module_id: 999_999, pay_password: PAY_PASSWORD }, u.access)).code).toBe(ErrorCode.NOT_FOR_SALE);
    const free = await paidCourse(app, 0);
    expect((await post(app, '/v1/pc/order', { module: 'course', module_id: free, channel: 'wechat' }, u.access)).code).toBe(ErrorCode.NOT_FOR_SALE);
    const { makeUser } = await import('../../../test/factories.ts');
    const noPassword = await makeUser(app);
    expect((await post(app, '/v1/user/wallet/purchase', { module: 'course', module_id: course, pay_password: PAY_PASSWORD }, noPassword.access)).code).toBe(ErrorCode.PAY_PASSWORD_NOT_SET);
  });

  it('by QR: the order is paid when the provider confirms, and the course opens', async () => {
    const u = await payer(app);
    const course = await paidCourse(app, 4_900);
    const res = await post<OrderPayment>(app, '/v1/pc/order', { module: 'course', module_id: course, channel: 'alipay' }, u.access);
    expect(res.code, JSON.stringify(res)).toBe(0);
    expect(res.data).toMatchObject({ amount: 4_900, status: 'pending', channel: 'alipay' });
    expect(await entitled(u.id, course)).toBe(false);
    await post(app, `/v1/dev/pay/${res.data.order_no}`, { result: 'success' }, undefined, null);
    await app.money.sweep();
    const order = await orderInfo(u.access, res.data.order_no);
    expect(order).toMatchObject({ status: 'paid', channel: 'alipay' });
    expect(order.paid_at).not.toBeNull();
    expect(await entitled(u.id, course)).toBe(true);
    expect(await wallet(u.access)).toEqual({ balance: 0, frozen: 0 });
    expect((await post(app, '/v1/pc/order', { module: 'course', module_id: course, channel: 'wechat' }, u.access)).code).toBe(ErrorCode.ALREADY_PURCHASED);
  });

  it('a pending order is paid from the balance, or cancelled; a new order of the same course replaces the old', async () => {
    const u = await payer(app, 10_000);
    const course = await paidCourse(app, 3_000);
    const first = await post<OrderPayment>(app, '/v1/pc/order', { module: 'course', module_id: course, channel: 'wechat' }, u.access);
    const second = await post<OrderPayment>(app, '/v1/pc/order', { module: 'course', module_id: course, channel: 'wechat' }, u.access);
    expect((await orderInfo(u.access, first.data.order_no)).status).toBe('closed');
    // The replaced order's QR no longer pays.
    expect((await post(app, `/v1/dev/pay/${first.data.order_no}`, { result: 'success' }, undefined, null)).data).toMatchObject({ trade_state: 'closed' });
    const paid = await post<OrderPayment>(app, `/v1/user/order/${second.data.order_no}/pay`, { channel: 'balance', pay_password: PAY_PASSWORD }, u.access);
    expect(paid.code, JSON.stringify(paid)).toBe(0);
    expect(paid.data, JSON.stringify(paid)).not.toBeNull();
    expect(paid.data).toMatchObject({ status: 'paid', channel: 'balance', code_url: '' });
    expect(await wallet(u.access)).toEqual({ balance: 7_000, frozen: 0 });
    expect(await entitled(u.id, course)).toBe(true);
    // The provider's QR of that order was closed first: the payer cannot pay it too.
    expect((await sandbox().trade(second.data.order_no))?.state).toBe('closed');

    const other = await paidCourse(app, 1_000);
    const pending = await post<OrderPayment>(app, '/v1/pc/order', { module: 'course', module_id: other, channel: 'wechat' }, u.access);
    const switched = await post<OrderPayment>(app, `/v1/user/order/${pending.data.order_no}/pay`, { channel: 'alipay' }, u.access);
    expect(switched.data).toMatchObject({ status: 'pending', channel: 'alipay' });
    const cancelled = await post<Order>(app, `/v1/user/order/${pending.data.order_no}/cancel`, {}, u.access, null);
    expect(cancelled.data.status).toBe('closed');
    expect((await post(app, `/v1/user/order/${pending.data.order_no}/pay`, { channel: 'wechat' }, u.access)).code).toBe(ErrorCode.ORDER_NOT_PAYABLE);
    expect((await post(app, `/v1/user/order/${pending.data.order_no}/cancel`, {}, u.access, null)).code).toBe(ErrorCode.ORDER_NOT_PAYABLE);
    // Someone else's order is not found.
    const stranger = await payer(app);
    expect((await get(app, `/v1/user/order/info?order_no=${pending.data.order_no}`, stranger.access)).code).toBe(ErrorCode.NOT_FOUND);
    await expectBooksBalance(app);
  });

  it('unpaid orders close at their expiry (the sweep), also at the provider', async () => {
    const u = await payer(app);
    const course = await paidCourse(app, 2_000);
    const res = await post<OrderPayment>(app, '/v1/pc/order', { module: 'course', module_id: course, channel: 'wechat' }, u.access);
    clock.advance(14 * 60);
    await app.money.sweep();
    expect((await orderInfo(u.access, res.data.order_no)).status).toBe('pending');
    clock.advance(61);
    await app.money.sweep();
    const order = await orderInfo(u.access, res.data.order_no);
    expect(order.status).toBe('closed');
    expect(order.closed_at).not.toBeNull();
    expect((await sandbox().trade(res.data.order_no))?.state).toBe('closed');
  });
});

describe('concurrency', () => {
  it('50 concurrent purchases against a balance that covers 5: exactly 5 succeed', async () => {
    const u = await payer(app, 500);
    const ids = await Promise.all(Array.from({ length: 50 }, () => paidCourse(app, 100)));
    const answers = await Promise.all(ids.map((id) => post(app, '/v1/user/wallet/purchase', { module: 'course', module_id: id, pay_password: PAY_PASSWORD }, u.access)));
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(5);
    expect(codes.filter((c) => c === ErrorCode.INSUFFICIENT_BALANCE)).toHaveLength(45);
    expect(await wallet(u.access)).toEqual({ balance: 0, frozen: 0 });
    const granted = await app.db.select().from(courseEntitlements).where(eq(courseEntitlements.userId, u.id));
    expect(granted).toHaveLength(5);
    await expectBooksBalance(app);
  });

  it('the same Idempotency-Key 10 times at once charges once and answers the same order', async () => {
    const u = await payer(app, 5_000);
    const course = await paidCourse(app, 1_200);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post<PurchaseData>(app, '/v1/user/wallet/purchase', { module: 'course', module_id: course, pay_password: PAY_PASSWORD }, u.access, key)),
    );
    expect(answers.map((a) => a.code)).toEqual(Array(10).fill(0));
    expect(new Set(answers.map((a) => a.data.order.order_no)).size).toBe(1);
    expect(await wallet(u.access)).toEqual({ balance: 3_800, frozen: 0 });
    // The same key with another request is refused.
    const other = await paidCourse(app, 100);
    expect((await post(app, '/v1/user/wallet/purchase', { module: 'course', module_id: other, pay_password: PAY_PASSWORD }, u.access, key)).code).toBe(ErrorCode.IDEMPOTENCY_KEY_REUSED);
    // QR orders too: one order per key.
    const qrKey = randomUUID();
    const third = await paidCourse(app, 700);
    const qr = await Promise.all(Array.from({ length: 5 }, () => post<OrderPayment>(app, '/v1/pc/order', { module: 'course', module_id: third, channel: 'wechat' }, u.access, qrKey)));
    expect(qr.map((a) => a.code)).toEqual(Array(5).fill(0));
    expect(new Set(qr.map((a) => a.data.order_no)).size).toBe(1);
    await expectBooksBalance(app);
  });

  it('concurrent purchases of the same course by one user charge once', async () => {
    const u = await payer(app, 10_000);
    const course = await paidCourse(app, 1_000);
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(app, '/v1/user/wallet/purchase', { module: 'course', module_id: course, pay_password: PAY_PASSWORD }, u.access)));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code === ErrorCode.ALREADY_PURCHASED)).toHaveLength(5);
    expect(await wallet(u.access)).toEqual({ balance: 9_000, frozen: 0 });
    await expectBooksBalance(app);
  });
});

describe('wallet reads', () => {
  it('needs a login; explains payments in both languages', async () => {
    expect((await get(app, '/v1/user/wallet/info')).code).toBe(ErrorCode.NOT_LOGGED_IN);
    const zh = await call<{ title: string; paragraphs: string[] }>(app, { url: '/v1/user/about_pay_explain' });
    const en = await call<{ title: string }>(app, { url: '/v1/user/about_pay_explain?language=en' });
    expect(zh.data.title).toBe('支付说明');
    expect(en.data.title).toBe('About payments');
  });
});
