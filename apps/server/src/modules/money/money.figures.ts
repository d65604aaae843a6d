import { and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';

/** Orders paid in [from, to) and what they brought in (fen; refunded later still counts as paid that day). */
export async function paidOrdersBetween(db: Db, from: Date, to: Date): Promise<{ paid: number; revenueFen: number }> {
  const [row] = await db
    .select({ n: count(), fen: sql<string>`coalesce(sum(${orders.amount}), 0)` })
    .from(orders)
    .where(and(inArray(orders.status, ['paid', 'refunded']), gte(orders.paidAt, from), lt(orders.paidAt, to)));
  return { paid: row?.n ?? 0, revenueFen: Number(row?.fen ?? 0) };
}

/** A user's orders: how many, how many paid (or since refunded), and the paid amount (fen). */
export async function orderSummary(db: Db, userId: number): Promise<{ total: number; paid: number; paidFen: number }> {
  const [row] = await db
    .select({
      total: count(),
      paid: sql<number>`(count(*) filter (where ${orders.status} in ('paid', 'refunded')))::int`,
      fen: sql<string>`coalesce(sum(${orders.amount}) filter (where ${orders.status} = 'paid'), 0)`,
    })
    .from(orders)
    .where(eq(orders.userId, userId));
  return { total: row?.total ?? 0, paid: row?.paid ?? 0, paidFen: Number(row?.fen ?? 0) };
}
