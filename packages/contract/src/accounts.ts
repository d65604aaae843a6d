import { z } from 'zod';
import { Platform } from './common.ts';
import {
  DEFAULT_COUNTRY_CODE,
  EMAIL_PATTERN,
  NICKNAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PAY_PASSWORD_PATTERN,
  VERIFY_CODE_LENGTH,
  isStrongEnoughPassword,
  isValidMobile,
} from './constants.ts';
import { LoginResult } from './entities.ts';

/** Schemas of the accounts capability: ways in, tokens, passwords, messages (spec §2, §4, §7). */

/** A calling code; `86`, `086`, `0086` and `+86` are one (the server keys everything by E.164). */
export const CountryCode = z
  .string()
  .trim()
  .regex(/^\+?\d{1,6}$/, 'country_code must be a calling code such as 86 or +86')
  .default(DEFAULT_COUNTRY_CODE);
export const MobileNumber = z.string().trim().regex(/^\d{5,15}$/, 'mobile must be 5–15 digits');
export const Email = z.string().trim().max(254).regex(EMAIL_PATTERN, 'email is not valid');
export const VerifyCode = z.string().trim().regex(new RegExp(`^\\d{${VERIFY_CODE_LENGTH}}$`), `code must be ${VERIFY_CODE_LENGTH} digits`);
export const Password = z
  .string()
  .max(PASSWORD_MAX_LENGTH)
  .refine(isStrongEnoughPassword, 'password must be 8–64 characters and mix letters, digits or symbols');
/** A password as typed at login: checked only for size, never for strength. */
export const LoginPassword = z.string().min(1).max(PASSWORD_MAX_LENGTH);
export const PayPassword = z.string().regex(PAY_PASSWORD_PATTERN, 'pay_password must be 6 digits');
export const Nickname = z.string().trim().min(1).max(NICKNAME_MAX_LENGTH);

/** A mobile number checked against its country's rule. */
const withMobileRule = <S extends z.ZodType<{ mobile: string; country_code: string }>>(schema: S): S =>
  schema.refine((v) => isValidMobile(v.mobile, v.country_code), { message: 'mobile is not valid for this country', path: ['mobile'] });

export const SmsScene = z.enum(['login', 'register', 'reset', 'bind', 'pay_password', 'cancel']);
export type SmsScene = z.infer<typeof SmsScene>;

/** An ALTCHA proof-of-work challenge (v2): find the counter whose PBKDF2 key starts with keyPrefix. */
export const AltchaChallenge = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number().int(),
    keyLength: z.number().int(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string(),
});
export type AltchaChallenge = z.infer<typeof AltchaChallenge>;
/** A human check: a proof-of-work challenge the browser solves; nothing in it spells an answer. */
export const CaptchaImage = z.object({ captcha_key: z.string(), challenge: AltchaChallenge });
/** The solution travels as ALTCHA's payload: base64 of JSON {challenge, solution}. */
export const CAPTCHA_PAYLOAD_MAX = 4096;
export const CaptchaAnswer = z.object({
  captcha_key: z.string().min(1).max(64),
  captcha_code: z.string().trim().min(1).max(CAPTCHA_PAYLOAD_MAX),
});

export const CountryPhoneCode = z.object({ code: z.string(), iso: z.string(), name: z.string() });
export const CountryPhoneCodeData = z.object({ items: z.array(CountryPhoneCode) });

export const SendSmsBody = withMobileRule(
  z.object({ mobile: MobileNumber, country_code: CountryCode, scene: SmsScene }).extend(CaptchaAnswer.shape),
);
export const SendEmailCodeBody = z.object({ email: Email, scene: SmsScene }).extend(CaptchaAnswer.shape);
export const SendCodeData = z.object({
  /** Seconds before another code may be requested for this recipient. */
  resend_after: z.number().int(),
  expires_in: z.number().int(),
});

export const SmsVerifyBody = withMobileRule(
  z.object({ mobile: MobileNumber, country_code: CountryCode, scene: SmsScene, code: VerifyCode }),
);
/** A short-lived ticket proving the code was right, for multi-step pages. */
export const SmsVerifyData = z.object({ verify_ticket: z.string(), expires_in: z.number().int() });

/** The agreement tick box: required (CONSENT_REQUIRED when missing or false) where an account may be created. */
export const AgreeTerms = z.boolean().optional();
/** The same in a query string. */
export const AgreeTermsQuery = z.enum(['true', 'false', '1', '0']).optional();

