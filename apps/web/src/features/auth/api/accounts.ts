import { queryOptions } from '@tanstack/react-query';
import type { BodyOf, DataOf, QueryOf } from '@medportal/contract';
import { api } from '../../../shared/api-client';
import type { Lang } from '../../../shared/i18n';
import { authEndpoints as e } from './endpoints';

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

export const getCaptchaImage = (signal?: AbortSignal) => api.get<CaptchaImage>(e.captchaImage.path, undefined, { signal });

export const countryCodesQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: ['auth', 'country-codes', lang],
    queryFn: ({ signal }) => api.get<DataOf<'countryPhoneCodes'>>(e.countryPhoneCodes.path, undefined, { signal }),
    staleTime: 60 * 60_000,
  });

export const sendSms = (body: BodyOf<'sendSms'>) => api.post<SendCodeData>(e.sendSms.path, body);
export const sendEmailCode = (body: BodyOf<'sendEmailCode'>) => api.post<SendCodeData>(e.sendEmailCode.path, body);

export const login = (body: BodyOf<'login'>) => api.post<LoginData>(e.login.path, body);
/** Revokes this session on the server; `auth: 'none'` so an expired token is not refreshed just to log out. */
export const logout = () => api.get<null>(e.logout.path, undefined, { auth: 'none' });

export const loginInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'login-info'],
    queryFn: ({ signal }) => api.get<LoginInfo>(e.loginInfo.path, undefined, { signal }),
    staleTime: 0,
  });

export const hasPasswordQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'has-password'],
    queryFn: ({ signal }) => api.get<DataOf<'checkHasPassword'>>(e.checkHasPassword.path, undefined, { signal }),
    staleTime: 0,
  });

export const setPassword = (body: BodyOf<'setPassword'>) => api.post<null>(e.setPassword.path, body);
export const resetPassword = (body: BodyOf<'resetPassword'>) => api.post<DataOf<'resetPassword'>>(e.resetPassword.path, body);
export const forgetPassword = (body: BodyOf<'forgetPassword'>) => api.post<null>(e.forgetPassword.path, body);

export const hasPayPasswordQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'has-pay-password'],
    queryFn: ({ signal }) => api.get<DataOf<'hasPayPassword'>>(e.hasPayPassword.path, undefined, { signal }),
    staleTime: 0,
  });

export const setPayPassword = (body: BodyOf<'setPayPassword'>) => api.post<null>(e.setPayPassword.path, body);
export const changePayPassword = (body: BodyOf<'changePayPassword'>) => api.put<null>(e.changePayPassword.path, body);
export const forgetPayPassword = (body: BodyOf<'forgetPayPassword'>) => api.post<null>(e.forgetPayPassword.path, body);

export const wechatQrConnect = (query: QueryOf<'wechatQrConnect'>, signal?: AbortSignal) =>
  api.get<WechatQr>(e.wechatQrConnect.path, query, { signal });
export const wechatLoginInfo = (ticket: string, signal?: AbortSignal) =>
  api.get<WechatLoginInfo>(e.wechatLoginInfo.path, { ticket }, { signal, auth: 'none' });
export const wechatCallback = (body: BodyOf<'wechatCallback'>) =>
  api.post<DataOf<'wechatCallback'>>(e.wechatCallback.path, body, { auth: 'none' });

export const getOutbox = (to: string, signal?: AbortSignal) => api.get<DataOf<'devOutbox'>>(e.devOutbox.path, { to }, { signal });

export const cancelAccount = (code: string) => api.post<null>(e.cancelAccount.path, { code, confirm: true });
