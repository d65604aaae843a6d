import { z } from 'zod';
import * as A from './accounts.ts';
import { LoginResult, SessionCheck } from './entities.ts';
import * as P from './profile.ts';
import { courseEndpoints } from './courses.ts';
import { newsEndpoints } from './news.ts';
import { speakerEndpoints } from './speakers.ts';
import { placeEndpoints } from './places.ts';
import { memberEndpoints } from './member.ts';
import { searchEndpoints } from './search.ts';
import { topicEndpoints } from './topics.ts';
import { paperEndpoints } from './papers.ts';
import { liveEndpoints } from './lives.ts';
import { pageEndpoints } from './pages.ts';
import { PcIndexData, RelateSiteData, SiteConfig, UserBannerData, UserBannerQuery } from './home.ts';

/**
 * Every endpoint: method, path, request schemas and the schema of `data`.
 * The server registers routes from these; the web client calls them by name.
 */
export interface EndpointDef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  summary: string;
  tags: readonly string[];
  query?: z.ZodType;
  body?: z.ZodType;
  params?: z.ZodType;
  data: z.ZodType;
  /** Login needed: answers 200203 without a valid access token. */
  auth?: boolean;
}

const define = <const E extends EndpointDef>(e: E) => e;

export const endpoints = {
  ...courseEndpoints,
  ...speakerEndpoints,
  ...placeEndpoints,
  ...memberEndpoints,
  ...searchEndpoints,
  ...topicEndpoints,
  ...paperEndpoints,
  ...liveEndpoints,
  ...pageEndpoints,
  pcIndex: define({
    method: 'GET',
    path: '/v1/pc_index',
    summary: 'Home page blocks in display order',
    tags: ['home'],
    data: PcIndexData,
  }),
  relateSite: define({
    method: 'GET',
    path: '/v1/relate_site',
    summary: 'Sister products for the top bar and the all-products dropdown',
    tags: ['home'],
    data: RelateSiteData,
  }),
  userBanner: define({
    method: 'GET',
    path: '/v1/user/banner',
    summary: 'Side banners (home side panel or user centre)',
    tags: ['home'],
    query: UserBannerQuery,
    data: UserBannerData,
  }),
  siteConfig: define({
    method: 'GET',
    path: '/v1/site/config',
    summary: 'QR targets, app downloads, media accounts and contact details for the site chrome',
    tags: ['home'],
    data: SiteConfig,
  }),
  refreshToken: define({
    method: 'POST',
    path: '/v1/user/refresh/token',
    summary: 'Rotate the token pair; a reused refresh token revokes its whole family (after a short grace window)',
    tags: ['auth'],
    body: z.object({ refresh_token: z.string().min(1).max(512) }),
    data: LoginResult,
  }),
  sessionCheck: define({
    method: 'GET',
    path: '/v1/user/session',
    summary: 'Server session check (spec §4): a fresh access token for the session cookie, or 200203',
    tags: ['auth'],
    data: SessionCheck,
  }),
  captchaImage: define({
    method: 'GET',
    path: '/v1/user/verify_code_image',
    summary: 'A new image captcha',
    tags: ['auth'],
    data: A.CaptchaImage,
  }),
  countryPhoneCodes: define({
    method: 'GET',
    path: '/v1/user/country_phone_code',
    summary: 'Country calling codes for the phone field',
    tags: ['auth'],
    data: A.CountryPhoneCodeData,
  }),
  sendSms: define({
    method: 'POST',
    path: '/v1/user/send/sms',
    summary: 'Send an SMS verification code (image captcha required)',
    tags: ['auth'],
    body: A.SendSmsBody,
    data: A.SendCodeData,
  }),
  sendEmailCode: define({
    method: 'POST',
    path: '/v1/user/send/code',
    summary: 'Send an email verification code (image captcha required)',
    tags: ['auth'],
    body: A.SendEmailCodeBody,
    data: A.SendCodeData,
  }),
  smsVerify: define({
    method: 'POST',
    path: '/v1/user/sms_verify',
    summary: 'Check an SMS code without using it up elsewhere; returns a short-lived ticket',
    tags: ['auth'],
    body: A.SmsVerifyBody,
    data: A.SmsVerifyData,
  }),
  login: define({
    method: 'POST',
    path: '/v1/user/login',
    summary: 'Log in by SMS code (creates the account for a new number) or by password',
    tags: ['auth'],
    body: A.LoginBody,
    data: A.LoginData,
  }),
  logout: define({
    method: 'GET',
    path: '/v1/user/logout',
    summary: 'Revoke this session server-side',
    tags: ['auth'],
    data: z.null(),
  }),
  loginInfo: define({
    method: 'GET',
    path: '/v1/user/login_info',
    summary: 'Who is logged in',
    tags: ['auth'],
    auth: true,
    data: A.LoginInfo,
  }),
  checkIp: define({ method: 'GET', path: '/v1/check_ip', summary: 'The caller address as seen by the server', tags: ['auth'], data: A.CheckIpData }),
  setPassword: define({
    method: 'POST',
    path: '/v1/user/password',
    summary: 'Set a login password (only for a user without one)',
    tags: ['password'],
    auth: true,
    body: A.SetPasswordBody,
    data: z.null(),
  }),
  resetPassword: define({
    method: 'POST',
    path: '/v1/user/reset_password',
    summary: 'Change the login password; other sessions are logged out',
    tags: ['password'],
    auth: true,
    body: A.ResetPasswordBody,
    data: LoginResult,
  }),
  forgetPassword: define({
    method: 'POST',
    path: '/v1/user/forget_password',
    summary: 'Set a new login password with an SMS or email code; every session is logged out',
    tags: ['password'],
    body: A.ForgetPasswordBody,
    data: z.null(),
  }),
  checkHasPassword: define({
    method: 'GET',
    path: '/v1/user/user/check_has_password',
    summary: 'Whether the user has a login password',
    tags: ['password'],
    auth: true,
    data: A.HasPasswordData,
  }),
  hasPayPassword: define({
    method: 'GET',
    path: '/v1/user/pay/has_pay_password',
    summary: 'Whether the user has a pay password',
    tags: ['pay password'],
    auth: true,
    data: A.HasPayPasswordData,
  }),
  setPayPassword: define({
    method: 'POST',
    path: '/v1/user/pay/password',
    summary: 'Set the pay password (SMS code of scene pay_password)',
    tags: ['pay password'],
    auth: true,
    body: A.SetPayPasswordBody,
    data: z.null(),
  }),
  changePayPassword: define({
    method: 'PUT',
    path: '/v1/user/pay/password',
    summary: 'Change the pay password',
    tags: ['pay password'],
    auth: true,
    body: A.ChangePayPasswordBody,
    data: z.null(),
  }),
  forgetPayPassword: define({
    method: 'POST',
    path: '/v1/user/pay/forget_password',
    summary: 'Set a new pay password with an SMS code',
    tags: ['pay password'],
    auth: true,
    body: A.ForgetPayPasswordBody,
    data: z.null(),
  }),
  verifyPayPassword: define({
    method: 'POST',
    path: '/v1/user/pay/verify',
    summary: 'Check the pay password; repeated failures lock it for a while',
    tags: ['pay password'],
    auth: true,
    body: A.VerifyPayPasswordBody,
    data: A.VerifyPayPasswordData,
  }),
  wechatQrConnect: define({
    method: 'GET',
    path: '/v1/wechat/qrconnect',
    summary: 'Start a WeChat QR login: a ticket and what the QR encodes',
    tags: ['wechat'],
    query: A.WechatQrQuery,
    data: A.WechatQrData,
  }),
  wechatLoginInfo: define({
    method: 'GET',
    path: '/v1/user/wechat/login/info',
    summary: 'Poll a WeChat QR login; the login result once confirmed',
    tags: ['wechat'],
    query: A.WechatLoginInfoQuery,
    data: A.WechatLoginInfoData,
  }),
  wechatCallback: define({
    method: 'POST',
    path: '/v1/wechat/callback',
    summary: 'The scanning side reports scan, confirm or cancel (WeChat redirect or sandbox consent page)',
    tags: ['wechat'],
    body: A.WechatCallbackBody,
    data: A.WechatCallbackData,
  }),
  devOutbox: define({
    method: 'GET',
    path: '/v1/dev/outbox',
    summary: 'Development only: messages sent to a phone or email, newest first',
    tags: ['dev'],
    query: A.OutboxQuery,
    data: A.OutboxData,
  }),
  devCaptcha: define({
    method: 'GET',
    path: '/v1/dev/captcha/:captcha_key',
    summary: 'Development only: the answer of an image captcha',
    tags: ['dev'],
    params: z.object({ captcha_key: z.string().min(1).max(64) }),
    data: A.DevCaptchaData,
  }),
  personalInfo: define({
    method: 'GET',
    path: '/v1/user/personal_info',
    summary: 'The profile of the logged-in user',
    tags: ['profile'],
    auth: true,
    data: P.PersonalInfo,
  }),
  updatePersonalInfo: define({
    method: 'PUT',
    path: '/v1/user/personal_info',
    summary: 'Update profile fields',
    tags: ['profile'],
    auth: true,
    body: P.UpdatePersonalInfoBody,
    data: P.PersonalInfo,
  }),
  departmentTree: define({
    method: 'GET',
    path: '/v2/user/personal_department',
    summary: 'Department tree for the profile',
    tags: ['profile'],
    data: P.DepartmentTreeData,
  }),
  profileForm: define({
    method: 'POST',
    path: '/v1/user/form',
    summary: 'Submit a profile-completion form',
    tags: ['profile'],
    auth: true,
    body: P.ProfileFormBody,
    data: P.ProfileFormData,
  }),
  bindMobile: define({
    method: 'POST',
    path: '/v1/user/personal_info/bind_mobile',
    summary: 'Bind or change the mobile number with an SMS code (scene bind)',
    tags: ['profile'],
    auth: true,
    body: P.BindMobileBody,
    data: P.PersonalInfo,
  }),
  bindEmail: define({
    method: 'POST',
    path: '/v1/user/personal_info/bind_email',
    summary: 'Bind or change the email with an email code (scene bind)',
    tags: ['profile'],
    auth: true,
    body: P.BindEmailBody,
    data: P.PersonalInfo,
  }),
  mergeUser: define({
    method: 'POST',
    path: '/v1/user/merge_user',
    summary: 'Merge the account found by the same mobile or email into this one (after confirmation)',
    tags: ['profile'],
    auth: true,
    body: P.MergeUserBody,
    data: P.MergeUserData,
  }),
  userConfig: define({ method: 'GET', path: '/v1/user/config', summary: 'Per-user settings', tags: ['profile'], auth: true, data: P.UserConfig }),
  syncToMeeting: define({
    method: 'POST',
    path: '/v1/user/user_sync_to_meeting',
    summary: 'A signed link that logs the user into the sister meeting product',
    tags: ['profile'],
    auth: true,
    data: P.SyncToMeetingData,
  }),
  uploadImage: define({
    method: 'POST',
    path: '/v1/user/img',
    summary: 'Upload an image (multipart field "file"; 10240 KB max; type checked by content)',
    tags: ['profile'],
    auth: true,
    data: P.UploadImageData,
  }),
  cancelAccount: define({
    method: 'POST',
    path: '/v1/user/account/cancel',
    summary: 'Delete the account: revokes every token, erases or anonymises personal data, keeps orders and ledger',
    tags: ['profile'],
    auth: true,
    body: A.CancelAccountBody,
    data: z.null(),
  }),
  ...newsEndpoints,
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
export type DataOf<N extends EndpointName> = z.infer<Endpoints[N]['data']>;
export type QueryOf<N extends EndpointName> = Endpoints[N] extends { query: z.ZodType }
  ? z.input<Endpoints[N]['query']>
  : Record<string, never>;
export type BodyOf<N extends EndpointName> = Endpoints[N] extends { body: z.ZodType }
  ? z.input<Endpoints[N]['body']>
  : never;

export const Health = z.object({ status: z.literal('ok'), uptime_s: z.number(), version: z.string() });
/**
 * GET /readyz when the database answers (503 envelope otherwise). Every endpoint answers;
 * `search` says whether searches come from the in-memory index yet (`loading`: a slower path).
 */
export const Readiness = z.object({ status: z.literal('ok'), db: z.literal('ok'), search: z.enum(['loading', 'ready']) });
