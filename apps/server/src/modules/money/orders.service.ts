import { type ApiLanguage, type CreateOrderBody, ErrorCode, type Order, type OrderPayment, type PayOrderBody, type QrChannel, type RechargeBody, RECHARGE_MAX_FEN, RECHARGE_MIN_FEN } from '@medportal/contract';
import type { Tx } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../../plugins/context.ts';
import { qrPngDataUrl } from '../../lib/svg-png.ts';
import { grantEntitlement, hasEntitlement } from '../courses/index.ts';
import { courseForSale, newOrderNo, priceCourseOrder } from './checkout.ts';
import * as coupons from './coupons.repository.ts';
import { claimKey, requestHash, storeKey } from './idempotency.ts';
import { postLedger } from './ledger.ts';
import { type OrderRow, presentOrder, presentPayment } from './money.present.ts';
import * as repo from './money.repository.ts';
import type { MoneyDeps, Paying } from './money.service.ts';
import type { PaymentService } from './payments.service.ts';

/**
 * QR orders (course and recharge) from creation to paid or closed (decision record 0026): the
 * provider's QR order, paying a pending order again (by QR or from the balance), cancel and
 * expiry, which give back the coupon and points an order held.
 */
export class OrderService {
  constructor(
    private readonly d: MoneyDeps,
    private readonly payments: PaymentService,
  ) {}

  findOrder(orderNo: string): Promise<OrderRow | null> {
    return repo.orderByNo(this.d.db, orderNo);
  }

  async ownOrder(me: AuthUser, orderNo: string): Promise<OrderRow> {
    const o = await repo.orderByNo(this.d.db, orderNo);
    if (!o || o.userId !== me.id) throw new AppError(ErrorCode.NOT_FOUND);
    return o;
  }

  /** One order as its owner sees it (a course order shows the course's cover). */
  async present(o: OrderRow, lang: ApiLanguage): Promise<Order> {
    return presentOrder(o, lang, o.module === 'course' ? await repo.courseCover(this.d.db, o.moduleId) : '');
  }

  /** A page of orders with their covers, in two queries however many the page holds. */
  page(userId: number | null, q: Omit<repo.OrderFilter, 'userId'>) {
    return repo.orderPage(this.d.db, { ...q, userId });
  }

  private async qr(text: string): Promise<string> {
    return text ? qrPngDataUrl(text, { margin: 1, width: 240 }) : '';
  }

  async createCourseOrder(p: Paying, body: CreateOrderBody): Promise<OrderPayment> {
    const course = await courseForSale(this.d.db, body.module_id, this.d.now());
    const hash = requestHash('createOrder', body);
    const { orderNo, replaced } = await transaction(this.d.db, async (tx) => {
      await repo.lockBuyer(tx, p.user.id);
      const replay = await claimKey(tx, p.user.id, p.key, hash, this.d.now());
      if (replay) return { orderNo: (replay.response as { order_no: string }).order_no, replaced: [] as OrderRow[] };
      if (await hasEntitlement(tx, p.user.id, course.id)) throw new AppError(ErrorCode.ALREADY_PURCHASED);
      const now = this.d.now();
      // An earlier unpaid order of the same course is replaced (so the payer cannot pay twice).
      const replacedRows = await repo.closePendingCourseOrders(tx, p.user.id, course.id, now);
      await this.releaseHolds(tx, replacedRows);
      const no = newOrderNo(now);
      await repo.insertOrder(tx, {
        ...(await priceCourseOrder(tx, { points: this.d.points, now: this.d.now(), userId: p.user.id, course, orderNo: no, body, use: false })),
        ...this.pending(body.channel, now),
      });
      await storeKey(tx, p.user.id, p.key, { order_no: no });
      return { orderNo: no, replaced: replacedRows };
    });
    for (const r of replaced) {
      // Already closed here; a provider that cannot close it now gets its late payment refunded.
      await this.closeAtProvider(r).catch((err: unknown) => this.d.log.warn({ err, orderNo: r.orderNo }, 'closing a replaced order at the provider failed'));
    }
    return this.providerOrder(orderNo, p);
  }

  /** A new order's state: waiting for payment by `channel` until the order lifetime runs out. */
  private pending(channel: QrChannel, now: Date) {
    return { channel, status: 'pending' as const, expiresAt: new Date(now.getTime() + this.d.orderTtlS * 1000), createdAt: now, updatedAt: now };
  }

