import { createHash, randomInt } from 'node:crypto';
import {
  type ApiLanguage,
  type CreateOrderBody,
  ErrorCode,
  type Order,
  type OrderPayment,
  type PayOrderBody,
  type PurchaseBody,
  type PurchaseData,
  type QrChannel,
  type RechargeBody,
  type WalletTransaction,
  RECHARGE_MAX_FEN,
  RECHARGE_MIN_FEN,
  PriceType,
} from '@medportal/contract';
import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { qrPngDataUrl } from '../../lib/svg-png.ts';
import type { Db, Tx } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import {
  couponCampaigns,
  coupons,
  courseEntitlements,
  courses,
  idempotencyKeys,
  orders,
  paymentNotifications,
  rechargeOptions,
  refunds,
  users,
  walletTransactions,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { IncomingNotification, NotificationAck, PaymentProvider, VerifiedPayment } from '../../lib/payments/types.ts';
import type { AuthUser } from '../../plugins/context.ts';
import { isUniqueViolation, postLedger, walletOf } from './ledger.ts';
import { type CampaignRow, couponDiscount, type OrderRow, presentOrder, presentPayment, presentTxn } from './money.present.ts';
import { writeAudit } from '../staff/index.ts';
import { visibleNow } from '../shared/publication.ts';

/**
 * Credit points paying part of an order. The rewards module owns the points ledger; the composition
 * root hands its functions in (the two modules would otherwise import each other).
 */
export interface OrderPoints {
  /** Spends `points` on the order (keyed by it: a retry spends nothing more); answers the fen covered. */
  spend(tx: Tx, o: { userId: number; orderNo: string; priceFen: number; points: number }): Promise<{ points: number; fen: number }>;
  /** Gives back what the order spent, once, when it closes unpaid or is refunded. */
  giveBack(tx: Tx, o: { userId: number; orderNo: string; why: 'closed' | 'refunded' }): Promise<number>;
}

export interface MoneyDeps {
  db: Db;
  points: OrderPoints;
  now: () => Date;
  providers: Record<QrChannel, PaymentProvider>;
  checkPayPassword: (me: AuthUser, payPassword: string) => Promise<void>;
  orderTtlS: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export interface Paying {
  user: AuthUser;
  lang: ApiLanguage;
  /** The Idempotency-Key header. */
  key: string;
  /** Absolute notify URL of the channel (for provider orders). */
  notifyUrl: (channel: QrChannel) => string;
}

type Outcome = 'applied' | 'duplicate' | 'late_refund' | 'rejected' | 'ignored';

/** Keys sorted, so the same request always hashes alike. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestHash(endpoint: string, body: Record<string, unknown>): string {
  const { pay_password: _secret, ...rest } = body;
  return createHash('sha256').update(`${endpoint}\n${canonical(rest)}`).digest('hex');
}

/** `20261124091502` + 10 random digits: unique, sortable, within WeChat Pay's 32 characters. */
export function newOrderNo(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `${stamp}${String(randomInt(0, 100_000)).padStart(5, '0')}${String(randomInt(0, 100_000)).padStart(5, '0')}`;
}

/**
 * Orders, payments, the wallet's paying calls and refunds (decision record 0026). Every balance
 * change goes through postLedger in the transaction that changes the order; an order leaves
 * `pending` by one conditional update, so it is paid (or closed) once whatever arrives twice.
 */
type CourseForSale = Awaited<ReturnType<MoneyService['course']>>;

export class MoneyService {
  constructor(private readonly d: MoneyDeps) {}

  get db(): Db {
    return this.d.db;
  }

  // ---- idempotency ----

  /**
   * Claims an Idempotency-Key in the transaction: null when it is new (the caller goes on and
   * stores its result), the stored result when the same request ran before (a concurrent first
   * run is waited for by the unique index), IDEMPOTENCY_KEY_REUSED for a different request.
   */
  private async claimKey(tx: Tx, userId: number, key: string, hash: string): Promise<{ response: unknown } | null> {
    const [claimed] = await tx
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash: hash, response: {}, createdAt: this.d.now() })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed) return null;
    const [row] = await tx.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (!row) throw new AppError(ErrorCode.CONFLICT);
    if (row.requestHash !== hash) throw new AppError(ErrorCode.IDEMPOTENCY_KEY_REUSED);
    return { response: row.response };
  }

  /**
   * The buyer's row, locked before anything else an order takes. Every row the order writes
   * references the user (a key-share lock) and the points ledger then locks the same row: two
   * orders of one user each holding the first and waiting for the second deadlocked. Taken first,
   * the user's orders simply run one after another.
   */
  private async lockBuyer(tx: Tx, userId: number): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  }

  private async storeKey(tx: Tx, userId: number, key: string, response: unknown): Promise<void> {
    await tx
      .update(idempotencyKeys)
      .set({ response: response as object })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  }

  // ---- catalogue ----

  /** A paid course readers can reach now (not before a scheduled publication) and its price from the catalogue (never from the client). */
  async course(courseId: number) {
    const [c] = await this.d.db
      .select({ id: courses.id, titleZh: courses.titleZh, titleEn: courses.titleEn, cover: courses.cover, price: courses.price, originalPrice: courses.originalPrice, priceType: courses.priceType })
      .from(courses)
      .where(and(eq(courses.id, courseId), visibleNow(courses.status, courses.publishedAt, this.d.now(), true)));
    if (!c || c.priceType !== PriceType.PAID || c.price <= 0) throw new AppError(ErrorCode.NOT_FOR_SALE);
    return c;
  }

  private async entitled(db: Db | Tx, userId: number, courseId: number): Promise<boolean> {
    const [row] = await db.select({ id: courseEntitlements.id }).from(courseEntitlements).where(and(eq(courseEntitlements.userId, userId), eq(courseEntitlements.courseId, courseId)));
    return row !== undefined;
  }

  /**
   * Holds a coupon for an order: one conditional update, so of two orders racing for it one wins.
   * `use` marks it used at once (a balance purchase). Answers the discount.
   */
  private async takeCoupon(tx: Tx, userId: number, couponId: number, orderNo: string, price: number, courseId: number, use: boolean): Promise<number> {
    const now = this.d.now();
    const [held] = await tx
      .update(coupons)
      .set({ status: use ? 'used' : 'reserved', orderNo, usedAt: use ? now : null })
      .where(and(eq(coupons.id, couponId), eq(coupons.userId, userId), eq(coupons.status, 'unused'), lte(coupons.validFrom, now), gt(coupons.validUntil, now)))
      .returning({ campaignId: coupons.campaignId });
    if (!held) throw new AppError(ErrorCode.COUPON_UNAVAILABLE);
    const [campaign] = await tx.select().from(couponCampaigns).where(eq(couponCampaigns.id, held.campaignId));
    const off = campaign ? couponDiscount(campaign, price, courseId) : null;
    if (off === null) throw new AppError(ErrorCode.COUPON_NOT_APPLICABLE);
    return off;
  }

  /**
   * What a course order costs and holds: the catalogue price, less the coupon (taken for it; `use`
   * marks it used at once, for a balance purchase) and the points it spends.
   */
  private async priceCourseOrder(tx: Tx, userId: number, course: CourseForSale, orderNo: string, body: { coupon_id?: number | null; points?: number }, use: boolean) {
    const discount = body.coupon_id ? await this.takeCoupon(tx, userId, body.coupon_id, orderNo, course.price, course.id, use) : 0;
    const points = await this.d.points.spend(tx, { userId, orderNo, priceFen: course.price - discount, points: body.points ?? 0 });
    return {
      orderNo,
      userId,
      module: 'course' as const,
      moduleId: course.id,
      title: course.titleZh,
      titleEn: course.titleEn,
      originalAmount: course.price,
      couponId: body.coupon_id ?? null,
      couponDiscount: discount,
      pointsUsed: points.points,
      pointsDeduction: points.fen,
      amount: course.price - discount - points.fen,
    };
  }

  private async qr(text: string): Promise<string> {
    return text ? qrPngDataUrl(text, { margin: 1, width: 240 }) : '';
  }

  findOrder(orderNo: string): Promise<OrderRow | null> {
    return this.orderOf(this.d.db, orderNo);
  }

  private async orderOf(db: Db | Tx, orderNo: string): Promise<OrderRow | null> {
    const [o] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
    return o ?? null;
  }

  async ownOrder(me: AuthUser, orderNo: string): Promise<OrderRow> {
    const o = await this.orderOf(this.d.db, orderNo);
    if (!o || o.userId !== me.id) throw new AppError(ErrorCode.NOT_FOUND);
    return o;
  }

  async coverOf(o: OrderRow): Promise<string> {
    if (o.module !== 'course') return '';
    const [c] = await this.d.db.select({ cover: courses.cover }).from(courses).where(eq(courses.id, o.moduleId));
    return c?.cover ?? '';
  }

  async present(o: OrderRow, lang: ApiLanguage): Promise<Order> {
    return presentOrder(o, lang, await this.coverOf(o));
  }

  // ---- balance purchase ----

  async purchase(p: Paying, body: PurchaseBody): Promise<PurchaseData> {
    const course = await this.course(body.module_id);
    const hash = requestHash('walletPurchase', body);
    // Before the transaction: a wrong password is counted even though nothing else happens.
    await this.d.checkPayPassword(p.user, body.pay_password);
    try {
      return await transaction(this.d.db, async (tx) => {
        await this.lockBuyer(tx, p.user.id);
        const replay = await this.claimKey(tx, p.user.id, p.key, hash);
        if (replay) return replay.response as PurchaseData;
        if (await this.entitled(tx, p.user.id, course.id)) throw new AppError(ErrorCode.ALREADY_PURCHASED);
        const now = this.d.now();
        const orderNo = newOrderNo(now);
        const [order] = await tx
          .insert(orders)
          .values({
            ...(await this.priceCourseOrder(tx, p.user.id, course, orderNo, body, true)),
            channel: 'balance',
            status: 'paid',
            expiresAt: now,
            paidAt: now,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        if (!order) throw new Error('order insert returned nothing');
        const posted = await postLedger(tx, { userId: p.user.id, type: 'purchase', amount: -order.amount, refType: 'order', refId: orderNo, memo: course.titleZh, now });
        // A plain insert: a concurrent purchase of the same course fails here and rolls back.
        await tx.insert(courseEntitlements).values({ userId: p.user.id, courseId: course.id, source: 'order', grantedAt: now });
        const data: PurchaseData = { order: presentOrder(order, p.lang, course.cover), balance: posted.balance };
        await this.storeKey(tx, p.user.id, p.key, data);
        return data;
      });
    } catch (err) {
      if (isUniqueViolation(err, 'course_entitlements_user_course_uq')) throw new AppError(ErrorCode.ALREADY_PURCHASED);
      throw err;
    }
  }

  // ---- QR orders (course and recharge) ----

  async createCourseOrder(p: Paying, body: CreateOrderBody): Promise<OrderPayment> {
    const course = await this.course(body.module_id);
    const hash = requestHash('createOrder', body);
    const { orderNo, replaced } = await transaction(this.d.db, async (tx) => {
      await this.lockBuyer(tx, p.user.id);
      const replay = await this.claimKey(tx, p.user.id, p.key, hash);
      if (replay) return { orderNo: (replay.response as { order_no: string }).order_no, replaced: [] as OrderRow[] };
      if (await this.entitled(tx, p.user.id, course.id)) throw new AppError(ErrorCode.ALREADY_PURCHASED);
      const now = this.d.now();
      // An earlier unpaid order of the same course is replaced (so the payer cannot pay twice).
      const replacedRows = await tx
        .update(orders)
        .set({ status: 'closed', closedAt: now })
        .where(and(eq(orders.userId, p.user.id), eq(orders.module, 'course'), eq(orders.moduleId, course.id), eq(orders.status, 'pending')))
        .returning();
      await this.releaseHolds(tx, replacedRows);
      const no = newOrderNo(now);
      await tx.insert(orders).values({
        ...(await this.priceCourseOrder(tx, p.user.id, course, no, body, false)),
        channel: body.channel,
        status: 'pending',
        expiresAt: new Date(now.getTime() + this.d.orderTtlS * 1000),
        createdAt: now,
        updatedAt: now,
      });
      await this.storeKey(tx, p.user.id, p.key, { order_no: no });
      return { orderNo: no, replaced: replacedRows };
    });
    for (const r of replaced) {
      // Already closed here; a provider that cannot close it now gets its late payment refunded.
      await this.closeAtProvider(r).catch((err: unknown) => this.d.log.warn({ err, orderNo: r.orderNo }, 'closing a replaced order at the provider failed'));
    }
    return this.providerOrder(orderNo, p);
  }

  async recharge(p: Paying, body: RechargeBody): Promise<OrderPayment> {
    let amount = body.amount ?? 0;
    let optionId = 0;
    if (body.option_id !== undefined) {
      const [opt] = await this.d.db.select().from(rechargeOptions).where(and(eq(rechargeOptions.id, body.option_id), eq(rechargeOptions.active, true)));
      if (!opt) throw new AppError(ErrorCode.NOT_FOUND);
      amount = opt.amount;
      optionId = opt.id;
    }
    if (amount < RECHARGE_MIN_FEN || amount > RECHARGE_MAX_FEN) throw new AppError(ErrorCode.VALIDATION);
    const hash = requestHash('recharge', body);
    const orderNo = await transaction(this.d.db, async (tx) => {
      const replay = await this.claimKey(tx, p.user.id, p.key, hash);
      if (replay) return (replay.response as { order_no: string }).order_no;
      const now = this.d.now();
      const no = newOrderNo(now);
      const yuan = (amount / 100).toFixed(2);
      await tx.insert(orders).values({
        orderNo: no,
        userId: p.user.id,
        module: 'recharge',
        moduleId: optionId,
        title: `余额充值 ¥${yuan}`,
        titleEn: `Balance top-up ¥${yuan}`,
        originalAmount: amount,
        amount,
        channel: body.channel,
        status: 'pending',
        expiresAt: new Date(now.getTime() + this.d.orderTtlS * 1000),
        createdAt: now,
        updatedAt: now,
      });
      await this.storeKey(tx, p.user.id, p.key, { order_no: no });
      return no;
    });
    return this.providerOrder(orderNo, p);
  }

  /** The payment answer of an order, making the provider's QR order when it has none yet (idempotent at the provider). */
  private async providerOrder(orderNo: string, p: Paying): Promise<OrderPayment> {
    let order = await this.ownOrder(p.user, orderNo);
    if (order.status === 'pending' && !order.codeUrl && order.channel !== 'balance') {
      const channel = order.channel as QrChannel;
      try {
        const made = await this.d.providers[channel].createNativeOrder({
          orderNo,
          amountFen: order.amount,
          description: order.title,
          expiresAt: order.expiresAt,
          notifyUrl: p.notifyUrl(channel),
        });
        const [updated] = await this.d.db
          .update(orders)
          .set({ codeUrl: made.codeUrl, provider: this.d.providers[channel].kind })
          .where(and(eq(orders.orderNo, orderNo), eq(orders.status, 'pending'), eq(orders.channel, channel)))
          .returning();
        order = updated ?? (await this.ownOrder(p.user, orderNo));
      } catch (err) {
        this.d.log.warn({ err, orderNo, channel }, 'payment provider refused the order');
        throw new AppError(ErrorCode.PAYMENT_PROVIDER_ERROR);
      }
    }
    return presentPayment(order, await this.qr(order.status === 'pending' ? order.codeUrl : ''));
  }

  /** Pay a pending order again: by QR (the same or the other provider) or from the balance. */
  async payOrder(p: Paying, orderNo: string, body: PayOrderBody): Promise<OrderPayment> {
    let order = await this.ownOrder(p.user, orderNo);
    if (order.status !== 'pending' || order.expiresAt <= this.d.now()) throw new AppError(ErrorCode.ORDER_NOT_PAYABLE);
    const hash = requestHash('orderPay', { order_no: orderNo, ...body });
    if (body.channel !== 'balance') {
      const channel = body.channel;
      if (order.channel !== channel) {
        if (!(await this.closeAtProvider(order))) return presentPayment((await this.ownOrder(p.user, orderNo)), '');
        const [switched] = await this.d.db
          .update(orders)
          .set({ channel, codeUrl: '', provider: null })
          .where(and(eq(orders.orderNo, orderNo), eq(orders.status, 'pending')))
          .returning();
        if (!switched) throw new AppError(ErrorCode.ORDER_NOT_PAYABLE);
        order = switched;
      }
      return this.providerOrder(orderNo, p);
    }
    if (order.module !== 'course') throw new AppError(ErrorCode.ORDER_NOT_PAYABLE);
    await this.d.checkPayPassword(p.user, body.pay_password);
    // Close the provider's QR first, so the payer cannot also pay it; if it was paid meanwhile, that payment stands.
    if (!(await this.closeAtProvider(order))) {
      const now = await this.ownOrder(p.user, orderNo);
      return presentPayment(now, '');
    }
    try {
      const paid = await transaction(this.d.db, async (tx) => {
        await this.lockBuyer(tx, p.user.id);
        const replay = await this.claimKey(tx, p.user.id, p.key, hash);
        if (replay) return replay.response as OrderPayment;
        const now = this.d.now();
        const [row] = await tx
          .update(orders)
          .set({ status: 'paid', channel: 'balance', paidAt: now, updatedAt: now })
          .where(and(eq(orders.orderNo, orderNo), eq(orders.status, 'pending'), gt(orders.expiresAt, now)))
          .returning();
        if (!row) throw new AppError(ErrorCode.ORDER_NOT_PAYABLE);
        await postLedger(tx, { userId: p.user.id, type: 'purchase', amount: -row.amount, refType: 'order', refId: orderNo, memo: row.title, now });
        await tx.update(coupons).set({ status: 'used', usedAt: now }).where(and(eq(coupons.orderNo, orderNo), eq(coupons.status, 'reserved')));
        await tx.insert(courseEntitlements).values({ userId: p.user.id, courseId: row.moduleId, source: 'order', grantedAt: now });
        const data = presentPayment(row, '');
        await this.storeKey(tx, p.user.id, p.key, data);
        return data;
      });
      return paid;
    } catch (err) {
      if (isUniqueViolation(err, 'course_entitlements_user_course_uq')) throw new AppError(ErrorCode.ALREADY_PURCHASED);
      throw err;
    }
  }

  /**
   * Closes a pending order's QR at its provider. Answers false when the provider says it was paid
   * (then that payment is applied here, from the provider's own answer).
   */
  private async closeAtProvider(order: OrderRow): Promise<boolean> {
    if (order.channel === 'balance' || !order.codeUrl) return true;
    const provider = this.d.providers[order.channel as QrChannel];
    try {
      await provider.closeOrder(order.orderNo);
      return true;
    } catch (err) {
      // Refused (ORDERPAID, a trade in another state, ...): the provider's own view decides.
      const state = await provider.queryOrder(order.orderNo).catch(() => undefined);
      if (state?.state === 'success') {
        await this.applyPayment(provider, state);
        return false;
      }
      // Never scanned (Alipay creates the trade on the first scan) or already closed there.
      if (state === null || state?.state === 'closed') return true;
      this.d.log.warn({ err, orderNo: order.orderNo }, 'closing the order at the provider failed');
      throw new AppError(ErrorCode.PAYMENT_PROVIDER_ERROR);
    }
  }

  /** An order closed unpaid gives back what it held: its coupon and the points it spent. */
  private async releaseHolds(tx: Tx, closed: { orderNo: string; userId: number }[]): Promise<void> {
    if (closed.length === 0) return;
    const orderNos = closed.map((o) => o.orderNo);
    for (const o of closed) await this.d.points.giveBack(tx, { userId: o.userId, orderNo: o.orderNo, why: 'closed' });
    await tx.update(coupons).set({ status: 'unused', orderNo: null }).where(and(inArray(coupons.orderNo, orderNos), eq(coupons.status, 'reserved')));
  }

  /** Closes a pending order (cancel or expiry): provider first, then the order and its coupon. Answers the order after. */
  async closeOrder(order: OrderRow): Promise<OrderRow> {
    if (order.status === 'pending' && (await this.closeAtProvider(order))) {
      await transaction(this.d.db, async (tx) => {
        // The user before the order, as an order being placed takes them (points go back).
        await this.lockBuyer(tx, order.userId);
        const now = this.d.now();
        const closed = await tx
          .update(orders)
          .set({ status: 'closed', closedAt: now, updatedAt: now })
          .where(and(eq(orders.orderNo, order.orderNo), eq(orders.status, 'pending')))
          .returning({ orderNo: orders.orderNo, userId: orders.userId });
        await this.releaseHolds(tx, closed);
      });
    }
    return (await this.orderOf(this.d.db, order.orderNo)) ?? order;
  }

  async cancel(me: AuthUser, orderNo: string): Promise<OrderRow> {
    const order = await this.ownOrder(me, orderNo);
    if (order.status !== 'pending') throw new AppError(ErrorCode.ORDER_NOT_PAYABLE);
    return this.closeOrder(order);
  }

  // ---- provider notifications ----

  /**
   * A provider's notification: verified by the provider (signature, decryption), then applied
   * once. Bad signature, unknown order or a wrong amount are refused and change nothing.
   */
  async notify(provider: PaymentProvider, incoming: IncomingNotification): Promise<NotificationAck> {
    // Junk the adapter cannot even parse is the sender's problem (4xx), like a bad signature.
    const verified = await provider.verifyNotification(incoming).catch(() => ({ ok: false as const, reason: 'malformed' as const }));
    if (!verified.ok) {
      this.d.log.warn({ channel: provider.channel, reason: verified.reason }, 'payment notification refused');
      return provider.acknowledge('refused');
    }
    if (verified.payment.state !== 'success') return provider.acknowledge('accepted');
    let outcome: Outcome;
    try {
      outcome = await this.applyPayment(provider, verified.payment);
    } catch (err) {
      // Our fault (the database): a 5xx with the provider's FAIL body, so it delivers it again.
      this.d.log.error({ err, channel: provider.channel, orderNo: verified.payment.orderNo }, 'applying a payment notification failed');
      return provider.acknowledge('failed');
    }
    return provider.acknowledge(outcome === 'rejected' ? 'refused' : 'accepted');
  }

  /** Applies a provider's successful payment to its order, once. */
  async applyPayment(provider: PaymentProvider, payment: VerifiedPayment): Promise<Outcome> {
    const channel = provider.channel;
    let late: OrderRow | null = null;
    const outcome = await transaction(this.d.db, async (tx): Promise<Outcome> => {
      late = null;
      const order = await this.orderOf(tx, payment.orderNo);
      if (!order) {
        this.d.log.warn({ channel, orderNo: payment.orderNo }, 'payment for an unknown order');
        return 'rejected';
      }
      if (payment.amountFen !== order.amount || (order.module === 'recharge' && order.channel !== channel)) {
        this.d.log.error({ channel, orderNo: order.orderNo, paid: payment.amountFen, due: order.amount }, 'payment does not match its order');
        return 'rejected';
      }
      const [fresh] = await tx
        .insert(paymentNotifications)
        .values({ channel, providerTxnId: payment.providerTxnId, orderNo: order.orderNo, tradeState: payment.state, amount: payment.amountFen, outcome: 'applied', receivedAt: this.d.now() })
        .onConflictDoNothing()
        .returning({ id: paymentNotifications.id });
      if (!fresh) {
        await tx
          .update(paymentNotifications)
          .set({ duplicates: sql`${paymentNotifications.duplicates} + 1` })
          .where(and(eq(paymentNotifications.channel, channel), eq(paymentNotifications.providerTxnId, payment.providerTxnId), eq(paymentNotifications.tradeState, payment.state)));
        return 'duplicate';
      }
      const now = this.d.now();
      const [paid] = await tx
        .update(orders)
        .set({ status: 'paid', channel, paidAt: payment.paidAt ?? now, providerTxnId: payment.providerTxnId, updatedAt: now })
        .where(and(eq(orders.orderNo, order.orderNo), eq(orders.status, 'pending')))
        .returning();
      if (!paid) {
        // Paid at the provider after the order closed (or was paid another way): the money goes back.
        late = order;
        await tx.update(paymentNotifications).set({ outcome: 'late_refund' }).where(eq(paymentNotifications.id, fresh.id));
        return 'late_refund';
      }
      if (paid.module === 'recharge') {
        await postLedger(tx, { userId: paid.userId, type: 'recharge', amount: paid.amount, refType: 'order', refId: paid.orderNo, now });
      } else {
        await tx.update(coupons).set({ status: 'used', usedAt: now }).where(and(eq(coupons.orderNo, paid.orderNo), eq(coupons.status, 'reserved')));
        await tx.insert(courseEntitlements).values({ userId: paid.userId, courseId: paid.moduleId, source: 'order', grantedAt: now }).onConflictDoNothing();
      }
      return 'applied';
    });
    if (late) await this.refundLatePayment(provider, late, payment);
    return outcome;
  }

  private async refundLatePayment(provider: PaymentProvider, order: OrderRow, payment: VerifiedPayment): Promise<void> {
    try {
      const r = await provider.refund({ orderNo: order.orderNo, refundNo: `L${order.orderNo}`, amountFen: payment.amountFen, totalFen: payment.amountFen, reason: 'order closed before payment' });
      this.d.log.warn({ orderNo: order.orderNo, refund: r }, 'payment after the order closed: refunded');
    } catch (err) {
      this.d.log.error({ err, orderNo: order.orderNo }, 'payment after the order closed: refund failed, needs an operator');
    }
  }

  // ---- sweeps ----

  /** Closes orders past their expiry (provider first) and releases their coupons. */
  async closeExpired(limit = 50): Promise<number> {
    const due = await this.d.db.select().from(orders).where(and(eq(orders.status, 'pending'), lte(orders.expiresAt, this.d.now()))).orderBy(asc(orders.expiresAt)).limit(limit);
    let closed = 0;
    for (const o of due) {
      try {
        if ((await this.closeOrder(o)).status === 'closed') closed += 1;
      } catch (err) {
        this.d.log.warn({ err, orderNo: o.orderNo }, 'closing an expired order failed; next sweep retries');
      }
    }
    return closed;
  }

  /** Forgets Idempotency-Keys after a week (clients retry within minutes). */
  async forgetKeys(olderThanS = 7 * 86_400): Promise<void> {
    await this.d.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(this.d.now().getTime() - olderThanS * 1000)));
  }

  /** Asks the provider about QR orders pending for a while: a payment whose notification is late or lost still lands. */
  async reconcile(olderThanS = 30, limit = 20): Promise<number> {
    const before = new Date(this.d.now().getTime() - olderThanS * 1000);
    const pending = await this.d.db
      .select()
      .from(orders)
      .where(and(eq(orders.status, 'pending'), lte(orders.createdAt, before), sql`${orders.codeUrl} <> ''`))
      .orderBy(asc(orders.updatedAt))
      .limit(limit);
    let applied = 0;
    for (const o of pending) {
      const provider = this.d.providers[o.channel as QrChannel];
      if (!provider) continue;
      try {
        const state = await provider.queryOrder(o.orderNo);
        if (state?.state === 'success' && (await this.applyPayment(provider, state)) === 'applied') applied += 1;
      } catch (err) {
        this.d.log.warn({ err, orderNo: o.orderNo }, 'order query failed');
      }
    }
    return applied;
  }

  // ---- refunds (operator) ----

  /**
   * Refunds a paid order in full to where the money came from: the balance (a `refund` ledger
   * row), or the provider's refund API. Revokes the course. One refund per order (refunds.order_no).
   */
  async refund(actorId: number, orderNo: string, reason: string) {
    const order = await this.orderOf(this.d.db, orderNo);
    if (!order) throw new AppError(ErrorCode.NOT_FOUND);
    if (order.status !== 'paid') throw new AppError(ErrorCode.REFUND_NOT_ALLOWED);
    const refundNo = `R${orderNo}`;
    const now = this.d.now();
    // Claim the refund first (status processing): two operators cannot both start one.
    const [existing] = await this.d.db.select().from(refunds).where(eq(refunds.orderNo, orderNo));
    if (existing && existing.status === 'success') throw new AppError(ErrorCode.REFUND_NOT_ALLOWED);
    if (!existing) {
      try {
        await this.d.db.insert(refunds).values({ refundNo, orderNo, amount: order.amount, channel: order.channel, status: 'processing', reason, operatorId: actorId, createdAt: now });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(ErrorCode.REFUND_NOT_ALLOWED);
        throw err;
      }
    }
    let providerRefundId: string | null = null;
    if (order.channel !== 'balance' && order.amount > 0) {
      if (order.module === 'recharge') {
        // The balance it added must still be there; taken back before the provider pays out.
        await transaction(this.d.db, async (tx) => {
          await postLedger(tx, { userId: order.userId, type: 'refund', amount: -order.amount, refType: 'order', refId: orderNo, memo: reason, now });
        });
      }
      try {
        const r = await this.d.providers[order.channel as QrChannel].refund({ orderNo, refundNo, amountFen: order.amount, totalFen: order.amount, reason });
        if (r.state === 'failed') throw new Error('provider answered failed');
        providerRefundId = r.providerRefundId;
      } catch (err) {
        this.d.log.error({ err, orderNo }, 'provider refund failed');
        await this.d.db.update(refunds).set({ status: 'failed' }).where(eq(refunds.orderNo, orderNo));
        throw new AppError(ErrorCode.PAYMENT_PROVIDER_ERROR);
      }
    }
    return transaction(this.d.db, async (tx) => {
      await this.lockBuyer(tx, order.userId);
      const [done] = await tx
        .update(orders)
        .set({ status: 'refunded', refundedAt: now, updatedAt: now })
        .where(and(eq(orders.orderNo, orderNo), eq(orders.status, 'paid')))
        .returning();
      if (!done) throw new AppError(ErrorCode.REFUND_NOT_ALLOWED);
      if (done.channel === 'balance' && done.amount > 0) {
        await postLedger(tx, { userId: done.userId, type: 'refund', amount: done.amount, refType: 'order', refId: orderNo, memo: reason, now });
      }
      await this.d.points.giveBack(tx, { userId: done.userId, orderNo, why: 'refunded' });
      if (done.module === 'course') {
        await tx.delete(courseEntitlements).where(and(eq(courseEntitlements.userId, done.userId), eq(courseEntitlements.courseId, done.moduleId), eq(courseEntitlements.source, 'order')));
      }
      const [refund] = await tx.update(refunds).set({ status: 'success', providerRefundId }).where(eq(refunds.orderNo, orderNo)).returning();
      if (!refund) throw new Error('refund row vanished');
      await writeAudit(tx, {
        actorId,
        action: 'order.refund',
        target: `order:${orderNo}`,
        before: { status: order.status, amount: order.amount, channel: order.channel },
        after: { status: done.status, refund_no: refundNo, reason },
        now,
      });
      return { refund, order: done };
    });
  }

  /** Operator: credit or debit a balance with a reason (never below zero), audited, once per Idempotency-Key. */
  async adjust(actorId: number, key: string, userId: number, body: { amount: number; reason: string }, lang: ApiLanguage) {
    const hash = requestHash('adminAdjustWallet', { user_id: userId, ...body });
    const [user] = await this.d.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw new AppError(ErrorCode.NOT_FOUND);
    type Result = { wallet: { balance: number; frozen: number }; transaction: WalletTransaction };
    return transaction(this.d.db, async (tx): Promise<Result> => {
      const replay = await this.claimKey(tx, actorId, key, hash);
      if (replay) return replay.response as Result;
      const now = this.d.now();
      const before = await walletOf(tx, userId);
      const posted = await postLedger(tx, { userId, type: 'adjustment', amount: body.amount, refType: 'adjustment', refId: `${actorId}:${key}`, memo: body.reason, now });
      await writeAudit(tx, { actorId, action: 'wallet.adjust', target: `user:${userId}`, before, after: { balance: posted.balance, frozen: posted.frozen, amount: body.amount, reason: body.reason }, now });
      const [t] = await tx.select().from(walletTransactions).where(eq(walletTransactions.id, posted.transactionId));
      if (!t) throw new Error('ledger row vanished');
      const result: Result = { wallet: { balance: posted.balance, frozen: posted.frozen }, transaction: presentTxn(t, lang) };
      await this.storeKey(tx, actorId, key, result);
      return result;
    });
  }

  // ---- lists ----

  async orderPage(userId: number | null, q: { page: number; page_size: number; status?: string | undefined; module?: string | undefined }) {
    const where = and(
      userId === null ? undefined : eq(orders.userId, userId),
      q.status ? eq(orders.status, q.status) : undefined,
      q.module ? eq(orders.module, q.module) : undefined,
    );
    const [rows, [count]] = await Promise.all([
      this.d.db.select().from(orders).where(where).orderBy(desc(orders.id)).limit(q.page_size).offset((q.page - 1) * q.page_size),
      this.d.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where),
    ]);
    return { rows, total: count?.n ?? 0 };
  }

  async campaignsOpen(now: Date): Promise<CampaignRow[]> {
    return this.d.db
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
}
