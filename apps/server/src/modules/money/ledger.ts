import { ErrorCode, type WalletTxnType } from '@medportal/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { wallets, walletTransactions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

export interface LedgerEntry {
  userId: number;
  type: WalletTxnType;
  /** Signed change of the balance (fen). */
  amount: number;
  /** Signed change of the frozen part (fen); default 0. */
  frozenDelta?: number;
  /** What caused it; `(type, refType, refId)` applies once. */
  refType: string;
  refId: string;
  memo?: string;
  now?: Date;
}

export interface LedgerPosting {
  /** False when this effect had been posted before (nothing changed). */
  applied: boolean;
  transactionId: number;
  balance: number;
  frozen: number;
}

/** A unique-constraint violation from either driver (drizzle wraps the driver's error as `cause`). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || name === constraint || String((e as Error).message ?? '').includes(constraint);
  }
  return false;
}

/**
 * The one way a balance changes (decision record 0026). Runs in the caller's transaction:
 * a conditional UPDATE of the wallet (the row lock orders concurrent postings of one user; the
 * condition keeps balance and frozen >= 0, else INSUFFICIENT_BALANCE and the caller's
 * transaction rolls back), then the bill row with the state after it. An effect already posted
 * (same type, refType, refId) changes nothing and answers `applied: false`; two transactions
 * racing to post the same effect cannot both commit (the unique constraint fails the second).
 */
export async function postLedger(tx: Tx | Db, entry: LedgerEntry): Promise<LedgerPosting> {
  const frozenDelta = entry.frozenDelta ?? 0;
  if (!Number.isSafeInteger(entry.amount) || !Number.isSafeInteger(frozenDelta) || (entry.amount === 0 && frozenDelta === 0)) {
    throw new Error(`postLedger: amounts must be integers in fen and not both 0 (${entry.amount}, ${frozenDelta})`);
  }
  const [done] = await tx
    .select({ id: walletTransactions.id, userId: walletTransactions.userId })
    .from(walletTransactions)
    .where(and(eq(walletTransactions.type, entry.type), eq(walletTransactions.refType, entry.refType), eq(walletTransactions.refId, entry.refId)));
  if (done) {
    if (done.userId !== entry.userId) throw new Error(`postLedger: ${entry.type} ${entry.refType}:${entry.refId} belongs to another user`);
    const w = await walletOf(tx, entry.userId);
    return { applied: false, transactionId: done.id, ...w };
  }
  await tx.insert(wallets).values({ userId: entry.userId }).onConflictDoNothing();
  const [after] = await tx
    .update(wallets)
    .set({
      balance: sql`${wallets.balance} + ${entry.amount}`,
      frozen: sql`${wallets.frozen} + ${frozenDelta}`,
      updatedAt: entry.now ?? new Date(),
    })
    .where(
      and(
        eq(wallets.userId, entry.userId),
        sql`${wallets.balance} + ${entry.amount} >= 0`,
        sql`${wallets.frozen} + ${frozenDelta} >= 0`,
      ),
    )
    .returning({ balance: wallets.balance, frozen: wallets.frozen });
  if (!after) throw new AppError(ErrorCode.INSUFFICIENT_BALANCE);
  const [row] = await tx
    .insert(walletTransactions)
    .values({
      userId: entry.userId,
      type: entry.type,
      amount: entry.amount,
      frozenDelta,
      balanceAfter: after.balance,
      frozenAfter: after.frozen,
      refType: entry.refType,
      refId: entry.refId,
      memo: entry.memo ?? '',
      ...(entry.now ? { createdAt: entry.now } : {}),
    })
    .returning({ id: walletTransactions.id });
  if (!row) throw new Error('postLedger: insert returned nothing');
  return { applied: true, transactionId: row.id, balance: after.balance, frozen: after.frozen };
}

/** The wallet of a user (zeros before the first posting). */
export async function walletOf(db: Tx | Db, userId: number): Promise<{ balance: number; frozen: number }> {
  const [w] = await db.select({ balance: wallets.balance, frozen: wallets.frozen }).from(wallets).where(eq(wallets.userId, userId));
  return w ?? { balance: 0, frozen: 0 };
}
