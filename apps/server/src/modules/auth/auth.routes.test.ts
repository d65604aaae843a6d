import { ErrorCode, LOGIN_LIMITS } from '@medportal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { CAPTCHA_COST } from './captcha.ts';
import { CODE_DAILY_PER_RECIPIENT } from './codes.ts';
import { eq } from 'drizzle-orm';
import { authSessions, users } from '../../db/schema/index.ts';
import { loadConfig } from '../../config.ts';
import { hashPassword } from './passwords.ts';
import { sha256 } from '../../lib/crypto.ts';
import { ACCESS_CACHE_MS, SESSION_PAIR_KEEP_MS } from './tokens.ts';
import { accountsApp, bearer, call, emailCode, latestCode, loginBySms, makeUser, newMobile, smsCode, solvedCaptcha, type TestClock } from '../../../test/factories.ts';

let app: FastifyInstance;
let clock: TestClock;
beforeAll(async () => {
  ({ app, clock } = await accountsApp());
});
afterAll(async () => {
  await app?.close();
});

describe('captcha', () => {
  it('is a proof-of-work challenge with no answer in it, solved by the work, and single use', async () => {
    const img = await call<{ captcha_key: string; challenge: Challenge; image?: string }>(app, { url: '/v1/user/verify_code_image' });
    expect(img.code).toBe(0);
    expect(img.data.image).toBeUndefined();
    expect(img.data.challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: CAPTCHA_COST, data: { k: img.data.captcha_key } });
    const dev = (await call<{ code: string }>(app, { url: `/v1/dev/captcha/${img.data.captcha_key}` })).data.code;
    const { solution } = JSON.parse(Buffer.from(dev, 'base64').toString()) as { solution: { counter: number } };
    expect(JSON.stringify(img.data)).not.toContain(`"counter":${solution.counter}`);
    // A browser's work: the library's solver over the challenge as sent, from counter 0.
    const solved = await solveChallenge({ challenge: img.data.challenge, deriveKey });
    expect(solved?.counter).toBe(solution.counter);
    const answer = Buffer.from(JSON.stringify({ challenge: img.data.challenge, solution: solved })).toString('base64');
    const mobile = newMobile();
    const first = await call(app, { method: 'POST', url: '/v1/user/send/sms', payload: { mobile, scene: 'login', captcha_key: img.data.captcha_key, captcha_code: answer } });
    expect(first.code).toBe(0);
    const again = await call(app, { method: 'POST', url: '/v1/user/send/sms', payload: { mobile: newMobile(), scene: 'login', captcha_key: img.data.captcha_key, captcha_code: answer } });
    expect(again.code).toBe(40104);
  });

  it('refuses a wrong key, another challenge\'s solution and junk', async () => {
    const send = (c: { captcha_key: string; captcha_code: string }) =>
      call(app, { method: 'POST', url: '/v1/user/send/sms', payload: { mobile: newMobile(), scene: 'login', ...c } });
    const a = await solvedCaptcha(app);
    const payload = JSON.parse(Buffer.from(a.captcha_code, 'base64').toString()) as { solution: { derivedKey: string } };
    const k = payload.solution.derivedKey;
    payload.solution.derivedKey = k.slice(0, -1) + (k.endsWith('0') ? '1' : '0');
    expect((await send({ captcha_key: a.captcha_key, captcha_code: Buffer.from(JSON.stringify(payload)).toString('base64') })).code).toBe(40104);
    const b = await solvedCaptcha(app);
    const c = await solvedCaptcha(app);
    expect((await send({ captcha_key: c.captcha_key, captcha_code: b.captcha_code })).code).toBe(40104);
    const d = await solvedCaptcha(app);
    expect((await send({ captcha_key: d.captcha_key, captcha_code: 'ABCD' })).code).toBe(40104);
  });

  it('is required before sending a code', async () => {
    const res = await call(app, { method: 'POST', url: '/v1/user/send/sms', payload: { mobile: newMobile(), scene: 'login' } });
    expect(res.code).toBe(40000);
    const wrong = await call(app, { method: 'POST', url: '/v1/user/send/sms', payload: { mobile: newMobile(), scene: 'login', captcha_key: 'nope', captcha_code: 'ABCD' } });
    expect(wrong.code).toBe(40104);
  });
});

