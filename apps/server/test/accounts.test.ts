import { Writable } from 'node:stream';
import { routes, type RouteDef } from '@medportal/contract';
import { adminRoutes } from '@medportal/contract/admin-routes';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, userIdentities, users, verificationCodes } from '../src/db/schema/index.ts';
import { buildTestApp, restartDbConfigs } from './build-test-app.ts';
import { TEST_ENV } from './template.ts';
import { loadConfig } from '../src/config.ts';
import { accountsApp, bearer, call, makeUser, newMobile, smsCode, solvedCaptcha, testClock, type TestClock } from './factories.ts';

const authEndpoints = Object.entries({ ...routes, ...adminRoutes } as Record<string, RouteDef>).filter(([, e]) => e.auth);

describe('login-only endpoints (from the contract registry)', () => {
  let app: FastifyInstance;
  let clock: TestClock;
  beforeAll(async () => {
    ({ app, clock } = await accountsApp({ config: { auth: { ...loadConfig(TEST_ENV).auth, accessTtlS: 1, refreshTtlS: 3600 } } }));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answer 200203 with HTTP 200 to an expired, a missing and a garbage token', async () => {
    expect(authEndpoints.length).toBeGreaterThan(15);
    const u = await makeUser(app);
    expect((await call(app, { url: '/v1/user/login_info', headers: bearer(u.access) })).code).toBe(0);
    clock.advance(2);
    for (const [name, e] of authEndpoints) {
      for (const headers of [bearer(u.access), {}, bearer('garbage')]) {
        const res = await app.inject({ method: e.method, url: e.path, headers, ...(e.method === 'GET' || name === 'uploadImage' ? {} : { payload: {} }) });
        expect(res.statusCode, name).toBe(200);
        expect(res.json().code, `${name} ${JSON.stringify(headers)}`).toBe(200203);
      }
    }
    // The refresh token still works and gives a working access token.
    const next = await call<{ user_access_token: string }>(app, { method: 'POST', url: '/v1/user/refresh/token', payload: { refresh_token: u.refresh } });
    expect((await call(app, { url: '/v1/user/login_info', headers: bearer(next.data.user_access_token) })).code).toBe(0);
  });
});

describe('development routes', () => {
  it('are absent in production (404 envelope)', async () => {
    const app = await buildTestApp({ seed: false, config: { env: 'production' } });
    try {
      for (const url of ['/v1/dev/outbox?to=13800138000', '/v1/dev/captcha/abc', '/v1/dev/clock']) {
        const res = await app.inject({ url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().code).toBe(40004);
      }
      // Captcha answers are not kept in production at all.
      const img = await call<{ captcha_key: string }>(app, { url: '/v1/user/verify_code_image' });
      expect(await app.accounts.captchas.devAnswer(img.data.captcha_key)).toBeNull();
    } finally {
      await app.close();
    }
  });
});

describe('the development clock', () => {
  it('moves forward only when the server was started with DEV_CLOCK=1, and never in production', async () => {
    expect(() => loadConfig({ ...TEST_ENV, NODE_ENV: 'production', DEV_CLOCK: '1' })).toThrow(/DEV_CLOCK/);
    const fixed = await buildTestApp({ seed: false });
    try {
      const refused = await call(fixed, { method: 'POST', url: '/v1/dev/clock', payload: { advance_s: 60 } });
      expect(refused.code).toBe(40003);
      expect((await call<{ offset_s: number }>(fixed, { url: '/v1/dev/clock' })).data.offset_s).toBe(0);
    } finally {
      await fixed.close();
    }

    const app = await buildTestApp({ seed: false, config: { devClock: true } });
    try {
      const u = await makeUser(app);
      const before = Date.now();
      const moved = await call<{ now: string; offset_s: number }>(app, { method: 'POST', url: '/v1/dev/clock', payload: { advance_s: 3 * 3600 } });
      expect(moved.data.offset_s).toBe(3 * 3600);
      expect(Date.parse(moved.data.now) - before).toBeGreaterThanOrEqual(3 * 3600_000);
      // The app runs on the moved clock: a token issued before is past its two hours now.
      expect((await call(app, { url: '/v1/user/login_info', headers: bearer(u.access) })).code).toBe(200203);
      // Never backwards, nor by nothing.
      for (const advance_s of [-60, 0]) {
        expect((await call(app, { method: 'POST', url: '/v1/dev/clock', payload: { advance_s } })).code).toBe(40000);
      }
    } finally {
      await app.close();
    }
  });
});

describe('OpenAPI', () => {
  it('lists every endpoint of the registry, recursive and union schemas included', async () => {
    const app = await buildTestApp({ seed: false });
    try {
      const doc = (await app.inject({ url: '/openapi.json' })).json();
      for (const [name, e] of Object.entries(routes as Record<string, RouteDef>)) {
        const path = e.path.replace(/:([a-z_]+)/g, '{$1}');
        expect(doc.paths[path]?.[e.method.toLowerCase()], name).toBeDefined();
      }
      // Every $ref resolves (the recursive department tree is a named component).
      const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1] ?? '');
      expect(refs).toContain('DepartmentNode');
      for (const ref of refs) expect(doc.components.schemas[ref], ref).toBeDefined();
      expect(JSON.stringify(doc.components.schemas.DepartmentNode)).toContain('children');
      expect(JSON.stringify(doc.paths['/v1/user/login'].post.requestBody)).toContain('password');
    } finally {
      await app.close();
    }
  });
});

