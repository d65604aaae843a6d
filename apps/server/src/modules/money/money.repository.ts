import { and, asc, desc, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { courses, idempotencyKeys, orders, paymentNotifications, rechargeOptions, refunds, users, walletTransactions } from '../../db/schema/index.ts';
import { textSearch, visibleNow } from '../shared/publication.ts';
import { type PageQ, paginate } from '../shared/paginate.ts';
import type { OrderRow, TxnRow } from './money.present.ts';

/**
 * The money module's queries on its own tables: orders, payment notifications, refunds,
 * Idempotency-Keys, recharge options and the wallet's bill rows (balances themselves change only
 * through ledger.ts). Coupons have coupons.repository.ts.
 */

type Q = Db | Tx;
export type NewOrder = typeof orders.$inferInsert;
export type RefundRow = typeof refunds.$inferSelect;

// ---- buyers and the catalogue ----

/**
 * Locks the buyer's row (key-share) before anything else an order takes. Every row the order
 * writes references the user and the points ledger then locks the same row: two orders of one
 * user each holding the first and waiting for the second deadlocked. Taken first, the user's
 * orders simply run one after another.
 */
export async function lockBuyer(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

export async function userExists(db: Q, userId: number): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return user !== undefined;
}

/** A course readers can reach at `now` (not before a scheduled publication), with its catalogue price. */
export async function reachableCourse(db: Q, courseId: number, now: Date) {
  const [c] = await db
    .select({ id: courses.id, titleZh: courses.titleZh, titleEn: courses.titleEn, cover: courses.cover, price: courses.price, originalPrice: courses.originalPrice, priceType: courses.priceType })
    .from(courses)
    .where(and(eq(courses.id, courseId), visibleNow(courses.status, courses.publishedAt, now, true)));
  return c ?? null;
}

export async function courseCover(db: Q, courseId: number): Promise<string> {
  const [c] = await db.select({ cover: courses.cover }).from(courses).where(eq(courses.id, courseId));
  return c?.cover ?? '';
}

// ---- Idempotency-Keys ----

/**
 * Claims an Idempotency-Key: null when it is new, else the stored row (a concurrent first run is
 * waited for by the unique index; undefined when that run rolled back meanwhile).
 */
export async function claimKey(tx: Tx, k: { userId: number; key: string; hash: string; now: Date }) {
  const [claimed] = await tx
    .insert(idempotencyKeys)
    .values({ userId: k.userId, key: k.key, requestHash: k.hash, response: {}, createdAt: k.now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed) return null;
  const [row] = await tx.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, k.userId), eq(idempotencyKeys.key, k.key)));
  return row;
}

export async function storeKey(tx: Tx, userId: number, key: string, response: unknown): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ response: response as object })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

export async function deleteKeysBefore(db: Db, before: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
}

// ---- orders ----

export async function orderByNo(db: Q, orderNo: string): Promise<OrderRow | null> {
  const [o] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
  return o ?? null;
}

export async function insertOrder(tx: Tx, values: NewOrder): Promise<OrderRow> {
  const [order] = await tx.insert(orders).values(values).returning();
  if (!order) throw new Error('order insert returned nothing');
  return order;
}

/** Closes the user's unpaid orders of a course (a new order replaces them); answers them. */
export function closePendingCourseOrders(tx: Tx, userId: number, courseId: number, now: Date): Promise<OrderRow[]> {
  return tx
    .update(orders)
    .set({ status: 'closed', closedAt: now })
    .where(and(eq(orders.userId, userId), eq(orders.module, 'course'), eq(orders.moduleId, courseId), eq(orders.status, 'pending')))
    .returning();
}

/** Closes one order if it is still pending; answers it when it closed here. */
export function closePendingOrder(tx: Tx, orderNo: string, now: Date): Promise<Array<{ orderNo: string; userId: number }>> {
  return tx
    .update(orders)
    .set({ status: 'closed', closedAt: now, updatedAt: now })
    .where(and(eq(orders.orderNo, orderNo), eq(orders.status, 'pending')))
    .returning({ orderNo: orders.orderNo, userId: orders.userId });
}

