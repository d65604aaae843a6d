import { z } from 'zod';
import { Email, LoginPassword, MobileNumber, Nickname, Password, PayPassword, VerifyCode } from '@medportal/contract/accounts';
import { DEFAULT_COUNTRY_CODE, isValidMobile } from '@medportal/contract/constants';
import { Occupation, UpdatePersonalInfoBody } from '@medportal/contract/profile';
import type { AuthFormRules } from '../hooks/use-form';
import { matchesMasked, problemKey, type ValidationKey } from './validate';

/**
 * The account and profile forms' rules, made of the contract's request schemas (decision record
 * 0074): what the server will refuse is refused here first, with the same limits. zod reaches the
 * browser only through this file, which only the lazy form pages import.
 */

/** Rules whose refused field says `required` when empty, its rule's own key, or else `messages[field]`. */
function rules<V>(schema: z.ZodType<unknown, V>, messages: Partial<Record<keyof V & string, ValidationKey>>): AuthFormRules<V> {
  return { schema, explain: (field, value, issue) => problemKey(value, issue, messages[field]) };
}

// Cross-field rules run even while another field is wrong, so every problem shows at once.
const always = { when: () => true } as const;

const text = (max: number) => z.string().trim().max(max);
const personal = UpdatePersonalInfoBody.shape;

/** A new password typed twice. */
const newPassword = { password: Password, confirm: z.string() };
const sameNewPassword = <T extends { password: string; confirm: string }>(v: T) => v.password === v.confirm;
const samePayPassword = <T extends { pay_password: string; confirm: string }>(v: T) => v.pay_password === v.confirm;

/** A mobile number valid for its country (the contract's `withMobileRule`). */
const mobileFits = (v: { mobile: string; country_code: string }) => isValidMobile(v.mobile.trim(), v.country_code);

/** Email, or a mobile number valid for the chosen country: which rule failed says which message. */
function accountProblem(account: string, countryCode: string): 'email' | 'mobile' | 'account' | null {
  const v = account.trim();
  if (v.includes('@')) return Email.safeParse(v).success ? null : 'email';
  if (/^\d+$/.test(v)) return isValidMobile(v, countryCode) ? null : 'mobile';
  return 'account';
}

export function passwordLoginRules(needsCaptcha: boolean) {
  const schema = z
    .object({ country_code: z.string(), account: z.string().trim().min(1), password: LoginPassword, captcha: needsCaptcha ? z.string().trim().min(1) : z.string() })
    .superRefine((v, ctx) => {
      const problem = v.account.trim() ? accountProblem(v.account, v.country_code) : null;
      if (problem) ctx.addIssue({ code: 'custom', path: ['account'], message: problem });
    });
  return rules(schema, { password: 'maxLength', captcha: 'captcha' });
}

export const smsLoginRules = (() => {
  const schema = z
    .object({ country_code: z.string(), mobile: MobileNumber, captcha: z.string(), code: VerifyCode, agree: z.literal(true) })
    .refine(mobileFits, { path: ['mobile'], ...always });
  return rules(schema, { mobile: 'mobile', code: 'code', agree: 'agreement' });
})();

/** A code sent to a mobile number or an email, whichever the form's channel is (the other stays empty). */
const codeTo = (channel: 'mobile' | 'email') => ({
  country_code: z.string(),
  mobile: channel === 'mobile' ? MobileNumber : z.string(),
  email: channel === 'email' ? Email : z.string(),
  captcha: z.string(),
  code: VerifyCode,
});

export function forgetPasswordRules(channel: 'mobile' | 'email') {
  const schema = z
    .object({ ...codeTo(channel), ...newPassword })
    .refine((v) => channel !== 'mobile' || mobileFits(v), { path: ['mobile'], ...always })
    .refine(sameNewPassword, { path: ['confirm'], ...always });
  return rules(schema, { mobile: 'mobile', email: 'email', code: 'code', password: 'password', confirm: 'passwordMismatch' });
}

export const setPasswordRules = (() => {
  const schema = z.object(newPassword).refine(sameNewPassword, { path: ['confirm'], ...always });
  return rules(schema, { password: 'password', confirm: 'passwordMismatch' });
})();

export const changePasswordRules = (() => {
  const schema = z.object({ old_password: LoginPassword, ...newPassword }).refine(sameNewPassword, { path: ['confirm'], ...always });
  return rules(schema, { old_password: 'maxLength', password: 'password', confirm: 'passwordMismatch' });
})();

