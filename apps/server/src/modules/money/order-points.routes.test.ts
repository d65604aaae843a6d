import { randomUUID } from 'node:crypto';
import { ErrorCode, type Order, type OrderPayment, type PurchaseData } from '@medportal/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/factories.ts';
import { operator, PAY_PASSWORD, paidCourse, payer, post, expectBooksBalance, get, moneyApp } from '../../../test/money.helpers.ts';
import { pointsBalance, postPoints } from '../rewards/index.ts';
import { transaction } from '../../db/transaction.ts';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await moneyApp());
});
afterAll(async () => {
  await app?.close();
});

/** A payer with `balance` fen and `points` credit points. */
async function buyer(balance: number, points: number) {
  const u = await payer(app, balance);
  await app.db.transaction((tx) => postPoints(tx, { userId: u.id, change: points, reason: 'adjust', refType: 'test', refId: `grant-${u.id}` }));
  return u;
}

describe('credit points paying part of an order', () => {
  it('a balance purchase spends the points the rules allow and charges the rest', async () => {
    const u = await buyer(10_000, 5_000);
    const course = await paidCourse(app, 9_900);
    // 20 % of ¥99.00 is ¥19.80: 1,980 points at 100 points a yuan.
    const r = await post<PurchaseData>(app, '/v1/user/wallet/purchase', { module: 'course', module_id: course, points: 1_980, pay_password: PAY_PASSWORD }, u.access);
    expect(r.code, JSON.stringify(r)).toBe(0);
    expect(r.data.order).toMatchObject({ original_amount: 9_900, points_used: 1_980, points_deduction: 1_980, amount: 7_920, status: 'paid' });
    expect(r.data.balance).toBe(2_080);
    expect(await pointsBalance(app.db, u.id)).toBe(3_020);
    await expectBooksBalance(app);
  });

  it('refuses more points than the rules allow, or than the buyer has, and changes nothing', async () => {
    const u = await buyer(10_000, 1_000);
    const course = await paidCourse(app, 9_900);
    const tooMany = await post(app, '/v1/user/wallet/purchase', { module: 'course', module_id: course, points: 1_981, pay_password: PAY_PASSWORD }, u.access);
    expect(tooMany.code).toBe(ErrorCode.VALIDATION);
    const notEnough = await post(app, '/v1/user/wallet/purchase', { module: 'course', module_id: course, points: 1_500, pay_password: PAY_PASSWORD }, u.access);
    expect(notEnough.code).toBe(ErrorCode.INSUFFICIENT_POINTS);
    expect(await pointsBalance(app.db, u.id)).toBe(1_000);
    expect((await get<{ balance: number }>(app, '/v1/user/wallet/info', u.access)).data.balance).toBe(10_000);
  });

  it('a QR order holds its points until it is cancelled, then gives them back once', async () => {
    const u = await buyer(0, 3_000);
    const course = await paidCourse(app, 5_000);
    const order = await post<OrderPayment>(app, '/v1/pc/order', { module: 'course', module_id: course, points: 1_000, channel: 'wechat' }, u.access);
    expect(order.code, JSON.stringify(order)).toBe(0);
    expect(order.data.amount).toBe(4_000);
    expect(await pointsBalance(app.db, u.id)).toBe(2_000);
    const cancelled = await post<Order>(app, `/v1/user/order/${order.data.order_no}/cancel`, {}, u.access);
    expect(cancelled.data.status).toBe('closed');
    await post(app, `/v1/user/order/${order.data.order_no}/cancel`, {}, u.access);
    expect(await pointsBalance(app.db, u.id)).toBe(3_000);
  });

  it('a refund gives the points back with the money', async () => {
    const u = await buyer(10_000, 2_000);
    const op = await operator(app);
    const course = await paidCourse(app, 5_000);
    const bought = await post<PurchaseData>(app, '/v1/user/wallet/purchase', { module: 'course', module_id: course, points: 1_000, pay_password: PAY_PASSWORD }, u.access);
    expect(bought.data.order.amount).toBe(4_000);
    const refund = await post(app, `/v1/admin/orders/${bought.data.order.order_no}/refund`, { reason: 'asked by the learner' }, op.access);
    expect(refund.code, JSON.stringify(refund)).toBe(0);
    expect((await get<{ balance: number }>(app, '/v1/user/wallet/info', u.access)).data.balance).toBe(10_000);
    expect(await pointsBalance(app.db, u.id)).toBe(2_000);
    await expectBooksBalance(app);
  });
});

describe('one user placing orders that spend points at once', () => {
  // Each order locks the buyer's points and wallet; taken in different orders they deadlocked on
  // PostgreSQL (HTTP 500 for a double click).
  it.each([2, 6])('%i concurrent orders all succeed, none answers 500, and the books balance', async (n) => {
    for (let round = 0; round < 4; round += 1) {
      const u = await buyer(100_000, 100_000);
      const courses = await Promise.all(Array.from({ length: n }, () => paidCourse(app, 5_000)));
      // Balance purchases and QR orders mixed, each of its own course.
      const answers = await Promise.all(
        courses.map((course, i) =>
          i % 2 === 0
            ? app.inject({ method: 'POST', url: '/v1/user/wallet/purchase', payload: { module: 'course', module_id: course, points: 500, pay_password: PAY_PASSWORD }, headers: { ...bearer(u.access), 'idempotency-key': randomUUID() } })
            : app.inject({ method: 'POST', url: '/v1/pc/order', payload: { module: 'course', module_id: course, points: 500, channel: 'wechat' }, headers: { ...bearer(u.access), 'idempotency-key': randomUUID() } }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
      expect(answers.map((a) => a.json<{ code: number }>().code)).toEqual(answers.map(() => 0));
      expect(await pointsBalance(app.db, u.id)).toBe(100_000 - n * 500);
    }
    await expectBooksBalance(app);
  });
});

describe('the shared transaction helper', () => {
  const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

  it('runs a transaction again after a deadlock or serialization failure, a bounded number of times', async () => {
    let runs = 0;
    const answer = await transaction(app.db, async (tx) => {
      runs += 1;
      await tx.execute(sql`select 1`);
      if (runs < 3) throw runs === 1 ? deadlock() : new Error('wrapped', { cause: { code: '40001' } });
      return 'done';
    });
    expect({ answer, runs }).toEqual({ answer: 'done', runs: 3 });

    runs = 0;
    await expect(
      transaction(app.db, async () => {
        runs += 1;
        throw deadlock();
      }, { retries: 2 }),
    ).rejects.toThrow('deadlock detected');
    expect(runs).toBe(3);

    // Any other error is not retried.
    runs = 0;
    await expect(
      transaction(app.db, async () => {
        runs += 1;
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(runs).toBe(1);
  });
});
