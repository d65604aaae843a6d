import { and, asc, desc, eq, gte, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { signIns } from '../../db/schema/index.ts';

/** Queries on sign_ins: one row per user and local day. */

export type SignInRow = typeof signIns.$inferSelect;

export async function lastSignIn(db: Db | Tx, userId: number): Promise<SignInRow | null> {
  const [last] = await db.select().from(signIns).where(eq(signIns.userId, userId)).orderBy(desc(signIns.day)).limit(1);
  return last ?? null;
}

export async function signInOn(tx: Tx, userId: number, day: string): Promise<SignInRow | null> {
  const [row] = await tx.select().from(signIns).where(and(eq(signIns.userId, userId), eq(signIns.day, day)));
  return row ?? null;
}

/** The days signed in [from, to), in order. */
export function daysBetween(db: Db, userId: number, from: string, to: string): Promise<Array<{ date: string; points: number }>> {
  return db
    .select({ date: signIns.day, points: signIns.points })
    .from(signIns)
    .where(and(eq(signIns.userId, userId), gte(signIns.day, from), lt(signIns.day, to)))
    .orderBy(asc(signIns.day));
}

/** Records the day's sign-in; null when another request signed this day first (the unique key). */
export async function insertSignIn(tx: Tx, values: typeof signIns.$inferInsert): Promise<SignInRow | null> {
  const [row] = await tx.insert(signIns).values(values).onConflictDoNothing().returning();
  return row ?? null;
}