export const changePayPasswordRules = (() => {
  const schema = z
    .object({ old_pay_password: PayPassword, pay_password: PayPassword, confirm: z.string() })
    .refine(samePayPassword, { path: ['confirm'], ...always });
  return rules(schema, { old_pay_password: 'payPassword', pay_password: 'payPassword', confirm: 'payPasswordMismatch' });
})();

/** The user's own mobile number or email, typed in full: its format, then the masked one the server shows. */
function ownContact(channel: 'mobile' | 'email', masked: string, countryCode: string | null) {
  return (value: string, ctx: z.RefinementCtx) => {
    const v = value.trim();
    if (!v) return;
    const formatOk = channel === 'mobile' ? MobileNumber.safeParse(v).success && isValidMobile(v, countryCode ?? DEFAULT_COUNTRY_CODE) : Email.safeParse(v).success;
    if (!formatOk) ctx.addIssue({ code: 'custom', message: channel });
    else if (!matchesMasked(v, masked, channel)) ctx.addIssue({ code: 'custom', message: 'maskedMismatch' });
  };
}

const contactField = (channel: 'mobile' | 'email', masked: string, countryCode: string | null) => z.string().trim().min(1).superRefine(ownContact(channel, masked, countryCode));

/** Setting a pay password, or a forgotten one, with a code sent to the user's own mobile number. */
export function payPasswordByCodeRules(masked: string, countryCode: string | null) {
  const schema = z
    .object({ contact: contactField('mobile', masked, countryCode), captcha: z.string(), code: VerifyCode, pay_password: PayPassword, confirm: z.string() })
    .refine(samePayPassword, { path: ['confirm'], ...always });
  return rules(schema, { code: 'code', pay_password: 'payPassword', confirm: 'payPasswordMismatch' });
}

export function cancellationRules(channel: 'mobile' | 'email', masked: string, countryCode: string | null) {
  const schema = z.object({ agreed: z.literal(true), contact: contactField(channel, masked, countryCode), captcha: z.string(), code: VerifyCode });
  return rules(schema, { agreed: 'confirmTick', code: 'code' });
}

/** Binding a new mobile number or email. */
export function bindContactRules(channel: 'mobile' | 'email') {
  const schema = z
    .object(codeTo(channel))
    .refine((v) => channel !== 'mobile' || mobileFits(v), { path: ['mobile'], ...always });
  return rules(schema, { mobile: 'mobile', email: 'email', code: 'code' });
}

/** `/myinfo`: the personal fields, each optional but within the server's limits. */
export const personalInfoRules = (() => {
  const schema = z.object({
    avatar_url: z.string(),
    nickname: Nickname,
    real_name: personal.real_name.unwrap(),
    hospital: personal.hospital.unwrap(),
    department_id: z.string(),
    professional_title: personal.professional_title.unwrap(),
  });
  return rules(schema, { nickname: 'nickname', real_name: 'maxLength', hospital: 'maxLength', professional_title: 'maxLength' });
})();

/** `/register`'s profile step; the password is asked only of an account without one. */
export function registerProfileRules(askPassword: boolean) {
  const schema = z
    .object({
      password: askPassword ? Password : z.string(),
      confirm: z.string(),
      nickname: Nickname,
      real_name: text(40).min(1),
      occupation: Occupation,
      hospital: text(100),
      department_id: z.string(),
      avatar_url: z.string(),
    })
    .refine((v) => !askPassword || sameNewPassword(v), { path: ['confirm'], ...always });
  return rules(schema, { password: 'password', confirm: 'passwordMismatch', nickname: 'nickname', real_name: 'maxLength', occupation: 'required', hospital: 'maxLength' });
}

/** `/improve/*`: the fields a form asks, within the server's limits (`ProfileFormBody`). */
export function improveRules<V extends object>(asked: readonly string[]) {
  const optional = (name: string, max: number) => (asked.includes(name) ? text(max).optional() : z.unknown().optional());
  const schema = z
    .object({
      real_name: text(40).min(1),
      occupation: Occupation,
      hospital: optional('hospital', 100),
      professional_title: optional('professional_title', 40),
      province: optional('province', 40),
      city: optional('city', 40),
      research_field: optional('research_field', 100),
    })
    .loose();
  const messages = {
    real_name: 'maxLength',
    occupation: 'required',
    hospital: 'maxLength',
    professional_title: 'maxLength',
    province: 'maxLength',
    city: 'maxLength',
    research_field: 'maxLength',
  } as Partial<Record<keyof V & string, ValidationKey>>;
  return rules(schema as unknown as z.ZodType<unknown, V>, messages);
}
