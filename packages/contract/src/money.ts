import { z } from 'zod';
import type { EndpointSchemas } from './api.ts';
import { Id, Page, PageQuery } from './common.ts';
import { PAY_PASSWORD_PATTERN } from './constants.ts';

/**
 * Money (decision record 0026): one wallet ledger, orders paid from the balance or by a provider's
 * QR code, coupons, and the operator API. Every amount is an integer number of fen; the web shows
 * yuan. Paying calls carry an `Idempotency-Key` header: the same key and body answer the first
 * result and charge once.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** 8–128 characters of `A-Za-z0-9_-:.` (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

/** An unpaid order closes (and releases its coupon) this long after it was created. */
export const ORDER_TTL_S = 15 * 60;
/** Custom recharge amounts, in fen. */
export const RECHARGE_MIN_FEN = 100;
export const RECHARGE_MAX_FEN = 5_000_000;

/** Fen, never negative, below 2^53 (bigint columns read as numbers). */
export const Fen = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** Signed fen (ledger rows, adjustments). */
export const SignedFen = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);

export const PAY_CHANNELS = ['balance', 'wechat', 'alipay'] as const;
export const PayChannel = z.enum(PAY_CHANNELS);
export type PayChannel = z.infer<typeof PayChannel>;
/** Channels that pay through a provider's QR code. */
export const QrChannel = z.enum(['wechat', 'alipay']);
export type QrChannel = z.infer<typeof QrChannel>;

export const ORDER_STATUSES = ['pending', 'paid', 'closed', 'refunded'] as const;
export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;

/** What an order buys: a course, or balance (a recharge). */
export const ORDER_MODULES = ['course', 'recharge'] as const;
export const OrderModule = z.enum(ORDER_MODULES);
export type OrderModule = z.infer<typeof OrderModule>;
/** What can be bought with `POST /v1/pc/order` and `/v1/user/wallet/purchase`. */
export const PurchasableModule = z.enum(['course']);

/**
 * Ledger row types. `amount` changes the balance, `frozen_delta` the frozen part:
 * recharge +a; purchase −a; refund +a; withdrawal −a/+a frozen (requested); withdrawal_paid
 * −a frozen (paid out); reversal +a/−a frozen (withdrawal rejected); adjustment ±a (operator).
 */
export const WALLET_TXN_TYPES = ['recharge', 'purchase', 'refund', 'withdrawal', 'withdrawal_paid', 'reversal', 'adjustment', 'merge'] as const;
export const WalletTxnType = z.enum(WALLET_TXN_TYPES);
export type WalletTxnType = z.infer<typeof WalletTxnType>;

const OrderNo = z.string().regex(/^[A-Za-z0-9_-]{6,32}$/);
const Instant = z.string();

// ---- Wallet ----

export const WalletInfo = z.object({ balance: Fen, frozen: Fen });
export type WalletInfo = z.infer<typeof WalletInfo>;

export const WalletTransaction = z.object({
  id: z.number().int(),
  type: WalletTxnType,
  /** Signed change of the balance. */
  amount: SignedFen,
  /** Signed change of the frozen part. */
  frozen_delta: SignedFen,
  balance_after: Fen,
  frozen_after: Fen,
  /** What caused it: `order` (ref_id = order_no), `withdrawal`, `adjustment`, ... */
  ref_type: z.string(),
  ref_id: z.string(),
  /** A line to show (the course title, the operator's reason, ...) in the request's language. */
  title: z.string(),
  created_at: Instant,
});
export type WalletTransaction = z.infer<typeof WalletTransaction>;

export const WalletTransactionQuery = PageQuery.extend({ type: WalletTxnType.optional() });
export const WalletTransactionPage = Page(WalletTransaction);
export type WalletTransactionPage = z.infer<typeof WalletTransactionPage>;

export const RechargeOption = z.object({ id: z.number().int(), amount: Fen, label: z.string() });
export type RechargeOption = z.infer<typeof RechargeOption>;
export const RechargeList = z.object({ items: z.array(RechargeOption), min_amount: Fen, max_amount: Fen });
export type RechargeList = z.infer<typeof RechargeList>;

export const PayExplain = z.object({ title: z.string(), paragraphs: z.array(z.string()) });
export type PayExplain = z.infer<typeof PayExplain>;

// ---- Orders ----

