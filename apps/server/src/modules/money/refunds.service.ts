import { ErrorCode, type QrChannel } from '@medportal/contract';
import { transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { revokeEntitlement } from '../courses/index.ts';
import { writeAudit } from '../staff/index.ts';
import { isUniqueViolation, postLedger } from './ledger.ts';
import * as repo from './money.repository.ts';
import type { MoneyDeps } from './money.service.ts';

/** Operator refunds of paid orders (decision record 0026). */
export class RefundService {
  constructor(private readonly d: MoneyDeps) {}

  /**
   * Refunds a paid order in full to where the money came from: the balance (a `refund` ledger
   * row), or the provider's refund API. Revokes the course. One refund per order (refunds.order_no).
   */
  async refund(actorId: number, orderNo: string, reason: string) {
    const order = await repo.orderByNo(this.d.db, orderNo);
    if (!order) throw new AppError(ErrorCode.NOT_FOUND);
    if (order.status !== 'paid') throw new AppError(ErrorCode.REFUND_NOT_ALLOWED);
    const refundNo = `R${orderNo}`;
    const now = this.d.now();
    // Claim the refund first (status processing): two operators cannot both start one.
    const existing = await repo.refundOf(this.d.db, orderNo);
    if (existing && existing.status === 'success') throw new AppError(ErrorCode.REFUND_NOT_ALLOWED);
    if (!existing) {
      try {
        await repo.insertRefund(this.d.db, { refundNo, orderNo, amount: order.amount, channel: order.channel, status: 'processing', reason, operatorId: actorId, createdAt: now });
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
        await repo.setRefundStatus(this.d.db, orderNo, { status: 'failed' });
        throw new AppError(ErrorCode.PAYMENT_PROVIDER_ERROR);
      }
    }
    return transaction(this.d.db, async (tx) => {
      await repo.lockBuyer(tx, order.userId);
      const done = await repo.markRefunded(tx, orderNo, now);
      if (!done) throw new AppError(ErrorCode.REFUND_NOT_ALLOWED);
      if (done.channel === 'balance' && done.amount > 0) {
        await postLedger(tx, { userId: done.userId, type: 'refund', amount: done.amount, refType: 'order', refId: orderNo, memo: reason, now });
      }
      await this.d.points.giveBack(tx, { userId: done.userId, orderNo, why: 'refunded' });
      // Only the order's grant: a course the user also holds by a voucher stays.
      if (done.module === 'course') await revokeEntitlement(tx, { userId: done.userId, courseId: done.moduleId, source: 'order' });
      const refund = await repo.setRefundStatus(tx, orderNo, { status: 'success', providerRefundId });
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
}
