import { ErrorCode, pointsDeduction, type ScoreReason } from '@medportal/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { scoreLogs, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

export interface PointsEntry {
  userId: number;
  /** Signed; never 0. */
  change: number;
  reason: ScoreReason;
  /** With userId and reason, the effect key: the same key applies once. */
  refType: string;
  refId: string;
  memo?: string;
}

export interface PointsPosted {
  /** False when this effect had already been applied (nothing changed). */
  applied: boolean;
  balance: number;
  logId: number;
}

/**
 * The one way points change: a score_logs row and the balance (users.points_balance) in the
 * caller's transaction. The row is inserted first, so a second call with the same effect key
 * waits for the first one's transaction and then does nothing; the balance moves with a
 * conditional UPDATE that never lets it go below 0 (INSUFFICIENT_POINTS, and the caller's
 * transaction rolls back).
 */
export async function postPoints(tx: Tx, e: PointsEntry): Promise<PointsPosted> {
  if (!Number.isSafeInteger(e.change) || e.change === 0) throw new Error(`postPoints: bad change ${e.change}`);
  const [row] = await tx
    .insert(scoreLogs)
    .values({ userId: e.userId, change: e.change, balanceAfter: 0, reason: e.reason, refType: e.refType, refId: e.refId, memo: e.memo ?? '' })
    .onConflictDoNothing()
    .returning({ id: scoreLogs.id });
  if (!row) {
    const [existing] = await tx
      .select({ id: scoreLogs.id })
      .from(scoreLogs)
      .where(and(eq(scoreLogs.userId, e.userId), eq(scoreLogs.reason, e.reason), eq(scoreLogs.refType, e.refType), eq(scoreLogs.refId, e.refId)));
    return { applied: false, balance: await pointsBalance(tx, e.userId), logId: existing?.id ?? 0 };
  }
  const [updated] = await tx
    .update(users)
    .set({ pointsBalance: sql`${users.pointsBalance} + ${e.change}` })
    .where(and(eq(users.id, e.userId), sql`${users.pointsBalance} + ${e.change} >= 0`))
    .returning({ balance: users.pointsBalance });
  if (!updated) throw new AppError(ErrorCode.INSUFFICIENT_POINTS);
  await tx.update(scoreLogs).set({ balanceAfter: updated.balance }).where(eq(scoreLogs.id, row.id));
  return { applied: true, balance: updated.balance, logId: row.id };
}

export async function pointsBalance(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db.select({ balance: users.pointsBalance }).from(users).where(eq(users.id, userId));
  return row?.balance ?? 0;
}

/**
 * Points paying part of an order (money module, inside its order transaction). `points` is what
 * the buyer asked to use; more than pointsDeduction allows for this price is refused. Returns the
 * fen the points cover. Spending is keyed by the order: a retry spends nothing more.
 */
export async function spendOrderPoints(tx: Tx, o: { userId: number; orderNo: string; priceFen: number; points: number }): Promise<{ points: number; fen: number }> {
  if (o.points <= 0) return { points: 0, fen: 0 };
  const allowed = pointsDeduction(o.priceFen, o.points);
  if (allowed.points !== o.points) throw new AppError(ErrorCode.VALIDATION, { data: { fields: [{ field: 'points', message: `at most ${allowed.points}` }] } });
  await postPoints(tx, { userId: o.userId, change: -o.points, reason: 'order_spend', refType: 'order', refId: o.orderNo });
  return allowed;
}

/**
 * Gives back the points an order used, when it closes unpaid or is refunded (either, once: both
 * share the effect key `order_return`). Returns the points given back (0 when none were used or
 * they were already returned).
 */
export async function returnOrderPoints(tx: Tx, o: { userId: number; orderNo: string; why: 'closed' | 'refunded' }): Promise<number> {
  const [spent] = await tx
    .select({ change: scoreLogs.change })
    .from(scoreLogs)
    .where(and(eq(scoreLogs.userId, o.userId), eq(scoreLogs.reason, 'order_spend'), eq(scoreLogs.refType, 'order'), eq(scoreLogs.refId, o.orderNo)));
  if (!spent) return 0;
  const posted = await postPoints(tx, { userId: o.userId, change: -spent.change, reason: 'order_return', refType: 'order', refId: o.orderNo, memo: o.why });
  return posted.applied ? -spent.change : 0;
}

/** Points used by an order (0 when none): what a paid order consumed. */
export async function orderPoints(db: Db | Tx, userId: number, orderNo: string): Promise<number> {
  const [spent] = await db
    .select({ change: scoreLogs.change })
    .from(scoreLogs)
    .where(and(eq(scoreLogs.userId, userId), eq(scoreLogs.reason, 'order_spend'), eq(scoreLogs.refType, 'order'), eq(scoreLogs.refId, orderNo)));
  return spent ? -spent.change : 0;
}

/** Account merge: every point of `fromId` moves to `intoId`, with a row on each side. */
export async function mergePoints(tx: Tx, fromId: number, intoId: number): Promise<void> {
  const amount = await pointsBalance(tx, fromId);
  if (amount <= 0) return;
  await postPoints(tx, { userId: fromId, change: -amount, reason: 'merge', refType: 'user', refId: String(intoId), memo: 'merged out' });
  await postPoints(tx, { userId: intoId, change: amount, reason: 'merge', refType: 'user', refId: String(fromId), memo: 'merged in' });
}
