import type { QueryClient } from '@tanstack/react-query';
import type { Lang } from '../../../shared/i18n';
import { sharedKeys } from '../../../shared/query-keys';

/** Query keys of the wallet, bill, orders, recharge and coupon pages; `all` is everything a payment changes here. */
export const moneyKeys = {
  all: sharedKeys.money,
  orders: (lang: Lang, status: string, page: number) => [...sharedKeys.money, 'orders', lang, status, page] as const,
  bill: (lang: Lang, type: string, page: number) => [...sharedKeys.money, 'bill', lang, type, page] as const,
  rechargeList: (lang: Lang) => [...sharedKeys.money, 'recharge-list', lang] as const,
  payExplain: (lang: Lang) => [...sharedKeys.money, 'pay-explain', lang] as const,
  coupons: (lang: Lang, status: string, page: number) => [...sharedKeys.money, 'coupons', lang, status, page] as const,
  couponRemain: (lang: Lang) => [...sharedKeys.money, 'coupon-remain', lang] as const,
};

/**
 * After an order is paid or cancelled: the money pages, and the rewards pages too, since an order
 * spends points and a closed one gives them back (their root is shared, features do not import each other).
 */
export const invalidateAfterOrder = (client: QueryClient) =>
  Promise.all([client.invalidateQueries({ queryKey: moneyKeys.all }), client.invalidateQueries({ queryKey: sharedKeys.rewards })]);