describe('limits survive a restart on the same database', () => {
  it('keeps the account+IP lock and the resend wait', async () => {
    const clock = testClock();
    const db = await restartDbConfigs(false, clock.now());
    const first = await buildTestApp({ seed: false, now: clock.now, config: { db: db.first } });
    const u = await makeUser(first, { password: 'right-pass-1' });
    const mobile = newMobile();
    await smsCode(first, mobile);
    for (let i = 0; i < 5; i++) {
      await call(first, { method: 'POST', url: '/v1/user/login', remoteAddress: '10.7.0.1', payload: { type: 'password', account: u.mobile, password: 'bad-pass-1' } });
    }
    await first.close();
    const second = await buildTestApp({ seed: false, now: clock.now, config: { db: db.second } });
    try {
      const res = await call(second, { method: 'POST', url: '/v1/user/login', remoteAddress: '10.7.0.1', payload: { type: 'password', account: u.mobile, password: 'right-pass-1' } });
      expect(res.code).toBe(40103);
      const resend = await call(second, { method: 'POST', url: '/v1/user/send/sms', payload: { mobile, scene: 'login', ...(await solvedCaptcha(second)) } });
      expect(resend.code).toBe(40029);
    } finally {
      await second.close();
    }
  });
});

describe('bad input', () => {
  let app: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    ({ app } = await accountsApp());
    token = (await makeUser(app)).access;
  });
  afterAll(async () => {
    await app?.close();
  });

  // Longer than any field allows, yet within the route's body limit (a larger body is a 413).
  const huge = 'x'.repeat(10_000);
  const sql = "'; drop table users; --";
  const html = '<img src=x onerror=alert(1)>';
  const cases: Array<[string, 'POST' | 'PUT', string, unknown, string]> = [
    ['login: no type', 'POST', '/v1/user/login', { mobile: '13800138000', code: '123456' }, 'type'],
    ['login: wrong types', 'POST', '/v1/user/login', { type: 'sms', agree_terms: true, mobile: 13800138000, code: 123456 }, 'mobile'],
    ['login: bad mobile', 'POST', '/v1/user/login', { type: 'sms', agree_terms: true, mobile: '12345', code: '123456' }, 'mobile'],
    ['login: SQL in the mobile', 'POST', '/v1/user/login', { type: 'sms', agree_terms: true, mobile: sql, code: '123456' }, 'mobile'],
    ['login: huge account', 'POST', '/v1/user/login', { type: 'password', account: huge, password: 'x' }, 'account'],
    ['login: huge password', 'POST', '/v1/user/login', { type: 'password', account: 'a@b.cn', password: huge }, 'password'],
    ['send sms: HTML mobile', 'POST', '/v1/user/send/sms', { mobile: html, scene: 'login', captcha_key: 'k', captcha_code: 'c' }, 'mobile'],
    ['send sms: unknown scene', 'POST', '/v1/user/send/sms', { mobile: '13800138000', scene: 'hack', captcha_key: 'k', captcha_code: 'c' }, 'scene'],
    ['send code: bad email', 'POST', '/v1/user/send/code', { email: `${sql}@x`, scene: 'login', captcha_key: 'k', captcha_code: 'c' }, 'email'],
    ['sms_verify: letters in code', 'POST', '/v1/user/sms_verify', { mobile: '13800138000', scene: 'login', code: 'abcdef' }, 'code'],
    ['forget: weak password', 'POST', '/v1/user/forget_password', { mobile: '13800138000', code: '123456', password: '123' }, 'password'],
    ['refresh: huge token', 'POST', '/v1/user/refresh/token', { refresh_token: huge }, 'refresh_token'],
    ['wechat callback: huge state', 'POST', '/v1/wechat/callback', { state: huge, decision: 'confirm' }, 'state'],
    ['set password: number', 'POST', '/v1/user/password', { password: 12345678 }, 'password'],
    ['pay password: letters', 'POST', '/v1/user/pay/verify', { pay_password: 'abcdef' }, 'pay_password'],
    ['profile: huge nickname', 'PUT', '/v1/user/personal_info', { nickname: huge }, 'nickname'],
    ['profile: unknown field', 'PUT', '/v1/user/personal_info', { is_admin: true }, 'request'],
    ['profile: avatar elsewhere', 'PUT', '/v1/user/personal_info', { avatar_url: 'javascript:alert(1)' }, 'avatar_url'],
    ['profile: gender 7', 'PUT', '/v1/user/personal_info', { gender: 7 }, 'gender'],
    ['form: unknown kind', 'POST', '/v1/user/form', { form: 'x', real_name: 'A', occupation: 'doctor' }, 'form'],
    ['form: huge real name', 'POST', '/v1/user/form', { form: 'info', real_name: huge, occupation: 'doctor' }, 'real_name'],
    ['bind mobile: SQL', 'POST', '/v1/user/personal_info/bind_mobile', { mobile: sql, code: '123456' }, 'mobile'],
    ['bind email: HTML', 'POST', '/v1/user/personal_info/bind_email', { email: html, code: '123456' }, 'email'],
    ['merge: no confirm', 'POST', '/v1/user/merge_user', { merge_token: 'abc', confirm: false }, 'confirm'],
    ['cancel: array code', 'POST', '/v1/user/account/cancel', { code: ['123456'], confirm: true }, 'code'],
  ];

  it.each(cases)('%s → VALIDATION naming the field, nothing stored', async (_name, method, url, payload, field) => {
    const before = await Promise.all([users, userIdentities, outbox, verificationCodes].map(async (t) => (await app.db.select({ n: count() }).from(t))[0]?.n));
    for (const language of ['zh_CN', 'en']) {
      const res = await app.inject({ method, url: `${url}?language=${language}`, headers: bearer(token), payload: payload as Record<string, unknown> });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.code).toBe(40000);
      expect(body.message).toContain(field === 'request' ? '' : field);
      if (language === 'en') expect(body.message).toMatch(/[a-z]/);
    }
    const after = await Promise.all([users, userIdentities, outbox, verificationCodes].map(async (t) => (await app.db.select({ n: count() }).from(t))[0]?.n));
    expect(after).toEqual(before);
  });
});