export const Order = z.object({
  order_no: OrderNo,
  module: OrderModule,
  /** Course id; recharge option id or 0 for a recharge. */
  module_id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  /** Price before coupon and points. */
  original_amount: Fen,
  coupon_id: z.number().int().nullable(),
  coupon_discount: Fen,
  points_used: z.number().int().min(0),
  points_deduction: Fen,
  /** What the payer pays: original − coupon − points. */
  amount: Fen,
  channel: PayChannel,
  status: OrderStatus,
  created_at: Instant,
  expires_at: Instant,
  paid_at: Instant.nullable(),
  closed_at: Instant.nullable(),
  refunded_at: Instant.nullable(),
});
export type Order = z.infer<typeof Order>;

export const OrderQuery = PageQuery.extend({ status: OrderStatus.optional(), module: OrderModule.optional() });
export const OrderPage = Page(Order);
export type OrderPage = z.infer<typeof OrderPage>;
export const OrderInfoQuery = z.object({ order_no: OrderNo });
export const OrderNoParams = z.object({ order_no: OrderNo });

/** A QR payment waiting for the payer: show `qr`, poll `/v1/user/order/info` until paid. */
export const OrderPayment = z.object({
  order_no: OrderNo,
  amount: Fen,
  status: OrderStatus,
  channel: PayChannel,
  /** What the QR encodes (weixin://… for WeChat Pay; the sandbox's local pay page). Empty when paid. */
  code_url: z.string(),
  /** A PNG data URL of the QR code of `code_url`. Empty when paid. */
  qr: z.string(),
  expires_at: Instant,
});
export type OrderPayment = z.infer<typeof OrderPayment>;

const OrderPointsField = z.number().int().min(0).max(100_000_000).optional();

export const CreateOrderBody = z.object({
  module: PurchasableModule,
  module_id: Id,
  coupon_id: Id.nullish(),
  /** Credit points to spend on it (at most what pointsDeduction allows for the price after the coupon). */
  points: OrderPointsField,
  channel: QrChannel,
});
export type CreateOrderBody = z.infer<typeof CreateOrderBody>;

const PayPassword = z.string().regex(PAY_PASSWORD_PATTERN, 'must be 6 digits');

export const PurchaseBody = z.object({
  module: PurchasableModule,
  module_id: Id,
  coupon_id: Id.nullish(),
  points: OrderPointsField,
  pay_password: PayPassword,
});
export type PurchaseBody = z.infer<typeof PurchaseBody>;

/** A purchase from the balance: the order (paid) and the balance after it. */
export const PurchaseData = z.object({ order: Order, balance: Fen });
export type PurchaseData = z.infer<typeof PurchaseData>;

/** Pay a pending order: by QR (again, or with the other provider) or from the balance (pay password). */
export const PayOrderBody = z.discriminatedUnion('channel', [
  z.object({ channel: QrChannel }),
  z.object({ channel: z.literal('balance'), pay_password: PayPassword }),
]);
export type PayOrderBody = z.infer<typeof PayOrderBody>;

export const RechargeBody = z
  .object({
    option_id: Id.optional(),
    amount: z.number().int().min(RECHARGE_MIN_FEN).max(RECHARGE_MAX_FEN).optional(),
    channel: QrChannel,
  })
  .refine((b) => (b.option_id === undefined) !== (b.amount === undefined), { message: 'give exactly one of option_id and amount', path: ['option_id'] });
export type RechargeBody = z.infer<typeof RechargeBody>;

export const DevPayBody = z.object({ result: z.enum(['success', 'fail']) });
export const DevPayData = z.object({ order_no: OrderNo, trade_state: z.enum(['success', 'failed', 'closed', 'pending', 'refunded']) });

// ---- Coupons ----

export const COUPON_KINDS = ['amount', 'discount'] as const;
export const CouponKind = z.enum(COUPON_KINDS);
export const CouponStatus = z.enum(['unused', 'used', 'expired']);
export type CouponStatus = z.infer<typeof CouponStatus>;

/** The rule of a coupon, as its campaign states it. */
export const CouponRule = z.object({
  /** `amount`: `value` fen off; `discount`: `value` percent off (1–99), at most `max_discount` fen. */
  kind: CouponKind,
  value: z.number().int().positive(),
  max_discount: Fen.nullable(),
  /** The price must be at least this (fen). */
  min_spend: Fen,
  /** `all` courses, or only `course_ids`. */
  scope: z.enum(['all', 'courses']),
  course_ids: z.array(z.number().int()),
});
export type CouponRule = z.infer<typeof CouponRule>;

