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
export type ScorePage = DataOf<'scoreLog'>;
export type ScoreItem = ScorePage['items'][number];
export type BankCard = DataOf<'bankcardList'>['items'][number];
export type WithdrawalPage = DataOf<'withdrawalList'>;
export type Withdrawal = WithdrawalPage['items'][number];

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

export const useScoreLog = (page: number, type: 'all' | 'earned' | 'spent') => {
  const lang = useLang();
  return useQuery({
    queryKey: moneyKeys.scoreLog(lang, type, page),
    queryFn: ({ signal }) => api.call('scoreLog', { query: paged(page, { type }), signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
};

export const useCreditRule = () =>
  useQuery({
    queryKey: moneyKeys.creditRule,
    queryFn: ({ signal }) => api.call('creditRule', { signal }),
  });

export const redeemVoucher = (code: string) => api.call('voucherRedeem', { body: { code } });

export const bankCardsQueryKey = moneyKeys.bankCards;
export const useBankCards = () =>
  useQuery({
    queryKey: bankCardsQueryKey,
    queryFn: ({ signal }) => api.call('bankcardList', { signal }),
    staleTime: 0,
  });

export const checkBankCard = (cardNumber: string) => api.call('checkBankcard', { body: { card_number: cardNumber } });
export const addBankCard = (body: BodyOf<'bankcardAdd'>) => api.call('bankcardAdd', { body });
export const setDefaultCard = (id: number) => api.call('bankcardDefault', { params: { id } });
export const deleteCard = (id: number) => api.call('bankcardDelete', { params: { id } });

export const requestWithdrawal = (body: BodyOf<'cashWithdrawal'>, key: string) =>
  api.call('cashWithdrawal', { body, ...idempotent(key) });

export const useWithdrawals = (page: number) =>
  useQuery({
    queryKey: moneyKeys.withdrawals(page),
    queryFn: ({ signal }) => api.call('withdrawalList', { query: paged(page), signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** Luhn check of a card number's digits (the server checks it too, with the BIN table). */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
