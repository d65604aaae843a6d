import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BodyOf, DataOf } from '@medportal/contract';
import { api } from '../../../shared/api-client';
import { useLang } from '../../../shared/hooks/use-lang';
import { idempotent } from '../../money';
import { rewardsKeys } from './keys';

export type ScorePage = DataOf<'scoreLog'>;
export type ScoreItem = ScorePage['items'][number];
export type BankCard = DataOf<'bankcardList'>['items'][number];
export type WithdrawalPage = DataOf<'withdrawalList'>;
export type Withdrawal = WithdrawalPage['items'][number];

export const PAGE_SIZE = 10;

const paged = (page: number, extra: Record<string, string | undefined> = {}) => ({ page: String(page), page_size: String(PAGE_SIZE), ...extra });

export const useScoreLog = (page: number, type: 'all' | 'earned' | 'spent') => {
  const lang = useLang();
  return useQuery({
    queryKey: rewardsKeys.scoreLog(lang, type, page),
    queryFn: ({ signal }) => api.call('scoreLog', { query: paged(page, { type }), signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
};

export const useCreditRule = () =>
  useQuery({
    queryKey: rewardsKeys.creditRule,
    queryFn: ({ signal }) => api.call('creditRule', { signal }),
  });

export const redeemVoucher = (code: string) => api.call('voucherRedeem', { body: { code } });

export const useBankCards = () =>
  useQuery({
    queryKey: rewardsKeys.bankCards,
    queryFn: ({ signal }) => api.call('bankcardList', { signal }),
    staleTime: 0,
  });

export const checkBankCard = (cardNumber: string) => api.call('checkBankcard', { body: { card_number: cardNumber } });
export const addBankCard = (body: BodyOf<'bankcardAdd'>) => api.call('bankcardAdd', { body });
export const setDefaultCard = (id: number) => api.call('bankcardDefault', { params: { id } });
export const deleteCard = (id: number) => api.call('bankcardDelete', { params: { id } });

/** Pays balance out, so it goes with money's idempotency key like every paying call. */
export const requestWithdrawal = (body: BodyOf<'cashWithdrawal'>, key: string) =>
  api.call('cashWithdrawal', { body, ...idempotent(key) });

export const useWithdrawals = (page: number) =>
  useQuery({
    queryKey: rewardsKeys.withdrawals(page),
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