export const UserCoupon = CouponRule.extend({
  id: z.number().int(),
  campaign_id: z.number().int(),
  title: z.string(),
  /** `unused` includes one held by a pending order (`order_no` set) until that order closes. */
  status: CouponStatus,
  order_no: z.string().nullable(),
  valid_from: Instant,
  valid_until: Instant,
  claimed_at: Instant,
  used_at: Instant.nullable(),
});
export type UserCoupon = z.infer<typeof UserCoupon>;

export const CouponQuery = PageQuery.extend({ status: CouponStatus.default('unused') });
export const CouponPage = Page(UserCoupon);
export type CouponPage = z.infer<typeof CouponPage>;

/** A campaign a user may claim from. */
export const CouponCampaign = CouponRule.extend({
  id: z.number().int(),
  title: z.string(),
  /** Coupons left to claim; null = unlimited. */
  remaining: z.number().int().nullable(),
  per_user_limit: z.number().int().positive(),
  /** How many this user holds from it (0 for visitors). */
  claimed: z.number().int(),
  claim_starts_at: Instant,
  claim_ends_at: Instant,
  /** Coupons are valid this many days after claiming, or until `valid_until` if that is sooner. */
  valid_days: z.number().int().positive(),
  valid_until: Instant.nullable(),
});
export type CouponCampaign = z.infer<typeof CouponCampaign>;

export const CouponRemain = z.object({
  /** Unused, unexpired coupons of this user. */
  unused: z.number().int(),
  /** Campaigns open for claiming now. */
  campaigns: z.array(CouponCampaign),
});
export type CouponRemain = z.infer<typeof CouponRemain>;

export const UsableCouponQuery = z.object({ module: PurchasableModule, module_id: Id });
export const UsableCoupon = z.object({ coupon: UserCoupon, discount: Fen, amount: Fen });
export const UsableCoupons = z.object({
  /** The price (fen) read from the catalogue. */
  price: Fen,
  original_price: Fen,
  /** Best first (largest discount, then soonest to expire). */
  items: z.array(UsableCoupon),
  best_coupon_id: z.number().int().nullable(),
});
export type UsableCoupons = z.infer<typeof UsableCoupons>;

// ---- Operators ----

export const RefundBody = z.object({ reason: z.string().trim().min(1).max(200) });
export const Refund = z.object({
  refund_no: z.string(),
  order_no: OrderNo,
  amount: Fen,
  channel: PayChannel,
  status: z.enum(['success', 'processing', 'failed']),
  reason: z.string(),
  created_at: Instant,
});
export type Refund = z.infer<typeof Refund>;
export const RefundData = z.object({ refund: Refund, order: Order });

export const CreateCampaignBody = CouponRule.extend({
  title_zh: z.string().trim().min(1).max(60),
  title_en: z.string().trim().min(1).max(100).optional(),
  /** null = unlimited. */
  total: z.number().int().positive().max(10_000_000).nullable().default(null),
  per_user_limit: z.number().int().positive().max(100).default(1),
  claim_starts_at: z.iso.datetime({ offset: true }).optional(),
  claim_ends_at: z.iso.datetime({ offset: true }),
  valid_days: z.number().int().positive().max(3650),
  valid_until: z.iso.datetime({ offset: true }).nullable().default(null),
})
  .refine((b) => b.kind !== 'discount' || b.value < 100, { message: 'a discount is 1–99 percent', path: ['value'] })
  .refine((b) => b.scope === 'all' || b.course_ids.length > 0, { message: 'name at least one course', path: ['course_ids'] });
export type CreateCampaignBody = z.input<typeof CreateCampaignBody>;
export const AdminCampaign = CouponCampaign.extend({ title_zh: z.string(), title_en: z.string().nullable(), total: z.number().int().nullable(), issued: z.number().int(), active: z.boolean() });
export const AdminCampaignList = z.object({ items: z.array(AdminCampaign) });

export const AdjustBody = z.object({
  /** Signed fen: positive credits, negative debits (never below zero). */
  amount: SignedFen.refine((v) => v !== 0, 'must not be 0'),
  reason: z.string().trim().min(1).max(200),
});
export const UserIdParams = z.object({ user_id: Id });
export const AdjustData = z.object({ wallet: WalletInfo, transaction: WalletTransaction });

