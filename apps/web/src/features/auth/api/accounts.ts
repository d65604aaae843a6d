import { queryOptions } from '@tanstack/react-query';
import type { BodyOf, DataOf, QueryOf } from '@medportal/contract';
import { api } from '../../../shared/api-client';
import type { Lang } from '../../../shared/i18n';
import { authKeys } from './keys';

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

export const getCaptchaImage = (signal?: AbortSignal) => api.call('captchaImage', { signal });

export const countryCodesQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: authKeys.countryCodes(lang),
    queryFn: ({ signal }) => api.call('countryPhoneCodes', { signal }),
    staleTime: 60 * 60_000,
  });

export const sendSms = (body: BodyOf<'sendSms'>) => api.call('sendSms', { body });
export const sendEmailCode = (body: BodyOf<'sendEmailCode'>) => api.call('sendEmailCode', { body });

export const login = (body: BodyOf<'login'>) => api.call('login', { body });
/** Revokes this session on the server; `auth: 'none'` so an expired token is not refreshed just to log out. */
export const logout = () => api.call('logout', { auth: 'none' });

export const loginInfoQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.loginInfo,
    queryFn: ({ signal }) => api.call('loginInfo', { signal }),
    staleTime: 0,
  });

export const hasPasswordQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.hasPassword,
    queryFn: ({ signal }) => api.call('checkHasPassword', { signal }),
    staleTime: 0,
  });

export const setPassword = (body: BodyOf<'setPassword'>) => api.call('setPassword', { body });
export const resetPassword = (body: BodyOf<'resetPassword'>) => api.call('resetPassword', { body });
export const forgetPassword = (body: BodyOf<'forgetPassword'>) => api.call('forgetPassword', { body });

export const hasPayPasswordQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.hasPayPassword,
    queryFn: ({ signal }) => api.call('hasPayPassword', { signal }),
    staleTime: 0,
  });

export const setPayPassword = (body: BodyOf<'setPayPassword'>) => api.call('setPayPassword', { body });
export const changePayPassword = (body: BodyOf<'changePayPassword'>) => api.call('changePayPassword', { body });
export const forgetPayPassword = (body: BodyOf<'forgetPayPassword'>) => api.call('forgetPayPassword', { body });

export const wechatQrConnect = (query: QueryOf<'wechatQrConnect'>, signal?: AbortSignal) =>
  api.call('wechatQrConnect', { query, signal });
export const wechatLoginInfo = (ticket: string, signal?: AbortSignal) =>
  api.call('wechatLoginInfo', { query: { ticket }, signal, auth: 'none' });
export const wechatCallback = (body: BodyOf<'wechatCallback'>) =>
  api.call('wechatCallback', { body, auth: 'none' });

export const getOutbox = (to: string, signal?: AbortSignal) => api.call('devOutbox', { query: { to }, signal });

export const cancelAccount = (code: string) => api.call('cancelAccount', { body: { code, confirm: true } });

export const agreeConsent = () => api.call('agreeConsent', { body: { agree_terms: true } });
