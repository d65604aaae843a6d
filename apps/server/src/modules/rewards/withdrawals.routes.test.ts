import { AdminWithdrawal, ErrorCode, Withdrawal, WithdrawalPage, WITHDRAWAL_LIMITS } from '@medportal/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { cardNumber } from '../../../test/cards.ts';
import { operator as makeOperator, PAY_PASSWORD, payer } from '../../../test/money.helpers.ts';
import { bearer, call, makeUser, type MadeUser } from '../../../test/factories.ts';
import { auditLog, walletTransactions } from '../../db/schema/index.ts';
import { auditLedger, walletOf } from '../money/index.ts';
import { SANDBOX_FAIL_HOLDER } from './payout.ts';

let app: FastifyInstance;
let operator: MadeUser;
let seq = 0;

beforeAll(async () => {
  // The sandbox reports 20 ms after a transfer; the worker looks every 50 ms.
  app = await buildTestApp({ seed: false, rewards: { sandboxPayoutDelayMs: 20, payoutIntervalMs: 50 } });
  operator = await makeOperator(app);
});
afterAll(async () => {
  await app?.close();
});

const PAY = PAY_PASSWORD;

/** A user with a pay password, a bank card and `balance` fen in the wallet. */
async function member(balance: number, holder = '王五'): Promise<{ u: MadeUser; cardId: number }> {
  const u = await payer(app, balance);
  const card = await call<{ id: number }>(app, {
    method: 'POST',
    url: '/v1/user/bankcard',
    headers: bearer(u.access),
    payload: { holder_name: holder, card_number: cardNumber('622848', 19, String(u.id)), mobile: '13800138000' },
  });
  expect(card.code).toBe(0);
  return { u, cardId: card.data.id };
}

const withdraw = (u: MadeUser, body: object, key: string | null = `k-${++seq}-withdraw`) =>
  call<unknown>(app, { method: 'POST', url: '/v1/user/wallet/cashwithdrawal', headers: { ...bearer(u.access), ...(key ? { 'idempotency-key': key } : {}) }, payload: body });
const admin = <T>(method: 'GET' | 'POST', url: string, payload?: object, who: MadeUser = operator) =>
  call<T>(app, { method, url, headers: bearer(who.access), ...(payload ? { payload } : {}) });

async function expectBooksBalance() {
  const audit = await auditLedger(app.db);
  expect(audit.violations).toEqual([]);
}

