import { useQuery } from '@tanstack/react-query';
import type { DataOf } from '@medportal/contract';
import { posterUrl, type ShareKindName as ShareKind } from '@medportal/contract/constants';
import { api } from '../../../shared/api-client';

export type RedirectTarget = DataOf<'redirectResolve'>;
export type RedirectLink = DataOf<'liveRedirectLink'>;
export type WxConfig = DataOf<'wxaTicket'>;

/** Query keys of the share pages. */
export const shareKeys = {
  redirect: (token: string) => ['share', 'redirect', token] as const,
  mpSubscribe: ['share', 'mp-subscribe'] as const,
  mpQrCode: ['share', 'mp-qrcode'] as const,
  jssdkTest: (url: string, inWechat: boolean) => ['share', 'jssdk-test', url, inWechat] as const,
};

/** The poster image for an item, drawn by the server (QR = web URL, or the mini-program code inside the mini-program). */
export const posterSrc = (kind: ShareKind, id: number, lang: 'zh' | 'en', host: 'web' | 'mini') => posterUrl({ type: kind, id, lang, host });

export const useRedirectTarget = (token: string) =>
  useQuery({
    queryKey: shareKeys.redirect(token),
    queryFn: ({ signal }) => api.call('redirectResolve', { query: { t: token }, signal }),
    enabled: token !== '',
    retry: false,
    staleTime: 0,
  });

export const fetchRedirectLink = (liveId: number) => api.call('liveRedirectLink', { params: { id: liveId } });
export const fetchWxConfig = (url: string) => api.call('wxaTicket', { body: { url } });
export const fetchSubscribe = () => api.call('mpCheckSubscribe');
export const fetchFollowQr = () => api.call('mpQrcode');
