import { describe, expect, it } from 'vitest';
import { resolveCallback } from './callback';
import type { AuthFormRules } from '../hooks/use-form';
import {
  bindContactRules,
  changePasswordRules,
  changePayPasswordRules,
  improveRules,
  passwordLoginRules,
  payPasswordByCodeRules,
  setPasswordRules,
  smsLoginRules,
} from './forms';
import { matchesMasked, type ValidationKey } from './validate';

const origin = 'https://www.medportal.cn';

describe('resolveCallback', () => {
  it('keeps same-origin callbacks as router paths (absolute or relative)', () => {
    expect(resolveCallback(`${origin}/course/1?x=1#c`, origin)).toEqual({ kind: 'route', to: '/course/1?x=1#c' });
    expect(resolveCallback('/live', origin)).toEqual({ kind: 'route', to: '/live' });
  });

  it('lets our own sites through as full page loads', () => {
    expect(resolveCallback('https://meeting.medportal.cn/room/1', origin)).toEqual({ kind: 'external', href: 'https://meeting.medportal.cn/room/1' });
  });

  it.each([
    'https://evil.example.com/',
    'https://medportal.cn.evil.com/',
    'https://evilmedportal.cn/',
    'http://meeting.medportal.cn/',
    '//evil.example.com/x',
    '/\\evil.example.com',
    'javascript:alert(1)',
    'data:text/html,hi',
    '/login?callback=/x',
    '/logout',
    '',
    null,
  ])('falls back to home for %s', (value) => {
    expect(resolveCallback(value, origin)).toEqual({ kind: 'route', to: '/' });
  });
});

/** What a form would show for these values: field → message key, as the form hook maps them. */
function problems<V extends object>(rules: AuthFormRules<V>, values: V): Record<string, ValidationKey> {
  const result = rules.schema.safeParse(values);
  const out: Record<string, ValidationKey> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]) as keyof V & string;
    out[field] ??= rules.explain(field, values[field], issue.message);
  }
  return out;
}

describe('form rules (the contract schemas)', () => {
  const bind = (mobile: string, country_code: string) => problems(bindContactRules('mobile'), { country_code, mobile, email: '', captcha: '', code: '123456' });

  it('checks mobile numbers per country', () => {
    expect(bind('13800138000', '86')).toEqual({});
    expect(bind('12800138000', '86')).toEqual({ mobile: 'mobile' });
    expect(bind('7700900123', '86')).toEqual({ mobile: 'mobile' });
    expect(bind('7700900123', '44')).toEqual({});
    expect(bind('1234', '44')).toEqual({ mobile: 'mobile' });
    expect(bind('', '86')).toEqual({ mobile: 'required' });
  });

  it('checks emails with the contract pattern', () => {
    const email = (e: string) => problems(bindContactRules('email'), { country_code: '86', mobile: '', email: e, captcha: '', code: '123456' });
    expect(email('a.b-c_d@mail.example.org')).toEqual({});
    expect(email('a@b')).toEqual({ email: 'email' });
    expect(email('a@b.toolongtld')).toEqual({ email: 'email' });
    expect(email('a b@c.com')).toEqual({ email: 'email' });
  });

  it('checks password strength, the repeated password, and pay passwords', () => {
    const set = (password: string, confirm = password) => problems(setPasswordRules, { password, confirm });
    expect(set('abcdefgh')).toEqual({ password: 'password' });
    expect(set('abc123')).toEqual({ password: 'password' });
    expect(set('abcd1234')).toEqual({});
    expect(set('12345678!')).toEqual({});
    expect(set('abcd1234', 'abcd12345')).toEqual({ confirm: 'passwordMismatch' });
    // Every problem at once, the mismatch too.
    expect(problems(changePasswordRules, { old_password: '', password: 'abc', confirm: 'x' })).toEqual({
      old_password: 'required',
      password: 'password',
      confirm: 'passwordMismatch',
    });
    const pay = (p: string) => problems(changePayPasswordRules, { old_pay_password: '654321', pay_password: p, confirm: p });
    expect(pay('123456')).toEqual({});
    expect(pay('12345')).toEqual({ pay_password: 'payPassword' });
    expect(pay('12345a')).toEqual({ pay_password: 'payPassword' });
  });

  it('reads a login account as email or mobile, and asks for the captcha once it is shown', () => {
    const login = (account: string, needsCaptcha = false) =>
      problems(passwordLoginRules(needsCaptcha), { country_code: '86', account, password: 'secret', captcha: '' });
    expect(login('doctor@example.com')).toEqual({});
    expect(login('13800138000')).toEqual({});
    expect(login('doctor')).toEqual({ account: 'account' });
    expect(login('doctor@x')).toEqual({ account: 'email' });
    expect(login('12800138000')).toEqual({ account: 'mobile' });
    expect(login('13800138000', true)).toEqual({ captcha: 'required' });
  });

  it('asks for the agreement tick and a six-digit code at SMS login', () => {
    expect(problems(smsLoginRules, { country_code: '86', mobile: '13800138000', captcha: '', code: '12345', agree: false })).toEqual({
      code: 'code',
      agree: 'agreement',
    });
  });

  it('checks the own address against its masked form', () => {
    const own = (contact: string) => problems(payPasswordByCodeRules('138****8000', '86'), { contact, captcha: '', code: '123456', pay_password: '123456', confirm: '123456' });
    expect(own('13812348000')).toEqual({});
    expect(own('13912348000')).toEqual({ contact: 'maskedMismatch' });
    expect(own('1381234')).toEqual({ contact: 'mobile' });
  });

  it('keeps profile fields within the server limits', () => {
    const rules = improveRules<Record<string, string | boolean>>(['real_name', 'occupation', 'hospital']);
    expect(problems(rules, { real_name: '张三', occupation: 'doctor', hospital: '', city: 'x'.repeat(99) })).toEqual({});
    expect(problems(rules, { real_name: ' ', occupation: '', hospital: 'x'.repeat(101) })).toEqual({ real_name: 'required', occupation: 'required', hospital: 'maxLength' });
  });

  it('matches a typed address against its masked form', () => {
    expect(matchesMasked('13812348000', '138****8000', 'mobile')).toBe(true);
    expect(matchesMasked('1381234800', '138****8000', 'mobile')).toBe(false);
    expect(matchesMasked('13912348000', '138****8000', 'mobile')).toBe(false);
    expect(matchesMasked('Doctor@Example.com', 'd***@example.com', 'email')).toBe(true);
    expect(matchesMasked('d@example.com', 'd***@example.com', 'email')).toBe(false);
    expect(matchesMasked('x@example.com', 'd***@example.com', 'email')).toBe(false);
  });
});
