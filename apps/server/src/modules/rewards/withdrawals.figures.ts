import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withdrawals } from '../../db/schema/index.ts';

/** Withdrawals waiting for finance's review. */
export async function pendingWithdrawalCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.status, 'pending'));
  return row?.n ?? 0;
}
