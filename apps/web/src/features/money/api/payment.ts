import { useQuery } from '@tanstack/react-query';
import type { BodyOf, DataOf } from '@medportal/contract';
import { api } from '../../../shared/api-client';
import { sharedKeys } from '../../../shared/query-keys';

export type Order = DataOf<'orderInfo'>;
export type OrderPayment = DataOf<'createOrder'>;
export type WalletInfo = DataOf<'walletInfo'>;
export type QrChannel = 'wechat' | 'alipay';

/** How often a waiting QR payment asks for its order's state. */
export const ORDER_POLL_MS = 2000;

/** A fresh key for one paying call; a retry of the same call sends the same key (the server charges once). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** "12.50" (yuan, at most two decimals) → 1250 fen; null when it is not such a number. No floating point. */
export function parseYuan(text: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export const idempotent = (key: string) => ({ headers: { 'Idempotency-Key': key } });

export const walletInfoQueryOptions = () => ({
  queryKey: sharedKeys.wallet,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.call('walletInfo', { signal }),
  staleTime: 0,
});
export const useWalletInfo = (enabled = true) => useQuery({ ...walletInfoQueryOptions(), enabled });

export const useHasPayPassword = (enabled = true) =>
  useQuery({
    queryKey: sharedKeys.hasPayPassword,
    queryFn: ({ signal }) => api.call('hasPayPassword', { signal }),
    enabled,
    staleTime: 0,
  });

/**
 * The state of an order while its QR code waits for the payer: asked every two seconds until
 * it is no longer pending, so the page turns paid (or expired) without a reload.
 */
export const useOrderPolling = (orderNo: string | null) =>
  useQuery({
    queryKey: sharedKeys.order(orderNo),
    queryFn: ({ signal }) => api.call('orderInfo', { query: { order_no: orderNo ?? '' }, signal }),
    enabled: orderNo !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'pending' ? false : ORDER_POLL_MS),
    refetchIntervalInBackground: true,
  });

/** Pay a pending order again by QR, or from the balance. */
export const payOrder = (orderNo: string, body: BodyOf<'orderPay'>, key: string) =>
  api.call('orderPay', { params: { order_no: orderNo }, body, ...idempotent(key) });
