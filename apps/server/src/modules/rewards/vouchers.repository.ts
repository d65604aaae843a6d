import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { courses, voucherBatches, vouchers } from '../../db/schema/index.ts';
import { type PageQ, paginate } from '../shared/paginate.ts';

/** Queries on voucher batches and their codes (stored as hashes only). */

export type BatchRow = typeof voucherBatches.$inferSelect;

/** A code (by its hash) with its batch. */
export async function voucherByHash(tx: Tx, codeHash: string) {
  const [found] = await tx
    .select({ voucher: vouchers, batch: voucherBatches })
    .from(vouchers)
    .innerJoin(voucherBatches, eq(voucherBatches.id, vouchers.batchId))
    .where(eq(vouchers.codeHash, codeHash));
  return found ?? null;
}

/** Flips a code from unused to redeemed: of concurrent redemptions exactly one gets true. */
export async function redeemVoucher(tx: Tx, id: number, userId: number, now: Date): Promise<boolean> {
  const [won] = await tx
    .update(vouchers)
    .set({ status: 'redeemed', redeemedBy: userId, redeemedAt: now })
    .where(and(eq(vouchers.id, id), eq(vouchers.status, 'unused')))
    .returning({ id: vouchers.id });
  return won !== undefined;
}

/** A course a voucher names (any state: a batch was made for it on purpose). */
export async function courseTitles(db: Db | Tx, courseId: number) {
  const [c] = await db.select({ id: courses.id, titleZh: courses.titleZh, titleEn: courses.titleEn }).from(courses).where(eq(courses.id, courseId));
  return c ?? null;
}

export async function insertBatch(tx: Tx, values: typeof voucherBatches.$inferInsert): Promise<BatchRow> {
  const [batch] = await tx.insert(voucherBatches).values(values).returning();
  if (!batch) throw new Error('voucher batch insert returned nothing');
  return batch;
}

/** A clash with an older code (about 2^-79 per pair) fails the unique index and the batch. */
export async function insertCodes(tx: Tx, batchId: number, codeHashes: string[]): Promise<void> {
  await tx.insert(vouchers).values(codeHashes.map((codeHash) => ({ batchId, codeHash })));
}

/** A page of batches, newest first, each with how many of its codes were redeemed. */
export function batchPage(db: Db, q: PageQ) {
  const redeemed = sql<number>`(select count(*)::int from ${vouchers} where ${vouchers.batchId} = ${voucherBatches.id} and ${vouchers.status} = 'redeemed')`;
  return paginate(
    db
      .select({ batch: voucherBatches, redeemed })
      .from(voucherBatches)
      .orderBy(desc(voucherBatches.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(voucherBatches),
  );
}
