import { ErrorCode } from '@medportal/contract';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { coupons, orders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { postLedger, walletOf } from './ledger.ts';
import { mergeEntitlements } from '../courses/index.ts';
import { writeAudit } from '../staff/index.ts';

/**
 * Refuses, with a code that says what to do first, when an account has money on the way: an order
 * waiting for payment (its QR code may still be paid) or a withdrawal being processed (its amount
 * is frozen until paid out or returned); with `balance`, also any balance left (cancellation).
 */
export async function refuseMoneyInFlight(tx: Tx, userId: number, opts: { balance: boolean }): Promise<void> {
  const w = await walletOf(tx, userId);
  if (w.frozen > 0) throw new AppError(ErrorCode.ACCOUNT_HAS_PENDING_WITHDRAWAL);
  const [pending] = await tx
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending')))
    .limit(1);
  if (pending) throw new AppError(ErrorCode.ACCOUNT_HAS_PENDING_ORDER);
  if (opts.balance && w.balance > 0) throw new AppError(ErrorCode.ACCOUNT_HAS_BALANCE);
}

export interface MoneyMerged {
  balance: number;
  orders: number;
  coupons: number;
  entitlements: number;
}

/**
 * Account merge, in the caller's transaction (both users' rows locked): the balance moves through
 * the ledger (a `merge` row on each side), and orders, coupons and course entitlements move to
 * `intoId`, with an audit row. Refused while `fromId` has an order or withdrawal in flight.
 */
export async function mergeMoney(tx: Tx, fromId: number, intoId: number, now: Date): Promise<MoneyMerged> {
  await refuseMoneyInFlight(tx, fromId, { balance: false });
  const { balance } = await walletOf(tx, fromId);
  if (balance > 0) {
    const ref = `${fromId}:${intoId}`;
    await postLedger(tx, { userId: fromId, type: 'merge', amount: -balance, refType: 'merge_out', refId: ref, now });
    await postLedger(tx, { userId: intoId, type: 'merge', amount: balance, refType: 'merge_in', refId: ref, now });
  }
  const movedOrders = await tx.update(orders).set({ userId: intoId }).where(eq(orders.userId, fromId)).returning({ orderNo: orders.orderNo });
  const movedCoupons = await tx.update(coupons).set({ userId: intoId }).where(eq(coupons.userId, fromId)).returning({ id: coupons.id });
  const entitlements = await mergeEntitlements(tx, fromId, intoId);
  const moved: MoneyMerged = { balance, orders: movedOrders.length, coupons: movedCoupons.length, entitlements };
  await writeAudit(tx, { actorId: intoId, action: 'account.merge', target: `user:${fromId}`, before: { user_id: fromId }, after: { into: intoId, ...moved }, now });
  return moved;
}
