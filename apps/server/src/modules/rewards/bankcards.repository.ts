import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bankCards } from '../../db/schema/index.ts';

/** Queries on bank cards. A removed card stays (withdrawals name it) with `removed_at` set. */

export type CardRow = typeof bankCards.$inferSelect;

const active = (userId: number) => and(eq(bankCards.userId, userId), isNull(bankCards.removedAt));

/** Serialises one user's card changes (count limit, one default) without a table of our own to lock. */
export async function lockUser(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${7301}, ${userId})`);
}

/** The user's active cards, the default first. */
export function activeCards(db: Db, userId: number): Promise<CardRow[]> {
  return db.select().from(bankCards).where(active(userId)).orderBy(desc(bankCards.isDefault), asc(bankCards.id));
}

export async function activeCard(db: Db | Tx, userId: number, id: number): Promise<CardRow | null> {
  const [row] = await db.select().from(bankCards).where(and(eq(bankCards.id, id), eq(bankCards.userId, userId), isNull(bankCards.removedAt)));
  return row ?? null;
}

export async function hasActiveNumber(tx: Tx, userId: number, numberHash: string): Promise<boolean> {
  const [dup] = await tx.select({ id: bankCards.id }).from(bankCards).where(and(active(userId), eq(bankCards.numberHash, numberHash)));
  return dup !== undefined;
}

export async function activeCount(tx: Tx, userId: number): Promise<number> {
  const [counted] = await tx.select({ n: count() }).from(bankCards).where(active(userId));
  return counted?.n ?? 0;
}

export async function hasDefault(tx: Tx, userId: number): Promise<boolean> {
  return (await tx.select({ id: bankCards.id }).from(bankCards).where(and(active(userId), eq(bankCards.isDefault, true)))).length > 0;
}

export async function clearDefault(tx: Tx, userId: number): Promise<void> {
  await tx.update(bankCards).set({ isDefault: false }).where(and(active(userId), eq(bankCards.isDefault, true)));
}

export async function setDefault(tx: Tx, id: number): Promise<void> {
  await tx.update(bankCards).set({ isDefault: true }).where(eq(bankCards.id, id));
}

export async function insertCard(tx: Tx, values: typeof bankCards.$inferInsert): Promise<CardRow> {
  const [inserted] = await tx.insert(bankCards).values(values).returning();
  if (!inserted) throw new Error('bank card insert returned nothing');
  return inserted;
}

/** Updates an active card of the user; null when there is none. */
export async function updateCard(db: Db, userId: number, id: number, set: Partial<typeof bankCards.$inferInsert>): Promise<CardRow | null> {
  const [row] = await db.update(bankCards).set(set).where(and(eq(bankCards.id, id), eq(bankCards.userId, userId), isNull(bankCards.removedAt))).returning();
  return row ?? null;
}

/** Marks an active card removed (and not the default); answers it as it was, or null. */
export async function removeCard(tx: Tx, userId: number, id: number, now: Date): Promise<CardRow | null> {
  const [card] = await tx.update(bankCards).set({ removedAt: now, isDefault: false }).where(and(active(userId), eq(bankCards.id, id))).returning();
  return card ?? null;
}

export async function oldestActive(tx: Tx, userId: number): Promise<number | null> {
  const [next] = await tx.select({ id: bankCards.id }).from(bankCards).where(active(userId)).orderBy(asc(bankCards.id)).limit(1);
  return next?.id ?? null;
}