describe('asking to withdraw', () => {
  it('freezes the amount, shows it in my list and detail, and needs the pay password and a key', async () => {
    const { u, cardId } = await member(50_000);
    expect((await withdraw(u, { amount: 10_000, bankcard_id: cardId, pay_password: PAY }, null)).code).toBe(ErrorCode.VALIDATION);
    const wrong = await withdraw(u, { amount: 10_000, bankcard_id: cardId, pay_password: '000000' });
    expect(wrong.code).toBe(ErrorCode.WRONG_PAY_PASSWORD);
    expect((await withdraw(u, { amount: WITHDRAWAL_LIMITS.minFen - 1, bankcard_id: cardId, pay_password: PAY })).code).toBe(ErrorCode.WITHDRAWAL_TOO_SMALL);
    expect((await withdraw(u, { amount: 10_000, bankcard_id: 999_999, pay_password: PAY })).code).toBe(ErrorCode.NOT_FOUND);

    const res = await withdraw(u, { amount: 10_000, bankcard_id: cardId, pay_password: PAY });
    const w = Withdrawal.parse(res.data);
    expect(w).toMatchObject({ amount: 10_000, status: 'pending', bank_name: '中国农业银行', masked_number: expect.stringMatching(/^6228 \*{4} \*{4} \d{4}$/) });
    expect(await walletOf(app.db, u.id)).toEqual({ balance: 40_000, frozen: 10_000 });

    const detail = await call<unknown>(app, { url: `/v1/user/cashwithdrawal/${w.id}`, headers: bearer(u.access) });
    expect(Withdrawal.parse(detail.data)).toEqual(w);
    const list = WithdrawalPage.parse((await call<unknown>(app, { url: '/v1/user/cashwithdrawal', headers: bearer(u.access) })).data);
    expect(list.items.map((x) => x.id)).toEqual([w.id]);
    // Someone else's withdrawal does not exist for me.
    const other = await makeUser(app);
    expect((await call(app, { url: `/v1/user/cashwithdrawal/${w.id}`, headers: bearer(other.access) })).code).toBe(ErrorCode.NOT_FOUND);
    await expectBooksBalance();
  });

  it('more than the balance is refused and changes nothing', async () => {
    const { u, cardId } = await member(5_000);
    expect((await withdraw(u, { amount: 5_001, bankcard_id: cardId, pay_password: PAY })).code).toBe(ErrorCode.INSUFFICIENT_BALANCE);
    expect(await walletOf(app.db, u.id)).toEqual({ balance: 5_000, frozen: 0 });
  });

  it('the same Idempotency-Key answers the first result and freezes once; another body under it is refused', async () => {
    const { u, cardId } = await member(50_000);
    const body = { amount: 2_000, bankcard_id: cardId, pay_password: PAY };
    const res = await Promise.all(Array.from({ length: 6 }, () => withdraw(u, body, 'same-key-123')));
    expect(res.every((r) => r.code === 0)).toBe(true);
    expect(new Set(res.map((r) => (r.data as { id: number }).id)).size).toBe(1);
    expect(await walletOf(app.db, u.id)).toEqual({ balance: 48_000, frozen: 2_000 });
    expect((await withdraw(u, { ...body, amount: 3_000 }, 'same-key-123')).code).toBe(ErrorCode.IDEMPOTENCY_KEY_REUSED);
  });

  it('two concurrent withdrawals that together exceed the balance: exactly one succeeds', async () => {
    const { u, cardId } = await member(15_000);
    const res = await Promise.all([
      withdraw(u, { amount: 10_000, bankcard_id: cardId, pay_password: PAY }),
      withdraw(u, { amount: 10_000, bankcard_id: cardId, pay_password: PAY }),
    ]);
    expect(res.map((r) => r.code).sort()).toEqual([0, ErrorCode.INSUFFICIENT_BALANCE].sort());
    expect(await walletOf(app.db, u.id)).toEqual({ balance: 5_000, frozen: 10_000 });
    await expectBooksBalance();
  });

  it('keeps to the daily limit (amount and count)', async () => {
    const { u, cardId } = await member(2_000_000);
    const big = WITHDRAWAL_LIMITS.dailyMaxFen - 1_000;
    expect((await withdraw(u, { amount: big, bankcard_id: cardId, pay_password: PAY })).code).toBe(0);
    expect((await withdraw(u, { amount: 2_000, bankcard_id: cardId, pay_password: PAY })).code).toBe(ErrorCode.WITHDRAWAL_DAILY_LIMIT);
    expect((await withdraw(u, { amount: 1_000, bankcard_id: cardId, pay_password: PAY })).code).toBe(0);
    expect((await withdraw(u, { amount: 1_000, bankcard_id: cardId, pay_password: PAY })).code).toBe(ErrorCode.WITHDRAWAL_DAILY_LIMIT);
    const { u: v, cardId: c2 } = await member(100_000);
    for (let i = 0; i < WITHDRAWAL_LIMITS.dailyMaxCount; i++) expect((await withdraw(v, { amount: 1_000, bankcard_id: c2, pay_password: PAY })).code).toBe(0);
    expect((await withdraw(v, { amount: 1_000, bankcard_id: c2, pay_password: PAY })).code).toBe(ErrorCode.WITHDRAWAL_DAILY_LIMIT);
  });
});

