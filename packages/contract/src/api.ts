import { z } from 'zod';
import * as A from './accounts.ts';
import { LoginResult, SessionCheck } from './entities.ts';
import * as P from './profile.ts';
import { courseSchemas } from './courses.ts';
import { courseAlbumSchemas } from './course-albums.ts';
import { authorVoiceSchemas } from './author-voice.ts';
import { newsSchemas } from './news.ts';
import { speakerSchemas } from './speakers.ts';
import { placeSchemas } from './places.ts';
import { memberSchemas } from './member.ts';
import { searchSchemas } from './search.ts';
import { topicSchemas } from './topics.ts';
import { selectedSchemas } from './selected.ts';
import { paperSchemas } from './papers.ts';
import { calendarSchemas } from './calendar.ts';
import { liveSchemas } from './lives.ts';
import { liveRoomSchemas } from './live-room.ts';
import { pageSchemas } from './pages.ts';
import { mediaSchemas } from './media.ts';
import { rewardsSchemas } from './rewards.ts';
import { moneySchemas } from './money.ts';
import { meetingSchemas } from './meetings.ts';
import { certificateSchemas } from './certificates.ts';
import { attendanceSchemas } from './attendance.ts';
import { creditSchemas } from './credits.ts';
import { shareSchemas } from './share.ts';
import { supportSchemas } from './support.ts';
import { showcaseSchemas } from './showcase.ts';
import { staffSchemas } from './staff.ts';
import { adminRunningSchemas } from './admin-running.ts';
import { adminCourseSchemas } from './admin-courses.ts';
import { adminNewsSchemas } from './admin-news.ts';
import { adminHomeSchemas } from './admin-home.ts';
import { adminCatalogSchemas } from './admin-catalog.ts';
import { adminLiveSchemas } from './admin-lives.ts';
import { adminMediaSchemas } from './admin-media.ts';
import type { AdminRouteName, AdminRoutes } from './admin-routes.ts';
import type { RouteName, Routes } from './routes.ts';
import { PcIndexData, RelateSiteData, SiteConfig, UserBannerData, UserBannerQuery } from './home.ts';

/**
 * What the server needs of an endpoint beyond its route (routes.ts): request schemas, the schema
 * of `data`, and its OpenAPI summary and tags. The server joins both by name.
 */
export interface EndpointSchemas {
  summary: string;
  tags: readonly string[];
  query?: z.ZodType;
  body?: z.ZodType;
  params?: z.ZodType;
  data: z.ZodType;
}

const define = <const E extends EndpointSchemas>(e: E) => e;

