import type { ApiLanguage, QrChannel } from '@medportal/contract';
import type { Db, Tx } from '../../db/client.ts';
import type { PaymentProvider } from '../../lib/payments/types.ts';
import type { AuthUser } from '../../plugins/context.ts';
import { CouponService } from './coupons.service.ts';
import * as repo from './money.repository.ts';
import { OrderService } from './orders.service.ts';
import { PaymentService } from './payments.service.ts';
import { RefundService } from './refunds.service.ts';
import { WalletService } from './wallet.service.ts';

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

/**
 * The money module's services, one per use case (decision record 0026): orders (QR orders, paying
 * again, cancel, expiry), payments (provider notifications, reconciliation), refunds, the wallet
 * (balance purchase, bill, recharge options, adjustments) and coupons. Every balance change goes
 * through postLedger in the transaction that changes the order. The sweeps the routes schedule
 * are here under their own names.
 */
export class MoneyService {
  readonly payments: PaymentService;
  readonly orders: OrderService;
  readonly refunds: RefundService;
  readonly wallet: WalletService;
  readonly coupons: CouponService;

  constructor(private readonly d: MoneyDeps) {
    this.payments = new PaymentService(d);
    this.orders = new OrderService(d, this.payments);
    this.refunds = new RefundService(d);
    this.wallet = new WalletService(d);
    this.coupons = new CouponService(d.db, d.now);
  }

  /** Closes orders past their expiry (provider first) and releases their coupons. */
  closeExpired(limit = 50): Promise<number> {
    return this.orders.closeExpired(limit);
  }

  /** Asks the provider about QR orders pending for a while: a payment whose notification is late or lost still lands. */
  reconcile(olderThanS = 30, limit = 20): Promise<number> {
    return this.payments.reconcile(olderThanS, limit);
  }

  /** Forgets Idempotency-Keys after a week (clients retry within minutes). */
  async forgetKeys(olderThanS = 7 * 86_400): Promise<void> {
    await repo.deleteKeysBefore(this.d.db, new Date(this.d.now().getTime() - olderThanS * 1000));
  }
}
