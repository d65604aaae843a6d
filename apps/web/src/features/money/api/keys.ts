import type { Lang } from '../../../shared/i18n';
import { sharedKeys } from '../../../shared/query-keys';

/** Query keys of the wallet, orders, coupons, points and CME pages; `all` is everything a payment changes. */
export const moneyKeys = {
  all: sharedKeys.money,
  signIn: [...sharedKeys.money, 'sign-in'] as const,
  orders: (lang: Lang, status: string, page: number) => [...sharedKeys.money, 'orders', lang, status, page] as const,
  bill: (lang: Lang, type: string, page: number) => [...sharedKeys.money, 'bill', lang, type, page] as const,
  rechargeList: (lang: Lang) => [...sharedKeys.money, 'recharge-list', lang] as const,
  payExplain: (lang: Lang) => [...sharedKeys.money, 'pay-explain', lang] as const,
  coupons: (lang: Lang, status: string, page: number) => [...sharedKeys.money, 'coupons', lang, status, page] as const,
  couponRemain: (lang: Lang) => [...sharedKeys.money, 'coupon-remain', lang] as const,
  scoreLog: (lang: Lang, type: string, page: number) => [...sharedKeys.money, 'score-log', lang, type, page] as const,
  creditRule: [...sharedKeys.money, 'credit-rule'] as const,
  bankCards: [...sharedKeys.money, 'bankcards'] as const,
  withdrawals: (page: number) => [...sharedKeys.money, 'withdrawals', page] as const,
  allCme: [...sharedKeys.credit, 'cme'] as const,
  cme: (lang: Lang, year: number | undefined) => [...sharedKeys.credit, 'cme', lang, year ?? 'now'] as const,
  creditTest: (kind: string, id: number, lang: Lang) => [...sharedKeys.credit, 'test', kind, id, lang] as const,
};