describe('logs', () => {
  it('never contain passwords, codes or tokens', async () => {
    let logged = '';
    const stream = new Writable({
      write(chunk, _enc, done) {
        logged += String(chunk);
        done();
      },
    });
    const clock = testClock();
    const app = await buildTestApp({ seed: false, now: clock.now, logger: undefined, logStream: stream });
    try {
      const mobile = newMobile();
      const code = await smsCode(app, mobile);
      const login = await call<{ user_access_token: string; user_refresh_token: string }>(app, { method: 'POST', url: '/v1/user/login', payload: { type: 'sms', agree_terms: true, mobile, code } });
      await call(app, { method: 'POST', url: '/v1/user/password', headers: bearer(login.data.user_access_token), payload: { password: 'Very-Secret-9' } });
      await call(app, { url: `/v1/user/login_info?access_token=${login.data.user_access_token}` });
      await call(app, { method: 'POST', url: '/v1/user/refresh/token', payload: { refresh_token: login.data.user_refresh_token } });
      await call(app, { method: 'POST', url: '/v1/user/login', payload: { type: 'password', account: mobile, password: 12345 } });
      expect(logged.length).toBeGreaterThan(100);
      for (const secret of [code, 'Very-Secret-9', login.data.user_access_token, login.data.user_refresh_token]) expect(logged).not.toContain(secret);
    } finally {
      await app.close();
    }
  });
});
