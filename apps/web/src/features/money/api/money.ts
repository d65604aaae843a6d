import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BodyOf, DataOf } from '@medportal/contract';
import { api } from '../../../shared/api-client';
import { useLang } from '../../../shared/hooks/use-lang';
import { idempotent } from './payment';
import { moneyKeys } from './keys';

export type OrderPage = DataOf<'orderList'>;
export type Order = OrderPage['items'][number];
export type OrderStatus = Order['status'];
export type TxnPage = DataOf<'walletTransactions'>;
export type Txn = TxnPage['items'][number];
export type TxnType = Txn['type'];
export type CouponPage = DataOf<'couponList'>;
export type Coupon = CouponPage['items'][number];
export type CouponStatus = Coupon['status'];

export const PAGE_SIZE = 10;
export const TXN_TYPES = ['recharge', 'purchase', 'refund', 'withdrawal', 'withdrawal_paid', 'reversal', 'adjustment', 'merge'] as const satisfies readonly TxnType[];
export const ORDER_STATUSES = ['pending', 'paid', 'closed', 'refunded'] as const satisfies readonly OrderStatus[];
export const COUPON_STATUSES = ['unused', 'used', 'expired'] as const satisfies readonly CouponStatus[];

const paged = (page: number, extra: Record<string, string | undefined> = {}) => ({ page: String(page), page_size: String(PAGE_SIZE), ...extra });

export const useOrders = (page: number, status: OrderStatus | '') => {
  const lang = useLang();
  return useQuery({
    queryKey: moneyKeys.orders(lang, status, page),
    queryFn: ({ signal }) => api.call('orderList', { query: paged(page, { status: status || undefined }), signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
};

export const cancelOrder = (orderNo: string) => api.call('orderCancel', { params: { order_no: orderNo } });

export const useTransactions = (page: number, type: TxnType | '') => {
  const lang = useLang();
  return useQuery({
    queryKey: moneyKeys.bill(lang, type, page),
    queryFn: ({ signal }) => api.call('walletTransactions', { query: paged(page, { type: type || undefined }), signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
};

export const useRechargeList = () => {
  const lang = useLang();
  return useQuery({
    queryKey: moneyKeys.rechargeList(lang),
    queryFn: ({ signal }) => api.call('rechargeList', { signal }),
  });
};

export const usePayExplain = () => {
  const lang = useLang();
  return useQuery({
    queryKey: moneyKeys.payExplain(lang),
    queryFn: ({ signal }) => api.call('aboutPayExplain', { signal }),
  });
};

export const startRecharge = (body: BodyOf<'recharge'>, key: string) => api.call('recharge', { body, ...idempotent(key) });

export const useCoupons = (page: number, status: CouponStatus) => {
  const lang = useLang();
  return useQuery({
    queryKey: moneyKeys.coupons(lang, status, page),
    queryFn: ({ signal }) => api.call('couponList', { query: paged(page, { status }), signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
};

export const useCouponRemain = () => {
  const lang = useLang();
  return useQuery({
    queryKey: moneyKeys.couponRemain(lang),
    queryFn: ({ signal }) => api.call('couponRemain', { signal }),
    staleTime: 0,
  });
};

export const claimCoupon = (campaignId: number) => api.call('couponClaim', { params: { id: campaignId } });
