import {
  EMAIL_PATTERN,
  NICKNAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PAY_PASSWORD_PATTERN,
  VERIFY_CODE_LENGTH,
  isStrongEnoughPassword,
  isValidMobile,
} from '@medportal/contract/constants';

/**
 * Client-side checks with the same rules as the contract schemas. Each returns the i18n key
 * (namespace `auth`, under `validation.`) of the message to show, or null when the value is fine.
 */
export type ValidationKey =
  | 'required'
  | 'mobile'
  | 'email'
  | 'account'
  | 'code'
  | 'captcha'
  | 'password'
  | 'passwordMismatch'
  | 'payPassword'
  | 'payPasswordMismatch'
  | 'maxLength'
  | 'maskedMismatch'
  | 'nickname'
  | 'confirmTick'
  | 'agreement';

export type Check = ValidationKey | null;

export const checkMobile = (mobile: string, countryCode: string): Check => {
  const v = mobile.trim();
  if (!v) return 'required';
  return isValidMobile(v, countryCode) ? null : 'mobile';
};

export const checkEmail = (email: string): Check => {
  const v = email.trim();
  if (!v) return 'required';
  return v.length <= 254 && EMAIL_PATTERN.test(v) ? null : 'email';
};

const CODE_RE = new RegExp(`^\\d{${VERIFY_CODE_LENGTH}}$`);
export const checkCode = (code: string): Check => {
  const v = code.trim();
  if (!v) return 'required';
  return CODE_RE.test(v) ? null : 'code';
};

/** The human check's solved payload: empty until the browser has done the work. */
export const checkCaptcha = (captcha: string): Check => (captcha.trim() ? null : 'captcha');

/** A new password: 8–64 characters mixing at least two kinds (contract `Password`). */
export const checkNewPassword = (password: string): Check => {
  if (!password) return 'required';
  return isStrongEnoughPassword(password) ? null : 'password';
};

/** A password as typed at login or as the old password: only presence and size. */
export const checkLoginPassword = (password: string): Check => {
  if (!password) return 'required';
  return password.length <= PASSWORD_MAX_LENGTH ? null : 'maxLength';
};

export const checkSame = (first: string, second: string, key: 'passwordMismatch' | 'payPasswordMismatch'): Check => {
  if (!second) return 'required';
  return first === second ? null : key;
};

export const checkPayPassword = (value: string): Check => {
  if (!value) return 'required';
  return PAY_PASSWORD_PATTERN.test(value) ? null : 'payPassword';
};

/** Account of a password login: an email, or a mobile number valid for the chosen country. */
export const checkAccount = (account: string, countryCode: string): Check => {
  const v = account.trim();
  if (!v) return 'required';
  if (v.includes('@')) return checkEmail(v);
  if (/^\d+$/.test(v)) return checkMobile(v, countryCode);
  return 'account';
};

export const checkText = (value: string, max: number, required = false): Check => {
  const v = value.trim();
  if (!v) return required ? 'required' : null;
  return v.length <= max ? null : 'maxLength';
};

export const checkNickname = (value: string): Check => {
  const v = value.trim();
  if (!v) return 'required';
  return v.length <= NICKNAME_MAX_LENGTH ? null : 'nickname';
};

/**
 * Whether what the user typed is the masked value the server shows (138****8000,
 * d***@example.com): the visible start and end must match, and a masked mobile keeps its length.
 */
export function matchesMasked(input: string, masked: string, kind: 'mobile' | 'email'): boolean {
  const typed = kind === 'email' ? input.trim().toLowerCase() : input.trim();
  const mask = kind === 'email' ? masked.toLowerCase() : masked;
  const match = /^([^*]*)\*+([^*]*)$/.exec(mask);
  if (!match) return typed === mask;
  const [, head = '', tail = ''] = match;
  if (kind === 'mobile' && typed.length !== mask.length) return false;
  return typed.length > head.length + tail.length && typed.startsWith(head) && typed.endsWith(tail);
}

/** Returns the errors that are set, or null when every check passed. */
export function collectErrors<K extends string>(checks: Record<K, Check>): Partial<Record<K, ValidationKey>> | null {
  const found: Partial<Record<K, ValidationKey>> = {};
  let any = false;
  for (const [field, result] of Object.entries(checks) as [K, Check][]) {
    if (result) {
      found[field] = result;
      any = true;
    }
  }
  return any ? found : null;
}