/** Records the provider's QR order on a pending order of that channel; null when it left `pending` or the channel meanwhile. */
export async function setProviderOrder(db: Db, o: { orderNo: string; channel: string; codeUrl: string; provider: string }): Promise<OrderRow | null> {
  const [updated] = await db
    .update(orders)
    .set({ codeUrl: o.codeUrl, provider: o.provider })
    .where(and(eq(orders.orderNo, o.orderNo), eq(orders.status, 'pending'), eq(orders.channel, o.channel)))
    .returning();
  return updated ?? null;
}

/** Moves a pending order to another QR channel (its old QR closed); null when no longer pending. */
export async function switchChannel(db: Db, orderNo: string, channel: string): Promise<OrderRow | null> {
  const [switched] = await db
    .update(orders)
    .set({ channel, codeUrl: '', provider: null })
    .where(and(eq(orders.orderNo, orderNo), eq(orders.status, 'pending')))
    .returning();
  return switched ?? null;
}

/** Pays a pending, unexpired order from the balance (the ledger row is the caller's); null when it is not payable. */
export async function markPaidFromBalance(tx: Tx, orderNo: string, now: Date): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({ status: 'paid', channel: 'balance', paidAt: now, updatedAt: now })
    .where(and(eq(orders.orderNo, orderNo), eq(orders.status, 'pending'), gt(orders.expiresAt, now)))
    .returning();
  return row ?? null;
}

/** Marks a pending order paid by a provider; null when it had left `pending` (closed, or paid another way). */
export async function markPaidByProvider(tx: Tx, p: { orderNo: string; channel: string; paidAt: Date; providerTxnId: string; now: Date }): Promise<OrderRow | null> {
  const [paid] = await tx
    .update(orders)
    .set({ status: 'paid', channel: p.channel, paidAt: p.paidAt, providerTxnId: p.providerTxnId, updatedAt: p.now })
    .where(and(eq(orders.orderNo, p.orderNo), eq(orders.status, 'pending')))
    .returning();
  return paid ?? null;
}

export async function markRefunded(tx: Tx, orderNo: string, now: Date): Promise<OrderRow | null> {
  const [done] = await tx
    .update(orders)
    .set({ status: 'refunded', refundedAt: now, updatedAt: now })
    .where(and(eq(orders.orderNo, orderNo), eq(orders.status, 'paid')))
    .returning();
  return done ?? null;
}

/** Pending orders past their expiry, the longest overdue first. */
export function expiredOrders(db: Db, now: Date, limit: number): Promise<OrderRow[]> {
  return db.select().from(orders).where(and(eq(orders.status, 'pending'), lte(orders.expiresAt, now))).orderBy(asc(orders.expiresAt)).limit(limit);
}

/** QR orders pending since `before`, the least recently touched first. */
export function quietQrOrders(db: Db, before: Date, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'pending'), lte(orders.createdAt, before), sql`${orders.codeUrl} <> ''`))
    .orderBy(asc(orders.updatedAt))
    .limit(limit);
}

export interface OrderFilter extends PageQ {
  /** Null: every user's (the console). */
  userId: number | null;
  status?: string | undefined;
  module?: string | undefined;
  /** The console's search: order number, provider transaction id, title (either language). */
  q?: string | undefined;
}

/**
 * A page of orders, newest first, each with its course's cover ('' for other orders): one query
 * for the rows (the cover joined in) and one for the count, however many course orders the page holds.
 */
export async function orderPage(db: Db, f: OrderFilter): Promise<{ rows: Array<OrderRow & { cover: string }>; total: number }> {
  const where = and(
    f.userId === null ? undefined : eq(orders.userId, f.userId),
    f.status ? eq(orders.status, f.status) : undefined,
    f.module ? eq(orders.module, f.module) : undefined,
    textSearch(f.q, orders.orderNo, orders.providerTxnId, orders.title, orders.titleEn),
  );
  const { rows, total } = await paginate(
    db
      .select({ order: orders, cover: courses.cover })
      .from(orders)
      .leftJoin(courses, and(eq(orders.module, 'course'), eq(courses.id, orders.moduleId)))
      .where(where)
      .orderBy(desc(orders.id))
      .limit(f.page_size)
      .offset((f.page - 1) * f.page_size),
    db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where),
  );
  return { rows: rows.map((r) => ({ ...r.order, cover: r.cover ?? '' })), total };
}

