import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './common.ts';
import { users } from './users.ts';

/**
 * Money (decision record 0026). Integer fen everywhere. The ledger is `wallets` (the current
 * state) plus `wallet_transactions` (one row per change); both change only through the money
 * module's postLedger, in the same transaction.
 */

export const wallets = pgTable(
  'wallets',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id),
    balance: bigint({ mode: 'number' }).notNull().default(0),
    frozen: bigint({ mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check('wallets_balance_check', sql`${t.balance} >= 0`), check('wallets_frozen_check', sql`${t.frozen} >= 0`)],
);

/** The bill. `(type, ref_type, ref_id)` is unique: an effect (a recharge of order X) applies once. */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    type: text().notNull(),
    /** Signed change of the balance. */
    amount: bigint({ mode: 'number' }).notNull(),
    /** Signed change of the frozen part. */
    frozenDelta: bigint({ mode: 'number' }).notNull().default(0),
    balanceAfter: bigint({ mode: 'number' }).notNull(),
    frozenAfter: bigint({ mode: 'number' }).notNull(),
    refType: text().notNull(),
    refId: text().notNull(),
    memo: text().notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    unique('wallet_transactions_effect_uq').on(t.type, t.refType, t.refId),
    index('wallet_transactions_user_idx').on(t.userId, t.id),
    check(
      'wallet_transactions_type_check',
      sql`${t.type} in ('recharge', 'purchase', 'refund', 'withdrawal', 'withdrawal_paid', 'reversal', 'adjustment', 'merge')`,
    ),
    check('wallet_transactions_after_check', sql`${t.balanceAfter} >= 0 and ${t.frozenAfter} >= 0`),
    check('wallet_transactions_nonzero_check', sql`${t.amount} <> 0 or ${t.frozenDelta} <> 0`),
  ],
);

export const couponCampaigns = pgTable(
  'coupon_campaigns',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    titleZh: text().notNull(),
    titleEn: text(),
    /** `amount`: value fen off; `discount`: value percent off, capped at max_discount. */
    kind: text().notNull(),
    value: integer().notNull(),
    maxDiscount: bigint({ mode: 'number' }),
    minSpend: bigint({ mode: 'number' }).notNull().default(0),
    scope: text().notNull().default('all'),
    courseIds: jsonb().$type<number[]>().notNull().default([]),
    /** null = unlimited. `issued` counts claims; a conditional update keeps issued <= total. */
    total: integer(),
    issued: integer().notNull().default(0),
    perUserLimit: integer().notNull().default(1),
    claimStartsAt: timestamp({ withTimezone: true }).notNull(),
    claimEndsAt: timestamp({ withTimezone: true }).notNull(),
    validDays: integer().notNull(),
    validUntil: timestamp({ withTimezone: true }),
    active: boolean().notNull().default(true),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('coupon_campaigns_kind_check', sql`${t.kind} in ('amount', 'discount')`),
    check('coupon_campaigns_value_check', sql`${t.value} > 0 and (${t.kind} = 'amount' or ${t.value} < 100)`),
    check('coupon_campaigns_scope_check', sql`${t.scope} in ('all', 'courses')`),
    check('coupon_campaigns_issued_check', sql`${t.issued} >= 0 and (${t.total} is null or ${t.issued} <= ${t.total})`),
  ],
);