/** The schema map: one entry per route of routes.ts and admin-routes.ts, under the same name. */
export const schemas = {
  ...courseSchemas,
  ...courseAlbumSchemas,
  ...authorVoiceSchemas,
  ...speakerSchemas,
  ...placeSchemas,
  ...memberSchemas,
  ...searchSchemas,
  ...topicSchemas,
  ...selectedSchemas,
  ...paperSchemas,
  ...liveSchemas,
  ...liveRoomSchemas,
  ...pageSchemas,
  ...mediaSchemas,
  ...rewardsSchemas,
  ...moneySchemas,
  ...meetingSchemas,
  ...certificateSchemas,
  ...attendanceSchemas,
  ...creditSchemas,
  ...shareSchemas,
  ...supportSchemas,
  ...showcaseSchemas,
  ...staffSchemas,
  ...adminRunningSchemas,
  ...adminCourseSchemas,
  ...adminNewsSchemas,
  ...adminHomeSchemas,
  ...adminMediaSchemas,
  pcIndex: define({
    summary: 'Home page blocks in display order',
    tags: ['home'],
    data: PcIndexData,
  }),
  relateSite: define({
    summary: 'Sister products for the top bar and the all-products dropdown',
    tags: ['home'],
    data: RelateSiteData,
  }),
  userBanner: define({
    summary: 'Side banners (home side panel or user centre)',
    tags: ['home'],
    query: UserBannerQuery,
    data: UserBannerData,
  }),
  siteConfig: define({
    summary: 'QR targets, app downloads, media accounts and contact details for the site chrome',
    tags: ['home'],
    data: SiteConfig,
  }),
  refreshToken: define({
    summary: 'Rotate the token pair; a reused refresh token revokes its whole family (after a short grace window)',
    tags: ['auth'],
    body: z.object({ refresh_token: z.string().min(1).max(512) }),
    data: LoginResult,
  }),
  sessionCheck: define({
    summary: 'Server session check (spec §4): a fresh access token for the session cookie, or 200203',
    tags: ['auth'],
    data: SessionCheck,
  }),
  captchaImage: define({
    summary: 'A new human check: an ALTCHA proof-of-work challenge, single use',
    tags: ['auth'],
    data: A.CaptchaImage,
  }),
  countryPhoneCodes: define({
    summary: 'Country calling codes for the phone field',
    tags: ['auth'],
    data: A.CountryPhoneCodeData,
  }),
  sendSms: define({
    summary: 'Send an SMS verification code (image captcha required)',
    tags: ['auth'],
    body: A.SendSmsBody,
    data: A.SendCodeData,
  }),
  sendEmailCode: define({
    summary: 'Send an email verification code (image captcha required)',
    tags: ['auth'],
    body: A.SendEmailCodeBody,
    data: A.SendCodeData,
  }),
  smsVerify: define({
    summary: 'Check and spend an SMS code (codes are single use); returns a short-lived ticket',
    tags: ['auth'],
    body: A.SmsVerifyBody,
    data: A.SmsVerifyData,
  }),
  login: define({
    summary: 'Log in by SMS code (creates the account for a new number) or by password',
    tags: ['auth'],
    body: A.LoginBody,
    data: A.LoginData,
  }),
  logout: define({
    summary: 'Revoke this session server-side',
    tags: ['auth'],
    data: z.null(),
  }),
  loginInfo: define({
    summary: 'Who is logged in',
    tags: ['auth'],
    data: A.LoginInfo,
  }),
  agreeConsent: define({
    summary: 'Agree to the current user agreement and privacy policy (recorded with their versions and the time)',
    tags: ['auth'],
    body: A.ConsentBody,
    data: A.ConsentData,
  }),
  checkIp: define({ summary: 'The caller address as seen by the server', tags: ['auth'], data: A.CheckIpData }),
  setPassword: define({
    summary: 'Set a login password (only for a user without one)',
    tags: ['password'],
    body: A.SetPasswordBody,
    data: z.null(),
  }),
  resetPassword: define({
    summary: 'Change the login password; other sessions are logged out',
    tags: ['password'],
    body: A.ResetPasswordBody,
    data: LoginResult,
  }),
  forgetPassword: define({
    summary: 'Set a new login password with an SMS or email code; every session is logged out',
    tags: ['password'],
    body: A.ForgetPasswordBody,
    data: z.null(),
  }),
  checkHasPassword: define({
    summary: 'Whether the user has a login password',
    tags: ['password'],
    data: A.HasPasswordData,
  }),
  hasPayPassword: define({
    summary: 'Whether the user has a pay password',
    tags: ['pay password'],
    data: A.HasPayPasswordData,
  }),
  setPayPassword: define({
    summary: 'Set the pay password (SMS code of scene pay_password)',
    tags: ['pay password'],
    body: A.SetPayPasswordBody,
    data: z.null(),
  }),
  changePayPassword: define({
    summary: 'Change the pay password',
    tags: ['pay password'],
    body: A.ChangePayPasswordBody,
    data: z.null(),
  }),
  forgetPayPassword: define({
    summary: 'Set a new pay password with an SMS code',
    tags: ['pay password'],
    body: A.ForgetPayPasswordBody,
    data: z.null(),
  }),
  verifyPayPassword: define({
    summary: 'Check the pay password; repeated failures lock it for a while',
    tags: ['pay password'],
    body: A.VerifyPayPasswordBody,
    data: A.VerifyPayPasswordData,
  }),
  wechatQrConnect: define({
    summary: 'Start a WeChat QR login: a ticket and what the QR encodes',
    tags: ['wechat'],
    query: A.WechatQrQuery,
    data: A.WechatQrData,
  }),
  wechatLoginInfo: define({
    summary: 'Poll a WeChat QR login; the login result once confirmed',
    tags: ['wechat'],
    query: A.WechatLoginInfoQuery,
    data: A.WechatLoginInfoData,
  }),
  wechatCallback: define({
    summary: 'The scanning side reports scan, confirm or cancel (WeChat redirect or sandbox consent page)',
    tags: ['wechat'],
    body: A.WechatCallbackBody,
    data: A.WechatCallbackData,
  }),
  devOutbox: define({
    summary: 'Development only: messages sent to a phone or email, newest first',
    tags: ['dev'],
    query: A.OutboxQuery,
    data: A.OutboxData,
  }),
  devCaptcha: define({
    summary: 'Development only: the solved payload of a human-check challenge',
    tags: ['dev'],
    params: z.object({ captcha_key: z.string().min(1).max(64) }),
    data: A.DevCaptchaData,
  }),
  devClock: define({
    summary: 'Development only (DEV_CLOCK=1): the server clock and how far it runs ahead of real time',
    tags: ['dev'],
    data: A.DevClockData,
  }),
  devClockAdvance: define({
    summary: 'Development only (DEV_CLOCK=1): moves the server clock forward (lets a test attend an hour-long live in seconds)',
    tags: ['dev'],
    body: A.DevClockAdvanceBody,
    data: A.DevClockData,
  }),
  personalInfo: define({
    summary: 'The profile of the logged-in user',
    tags: ['profile'],
    data: P.PersonalInfo,
  }),
  updatePersonalInfo: define({
    summary: 'Update profile fields',
    tags: ['profile'],
    body: P.UpdatePersonalInfoBody,
    data: P.PersonalInfo,
  }),
  departmentTree: define({
    summary: 'Department tree for the profile',
    tags: ['profile'],
    data: P.DepartmentTreeData,
  }),
  profileForm: define({
    summary: 'Submit a profile-completion form',
    tags: ['profile'],
    body: P.ProfileFormBody,
    data: P.ProfileFormData,
  }),
  bindMobile: define({
    summary: 'Bind or change the mobile number with an SMS code (scene bind)',
    tags: ['profile'],
    body: P.BindMobileBody,
    data: P.PersonalInfo,
  }),
  bindEmail: define({
    summary: 'Bind or change the email with an email code (scene bind)',
    tags: ['profile'],
    body: P.BindEmailBody,
    data: P.PersonalInfo,
  }),
  mergeUser: define({
    summary: 'Merge the account found by the same mobile or email into this one (after confirmation)',
    tags: ['profile'],
    body: P.MergeUserBody,
    data: P.MergeUserData,
  }),
  userConfig: define({ summary: 'Per-user settings', tags: ['profile'], data: P.UserConfig }),
  syncToMeeting: define({
    summary: 'A signed link that logs the user into the sister meeting product',
    tags: ['profile'],
    data: P.SyncToMeetingData,
  }),
  uploadImage: define({
    summary: 'Upload an image (multipart field "file"; 10240 KB max; type checked by content)',
    tags: ['profile'],
    data: P.UploadImageData,
  }),
  cancelAccount: define({
    summary: 'Delete the account: revokes every token, erases or anonymises personal data, keeps orders and ledger',
    tags: ['profile'],
    body: A.CancelAccountBody,
    data: z.null(),
  }),
  ...newsSchemas,
  ...calendarSchemas,
  ...adminCatalogSchemas,
  ...adminLiveSchemas,
} as const satisfies { [N in RouteName | AdminRouteName]: EndpointSchemas };

export type Schemas = typeof schemas;
/** Route and schemas of every endpoint, joined by name (the server does the same at run time). */
export type Endpoints = { [N in RouteName]: Routes[N] & Schemas[N] } & { [N in AdminRouteName]: AdminRoutes[N] & Schemas[N] };
export type EndpointName = RouteName | AdminRouteName;
export type DataOf<N extends EndpointName> = z.infer<Schemas[N]['data']>;
export type QueryOf<N extends EndpointName> = Schemas[N] extends { query: z.ZodType }
  ? z.input<Schemas[N]['query']>
  : Record<string, never>;
export type BodyOf<N extends EndpointName> = Schemas[N] extends { body: z.ZodType }
  ? z.input<Schemas[N]['body']>
  : never;

export const Health = z.object({ status: z.literal('ok'), uptime_s: z.number(), version: z.string() });
/**
 * GET /readyz when the database answers (503 envelope otherwise). `search` is always `ready`:
 * searches run in the database (decision record 0073); kept for clients that wait for it.
 */
export const Readiness = z.object({ status: z.literal('ok'), db: z.literal('ok'), search: z.literal('ready') });
