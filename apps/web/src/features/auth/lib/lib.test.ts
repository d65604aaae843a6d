import { describe, expect, it } from 'vitest';
import { resolveCallback } from './callback';
import { checkAccount, checkEmail, checkMobile, checkNewPassword, checkPayPassword, matchesMasked } from './validate';

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

describe('validation rules (same as the contract)', () => {
  it('checks mobile numbers per country', () => {
    expect(checkMobile('13800138000', '86')).toBeNull();
    expect(checkMobile('12800138000', '86')).toBe('mobile');
    expect(checkMobile('7700900123', '86')).toBe('mobile');
    expect(checkMobile('7700900123', '44')).toBeNull();
    expect(checkMobile('1234', '44')).toBe('mobile');
    expect(checkMobile('', '86')).toBe('required');
  });

  it('checks emails with EMAIL_PATTERN', () => {
    expect(checkEmail('a.b-c_d@mail.example.org')).toBeNull();
    expect(checkEmail('a@b')).toBe('email');
    expect(checkEmail('a@b.toolongtld')).toBe('email');
    expect(checkEmail('a b@c.com')).toBe('email');
  });

  it('checks password strength and pay passwords', () => {
    expect(checkNewPassword('abcdefgh')).toBe('password');
    expect(checkNewPassword('abc123')).toBe('password');
    expect(checkNewPassword('abcd1234')).toBeNull();
    expect(checkNewPassword('12345678!')).toBeNull();
    expect(checkPayPassword('123456')).toBeNull();
    expect(checkPayPassword('12345')).toBe('payPassword');
    expect(checkPayPassword('12345a')).toBe('payPassword');
  });

  it('reads a login account as email or mobile', () => {
    expect(checkAccount('doctor@example.com', '86')).toBeNull();
    expect(checkAccount('13800138000', '86')).toBeNull();
    expect(checkAccount('doctor', '86')).toBe('account');
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