/** Titles of orders by number (what bill rows refer to). */
export function orderTitles(db: Db, orderNos: string[]): Promise<Array<{ orderNo: string; title: string; titleEn: string | null }>> {
  if (orderNos.length === 0) return Promise.resolve([]);
  return db.select({ orderNo: orders.orderNo, title: orders.title, titleEn: orders.titleEn }).from(orders).where(inArray(orders.orderNo, orderNos));
}

// ---- provider notifications ----

export interface NotificationKey {
  channel: string;
  providerTxnId: string;
  tradeState: string;
}

/** Records a notification the first time it arrives; null when it was recorded before. */
export async function recordNotification(tx: Tx, n: NotificationKey & { orderNo: string; amount: number; receivedAt: Date }): Promise<number | null> {
  const [fresh] = await tx
    .insert(paymentNotifications)
    .values({ ...n, outcome: 'applied' })
    .onConflictDoNothing()
    .returning({ id: paymentNotifications.id });
  return fresh?.id ?? null;
}

export async function countDuplicate(tx: Tx, n: NotificationKey): Promise<void> {
  await tx
    .update(paymentNotifications)
    .set({ duplicates: sql`${paymentNotifications.duplicates} + 1` })
    .where(and(eq(paymentNotifications.channel, n.channel), eq(paymentNotifications.providerTxnId, n.providerTxnId), eq(paymentNotifications.tradeState, n.tradeState)));
}

export async function setNotificationOutcome(tx: Tx, id: number, outcome: string): Promise<void> {
  await tx.update(paymentNotifications).set({ outcome }).where(eq(paymentNotifications.id, id));
}

// ---- refunds ----

export async function refundOf(db: Db, orderNo: string): Promise<RefundRow | null> {
  const [r] = await db.select().from(refunds).where(eq(refunds.orderNo, orderNo));
  return r ?? null;
}

/** Inserts the refund claim; the unique order_no makes a second one fail. */
export async function insertRefund(db: Db, r: typeof refunds.$inferInsert): Promise<void> {
  await db.insert(refunds).values(r);
}

export async function setRefundStatus(db: Q, orderNo: string, set: { status: string; providerRefundId?: string | null }): Promise<RefundRow | null> {
  const [refund] = await db.update(refunds).set(set).where(eq(refunds.orderNo, orderNo)).returning();
  return refund ?? null;
}

// ---- the wallet's bill ----

export function transactionPage(db: Db, userId: number, q: PageQ & { type?: string | undefined }): Promise<{ rows: TxnRow[]; total: number }> {
  const where = and(eq(walletTransactions.userId, userId), q.type ? eq(walletTransactions.type, q.type) : undefined);
  return paginate(
    db.select().from(walletTransactions).where(where).orderBy(desc(walletTransactions.id)).limit(q.page_size).offset((q.page - 1) * q.page_size),
    db.select({ n: sql<number>`count(*)::int` }).from(walletTransactions).where(where),
  );
}

/** One bill row: by id, and of `userId` when given. */
export async function transactionById(db: Q, id: number, userId?: number): Promise<TxnRow | null> {
  const [t] = await db
    .select()
    .from(walletTransactions)
    .where(and(eq(walletTransactions.id, id), userId === undefined ? undefined : eq(walletTransactions.userId, userId)));
  return t ?? null;
}

// ---- recharge options ----

export function activeRechargeOptions(db: Db) {
  return db.select().from(rechargeOptions).where(eq(rechargeOptions.active, true)).orderBy(asc(rechargeOptions.sort), asc(rechargeOptions.id));
}

export async function activeRechargeOption(db: Db, id: number) {
  const [opt] = await db.select().from(rechargeOptions).where(and(eq(rechargeOptions.id, id), eq(rechargeOptions.active, true)));
  return opt ?? null;
}

export async function hasRechargeOptions(db: Db): Promise<boolean> {
  const [any] = await db.select({ id: rechargeOptions.id }).from(rechargeOptions).limit(1);
  return any !== undefined;
}

export async function insertRechargeOptions(db: Db, amounts: number[]): Promise<void> {
  await db.insert(rechargeOptions).values(amounts.map((amount, i) => ({ amount, sort: i })));
}
