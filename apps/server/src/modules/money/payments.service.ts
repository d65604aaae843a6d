import type { QrChannel } from '@medportal/contract';
import { transaction } from '../../db/transaction.ts';
import type { IncomingNotification, NotificationAck, PaymentProvider, VerifiedPayment } from '../../lib/payments/types.ts';
import { grantEntitlement } from '../courses/index.ts';
import * as coupons from './coupons.repository.ts';
import { postLedger } from './ledger.ts';
import type { OrderRow } from './money.present.ts';
import * as repo from './money.repository.ts';
import type { MoneyDeps } from './money.service.ts';

export type Outcome = 'applied' | 'duplicate' | 'late_refund' | 'rejected' | 'ignored';

/**
 * Provider payments (decision record 0026): notifications verified by the provider and applied
 * once, and the reconciliation that asks providers about quiet QR orders. A payment leaves its
 * order `pending` by one conditional update, so it is paid once whatever arrives twice.
 */
export class PaymentService {
  constructor(private readonly d: MoneyDeps) {}

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
      const order = await repo.orderByNo(tx, payment.orderNo);
      if (!order) {
        this.d.log.warn({ channel, orderNo: payment.orderNo }, 'payment for an unknown order');
        return 'rejected';
      }
      if (payment.amountFen !== order.amount || (order.module === 'recharge' && order.channel !== channel)) {
        this.d.log.error({ channel, orderNo: order.orderNo, paid: payment.amountFen, due: order.amount }, 'payment does not match its order');
        return 'rejected';
      }
      const key = { channel, providerTxnId: payment.providerTxnId, tradeState: payment.state };
      const fresh = await repo.recordNotification(tx, { ...key, orderNo: order.orderNo, amount: payment.amountFen, receivedAt: this.d.now() });
      if (fresh === null) {
        await repo.countDuplicate(tx, key);
        return 'duplicate';
      }
      const now = this.d.now();
      const paid = await repo.markPaidByProvider(tx, { orderNo: order.orderNo, channel, paidAt: payment.paidAt ?? now, providerTxnId: payment.providerTxnId, now });
      if (!paid) {
        // Paid at the provider after the order closed (or was paid another way): the money goes back.
        late = order;
        await repo.setNotificationOutcome(tx, fresh, 'late_refund');
        return 'late_refund';
      }
      if (paid.module === 'recharge') {
        await postLedger(tx, { userId: paid.userId, type: 'recharge', amount: paid.amount, refType: 'order', refId: paid.orderNo, now });
      } else {
        await coupons.useReserved(tx, paid.orderNo, now);
        await grantEntitlement(tx, { userId: paid.userId, courseId: paid.moduleId, source: 'order', grantedAt: now });
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

  /** Asks the provider about QR orders pending for a while: a payment whose notification is late or lost still lands. */
  async reconcile(olderThanS = 30, limit = 20): Promise<number> {
    const before = new Date(this.d.now().getTime() - olderThanS * 1000);
    const pending = await repo.quietQrOrders(this.d.db, before, limit);
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
}
