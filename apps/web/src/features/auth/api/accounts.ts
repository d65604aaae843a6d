import { queryOptions } from '@tanstack/react-query';
import type { BodyOf, DataOf, QueryOf } from '@medportal/contract';
import { api } from '../../../shared/api-client';
import type { Lang } from '../../../shared/i18n';
import { pathOf } from '@medportal/contract/routes';

/** Fetchers and query options of the accounts capability (one per call). */

export type CaptchaImage = DataOf<'captchaImage'>;
export type CountryPhoneCode = DataOf<'countryPhoneCodes'>['items'][number];
export type SendCodeData = DataOf<'sendSms'>;
export type LoginData = DataOf<'login'>;
export type LoginInfo = DataOf<'loginInfo'>;
export type WechatQr = DataOf<'wechatQrConnect'>;
export type WechatLoginInfo = DataOf<'wechatLoginInfo'>;
export type WechatLoginStatus = WechatLoginInfo['status'];
export type SmsScene = BodyOf<'sendSms'>['scene'];
export type OutboxItem = DataOf<'devOutbox'>['items'][number];

export const getCaptchaImage = (signal?: AbortSignal) => api.get<CaptchaImage>(pathOf('captchaImage'), undefined, { signal });

export const countryCodesQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: ['auth', 'country-codes', lang],
    queryFn: ({ signal }) => api.get<DataOf<'countryPhoneCodes'>>(pathOf('countryPhoneCodes'), undefined, { signal }),
    staleTime: 60 * 60_000,
  });

export const sendSms = (body: BodyOf<'sendSms'>) => api.post<SendCodeData>(pathOf('sendSms'), body);
export const sendEmailCode = (body: BodyOf<'sendEmailCode'>) => api.post<SendCodeData>(pathOf('sendEmailCode'), body);

export const login = (body: BodyOf<'login'>) => api.post<LoginData>(pathOf('login'), body);
/** Revokes this session on the server; `auth: 'none'` so an expired token is not refreshed just to log out. */
export const logout = () => api.get<null>(pathOf('logout'), undefined, { auth: 'none' });

export const loginInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'login-info'],
    queryFn: ({ signal }) => api.get<LoginInfo>(pathOf('loginInfo'), undefined, { signal }),
    staleTime: 0,
  });

export const hasPasswordQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'has-password'],
    queryFn: ({ signal }) => api.get<DataOf<'checkHasPassword'>>(pathOf('checkHasPassword'), undefined, { signal }),
    staleTime: 0,
  });

export const setPassword = (body: BodyOf<'setPassword'>) => api.post<null>(pathOf('setPassword'), body);
export const resetPassword = (body: BodyOf<'resetPassword'>) => api.post<DataOf<'resetPassword'>>(pathOf('resetPassword'), body);
export const forgetPassword = (body: BodyOf<'forgetPassword'>) => api.post<null>(pathOf('forgetPassword'), body);

export const hasPayPasswordQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'has-pay-password'],
    queryFn: ({ signal }) => api.get<DataOf<'hasPayPassword'>>(pathOf('hasPayPassword'), undefined, { signal }),
    staleTime: 0,
  });

export const setPayPassword = (body: BodyOf<'setPayPassword'>) => api.post<null>(pathOf('setPayPassword'), body);
export const changePayPassword = (body: BodyOf<'changePayPassword'>) => api.put<null>(pathOf('changePayPassword'), body);
export const forgetPayPassword = (body: BodyOf<'forgetPayPassword'>) => api.post<null>(pathOf('forgetPayPassword'), body);

export const wechatQrConnect = (query: QueryOf<'wechatQrConnect'>, signal?: AbortSignal) =>
  api.get<WechatQr>(pathOf('wechatQrConnect'), query, { signal });
export const wechatLoginInfo = (ticket: string, signal?: AbortSignal) =>
  api.get<WechatLoginInfo>(pathOf('wechatLoginInfo'), { ticket }, { signal, auth: 'none' });
export const wechatCallback = (body: BodyOf<'wechatCallback'>) =>
  api.post<DataOf<'wechatCallback'>>(pathOf('wechatCallback'), body, { auth: 'none' });

export const getOutbox = (to: string, signal?: AbortSignal) => api.get<DataOf<'devOutbox'>>(pathOf('devOutbox'), { to }, { signal });

export const cancelAccount = (code: string) => api.post<null>(pathOf('cancelAccount'), { code, confirm: true });

export const agreeConsent = () => api.post<DataOf<'agreeConsent'>>(pathOf('agreeConsent'), { agree_terms: true });
