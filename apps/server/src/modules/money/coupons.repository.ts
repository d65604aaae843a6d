import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { couponCampaigns, coupons } from '../../db/schema/index.ts';
import { type PageQ, paginate } from '../shared/paginate.ts';
import type { CampaignRow, CouponRow } from './money.present.ts';

/** Queries on coupons and their campaigns (the money module owns both tables). */

type Q = Db | Tx;

// ---- campaigns ----

export async function campaignById(db: Q, id: number): Promise<CampaignRow | null> {
  const [c] = await db.select().from(couponCampaigns).where(eq(couponCampaigns.id, id));
  return c ?? null;
}

/** The campaign row locked for a claim: a user's limit holds under concurrent claims. */
export async function lockCampaign(tx: Tx, id: number): Promise<CampaignRow | null> {
  const [c] = await tx.select().from(couponCampaigns).where(eq(couponCampaigns.id, id)).for('update');
  return c ?? null;
}

/** Counts one more coupon issued, never past `total`; false when it is sold out. */
export async function issueOne(tx: Tx, campaignId: number): Promise<boolean> {
  const [issued] = await tx
    .update(couponCampaigns)
    .set({ issued: sql`${couponCampaigns.issued} + 1` })
    .where(and(eq(couponCampaigns.id, campaignId), sql`(${couponCampaigns.total} is null or ${couponCampaigns.issued} < ${couponCampaigns.total})`))
    .returning({ issued: couponCampaigns.issued });
  return issued !== undefined;
}

export async function insertCampaign(tx: Tx, values: typeof couponCampaigns.$inferInsert): Promise<CampaignRow> {
  const [c] = await tx.insert(couponCampaigns).values(values).returning();
  if (!c) throw new Error('campaign insert returned nothing');
  return c;
}

export function allCampaigns(db: Db): Promise<CampaignRow[]> {
  return db.select().from(couponCampaigns).orderBy(desc(couponCampaigns.id));
}

/** Campaigns open for claims at `now` with stock left. */
export function openCampaigns(db: Db, now: Date): Promise<CampaignRow[]> {
  return db
    .select()
    .from(couponCampaigns)
    .where(
      and(
        eq(couponCampaigns.active, true),
        lte(couponCampaigns.claimStartsAt, now),
        gt(couponCampaigns.claimEndsAt, now),
        or(isNull(couponCampaigns.total), sql`${couponCampaigns.issued} < ${couponCampaigns.total}`),
      ),
    )
    .orderBy(asc(couponCampaigns.id));
}

// ---- a user's coupons ----

export async function heldOfCampaign(tx: Tx, campaignId: number, userId: number): Promise<number> {
  const [held] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(coupons)
    .where(and(eq(coupons.campaignId, campaignId), eq(coupons.userId, userId)));
  return held?.n ?? 0;
}

export async function insertCoupon(tx: Tx, values: typeof coupons.$inferInsert): Promise<CouponRow> {
  const [row] = await tx.insert(coupons).values(values).returning();
  if (!row) throw new Error('coupon insert returned nothing');
  return row;
}

/** A page of a user's coupons in one of the list's states, each with its campaign. */
export function couponPage(db: Db, userId: number, status: 'unused' | 'used' | 'expired', now: Date, q: PageQ) {
  const where =
    status === 'used'
      ? and(eq(coupons.userId, userId), eq(coupons.status, 'used'))
      : status === 'expired'
        ? and(eq(coupons.userId, userId), inArray(coupons.status, ['unused', 'reserved']), lte(coupons.validUntil, now))
        : and(eq(coupons.userId, userId), inArray(coupons.status, ['unused', 'reserved']), gt(coupons.validUntil, now));
  const order = status === 'unused' ? [asc(coupons.validUntil), asc(coupons.id)] : [desc(coupons.id)];
  return paginate(
    db
      .select({ coupon: coupons, campaign: couponCampaigns })
      .from(coupons)
      .innerJoin(couponCampaigns, eq(couponCampaigns.id, coupons.campaignId))
      .where(where)
      .orderBy(...order)
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: sql<number>`count(*)::int` }).from(coupons).where(where),
  );
}

export async function unusedCount(db: Db, userId: number, now: Date): Promise<number> {
  const [u] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(coupons)
    .where(and(eq(coupons.userId, userId), eq(coupons.status, 'unused'), gt(coupons.validUntil, now)));
  return u?.n ?? 0;
}

/** How many coupons the user holds of each campaign. */
export function heldByCampaign(db: Db, userId: number): Promise<Array<{ campaignId: number; n: number }>> {
  return db
    .select({ campaignId: coupons.campaignId, n: sql<number>`count(*)::int` })
    .from(coupons)
    .where(eq(coupons.userId, userId))
    .groupBy(coupons.campaignId);
}

/** The user's coupons valid at `now` and not yet used or held, with their campaigns. */
export function validUnused(db: Db, userId: number, now: Date) {
  return db
    .select({ coupon: coupons, campaign: couponCampaigns })
    .from(coupons)
    .innerJoin(couponCampaigns, eq(couponCampaigns.id, coupons.campaignId))
    .where(and(eq(coupons.userId, userId), eq(coupons.status, 'unused'), lte(coupons.validFrom, now), gt(coupons.validUntil, now)));
}

// ---- coupons held by orders ----

/**
 * Holds a coupon for an order: one conditional update, so of two orders racing for it one wins.
 * `use` marks it used at once (a balance purchase). Answers its campaign id, or null when it is
 * not the user's, not unused, or not valid now.
 */
export async function holdCoupon(tx: Tx, h: { userId: number; couponId: number; orderNo: string; use: boolean; now: Date }): Promise<number | null> {
  const [held] = await tx
    .update(coupons)
    .set({ status: h.use ? 'used' : 'reserved', orderNo: h.orderNo, usedAt: h.use ? h.now : null })
    .where(and(eq(coupons.id, h.couponId), eq(coupons.userId, h.userId), eq(coupons.status, 'unused'), lte(coupons.validFrom, h.now), gt(coupons.validUntil, h.now)))
    .returning({ campaignId: coupons.campaignId });
  return held?.campaignId ?? null;
}

/** The coupon an order held becomes used (the order was paid). */
export async function useReserved(tx: Tx, orderNo: string, now: Date): Promise<void> {
  await tx.update(coupons).set({ status: 'used', usedAt: now }).where(and(eq(coupons.orderNo, orderNo), eq(coupons.status, 'reserved')));
}

/** Coupons held by orders that closed unpaid go back to unused. */
export async function releaseReserved(tx: Tx, orderNos: string[]): Promise<void> {
  await tx.update(coupons).set({ status: 'unused', orderNo: null }).where(and(inArray(coupons.orderNo, orderNos), eq(coupons.status, 'reserved')));
}
