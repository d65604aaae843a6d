import { type ApiLanguage, ErrorCode, type PurchaseBody, type PurchaseData, RECHARGE_MAX_FEN, RECHARGE_MIN_FEN, type WalletTransaction } from '@medportal/contract';
import type { Database } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { grantEntitlement, hasEntitlement } from '../courses/index.ts';
import { pageOf } from '../shared/paginate.ts';
import { writeAudit } from '../staff/index.ts';
import { courseForSale, newOrderNo, priceCourseOrder } from './checkout.ts';
import { claimKey, requestHash, storeKey } from './idempotency.ts';
import { postLedger, walletOf } from './ledger.ts';
import { presentOrder, presentTxn, type TxnRow, type TxnSubjects } from './money.present.ts';
import * as repo from './money.repository.ts';
import type { MoneyDeps, Paying } from './money.service.ts';

const DEFAULT_RECHARGE_FEN = [1_000, 5_000, 10_000, 20_000, 50_000];

/** The balance (decision record 0026): what it buys at once, the bill, recharge options and operators' adjustments. */
export class WalletService {
  constructor(private readonly d: MoneyDeps) {}

  info(userId: number) {
    return walletOf(this.d.db, userId);
  }

  /** Buys a course from the balance in one transaction: the paid order, its ledger row and the course. */
  async purchase(p: Paying, body: PurchaseBody): Promise<PurchaseData> {
    const course = await courseForSale(this.d.db, body.module_id, this.d.now());
    const hash = requestHash('walletPurchase', body);
    // Before the transaction: a wrong password is counted even though nothing else happens.
    await this.d.checkPayPassword(p.user, body.pay_password);
    return transaction(this.d.db, async (tx) => {
      await repo.lockBuyer(tx, p.user.id);
      const replay = await claimKey(tx, p.user.id, p.key, hash, this.d.now());
      if (replay) return replay.response as PurchaseData;
      if (await hasEntitlement(tx, p.user.id, course.id)) throw new AppError(ErrorCode.ALREADY_PURCHASED);
      const now = this.d.now();
      const orderNo = newOrderNo(now);
      const order = await repo.insertOrder(tx, {
        ...(await priceCourseOrder(tx, { points: this.d.points, now: this.d.now(), userId: p.user.id, course, orderNo, body, use: true })),
        channel: 'balance',
        status: 'paid',
        expiresAt: now,
        paidAt: now,
        createdAt: now,
        updatedAt: now,
      });
      const posted = await postLedger(tx, { userId: p.user.id, type: 'purchase', amount: -order.amount, refType: 'order', refId: orderNo, memo: course.titleZh, now });
      // Granted meanwhile (a concurrent purchase of the same course): this one rolls back.
      if (!(await grantEntitlement(tx, { userId: p.user.id, courseId: course.id, source: 'order', grantedAt: now }))) throw new AppError(ErrorCode.ALREADY_PURCHASED);
      const data: PurchaseData = { order: presentOrder(order, p.lang, course.cover), balance: posted.balance };
      await storeKey(tx, p.user.id, p.key, data);
      return data;
    });
  }

  /** The titles of the orders bill rows refer to (shown in the reader's language). */
  private async subjects(rows: TxnRow[]): Promise<TxnSubjects> {
    const orderNos = [...new Set(rows.filter((t) => t.refType === 'order').map((t) => t.refId))];
    const found = await repo.orderTitles(this.d.db, orderNos);
    return new Map(found.map((o) => [o.orderNo, o]));
  }

  async transactions(userId: number, q: { page: number; page_size: number; type?: string | undefined }, lang: ApiLanguage) {
    const { rows, total } = await repo.transactionPage(this.d.db, userId, q);
    const subjects = await this.subjects(rows);
    return pageOf(
      rows.map((t) => presentTxn(t, lang, subjects)),
      q,
      total,
    );
  }

  async transaction(userId: number, id: number, lang: ApiLanguage): Promise<WalletTransaction> {
    const t = await repo.transactionById(this.d.db, id, userId);
    if (!t) throw new AppError(ErrorCode.NOT_FOUND);
    return presentTxn(t, lang, await this.subjects([t]));
  }

  async rechargeOptions(lang: ApiLanguage) {
    const rows = await repo.activeRechargeOptions(this.d.db);
    const label = (fen: number) => (lang === 'en' ? `¥${fen / 100}` : `${fen / 100} 元`);
    return { items: rows.map((r) => ({ id: r.id, amount: r.amount, label: label(r.amount) })), min_amount: RECHARGE_MIN_FEN, max_amount: RECHARGE_MAX_FEN };
  }

  /** Operator: credit or debit a balance with a reason (never below zero), audited, once per Idempotency-Key. */
  async adjust(actorId: number, key: string, userId: number, body: { amount: number; reason: string }, lang: ApiLanguage) {
    const hash = requestHash('adminAdjustWallet', { user_id: userId, ...body });
    if (!(await repo.userExists(this.d.db, userId))) throw new AppError(ErrorCode.NOT_FOUND);
    type Result = { wallet: { balance: number; frozen: number }; transaction: WalletTransaction };
    return transaction(this.d.db, async (tx): Promise<Result> => {
      const replay = await claimKey(tx, actorId, key, hash, this.d.now());
      if (replay) return replay.response as Result;
      const now = this.d.now();
      const before = await walletOf(tx, userId);
      const posted = await postLedger(tx, { userId, type: 'adjustment', amount: body.amount, refType: 'adjustment', refId: `${actorId}:${key}`, memo: body.reason, now });
      await writeAudit(tx, { actorId, action: 'wallet.adjust', target: `user:${userId}`, before, after: { balance: posted.balance, frozen: posted.frozen, amount: body.amount, reason: body.reason }, now });
      const t = await repo.transactionById(tx, posted.transactionId);
      if (!t) throw new Error('ledger row vanished');
      const result: Result = { wallet: { balance: posted.balance, frozen: posted.frozen }, transaction: presentTxn(t, lang) };
      await storeKey(tx, actorId, key, result);
      return result;
    });
  }
}

/** Recharge options exist in every environment (the first start writes the defaults). */
export async function ensureRechargeOptions(database: Pick<Database, 'db' | 'exclusive'>): Promise<void> {
  if (await repo.hasRechargeOptions(database.db)) return;
  await database.exclusive('recharge-options', async (db) => {
    if (!(await repo.hasRechargeOptions(db))) await repo.insertRechargeOptions(db, DEFAULT_RECHARGE_FEN);
  });
}
