import { ErrorCode, pointsDeduction, type ScoreReason } from '@medportal/contract';
import { and, eq } from 'drizzle-orm';
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
 * caller's transaction. The user's row is locked first (`no key update`: rows referencing the
 * user take key-share locks that must not wait on it), so postings of one user run one after
 * another: a second call with the same effect key then finds the first one's row and changes
 * nothing, and rows are numbered in the order the balance moved (each `balance_after` is the
 * running sum). A change that would take the balance below 0 is INSUFFICIENT_POINTS (the
 * caller's transaction rolls back).
 */
export async function postPoints(tx: Tx, e: PointsEntry): Promise<PointsPosted> {
  if (!Number.isSafeInteger(e.change) || e.change === 0) throw new Error(`postPoints: bad change ${e.change}`);
  const [user] = await tx.select({ balance: users.pointsBalance }).from(users).where(eq(users.id, e.userId)).for('no key update');
  if (!user) throw new Error(`postPoints: no user ${e.userId}`);
  const [existing] = await tx
    .select({ id: scoreLogs.id })
    .from(scoreLogs)
    .where(and(eq(scoreLogs.userId, e.userId), eq(scoreLogs.reason, e.reason), eq(scoreLogs.refType, e.refType), eq(scoreLogs.refId, e.refId)));
  if (existing) return { applied: false, balance: user.balance, logId: existing.id };
  const balance = user.balance + e.change;
  if (balance < 0) throw new AppError(ErrorCode.INSUFFICIENT_POINTS);
  const [row] = await tx
    .insert(scoreLogs)
    .values({ userId: e.userId, change: e.change, balanceAfter: balance, reason: e.reason, refType: e.refType, refId: e.refId, memo: e.memo ?? '' })
    .returning({ id: scoreLogs.id });
  // The conditional update is a second guard: the row lock already makes `balance` exact.
  const [updated] = await tx
    .update(users)
    .set({ pointsBalance: balance })
    .where(and(eq(users.id, e.userId), eq(users.pointsBalance, user.balance)))
    .returning({ balance: users.pointsBalance });
  if (!row || !updated) throw new Error('postPoints: balance moved under its lock');
  return { applied: true, balance, logId: row.id };
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
  // By the order alone: an order moved by an account merge was paid with the other account's points.
  const [spent] = await tx
    .select({ change: scoreLogs.change })
    .from(scoreLogs)
    .where(and(eq(scoreLogs.reason, 'order_spend'), eq(scoreLogs.refType, 'order'), eq(scoreLogs.refId, o.orderNo)));
  if (!spent) return 0;
  const posted = await postPoints(tx, { userId: o.userId, change: -spent.change, reason: 'order_return', refType: 'order', refId: o.orderNo, memo: o.why });
  return posted.applied ? -spent.change : 0;
}

/** Points used by an order (0 when none): what a paid order consumed. */
export async function orderPoints(db: Db | Tx, _userId: number, orderNo: string): Promise<number> {
  const [spent] = await db
    .select({ change: scoreLogs.change })
    .from(scoreLogs)
    .where(and(eq(scoreLogs.reason, 'order_spend'), eq(scoreLogs.refType, 'order'), eq(scoreLogs.refId, orderNo)));
  return spent ? -spent.change : 0;
}

/** Account merge: every point of `fromId` moves to `intoId`, with a row on each side. */
export async function mergePoints(tx: Tx, fromId: number, intoId: number): Promise<void> {
  const amount = await pointsBalance(tx, fromId);
  if (amount <= 0) return;
  await postPoints(tx, { userId: fromId, change: -amount, reason: 'merge', refType: 'user', refId: String(intoId), memo: 'merged out' });
  await postPoints(tx, { userId: intoId, change: amount, reason: 'merge', refType: 'user', refId: String(fromId), memo: 'merged in' });
}
