import { ErrorCode, LOGIN_LIMITS, VOUCHER_LIMITS } from '@medportal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationCodes } from '../src/db/schema/index.ts';
import { CODE_DAILY_PER_IP, CODE_MAX_ATTEMPTS } from '../src/modules/auth/codes.ts';
import { accountsApp, bearer, call, makeUser, newMobile, smsCode, solvedCaptcha } from './factories.ts';

// Every limit holds under a burst: each attempt takes its slot before it is checked, so N
// concurrent guesses get at most the limit checked (on PGlite and on PostgreSQL).
let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await accountsApp());
});
afterAll(async () => {
  await app?.close();
});

const codesOf = (answers: Array<{ code: number }>) => {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.code] = (counts[a.code] ?? 0) + 1;
  return counts;
};

describe('limits under concurrent bursts', () => {
  it('checks at most the account-wide limit of 300 password guesses sent at once from 10 addresses', async () => {
    const user = await makeUser(app, { password: 'Right-pass-1' });
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        call(app, { method: 'POST', url: '/v1/user/login', remoteAddress: `10.9.0.${i % 10}`, payload: { type: 'password', account: user.mobile, password: `wrong-${i}` } }),
      ),
    );
    const counts = codesOf(answers);
    const checked = counts[ErrorCode.WRONG_CREDENTIALS] ?? 0;
    expect(checked).toBeGreaterThan(0);
    expect(checked, JSON.stringify(counts)).toBeLessThanOrEqual(LOGIN_LIMITS.accountLockAfter);
    for (const code of Object.keys(counts).map(Number)) {
      expect([ErrorCode.WRONG_CREDENTIALS, ErrorCode.CAPTCHA_REQUIRED, ErrorCode.LOCKED, ErrorCode.RATE_LIMITED]).toContain(code);
    }
  });

  it('checks at most the per-address limit of 65 password guesses sent at once from one address', async () => {
    const user = await makeUser(app, { password: 'Right-pass-1' });
    const answers = await Promise.all(
      Array.from({ length: 65 }, (_, i) =>
        call(app, { method: 'POST', url: '/v1/user/login', remoteAddress: '10.9.1.1', payload: { type: 'password', account: user.mobile, password: `wrong-${i}` } }),
      ),
    );
    const checked = codesOf(answers)[ErrorCode.WRONG_CREDENTIALS] ?? 0;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(LOGIN_LIMITS.lockAfter);
    // The slots of refused attempts went back: the right password still logs in from elsewhere.
    const ok = await call(app, { method: 'POST', url: '/v1/user/login', remoteAddress: '10.9.1.2', payload: { type: 'password', account: user.mobile, password: 'Right-pass-1' } });
    expect(ok.code).toBe(0);
  });

  it('locks an address at the limit when the guesses come one by one, and counts no success', async () => {
    const user = await makeUser(app, { password: 'Right-pass-1' });
    const login = (password: string, captcha = {}) =>
      call(app, { method: 'POST', url: '/v1/user/login', remoteAddress: '10.9.2.1', payload: { type: 'password', account: user.mobile, password, ...captcha } });
    for (let i = 0; i < 3; i++) expect((await login('Right-pass-1')).code).toBe(0);
    for (let i = 0; i < LOGIN_LIMITS.captchaAfter; i++) expect((await login('wrong')).code).toBe(ErrorCode.WRONG_CREDENTIALS);
    expect((await login('wrong')).code).toBe(ErrorCode.CAPTCHA_REQUIRED);
    for (let i = LOGIN_LIMITS.captchaAfter; i < LOGIN_LIMITS.lockAfter; i++) expect((await login('wrong', await solvedCaptcha(app))).code).toBe(ErrorCode.WRONG_CREDENTIALS);
    expect((await login('Right-pass-1', await solvedCaptcha(app))).code).toBe(ErrorCode.LOCKED);
  });

  it('sends at most the per-address daily cap of SMS codes when asked at once', async () => {
    const extra = 8;
    const captchas = [];
    for (let i = 0; i < CODE_DAILY_PER_IP + extra; i++) captchas.push(await solvedCaptcha(app));
    const answers = await Promise.all(
      captchas.map((c) => call(app, { method: 'POST', url: '/v1/user/send/sms', remoteAddress: '10.9.3.1', payload: { mobile: newMobile(), scene: 'login', ...c } })),
    );
    const counts = codesOf(answers);
    expect(counts[0], JSON.stringify(counts)).toBe(CODE_DAILY_PER_IP);
    expect(counts[ErrorCode.RATE_LIMITED]).toBe(extra);
  });

  it('compares at most the attempts of an SMS code when 40 guesses arrive at once', async () => {
    const mobile = newMobile();
    const code = await smsCode(app, mobile);
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(app, { method: 'POST', url: '/v1/user/login', remoteAddress: `10.9.4.${i}`, payload: { type: 'sms', agree_terms: true, mobile, code: wrong(i) } }),
      ),
    );
    expect(answers.every((a) => a.code === ErrorCode.CODE_INVALID)).toBe(true);
    const [row] = await app.db.select({ attempts: verificationCodes.attempts }).from(verificationCodes).where(eq(verificationCodes.recipient, `+86${mobile}`));
    expect(row?.attempts).toBe(CODE_MAX_ATTEMPTS);
    expect((await call(app, { method: 'POST', url: '/v1/user/login', remoteAddress: '10.9.4.99', payload: { type: 'sms', agree_terms: true, mobile, code } })).code).toBe(ErrorCode.CODE_INVALID);
  });

  it('checks at most the voucher-guess limit of 40 guesses sent at once', async () => {
    const user = await makeUser(app);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(app, { method: 'POST', url: '/v1/user/voucher/redeem', headers: bearer(user.access), remoteAddress: '10.9.5.1', payload: { code: `ABCD-EFGH-JKMN-${String(2000 + i).slice(0, 4)}` } }),
      ),
    );
    const counts = codesOf(answers);
    expect(counts[ErrorCode.VOUCHER_INVALID], JSON.stringify(counts)).toBe(VOUCHER_LIMITS.userFailures);
    expect(counts[ErrorCode.RATE_LIMITED]).toBe(40 - VOUCHER_LIMITS.userFailures);
  });
});