export const LoginBody = z.discriminatedUnion('type', [
  withMobileRule(
    z.object({
      type: z.literal('sms'),
      mobile: MobileNumber,
      country_code: CountryCode,
      code: VerifyCode,
      /** The visitor ticked "I have read and agree" to the current user agreement and privacy policy (required). */
      agree_terms: AgreeTerms,
    }),
  ),
  z.object({
    type: z.literal('password'),
    /** Mobile number (mainland, or with country_code) or email. */
    account: z.string().trim().min(3).max(254),
    country_code: CountryCode,
    password: LoginPassword,
    captcha_key: z.string().max(64).optional(),
    captcha_code: z.string().max(CAPTCHA_PAYLOAD_MAX).optional(),
  }),
]);
export type LoginBody = z.input<typeof LoginBody>;
export const LoginData = LoginResult.extend({
  /** The SMS login created this account just now: the client continues to /register. */
  is_new_user: z.boolean(),
  has_password: z.boolean(),
});
export type LoginData = z.infer<typeof LoginData>;

export const SetPasswordBody = z.object({ password: Password });
export const ResetPasswordBody = z.object({ old_password: LoginPassword, password: Password });
export const ForgetPasswordBody = z.union([
  withMobileRule(z.object({ mobile: MobileNumber, country_code: CountryCode, code: VerifyCode, password: Password })),
  z.object({ email: Email, code: VerifyCode, password: Password }),
]);
export const HasPasswordData = z.object({ has_password: z.boolean() });

export const LoginInfo = z.object({
  user_id: z.number().int(),
  nickname: z.string(),
  avatar_url: z.string(),
  /** Masked: 138****8000. */
  mobile: z.string().nullable(),
  country_code: z.string().nullable(),
  /** Masked: d***@example.com. */
  email: z.string().nullable(),
  has_password: z.boolean(),
  has_pay_password: z.boolean(),
  wechat_bound: z.boolean(),
  profile_completed: z.boolean(),
  platform: Platform,
  /** The user agreement or privacy policy changed since the user last agreed: ask again (POST /v1/user/consent). */
  consent_required: z.boolean(),
});
/** Agreeing to the current user agreement and privacy policy. */
export const ConsentBody = z.object({ agree_terms: z.boolean() });
export const ConsentData = z.object({ contract_version: z.string(), privacy_version: z.string(), agreed_at: z.string() });
export type LoginInfo = z.infer<typeof LoginInfo>;

export const CheckIpData = z.object({
  ip: z.string(),
  /** ISO country when a geo-IP source is configured; null when unknown. */
  country: z.string().nullable(),
  is_private: z.boolean(),
});

// Pay password
export const HasPayPasswordData = z.object({ has_pay_password: z.boolean() });
export const SetPayPasswordBody = z.object({ pay_password: PayPassword, code: VerifyCode });
export const ChangePayPasswordBody = z.object({ old_pay_password: PayPassword, pay_password: PayPassword });
export const ForgetPayPasswordBody = z.object({ code: VerifyCode, pay_password: PayPassword });
export const VerifyPayPasswordBody = z.object({ pay_password: PayPassword });
export const VerifyPayPasswordData = z.object({ verified: z.literal(true) });

// WeChat QR login
export const WechatQrQuery = z.object({ callback: z.string().max(2048).optional(), agree_terms: AgreeTermsQuery });
export const WechatQrData = z.object({
  ticket: z.string(),
  /** What the QR code encodes: WeChat's authorise page, or the sandbox consent page. */
  qr_url: z.string(),
  expires_in: z.number().int(),
  sandbox: z.boolean(),
});
export const WechatLoginStatus = z.enum(['waiting', 'scanned', 'confirmed', 'cancelled', 'expired']);
export const WechatLoginInfoQuery = z.object({ ticket: z.string().min(1).max(128) });
export const WechatLoginInfoData = z.object({ status: WechatLoginStatus, login: LoginData.nullable() });
/** The consent page (sandbox) or WeChat's redirect (real) reports the user's decision. */
export const WechatCallbackBody = z.object({
  state: z.string().min(1).max(128),
  /** Authorisation code from WeChat (real adapter) or from the sandbox consent page. */
  code: z.string().min(1).max(256).optional(),
  decision: z.enum(['scanned', 'confirm', 'cancel']).default('confirm'),
});
export const WechatCallbackData = z.object({ status: WechatLoginStatus });

// Developer endpoints (absent when NODE_ENV=production)
export const OutboxQuery = z.object({ to: z.string().trim().min(1).max(254) });
export const OutboxData = z.object({
  items: z.array(z.object({ to: z.string(), text: z.string(), code: z.string().nullable(), created_at: z.string() })),
  /** Messages to this address still queued: delivery runs off the request path, within moments. */
  pending: z.number().int(),
});
export const DevCaptchaData = z.object({ code: z.string() });
/** The development clock (DEV_CLOCK=1 outside production): moved forward only, never back. */
export const DevClockAdvanceBody = z.object({ advance_s: z.number().int().min(1).max(30 * 86_400) });
export const DevClockData = z.object({ now: z.iso.datetime(), offset_s: z.number().int() });

// Account cancellation
export const CancelAccountBody = z.object({ code: VerifyCode, confirm: z.literal(true) });