export const AuditEntry = z.object({
  id: z.number().int(),
  actor_id: z.number().int().nullable(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: Instant,
});
export const AuditQuery = PageQuery.extend({
  /** Exact action (`order.refund`), or every action of a kind with a trailing dot (`staff.`). */
  action: z.string().max(60).optional(),
  target: z.string().max(100).optional(),
  actor_id: Id.optional(),
  /** Written at or after `from` and before `to`. */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export const AuditPage = Page(AuditEntry);

export const AdminOrderQuery = PageQuery.extend({
  status: OrderStatus.optional(),
  user_id: Id.optional(),
  /** Part of an order number, a provider's transaction id or what was bought. */
  q: z.string().trim().min(1).max(100).optional(),
});
export const AdminOrder = Order.extend({ user_id: z.number().int(), provider_txn_id: z.string().nullable() });
export const AdminOrderPage = Page(AdminOrder);

const define = <const E extends EndpointSchemas>(e: E) => e;

export const moneySchemas = {
  walletInfo: define({ summary: 'Balance and frozen amount (fen)', tags: ['money'], data: WalletInfo }),
  walletTransactions: define({
    summary: 'The bill: ledger rows newest first, optionally of one type',
    tags: ['money'],
    query: WalletTransactionQuery,
    data: WalletTransactionPage,
  }),
  walletTransaction: define({ summary: 'One ledger row of the user', tags: ['money'], params: z.object({ id: Id }), data: WalletTransaction }),
  rechargeList: define({ summary: 'Recharge options and the custom amount range (fen)', tags: ['money'], data: RechargeList }),
  aboutPayExplain: define({ summary: 'What paying, the balance, refunds and coupons mean', tags: ['money'], data: PayExplain }),
  createOrder: define({
    summary: 'A QR order for a course (price read from the catalogue); Idempotency-Key header required',
    tags: ['money'],
    body: CreateOrderBody,
    data: OrderPayment,
  }),
  orderInfo: define({ summary: 'One order of the user (the pay dialog polls this)', tags: ['money'], query: OrderInfoQuery, data: Order }),
  orderList: define({ summary: 'Orders of the user, newest first', tags: ['money'], query: OrderQuery, data: OrderPage }),
  orderCancel: define({ summary: 'Cancel a pending order (releases its coupon)', tags: ['money'], params: OrderNoParams, data: Order }),
  orderPay: define({
    summary: 'Pay a pending order by QR or from the balance; Idempotency-Key header required',
    tags: ['money'],
    params: OrderNoParams,
    body: PayOrderBody,
    data: OrderPayment,
  }),
  walletPurchase: define({
    summary: 'Buy from the balance (pay password); Idempotency-Key header required',
    tags: ['money'],
    body: PurchaseBody,
    data: PurchaseData,
  }),
  recharge: define({
    summary: 'A QR order that tops up the balance; credited once when the provider confirms. Idempotency-Key header required',
    tags: ['money'],
    body: RechargeBody,
    data: OrderPayment,
  }),
  devPay: define({
    summary: 'Development only: act as the payer of a sandbox order (confirm or decline)',
    tags: ['dev'],
    params: OrderNoParams,
    body: DevPayBody,
    data: DevPayData,
  }),
  couponList: define({ summary: 'Coupons of the user by status', tags: ['money'], query: CouponQuery, data: CouponPage }),
  couponClaim: define({ summary: 'Claim a coupon from a campaign (id = campaign id)', tags: ['money'], params: z.object({ id: Id }), data: UserCoupon }),
  couponRemain: define({ summary: 'Unused coupons of the user and campaigns open for claiming', tags: ['money'], data: CouponRemain }),
  couponUsable: define({
    summary: 'Coupons usable for an item at its catalogue price, best first',
    tags: ['money'],
    query: UsableCouponQuery,
    data: UsableCoupons,
  }),
  adminOrders: define({ summary: 'Operator: orders of every user', tags: ['admin'], query: AdminOrderQuery, data: AdminOrderPage }),
  adminRefund: define({
    summary: 'Operator: refund a paid order in full to where it came from; revokes the course',
    tags: ['admin'],
    params: OrderNoParams,
    body: RefundBody,
    data: RefundData,
  }),
  adminCampaigns: define({ summary: 'Operator: coupon campaigns', tags: ['admin'], data: AdminCampaignList }),
  adminCreateCampaign: define({ summary: 'Operator: create a coupon campaign', tags: ['admin'], body: CreateCampaignBody, data: AdminCampaign }),
  adminAdjustWallet: define({
    summary: 'Operator: credit or debit a balance with a reason; Idempotency-Key header required',
    tags: ['admin'],
    params: UserIdParams,
    body: AdjustBody,
    data: AdjustData,
  }),
  adminAuditLog: define({ summary: 'Staff (audit area): the audit log, newest first, filtered by action, target, actor and time', tags: ['admin'], query: AuditQuery, data: AuditPage }),
} as const;