/**
 * A user's coupons. `reserved` = held by a pending order (order_no); it goes back to `unused` when
 * that order closes, or to `used` when it is paid. Expiry is read from valid_until.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    campaignId: integer()
      .notNull()
      .references(() => couponCampaigns.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    status: text().notNull().default('unused'),
    orderNo: text(),
    validFrom: timestamp({ withTimezone: true }).notNull(),
    validUntil: timestamp({ withTimezone: true }).notNull(),
    claimedAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('coupons_user_idx').on(t.userId, t.status),
    index('coupons_campaign_user_idx').on(t.campaignId, t.userId),
    check('coupons_status_check', sql`${t.status} in ('unused', 'reserved', 'used')`),
    check('coupons_order_check', sql`(${t.status} = 'unused') = (${t.orderNo} is null)`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderNo: text().notNull().unique(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** `course` or `recharge`. */
    module: text().notNull(),
    /** Course id; recharge option id (0 = a custom amount). */
    moduleId: integer().notNull(),
    title: text().notNull(),
    titleEn: text(),
    originalAmount: bigint({ mode: 'number' }).notNull(),
    couponId: integer().references(() => coupons.id),
    couponDiscount: bigint({ mode: 'number' }).notNull().default(0),
    pointsUsed: bigint({ mode: 'number' }).notNull().default(0),
    pointsDeduction: bigint({ mode: 'number' }).notNull().default(0),
    amount: bigint({ mode: 'number' }).notNull(),
    channel: text().notNull(),
    status: text().notNull().default('pending'),
    /** Which provider implementation took it (`sandbox`, `wechatpay-v3`, `alipay`). */
    provider: text(),
    providerTxnId: text(),
    /** What the payer's QR encodes, once the provider made the order. */
    codeUrl: text().notNull().default(''),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
    closedAt: timestamp({ withTimezone: true }),
    refundedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.id),
    index('orders_pending_idx').on(t.expiresAt).where(sql`${t.status} = 'pending'`),
    uniqueIndex('orders_provider_txn_uq').on(t.channel, t.providerTxnId),
    check('orders_module_check', sql`${t.module} in ('course', 'recharge')`),
    check('orders_channel_check', sql`${t.channel} in ('balance', 'wechat', 'alipay')`),
    check('orders_status_check', sql`${t.status} in ('pending', 'paid', 'closed', 'refunded')`),
    check(
      'orders_amount_check',
      sql`${t.amount} >= 0 and ${t.couponDiscount} >= 0 and ${t.pointsDeduction} >= 0 and ${t.amount} = ${t.originalAmount} - ${t.couponDiscount} - ${t.pointsDeduction}`,
    ),
    check('orders_paid_check', sql`(${t.status} in ('paid', 'refunded')) = (${t.paidAt} is not null)`),
  ],
);

/** Every verified provider notification; `(channel, provider_txn_id, trade_state)` applies once. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    channel: text().notNull(),
    providerTxnId: text().notNull(),
    orderNo: text().notNull(),
    tradeState: text().notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    /** What we did with it: `applied`, `ignored` (the order was no longer pending), `refund` (paid after close: refunded). */
    outcome: text().notNull(),
    /** Later copies of the same notification. */
    duplicates: integer().notNull().default(0),
    receivedAt: createdAt(),
  },
  (t) => [unique('payment_notifications_uq').on(t.channel, t.providerTxnId, t.tradeState)],
);

/** Paying calls: the first result of a key, replayed for retries with the same request. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer()
      .notNull()
      .references(() => users.id),
    key: text().notNull(),
    /** sha256 of the endpoint name and the request body (pay password left out). */
    requestHash: text().notNull(),
    response: jsonb().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

export const refunds = pgTable(
  'refunds',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    refundNo: text().notNull().unique(),
    /** One full refund per order. */
    orderNo: text()
      .notNull()
      .unique()
      .references(() => orders.orderNo),
    amount: bigint({ mode: 'number' }).notNull(),
    channel: text().notNull(),
    status: text().notNull(),
    providerRefundId: text(),
    reason: text().notNull(),
    operatorId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [check('refunds_status_check', sql`${t.status} in ('success', 'processing', 'failed')`)],
);

export const rechargeOptions = pgTable('recharge_options', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  amount: bigint({ mode: 'number' }).notNull(),
  sort: smallint().notNull().default(0),
  active: boolean().notNull().default(true),
});

/**
 * The sandbox payment provider's own side (what WeChat Pay keeps about a trade): its state and the
 * delivery of its notification, retried with back-off until acknowledged. Kept in the database so
 * a restart resumes the deliveries.
 */
export const sandboxTrades = pgTable(
  'sandbox_trades',
  {
    orderNo: text().primaryKey(),
    channel: text().notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    description: text().notNull(),
    notifyUrl: text().notNull(),
    /** pending → success | failed | closed; success → refunded. */
    state: text().notNull().default('pending'),
    txnId: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
    /** When the next notification is due; null = nothing to send (or acknowledged). */
    notifyAt: timestamp({ withTimezone: true }),
    ackedAt: timestamp({ withTimezone: true }),
    refundedAmount: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_trades_notify_idx').on(t.notifyAt).where(sql`${t.notifyAt} is not null`)],
);
