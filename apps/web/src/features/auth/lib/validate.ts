import { NICKNAME_MAX_LENGTH } from '@medportal/contract/constants';

/**
 * The messages of the forms' field errors. The rules themselves are the contract's schemas
 * (`forms.ts`); the few checks here run outside a form. Each returns the i18n key
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

const KEYS: ReadonlySet<string> = new Set<ValidationKey>([
  'required',
  'mobile',
  'email',
  'account',
  'code',
  'captcha',
  'password',
  'passwordMismatch',
  'payPassword',
  'payPasswordMismatch',
  'maxLength',
  'maskedMismatch',
  'nickname',
  'confirmTick',
  'agreement',
]);
/** Whether a schema's message names one of these (the form rules' own refinements do). */
export const isValidationKey = (message: string | undefined): message is ValidationKey => message !== undefined && KEYS.has(message);

export const checkNickname = (value: string): Check => {
  const v = value.trim();
  if (!v) return 'required';
  return v.length <= NICKNAME_MAX_LENGTH ? null : 'nickname';
};

/** The human check's solved payload: empty until the browser has done the work. */
export const checkCaptcha = (captcha: string): Check => (captcha.trim() ? null : 'captcha');

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The message of a field the form's schema refused: `required` when it is empty, the rule's own
 * key when a form rule named one, else the field's message (decision record 0074).
 */
export function problemKey(value: unknown, issueMessage: string | undefined, fieldMessage: ValidationKey | undefined): ValidationKey {
  if (isBlank(value)) return 'required';
  if (isValidationKey(issueMessage)) return issueMessage;
  return fieldMessage ?? 'required';
}

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