  async recharge(p: Paying, body: RechargeBody): Promise<OrderPayment> {
    let amount = body.amount ?? 0;
    let optionId = 0;
    if (body.option_id !== undefined) {
      const opt = await repo.activeRechargeOption(this.d.db, body.option_id);
      if (!opt) throw new AppError(ErrorCode.NOT_FOUND);
      amount = opt.amount;
      optionId = opt.id;
    }
    if (amount < RECHARGE_MIN_FEN || amount > RECHARGE_MAX_FEN) throw new AppError(ErrorCode.VALIDATION);
    const hash = requestHash('recharge', body);
    const orderNo = await transaction(this.d.db, async (tx) => {
      const replay = await claimKey(tx, p.user.id, p.key, hash, this.d.now());
      if (replay) return (replay.response as { order_no: string }).order_no;
      const now = this.d.now();
      const no = newOrderNo(now);
      const yuan = (amount / 100).toFixed(2);
      await repo.insertOrder(tx, {
        orderNo: no,
        userId: p.user.id,
        module: 'recharge',
        moduleId: optionId,
        title: `余额充值 ¥${yuan}`,
        titleEn: `Balance top-up ¥${yuan}`,
        originalAmount: amount,
        amount,
        ...this.pending(body.channel, now),
      });
      await storeKey(tx, p.user.id, p.key, { order_no: no });
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
        const updated = await repo.setProviderOrder(this.d.db, { orderNo, channel, codeUrl: made.codeUrl, provider: this.d.providers[channel].kind });
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
        if (!(await this.closeAtProvider(order))) return presentPayment(await this.ownOrder(p.user, orderNo), '');
        const switched = await repo.switchChannel(this.d.db, orderNo, channel);
        if (!switched) throw new AppError(ErrorCode.ORDER_NOT_PAYABLE);
        order = switched;
      }
      return this.providerOrder(orderNo, p);
    }
    if (order.module !== 'course') throw new AppError(ErrorCode.ORDER_NOT_PAYABLE);
    await this.d.checkPayPassword(p.user, body.pay_password);
    // Close the provider's QR first, so the payer cannot also pay it; if it was paid meanwhile, that payment stands.
    if (!(await this.closeAtProvider(order))) return presentPayment(await this.ownOrder(p.user, orderNo), '');
    return transaction(this.d.db, async (tx) => {
      await repo.lockBuyer(tx, p.user.id);
      const replay = await claimKey(tx, p.user.id, p.key, hash, this.d.now());
      if (replay) return replay.response as OrderPayment;
      const now = this.d.now();
      const row = await repo.markPaidFromBalance(tx, orderNo, now);
      if (!row) throw new AppError(ErrorCode.ORDER_NOT_PAYABLE);
      await postLedger(tx, { userId: p.user.id, type: 'purchase', amount: -row.amount, refType: 'order', refId: orderNo, memo: row.title, now });
      await coupons.useReserved(tx, orderNo, now);
      // Held already (another order paid meanwhile): the whole payment rolls back.
      if (!(await grantEntitlement(tx, { userId: p.user.id, courseId: row.moduleId, source: 'order', grantedAt: now }))) throw new AppError(ErrorCode.ALREADY_PURCHASED);
      const data = presentPayment(row, '');
      await storeKey(tx, p.user.id, p.key, data);
      return data;
    });
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
        await this.payments.applyPayment(provider, state);
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
    for (const o of closed) await this.d.points.giveBack(tx, { userId: o.userId, orderNo: o.orderNo, why: 'closed' });
    await coupons.releaseReserved(
      tx,
      closed.map((o) => o.orderNo),
    );
  }

  /** Closes a pending order (cancel or expiry): provider first, then the order and its coupon. Answers the order after. */
  async closeOrder(order: OrderRow): Promise<OrderRow> {
    if (order.status === 'pending' && (await this.closeAtProvider(order))) {
      await transaction(this.d.db, async (tx) => {
        // The user before the order, as an order being placed takes them (points go back).
        await repo.lockBuyer(tx, order.userId);
        await this.releaseHolds(tx, await repo.closePendingOrder(tx, order.orderNo, this.d.now()));
      });
    }
    return (await repo.orderByNo(this.d.db, order.orderNo)) ?? order;
  }

  async cancel(me: AuthUser, orderNo: string): Promise<OrderRow> {
    const order = await this.ownOrder(me, orderNo);
    if (order.status !== 'pending') throw new AppError(ErrorCode.ORDER_NOT_PAYABLE);
    return this.closeOrder(order);
  }

  /** Closes orders past their expiry (provider first) and releases their coupons. */
  async closeExpired(limit = 50): Promise<number> {
    const due = await repo.expiredOrders(this.d.db, this.d.now(), limit);
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
}
