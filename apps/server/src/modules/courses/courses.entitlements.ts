import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { courseEntitlements } from '../../db/schema/index.ts';

/**
 * Who may watch a paid course. The courses module owns `course_entitlements` (it reads them to
 * open chapters); purchases, vouchers, account merge and the demo seed write them only through
 * these functions, inside their own transaction.
 */
export type EntitlementSource = 'order' | 'voucher' | 'demo' | (string & {});

export interface EntitlementGrant {
  userId: number;
  courseId: number;
  source: EntitlementSource;
  /** Default: the database's now(). */
  grantedAt?: Date;
}

/** Whether the user holds the course (by any source). */
export async function hasEntitlement(db: Db | Tx, userId: number, courseId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: courseEntitlements.id })
    .from(courseEntitlements)
    .where(and(eq(courseEntitlements.userId, userId), eq(courseEntitlements.courseId, courseId)));
  return row !== undefined;
}

/**
 * Grants a course. Answers false when the user already held it (the earlier grant stays, with its
 * source): a purchase treats that as already purchased, a late payment as nothing more to do.
 */
export async function grantEntitlement(tx: Tx, g: EntitlementGrant): Promise<boolean> {
  const [row] = await tx
    .insert(courseEntitlements)
    .values({ userId: g.userId, courseId: g.courseId, source: g.source, ...(g.grantedAt ? { grantedAt: g.grantedAt } : {}) })
    .onConflictDoNothing()
    .returning({ id: courseEntitlements.id });
  return row !== undefined;
}

/** Withdraws a course; with `source`, only a grant of that source (a refunded order leaves a voucher's grant). Answers whether one went. */
export async function revokeEntitlement(tx: Tx, r: { userId: number; courseId: number; source?: EntitlementSource }): Promise<boolean> {
  const gone = await tx
    .delete(courseEntitlements)
    .where(and(eq(courseEntitlements.userId, r.userId), eq(courseEntitlements.courseId, r.courseId), r.source === undefined ? undefined : eq(courseEntitlements.source, r.source)))
    .returning({ id: courseEntitlements.id });
  return gone.length > 0;
}

/**
 * Account merge: `fromId`'s courses move to `intoId`; a course both hold stays once, with the
 * survivor's grant. Answers how many the survivor gained.
 */
export async function mergeEntitlements(tx: Tx, fromId: number, intoId: number): Promise<number> {
  const theirs = await tx.select().from(courseEntitlements).where(eq(courseEntitlements.userId, fromId));
  const granted = theirs.length
    ? await tx
        .insert(courseEntitlements)
        .values(theirs.map((e) => ({ userId: intoId, courseId: e.courseId, source: e.source, grantedAt: e.grantedAt })))
        .onConflictDoNothing()
        .returning({ id: courseEntitlements.id })
    : [];
  await tx.delete(courseEntitlements).where(eq(courseEntitlements.userId, fromId));
  return granted.length;
}