describe('operator review', () => {
  it('only operators may list and review', async () => {
    const { u } = await member(0);
    expect((await admin('GET', '/v1/admin/withdrawals', undefined, u)).code).toBe(ErrorCode.FORBIDDEN);
    expect((await admin('POST', '/v1/admin/withdrawals/1/approve', undefined, u)).code).toBe(ErrorCode.FORBIDDEN);
    expect((await admin('POST', '/v1/admin/withdrawals/1/reject', { reason: 'no' }, u)).code).toBe(ErrorCode.FORBIDDEN);
    expect((await call(app, { url: '/v1/admin/withdrawals' })).code).toBe(ErrorCode.NOT_LOGGED_IN);
  });

  it('approve → the sandbox pays → paid, frozen released, bill and audit rows written, once', async () => {
    const { u, cardId } = await member(30_000);
    const w = Withdrawal.parse((await withdraw(u, { amount: 12_000, bankcard_id: cardId, pay_password: PAY })).data);
    const pending = await admin<{ items: Array<{ id: number; status: string }> }>('GET', '/v1/admin/withdrawals?status=pending&page_size=100');
    expect(pending.data.items.some((x) => x.id === w.id)).toBe(true);

    const approved = await admin<unknown>('POST', `/v1/admin/withdrawals/${w.id}/approve`);
    expect(AdminWithdrawal.parse(approved.data)).toMatchObject({ status: 'approved', user_id: u.id, reviewed_by: operator.id, holder_name: '王五' });
    // A second approval, or a rejection now, is refused.
    expect((await admin('POST', `/v1/admin/withdrawals/${w.id}/approve`)).code).toBe(ErrorCode.WITHDRAWAL_STATE);
    expect((await admin('POST', `/v1/admin/withdrawals/${w.id}/reject`, { reason: 'too late' })).code).toBe(ErrorCode.WITHDRAWAL_STATE);

    await vi.waitFor(
      async () => {
        const d = await call<{ status: string }>(app, { url: `/v1/user/cashwithdrawal/${w.id}`, headers: bearer(u.access) });
        expect(d.data.status).toBe('paid');
      },
      { timeout: 5000, interval: 25 },
    );
    expect(await walletOf(app.db, u.id)).toEqual({ balance: 18_000, frozen: 0 });
    const bill = await app.db.select().from(walletTransactions).where(and(eq(walletTransactions.userId, u.id), eq(walletTransactions.refId, w.withdrawal_no)));
    expect(bill.map((b) => [b.type, b.amount, b.frozenDelta]).sort()).toEqual(
      [
        ['withdrawal', -12_000, 12_000],
        ['withdrawal_paid', 0, -12_000],
      ].sort(),
    );
    const audits = await app.db.select().from(auditLog).where(eq(auditLog.target, `withdrawal:${w.withdrawal_no}`));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: operator.id, action: 'withdrawal.approve', before: { status: 'pending' }, after: { status: 'approved' } });
    const paid = await admin<{ items: Array<{ id: number; payout_ref: string | null }> }>('GET', '/v1/admin/withdrawals?status=paid&page_size=100');
    expect(paid.data.items.find((x) => x.id === w.id)?.payout_ref).toMatch(/^SBXP/);
    await expectBooksBalance();
  });

  it('reject with a reason → rejected, the amount back in the balance, audited', async () => {
    const { u, cardId } = await member(30_000);
    const w = Withdrawal.parse((await withdraw(u, { amount: 8_000, bankcard_id: cardId, pay_password: PAY })).data);
    expect((await admin('POST', `/v1/admin/withdrawals/${w.id}/reject`, { reason: '' })).code).toBe(ErrorCode.VALIDATION);
    const rejected = await admin<unknown>('POST', `/v1/admin/withdrawals/${w.id}/reject`, { reason: '户名与实名信息不符' });
    expect(AdminWithdrawal.parse(rejected.data)).toMatchObject({ status: 'rejected', reject_reason: '户名与实名信息不符' });
    expect(await walletOf(app.db, u.id)).toEqual({ balance: 30_000, frozen: 0 });
    expect((await admin('POST', `/v1/admin/withdrawals/${w.id}/reject`, { reason: 'again' })).code).toBe(ErrorCode.WITHDRAWAL_STATE);
    expect((await admin('POST', '/v1/admin/withdrawals/999999/approve')).code).toBe(ErrorCode.NOT_FOUND);
    const [audit] = await app.db.select().from(auditLog).where(eq(auditLog.target, `withdrawal:${w.withdrawal_no}`));
    expect(audit).toMatchObject({ action: 'withdrawal.reject', after: { status: 'rejected', reason: '户名与实名信息不符' } });
    // A rejected withdrawal no longer counts against the daily limit; the user sees why.
    const mine = Withdrawal.parse((await call<unknown>(app, { url: `/v1/user/cashwithdrawal/${w.id}`, headers: bearer(u.access) })).data);
    expect(mine).toMatchObject({ status: 'rejected', reject_reason: '户名与实名信息不符' });
    await expectBooksBalance();
  });

  it('a payout the provider reports failed goes back to the balance', async () => {
    const { u, cardId } = await member(30_000, SANDBOX_FAIL_HOLDER);
    const w = Withdrawal.parse((await withdraw(u, { amount: 9_000, bankcard_id: cardId, pay_password: PAY })).data);
    expect((await admin('POST', `/v1/admin/withdrawals/${w.id}/approve`)).code).toBe(0);
    await vi.waitFor(
      async () => {
        const d = await call<{ status: string }>(app, { url: `/v1/user/cashwithdrawal/${w.id}`, headers: bearer(u.access) });
        expect(d.data.status).toBe('failed');
      },
      { timeout: 5000, interval: 25 },
    );
    expect(await walletOf(app.db, u.id)).toEqual({ balance: 30_000, frozen: 0 });
    await expectBooksBalance();
  });
});