describe('SMS login', () => {
  it('creates the account on first login, not on the second', async () => {
    const mobile = newMobile();
    const first = await loginBySms(app, mobile);
    expect(first.is_new_user).toBe(true);
    expect(first.has_password).toBe(false);
    expect(first.user_access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    clock.advance(61);
    const second = await loginBySms(app, mobile);
    expect(second.is_new_user).toBe(false);
    const info = await call<{ user_id: number; mobile: string }>(app, { url: `/v1/user/login_info?access_token=${second.user_access_token}` });
    expect(info.code).toBe(0);
    expect(info.data.mobile).toBe(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`);
  });

  it('rejects resend within 60 s with RATE_LIMITED and retry_after', async () => {
    const mobile = newMobile();
    await smsCode(app, mobile);
    const res = await call<{ retry_after: number }>(app, { method: 'POST', url: '/v1/user/send/sms', payload: { mobile, scene: 'login', ...(await solvedCaptcha(app)) } });
    expect(res.code).toBe(40029);
    expect(res.data.retry_after).toBeGreaterThan(0);
    expect(res.data.retry_after).toBeLessThanOrEqual(60);
    expect(await latestCode(app, mobile)).not.toBeNull();
  });
});

describe('password login', () => {
  it('works by mobile and by email; a wrong password is WRONG_CREDENTIALS', async () => {
    const u = await makeUser(app, { email: 'Doc.Wang@example.com', password: 'secret-pass-1' });
    const byMobile = await call<{ has_password: boolean; is_new_user: boolean }>(app, {
      method: 'POST',
      url: '/v1/user/login',
      payload: { type: 'password', account: u.mobile, password: 'secret-pass-1' },
    });
    expect(byMobile.code).toBe(0);
    expect(byMobile.data).toMatchObject({ has_password: true, is_new_user: false });
    const byEmail = await call(app, { method: 'POST', url: '/v1/user/login', payload: { type: 'password', account: 'doc.wang@EXAMPLE.com', password: 'secret-pass-1' } });
    expect(byEmail.code).toBe(0);
    const wrong = await call(app, { method: 'POST', url: '/v1/user/login', payload: { type: 'password', account: u.mobile, password: 'nope-nope-1' } });
    expect(wrong.code).toBe(40101);
  });

  it('answers an unknown account exactly like a wrong password', async () => {
    const unknown = await call(app, { method: 'POST', url: '/v1/user/login', remoteAddress: '10.9.9.9', payload: { type: 'password', account: newMobile(), password: 'whatever-1' } });
    const u = await makeUser(app, { password: 'right-pass-1' });
    const wrong = await call(app, { method: 'POST', url: '/v1/user/login', remoteAddress: '10.9.9.9', payload: { type: 'password', account: u.mobile, password: 'whatever-1' } });
    expect(unknown).toEqual(wrong);
  });

  it('asks for a captcha after 5 failures, locks account+IP after 10, while another IP still gets in (with the captcha)', async () => {
    const u = await makeUser(app, { password: 'right-pass-1' });
    const attempt = (password: string, ip: string, extra: Record<string, string> = {}) =>
      call<{ retry_after?: number }>(app, { method: 'POST', url: '/v1/user/login', remoteAddress: ip, payload: { type: 'password', account: u.mobile, password, ...extra } });
    for (let i = 0; i < 5; i++) expect((await attempt('wrong-pass-1', '10.0.0.5')).code).toBe(40101);
    expect((await attempt('right-pass-1', '10.0.0.5')).code).toBe(40103);
    const badCaptcha = await attempt('right-pass-1', '10.0.0.5', { captcha_key: 'x', captcha_code: 'ABCD' });
    expect(badCaptcha.code).toBe(40104);
    for (let i = 0; i < 4; i++) expect((await attempt('wrong-pass-1', '10.0.0.5', await solvedCaptcha(app))).code).toBe(40101);
    const locked = await attempt('right-pass-1', '10.0.0.5', await solvedCaptcha(app));
    expect(locked.code).toBe(42301);
    expect(locked.data.retry_after).toBeGreaterThan(800);
    // Ten failures of the account in all: every other address now needs the captcha too.
    expect((await attempt('right-pass-1', '10.0.0.6')).code).toBe(40103);
    expect((await attempt('right-pass-1', '10.0.0.6', await solvedCaptcha(app))).code).toBe(0);
    clock.advance(15 * 60 + 1);
    expect((await attempt('right-pass-1', '10.0.0.5')).code).toBe(0);
  });

  it('limits failures per IP to 100 an hour (RATE_LIMITED), whatever the account', async () => {
    const ip = '10.0.1.1';
    for (let i = 0; i < 100; i++) {
      const res = await call(app, { method: 'POST', url: '/v1/user/login', remoteAddress: ip, payload: { type: 'password', account: `nobody${i}@example.com`, password: 'x' } });
      expect(res.code).toBe(40101);
    }
    const u = await makeUser(app, { password: 'right-pass-1' });
    const res = await call<{ retry_after: number }>(app, { method: 'POST', url: '/v1/user/login', remoteAddress: ip, payload: { type: 'password', account: u.mobile, password: 'right-pass-1' } });
    expect(res.code).toBe(40029);
    expect(res.data.retry_after).toBeGreaterThan(0);
    clock.advance(3601);
  });
});

describe('password guessing across addresses', () => {
  it('needs the captcha from every address after 10 failures spread over many, then locks; unknown accounts answer alike', async () => {
    const known = await makeUser(app, { password: 'right-pass-1' });
    const unknown = newMobile();
    const attempt = (account: string, password: string, ip: string, extra: Record<string, string> = {}) =>
      call<{ retry_after?: number }>(app, { method: 'POST', url: '/v1/user/login', remoteAddress: ip, payload: { type: 'password', account, password, ...extra } });
    /** The same try on the known and the unknown account, from the same address. */
    const both = async (password: string, ip: string, captcha = false) => [
      await attempt(known.mobile ?? '', password, ip, captcha ? await solvedCaptcha(app) : {}),
      await attempt(unknown, password, ip, captcha ? await solvedCaptcha(app) : {}),
    ];

    // One failure from each of ten addresses: no address reaches its own limit of five.
    for (let i = 0; i < LOGIN_LIMITS.accountCaptchaAfter; i++) {
      const [k, u] = await both('wrong-pass-1', `10.20.${i}.1`);
      expect(k?.code).toBe(ErrorCode.WRONG_CREDENTIALS);
      expect(k).toEqual(u);
    }
    // An eleventh, fresh address must solve the captcha even with the right password.
    const [k, u] = await both('right-pass-1', '10.21.0.1');
    expect(k?.code).toBe(ErrorCode.CAPTCHA_REQUIRED);
    expect(k).toEqual(u);
    expect((await attempt(known.mobile ?? '', 'right-pass-1', '10.21.0.2', await solvedCaptcha(app))).code).toBe(0);

    // More failures (with captchas) up to the account lock: then no address gets in, known or not.
    for (let i = LOGIN_LIMITS.accountCaptchaAfter; i < LOGIN_LIMITS.accountLockAfter; i++) {
      const [kw, uw] = await both('wrong-pass-1', `10.22.${i}.1`, true);
      expect(kw?.code).toBe(ErrorCode.WRONG_CREDENTIALS);
      expect(kw).toEqual(uw);
    }
    const [kl, ul] = await both('right-pass-1', '10.23.0.1', true);
    expect(kl?.code).toBe(ErrorCode.LOCKED);
    expect(kl?.data.retry_after).toBeGreaterThan(LOGIN_LIMITS.lockS - 60);
    expect(kl).toEqual(ul);

    // The lock is on passwords: the owner still gets in by SMS.
    const code = await smsCode(app, known.mobile ?? '', 'login', '10.23.0.2');
    expect((await call(app, { method: 'POST', url: '/v1/user/login', remoteAddress: '10.23.0.2', payload: { type: 'sms', agree_terms: true, mobile: known.mobile, code } })).code).toBe(0);
    clock.advance(LOGIN_LIMITS.lockS + 1);
    expect((await attempt(known.mobile ?? '', 'right-pass-1', '10.23.0.3')).code).toBe(0);
  });
});

describe('one recipient per mobile number', () => {
  const send = async (mobile: string, country_code: string, scene = 'login') =>
    call<{ retry_after?: number }>(app, { method: 'POST', url: '/v1/user/send/sms', payload: { mobile, country_code, scene, ...(await solvedCaptcha(app)) } });

  it('logs an existing user in whatever spelling of the calling code is sent (86, 086, 0086, +86)', async () => {
    const u = await makeUser(app);
    for (const country_code of ['086', '0086', '+86', '+0086']) {
      clock.advance(61);
      expect((await send(u.mobile ?? '', country_code)).code).toBe(0);
      const code = await latestCode(app, u.mobile ?? '');
      const res = await call<{ user_access_token: string; is_new_user: boolean }>(app, {
        method: 'POST',
        url: '/v1/user/login',
        payload: { type: 'sms', agree_terms: true, mobile: u.mobile, country_code, code },
      });
      expect(res.code).toBe(0);
      expect(res.data.is_new_user).toBe(false);
      const info = await call<{ user_id: number; country_code: string }>(app, { url: '/v1/user/login_info', headers: bearer(res.data.user_access_token) });
      expect(info.data).toMatchObject({ user_id: u.id, country_code: '86' });
    }
    // Password login with a spelled-out calling code or an E.164 account finds the same account.
    const withPassword = await makeUser(app, { password: 'right-pass-1' });
    for (const [account, country_code] of [[withPassword.mobile, '0086'], [`+86${withPassword.mobile}`, '86']]) {
      expect((await call(app, { method: 'POST', url: '/v1/user/login', payload: { type: 'password', account, country_code, password: 'right-pass-1' } })).code).toBe(0);
    }
  });

  it('counts every spelling against one per-number limit', async () => {
    const mobile = newMobile();
    const spellings = ['86', '086', '+86'];
    expect((await send(mobile, '86')).code).toBe(0);
    // Within the resend interval, other spellings are the same recipient.
    expect((await send(mobile, '086')).code).toBe(ErrorCode.RATE_LIMITED);
    expect((await send(mobile, '+86')).code).toBe(ErrorCode.RATE_LIMITED);
    for (let i = 1; i < CODE_DAILY_PER_RECIPIENT; i++) {
      clock.advance(61);
      expect((await send(mobile, spellings[i % 3] ?? '86')).code).toBe(0);
    }
    clock.advance(61);
    for (const cc of spellings) {
      const res = await send(mobile, cc);
      expect(res.code).toBe(ErrorCode.RATE_LIMITED);
      expect(res.data.retry_after).toBeGreaterThan(3600);
    }
    clock.advance(86_400);
  }, 300_000);

  it("checks the number against its country's plan and drops a trunk prefix", async () => {
    const bad = await send('12800138000', '86');
    expect(bad.code).toBe(ErrorCode.VALIDATION);
    expect(bad.data).toMatchObject({ fields: [{ field: 'mobile' }] });
    const noCountry = await send('13800138000', '999');
    expect(noCountry.code).toBe(ErrorCode.VALIDATION);
    expect(noCountry.data).toMatchObject({ fields: [{ field: 'country_code' }] });
    // A UK mobile typed with its trunk 0 and without it is one recipient.
    expect((await send('07911123456', '44')).code).toBe(0);
    expect((await send('7911123456', '+44')).code).toBe(ErrorCode.RATE_LIMITED);
    expect(await latestCode(app, '+447911123456')).toMatch(/^\d{6}$/);
  });
});


describe('verification codes', () => {
  it('expire after CODE_TTL_SECONDS', async () => {
    const mobile = newMobile();
    const code = await smsCode(app, mobile);
    clock.advance(601);
    const res = await call(app, { method: 'POST', url: '/v1/user/login', payload: { type: 'sms', agree_terms: true, mobile, code } });
    expect(res.code).toBe(40102);
  });

  it('are single use', async () => {
    const mobile = newMobile();
    const code = await smsCode(app, mobile);
    expect((await call(app, { method: 'POST', url: '/v1/user/login', payload: { type: 'sms', agree_terms: true, mobile, code } })).code).toBe(0);
    expect((await call(app, { method: 'POST', url: '/v1/user/login', payload: { type: 'sms', agree_terms: true, mobile, code } })).code).toBe(40102);
  });

  it('die after 5 wrong attempts', async () => {
    const mobile = newMobile();
    const code = await smsCode(app, mobile, 'login', '10.0.2.1');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect((await call(app, { method: 'POST', url: '/v1/user/login', remoteAddress: '10.0.2.1', payload: { type: 'sms', agree_terms: true, mobile, code: wrong } })).code).toBe(40102);
    }
    expect((await call(app, { method: 'POST', url: '/v1/user/login', remoteAddress: '10.0.2.1', payload: { type: 'sms', agree_terms: true, mobile, code } })).code).toBe(40102);
  });

  it('sms_verify spends the code: it works once across every endpoint that checks codes', async () => {
    const mobile = newMobile();
    const code = await smsCode(app, mobile);
    const res = await call<{ verify_ticket: string }>(app, { method: 'POST', url: '/v1/user/sms_verify', payload: { mobile, scene: 'login', code } });
    expect(res.code).toBe(0);
    expect(res.data.verify_ticket.length).toBeGreaterThan(20);
    expect((await call(app, { method: 'POST', url: '/v1/user/login', payload: { type: 'sms', agree_terms: true, mobile, code } })).code).toBe(ErrorCode.CODE_INVALID);
    expect((await call(app, { method: 'POST', url: '/v1/user/sms_verify', payload: { mobile, scene: 'login', code } })).code).toBe(ErrorCode.CODE_INVALID);
    // … and the other way round: a code spent by a login no longer verifies.
    clock.advance(61);
    const next = await smsCode(app, mobile);
    expect((await call(app, { method: 'POST', url: '/v1/user/login', payload: { type: 'sms', agree_terms: true, mobile, code: next } })).code).toBe(0);
    expect((await call(app, { method: 'POST', url: '/v1/user/sms_verify', payload: { mobile, scene: 'login', code: next } })).code).toBe(ErrorCode.CODE_INVALID);
  });

  it('send email codes in the request language', async () => {
    const email = `reader${Date.now()}@example.com`;
    const res = await call(app, { method: 'POST', url: '/v1/user/send/code?language=en', payload: { email, scene: 'login', ...(await solvedCaptcha(app)) } });
    expect(res.code).toBe(0);
    await app.accounts.outbox.drain();
    const box = await call<{ items: Array<{ text: string; code: string }> }>(app, { url: `/v1/dev/outbox?to=${email}` });
    expect(box.data.items[0]?.text).toMatch(/Your code/);
    expect(box.data.items[0]?.text).toContain(box.data.items[0]?.code);
  });
});

describe('tokens', () => {
  const refresh = (token: string) => call<{ user_access_token: string; user_refresh_token: string }>(app, { method: 'POST', url: '/v1/user/refresh/token', payload: { refresh_token: token, platform: 'web', language: 'zh_CN' } });

  it('rotate on refresh; the old access token keeps working until it expires', async () => {
    const u = await makeUser(app);
    const next = await refresh(u.refresh);
    expect(next.code).toBe(0);
    expect(next.data.user_refresh_token).not.toBe(u.refresh);
    expect((await call(app, { url: '/v1/user/login_info', headers: bearer(next.data.user_access_token) })).code).toBe(0);
  });

  it('return the same pair for a repeat inside the grace window, and revoke the family after it', async () => {
    const u = await makeUser(app);
    const a = await refresh(u.refresh);
    // In use (so remembered by the token cache) before the family is revoked.
    expect((await call(app, { url: '/v1/user/login_info', headers: bearer(a.data.user_access_token) })).code).toBe(0);
    clock.advance(5);
    const b = await refresh(u.refresh);
    expect(b.code).toBe(0);
    expect(b.data).toEqual(a.data);
    clock.advance(6);
    const reuse = await refresh(u.refresh);
    expect(reuse.code).toBe(200203);
    // The whole family is gone: the successor pair too.
    expect((await call(app, { url: '/v1/user/login_info', headers: bearer(a.data.user_access_token) })).code).toBe(200203);
    expect((await refresh(a.data.user_refresh_token)).code).toBe(200203);
  });

  it('let two concurrent refreshes both succeed with the same pair', async () => {
    const u = await makeUser(app);
    const [x, y] = await Promise.all([refresh(u.refresh), refresh(u.refresh)]);
    expect(x.code).toBe(0);
    expect(y.code).toBe(0);
    expect(x.data).toEqual(y.data);
  });

  it('reject unknown refresh tokens', async () => {
    expect((await refresh('not-a-token')).code).toBe(200203);
  });

  it('logout revokes the session', async () => {
    const u = await makeUser(app);
    expect((await call(app, { url: '/v1/user/login_info', headers: bearer(u.access) })).code).toBe(0);
    expect((await call(app, { url: `/v1/user/logout?access_token=${u.access}` })).code).toBe(0);
    expect((await call(app, { url: '/v1/user/login_info', headers: bearer(u.access) })).code).toBe(200203);
    expect((await refresh(u.refresh)).code).toBe(200203);
  });

  it('stop working when they expire, also after recent use', async () => {
    const u = await makeUser(app);
    expect((await call(app, { url: '/v1/user/login_info', headers: bearer(u.access) })).code).toBe(0);
    clock.advance(app.accounts.config.auth.accessTtlS + 1);
    expect((await call(app, { url: '/v1/user/login_info', headers: bearer(u.access) })).code).toBe(200203);
  });

  it('revoked outside the API (an operator in SQL) stop working within the cache lifetime', async () => {
    const u = await makeUser(app);
    expect((await call(app, { url: '/v1/user/login_info', headers: bearer(u.access) })).code).toBe(0);
    await app.db.update(authSessions).set({ revokedAt: app.accounts.now(), revokeReason: 'operator' }).where(eq(authSessions.userId, u.id));
    clock.advance(ACCESS_CACHE_MS / 1000 + 1);
    expect((await call(app, { url: '/v1/user/login_info', headers: bearer(u.access) })).code).toBe(200203);
  });
});

describe('session cookie', () => {
  it('login sets an httpOnly SameSite=Lax cookie; the session check answers a fresh pair for it', async () => {
    const mobile = newMobile();
    const code = await smsCode(app, mobile);
    const res = await app.inject({ method: 'POST', url: '/v1/user/login', payload: { type: 'sms', agree_terms: true, mobile, code } });
    const cookie = res.cookies.find((c) => c.name === 'mp_session');
    expect(cookie).toBeDefined();
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(res.body).not.toContain(cookie?.value);
    const check = await call<{ user_access_token: string; user_refresh_token: string; user_info: { nickname: string } }>(app, {
      url: '/v1/user/session',
      cookies: { mp_session: cookie?.value ?? '' },
    });
    expect(check.code).toBe(0);
    expect(check.data.user_refresh_token).toBeTruthy();
    expect(check.data.user_info.nickname).toContain(mobile.slice(-4));
    expect((await call(app, { url: '/v1/user/login_info', headers: bearer(check.data.user_access_token) })).code).toBe(0);
    expect((await call(app, { url: '/v1/user/session' })).code).toBe(200203);
    expect((await call(app, { url: '/v1/user/session', cookies: { mp_session: 'forged' } })).code).toBe(200203);
    // Logout with the cookie ends it.
    const out = await app.inject({ url: '/v1/user/logout', cookies: { mp_session: cookie?.value ?? '' } });
    expect(out.cookies.find((c) => c.name === 'mp_session')?.value).toBe('');
    expect((await call(app, { url: '/v1/user/session', cookies: { mp_session: cookie?.value ?? '' } })).code).toBe(200203);
  });
});

describe('session check', () => {
  interface Checked {
    user_access_token: string;
    user_refresh_token: string;
    user_info: { nickname: string };
  }
  /** Logs in by SMS over HTTP: the session cookie and the login's access token. */
  const cookieLogin = async (): Promise<{ cookie: string; access: string }> => {
    const mobile = newMobile();
    const code = await smsCode(app, mobile);
    const res = await app.inject({ method: 'POST', url: '/v1/user/login', payload: { type: 'sms', agree_terms: true, mobile, code } });
    const cookie = res.cookies.find((c) => c.name === 'mp_session')?.value;
    if (!cookie) throw new Error(`no session cookie: ${res.body}`);
    return { cookie, access: (res.json() as { data: { user_access_token: string } }).data.user_access_token };
  };
  const check = (cookie: string) => call<Checked>(app, { url: '/v1/user/session', cookies: { mp_session: cookie } });
  const refresh = (token: string) => call<{ user_access_token: string; user_refresh_token: string }>(app, { method: 'POST', url: '/v1/user/refresh/token', payload: { refresh_token: token } });
  const works = async (access: string) => (await call(app, { url: '/v1/user/login_info', headers: bearer(access) })).code === 0;
  const pastKeep = () => clock.advance(SESSION_PAIR_KEEP_MS / 1000 + 1);

  it('hands the pair it minted for a cookie to that cookie again for a few seconds, then mints another', async () => {
    const { cookie } = await cookieLogin();
    const together = await Promise.all([check(cookie), check(cookie), check(cookie)]);
    expect(together.map((c) => c.code)).toEqual([0, 0, 0]);
    const first = together[0]?.data;
    expect(together.map((c) => c.data)).toEqual([first, first, first]);
    expect((await check(cookie)).data).toEqual(first);
    expect(await works(first?.user_access_token ?? '')).toBe(true);
    // Another browser's cookie never gets it.
    const other = await cookieLogin();
    expect((await check(other.cookie)).data.user_access_token).not.toBe(first?.user_access_token);
    pastKeep();
    const later = await check(cookie);
    expect(later.code).toBe(0);
    expect(later.data.user_access_token).not.toBe(first?.user_access_token);
    expect(later.data.user_refresh_token).not.toBe(first?.user_refresh_token);
    expect(await works(later.data.user_access_token)).toBe(true);
  });

  it('lets two tabs that got the same pair both refresh it without ending the session', async () => {
    const { cookie } = await cookieLogin();
    const [a, b] = await Promise.all([check(cookie), check(cookie)]);
    expect(a?.data.user_refresh_token).toBe(b?.data.user_refresh_token);
    const first = await refresh(a?.data.user_refresh_token ?? '');
    clock.advance(app.accounts.config.auth.refreshGraceS - 1);
    const second = await refresh(b?.data.user_refresh_token ?? '');
    expect(second.code).toBe(0);
    expect(second.data).toEqual(first.data);
    expect(await works(first.data.user_access_token)).toBe(true);
    expect((await check(cookie)).code).toBe(0);
  });

  it('moves the family\'s expiry forward when it mints, so a browser in use stays logged in', async () => {
    const { cookie } = await cookieLogin();
    const ttl = app.accounts.config.auth.refreshTtlS;
    clock.advance(ttl - 60);
    const near = await check(cookie);
    expect(near.code).toBe(0);
    // Past the expiry the login gave: the check above moved it.
    clock.advance(120);
    const later = await check(cookie);
    expect(later.code).toBe(0);
    expect(later.data.user_access_token).not.toBe(near.data.user_access_token);
    expect(await works(later.data.user_access_token)).toBe(true);
    // Unused for the whole lifetime, it ends.
    clock.advance(ttl + 1);
    expect((await check(cookie)).code).toBe(200203);
  });

  it('refuses a session revoked through the API at once, though its pair was kept', async () => {
    const { cookie, access } = await cookieLogin();
    expect((await check(cookie)).code).toBe(0);
    // Logging out with the access token ends the family the cookie belongs to.
    expect((await call(app, { url: `/v1/user/logout?access_token=${access}` })).code).toBe(0);
    expect((await check(cookie)).code).toBe(200203);
  });

  it('refuses a session revoked outside the API (an operator in SQL) once the keep is over', async () => {
    const { cookie } = await cookieLogin();
    const kept = await check(cookie);
    expect(kept.code).toBe(0);
    await app.db.update(authSessions).set({ revokedAt: app.accounts.now(), revokeReason: 'operator' }).where(eq(authSessions.cookieHash, sha256(cookie)));
    pastKeep();
    expect((await check(cookie)).code).toBe(200203);
    expect(await works(kept.data.user_access_token)).toBe(false);
  });

  it("answers with the name the user set moments ago", async () => {
    const { cookie, access } = await cookieLogin();
    const before = await check(cookie);
    expect(before.data.user_info.nickname).not.toBe('Renamed');
    const me = (await call<{ user_id: number }>(app, { url: '/v1/user/login_info', headers: bearer(access) })).data.user_id;
    // The database's notice of the write drops the kept pair (on PostgreSQL it comes after the commit).
    let heard!: () => void;
    const notice = new Promise<void>((r) => (heard = r));
    const stop = await app.databaseNotices.subscribe('user-write', (m) => {
      if (m === String(me)) heard();
    });
    const renamed = await call(app, { method: 'PUT', url: '/v1/user/personal_info', headers: bearer(access), payload: { nickname: 'Renamed' } });
    expect(renamed.code).toBe(0);
    await notice;
    await stop();
    const after = await check(cookie);
    expect(after.data.user_info.nickname).toBe('Renamed');
    // A new pair, as the kept one was dropped; the one handed before still works.
    expect(after.data.user_access_token).not.toBe(before.data.user_access_token);
    expect(await works(before.data.user_access_token)).toBe(true);
  });
});

describe('passwords', () => {
  it('set once only, then PASSWORD_ALREADY_SET; check_has_password follows', async () => {
    const u = await makeUser(app);
    expect((await call<{ has_password: boolean }>(app, { url: '/v1/user/user/check_has_password', headers: bearer(u.access) })).data.has_password).toBe(false);
    expect((await call(app, { method: 'POST', url: '/v1/user/password', headers: bearer(u.access), payload: { password: 'short' } })).code).toBe(40000);
    expect((await call(app, { method: 'POST', url: '/v1/user/password', headers: bearer(u.access), payload: { password: 'good-pass-1' } })).code).toBe(0);
    expect((await call(app, { method: 'POST', url: '/v1/user/password', headers: bearer(u.access), payload: { password: 'good-pass-2' } })).code).toBe(40105);
    expect((await call<{ has_password: boolean }>(app, { url: '/v1/user/user/check_has_password', headers: bearer(u.access) })).data.has_password).toBe(true);
  });

  it('hash at PASSWORD_SCRYPT_N, while a hash made at another cost still verifies', async () => {
    const u = await makeUser(app);
    expect((await call(app, { method: 'POST', url: '/v1/user/password', headers: bearer(u.access), payload: { password: 'good-pass-1' } })).code).toBe(0);
    const [row] = await app.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, u.id));
    expect(row?.hash).toMatch(new RegExp(`^scrypt\\$1\\$${app.accounts.config.auth.passwordScryptN}\\$8\\$1\\$`));
    // An account from before a change of cost: its hash names the cost it was made with.
    const older = await makeUser(app);
    await app.db.update(users).set({ passwordHash: await hashPassword('older-pass-1', 16_384) }).where(eq(users.id, older.id));
    const login = (password: string) => call(app, { method: 'POST', url: '/v1/user/login', remoteAddress: '10.40.0.1', payload: { type: 'password', account: older.mobile, password } });
    expect((await login('older-pass-2')).code).toBe(ErrorCode.WRONG_CREDENTIALS);
    expect((await login('older-pass-1')).code).toBe(0);
  });

  it('PASSWORD_SCRYPT_N is a power of two, and no lower than the default in production', () => {
    expect(loadConfig({}).auth.passwordScryptN).toBe(16_384);
    expect(() => loadConfig({ PASSWORD_SCRYPT_N: '3000' })).toThrow(/PASSWORD_SCRYPT_N: must be a power of two/);
    expect(() => loadConfig({ PASSWORD_SCRYPT_N: '512' })).toThrow(/PASSWORD_SCRYPT_N/);
    const production = { NODE_ENV: 'production', CARD_ENCRYPTION_KEY: '11'.repeat(32), CERT_SIGNING_KEY: '22'.repeat(32), PUBLIC_ORIGIN: 'https://portal.example.com' };
    expect(() => loadConfig({ ...production, PASSWORD_SCRYPT_N: '8192' })).toThrow(/PASSWORD_SCRYPT_N: at least 16384 in production/);
    expect(loadConfig({ ...production, PASSWORD_SCRYPT_N: '32768' }).auth.passwordScryptN).toBe(32_768);
  });

  it('change revokes the other sessions and keeps the current one with a new pair', async () => {
    const u = await makeUser(app, { password: 'old-pass-1' });
    const other = await app.accounts.tokens.open(app.db, u.id, 'web');
    expect((await call(app, { url: '/v1/user/login_info', headers: bearer(other.access) })).code).toBe(0);
    const wrong = await call(app, { method: 'POST', url: '/v1/user/reset_password', headers: bearer(u.access), payload: { old_password: 'bad-pass-1', password: 'new-pass-1' } });
    expect(wrong.code).toBe(40101);
    const res = await call<{ user_access_token: string; user_refresh_token: string }>(app, {
      method: 'POST',
      url: '/v1/user/reset_password',
      headers: bearer(u.access),
      payload: { old_password: 'old-pass-1', password: 'new-pass-1' },
    });
    expect(res.code).toBe(0);
    expect((await call(app, { url: '/v1/user/login_info', headers: bearer(other.access) })).code).toBe(200203);
    expect((await call(app, { url: '/v1/user/login_info', headers: bearer(res.data.user_access_token) })).code).toBe(0);
    expect((await call(app, { method: 'POST', url: '/v1/user/login', payload: { type: 'password', account: u.mobile, password: 'new-pass-1' } })).code).toBe(0);
  });

  it('forget by mobile and by email revokes every session', async () => {
    const u = await makeUser(app, { email: `forget${Date.now()}@example.com`, password: 'old-pass-1' });
    expect((await call(app, { url: '/v1/user/login_info', headers: bearer(u.access) })).code).toBe(0);
    const code = await smsCode(app, u.mobile ?? '', 'reset');
    const res = await call(app, { method: 'POST', url: '/v1/user/forget_password', payload: { mobile: u.mobile, code, password: 'newer-pass-1' } });
    expect(res.code).toBe(0);
    expect((await call(app, { url: '/v1/user/login_info', headers: bearer(u.access) })).code).toBe(200203);
    expect((await call(app, { method: 'POST', url: '/v1/user/login', payload: { type: 'password', account: u.mobile, password: 'newer-pass-1' } })).code).toBe(0);

    const emailCodeValue = await emailCode(app, u.email ?? '', 'reset');
    const byEmail = await call(app, { method: 'POST', url: '/v1/user/forget_password', payload: { email: u.email, code: emailCodeValue, password: 'newest-pass-1' } });
    expect(byEmail.code).toBe(0);
    expect((await call(app, { method: 'POST', url: '/v1/user/login', payload: { type: 'password', account: u.email, password: 'newest-pass-1' } })).code).toBe(0);
  });

  it('do not reveal whether an account exists (reset codes and forget_password)', async () => {
    const known = await makeUser(app);
    const unknownMobile = newMobile();
    const send = async (mobile: string) => call(app, { method: 'POST', url: '/v1/user/send/sms', payload: { mobile, scene: 'reset', ...(await solvedCaptcha(app)) } });
    const a = await send(known.mobile ?? '');
    const b = await send(unknownMobile);
    expect(a).toEqual(b);
    expect(await latestCode(app, unknownMobile)).toBeNull();
    const a2 = await send(known.mobile ?? '');
    const b2 = await send(unknownMobile);
    expect(a2.code).toBe(40029);
    expect(b2.code).toBe(40029);
    const fa = await call(app, { method: 'POST', url: '/v1/user/forget_password', payload: { mobile: known.mobile, code: '000000', password: 'newer-pass-1' } });
    const fb = await call(app, { method: 'POST', url: '/v1/user/forget_password', payload: { mobile: unknownMobile, code: '000000', password: 'newer-pass-1' } });
    expect(fa).toEqual(fb);
  });
});

describe('pay password', () => {
  it('set with a code, change, verify, lock after 5 wrong, forget with a code', async () => {
    const u = await makeUser(app);
    const h = bearer(u.access);
    expect((await call<{ has_pay_password: boolean }>(app, { url: '/v1/user/pay/has_pay_password', headers: h })).data.has_pay_password).toBe(false);
    expect((await call(app, { method: 'POST', url: '/v1/user/pay/verify', headers: h, payload: { pay_password: '123456' } })).code).toBe(40106);
    expect((await call(app, { method: 'POST', url: '/v1/user/pay/password', headers: h, payload: { pay_password: '123456', code: '000000' } })).code).toBe(40102);
    clock.advance(61);
    const code = await smsCode(app, u.mobile ?? '', 'pay_password');
    expect((await call(app, { method: 'POST', url: '/v1/user/pay/password', headers: h, payload: { pay_password: '12345', code } })).code).toBe(40000);
    expect((await call(app, { method: 'POST', url: '/v1/user/pay/password', headers: h, payload: { pay_password: '123456', code } })).code).toBe(0);
    expect((await call(app, { method: 'POST', url: '/v1/user/pay/password', headers: h, payload: { pay_password: '123456', code } })).code).toBe(40107);
    expect((await call(app, { method: 'PUT', url: '/v1/user/pay/password', headers: h, payload: { old_pay_password: '123456', pay_password: '654321' } })).code).toBe(0);
    expect((await call(app, { method: 'POST', url: '/v1/user/pay/verify', headers: h, payload: { pay_password: '654321' } })).code).toBe(0);
    for (let i = 1; i <= 4; i++) {
      const res = await call<{ remaining_attempts: number }>(app, { method: 'POST', url: '/v1/user/pay/verify', headers: h, payload: { pay_password: '000000' } });
      expect(res.code).toBe(40202);
      expect(res.data.remaining_attempts).toBe(5 - i);
    }
    expect((await call(app, { method: 'POST', url: '/v1/user/pay/verify', headers: h, payload: { pay_password: '000000' } })).code).toBe(42301);
    expect((await call(app, { method: 'POST', url: '/v1/user/pay/verify', headers: h, payload: { pay_password: '654321' } })).code).toBe(42301);
    clock.advance(30 * 60 + 1);
    expect((await call(app, { method: 'POST', url: '/v1/user/pay/verify', headers: h, payload: { pay_password: '654321' } })).code).toBe(0);
    clock.advance(61);
    const again = await smsCode(app, u.mobile ?? '', 'pay_password');
    expect((await call(app, { method: 'POST', url: '/v1/user/pay/forget_password', headers: h, payload: { code: again, pay_password: '111222' } })).code).toBe(0);
    expect((await call(app, { method: 'POST', url: '/v1/user/pay/verify', headers: h, payload: { pay_password: '111222' } })).code).toBe(0);
  });

  it('uses the email code when the user has no mobile', async () => {
    const email = `nomobile${Date.now()}@example.com`;
    const u = await makeUser(app, { mobile: null, email });
    const code = await emailCode(app, email, 'pay_password');
    expect((await call(app, { method: 'POST', url: '/v1/user/pay/password', headers: bearer(u.access), payload: { pay_password: '246810', code } })).code).toBe(0);
  });
});

describe('housekeeping', () => {
  it('sweeps expired counters and successor pairs past the grace window', async () => {
    const u = await makeUser(app);
    await call(app, { method: 'POST', url: '/v1/user/refresh/token', payload: { refresh_token: u.refresh } });
    clock.advance(3600 * 24 * 2);
    await app.accounts.tokens.sweep(app.db);
    await app.accounts.limiter.sweep(app.db);
    const { authTokens } = await import('../../db/schema/index.ts');
    const { isNotNull } = await import('drizzle-orm');
    expect(await app.db.select().from(authTokens).where(isNotNull(authTokens.successorEnc))).toEqual([]);
  });
});
