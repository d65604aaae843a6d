import type { ApiLanguage, Order, OrderPayment, UserCoupon, WalletTransaction, WalletTxnType } from '@medportal/contract';
import type { couponCampaigns, coupons, orders, walletTransactions } from '../../db/schema/index.ts';

export type OrderRow = typeof orders.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
export type CampaignRow = typeof couponCampaigns.$inferSelect;
export type TxnRow = typeof walletTransactions.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function orderTitle(o: { title: string; titleEn: string | null }, lang: ApiLanguage): string {
  return lang === 'en' && o.titleEn ? o.titleEn : o.title;
}

export function presentOrder(o: OrderRow, lang: ApiLanguage, cover = ''): Order {
  return {
    order_no: o.orderNo,
    module: o.module as Order['module'],
    module_id: o.moduleId,
    title: orderTitle(o, lang),
    cover,
    original_amount: o.originalAmount,
    coupon_id: o.couponId,
    coupon_discount: o.couponDiscount,
    points_used: o.pointsUsed,
    points_deduction: o.pointsDeduction,
    amount: o.amount,
    channel: o.channel as Order['channel'],
    status: o.status as Order['status'],
    created_at: o.createdAt.toISOString(),
    expires_at: o.expiresAt.toISOString(),
    paid_at: iso(o.paidAt),
    closed_at: iso(o.closedAt),
    refunded_at: iso(o.refundedAt),
  };
}

export function presentPayment(o: OrderRow, qr: string): OrderPayment {
  const open = o.status === 'pending';
  return {
    order_no: o.orderNo,
    amount: o.amount,
    status: o.status as OrderPayment['status'],
    channel: o.channel as OrderPayment['channel'],
    code_url: open ? o.codeUrl : '',
    qr: open ? qr : '',
    expires_at: o.expiresAt.toISOString(),
  };
}

const TXN_TITLES: Record<WalletTxnType, { zh_CN: string; en: string }> = {
  recharge: { zh_CN: '充值', en: 'Top-up' },
  purchase: { zh_CN: '购买', en: 'Purchase' },
  refund: { zh_CN: '退款', en: 'Refund' },
  withdrawal: { zh_CN: '提现申请', en: 'Withdrawal requested' },
  withdrawal_paid: { zh_CN: '提现到账', en: 'Withdrawal paid out' },
  reversal: { zh_CN: '提现退回', en: 'Withdrawal returned' },
  adjustment: { zh_CN: '余额调整', en: 'Balance adjustment' },
  merge: { zh_CN: '账号合并', en: 'Account merge' },
};

/** Memos the server itself writes (withdrawals), shown in the reader's language. */
const TXN_MEMOS: Record<string, { zh_CN: string; en: string }> = {
  rejected: { zh_CN: '审核未通过', en: 'rejected' },
  'payout failed': { zh_CN: '打款失败', en: 'payout failed' },
};

/** What a bill row is about, in both languages: an order's title, read when the bill is shown. */
export type TxnSubjects = ReadonlyMap<string, { title: string; titleEn: string | null }>;

/**
 * A bill row. A purchase's memo holds the Chinese title it was bought under; the order's own
 * title in the reader's language (`subjects`, by order number) is shown instead.
 */
export function presentTxn(t: TxnRow, lang: ApiLanguage, subjects: TxnSubjects = new Map()): WalletTransaction {
  const type = t.type as WalletTxnType;
  const base = TXN_TITLES[type]?.[lang] ?? type;
  const subject = t.refType === 'order' && type === 'purchase' ? subjects.get(t.refId) : undefined;
  const memo = subject ? orderTitle(subject, lang) : (TXN_MEMOS[t.memo]?.[lang] ?? t.memo);
  return {
    id: t.id,
    type,
    amount: t.amount,
    frozen_delta: t.frozenDelta,
    balance_after: t.balanceAfter,
    frozen_after: t.frozenAfter,
    ref_type: t.refType,
    ref_id: t.refId,
    title: memo ? `${base} · ${memo}` : base,
    created_at: t.createdAt.toISOString(),
  };
}

export function couponRule(c: CampaignRow) {
  return {
    kind: c.kind as 'amount' | 'discount',
    value: c.value,
    max_discount: c.maxDiscount,
    min_spend: c.minSpend,
    scope: c.scope as 'all' | 'courses',
    course_ids: c.courseIds,
  };
}

export function presentCoupon(c: CouponRow, campaign: CampaignRow, lang: ApiLanguage, now: Date): UserCoupon {
  const status: UserCoupon['status'] = c.status === 'used' ? 'used' : c.validUntil <= now ? 'expired' : 'unused';
  return {
    ...couponRule(campaign),
    id: c.id,
    campaign_id: campaign.id,
    title: lang === 'en' && campaign.titleEn ? campaign.titleEn : campaign.titleZh,
    status,
    order_no: c.status === 'reserved' ? c.orderNo : null,
    valid_from: c.validFrom.toISOString(),
    valid_until: c.validUntil.toISOString(),
    claimed_at: c.claimedAt.toISOString(),
    used_at: iso(c.usedAt),
  };
}

/**
 * What a coupon takes off `price` (fen), or null when it does not apply. At least 1 fen is left to
 * pay: providers refuse a zero amount, and a zero purchase would move no money to record.
 */
export function couponDiscount(c: CampaignRow, price: number, courseId: number): number | null {
  if (price < c.minSpend || price < 2) return null;
  if (c.scope === 'courses' && !c.courseIds.includes(courseId)) return null;
  let off = c.kind === 'amount' ? c.value : Math.floor((price * c.value) / 100);
  if (c.kind === 'discount' && c.maxDiscount !== null) off = Math.min(off, c.maxDiscount);
  return Math.max(0, Math.min(off, price - 1));
}
