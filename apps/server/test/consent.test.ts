import { ErrorCode, type LoginData } from '@medportal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitePages, userConsents } from '../src/db/schema/index.ts';
import { accountsApp, bearer, call, newMobile, smsCode, type TestClock } from './factories.ts';

// Accounts are created only after the visitor agreed to the user agreement and privacy policy;
// the versions agreed and the time are recorded, and a new version asks again.
let app: FastifyInstance;
let clock: TestClock;
beforeAll(async () => {
  ({ app, clock } = await accountsApp());
});
afterAll(async () => {
  await app?.close();
});

const smsLogin = (mobile: string, code: string, agree?: boolean) =>
  call<LoginData>(app, { method: 'POST', url: '/v1/user/login', payload: { type: 'sms', mobile, code, ...(agree === undefined ? {} : { agree_terms: agree }) } });
const consentsOf = (userId: number) => app.db.select().from(userConsents).where(eq(userConsents.userId, userId));
const meOf = (token: string) => call<{ user_id: number; consent_required: boolean }>(app, { url: '/v1/user/login_info', headers: bearer(token) });

describe('consent to the user agreement and privacy policy', () => {
  it('SMS login (and so registration) needs the box ticked, keeps the code, and records the versions and time', async () => {
    const mobile = newMobile();
    const code = await smsCode(app, mobile);
    for (const agree of [undefined, false]) {
      const refused = await smsLogin(mobile, code, agree);
      expect(refused.code).toBe(ErrorCode.CONSENT_REQUIRED);
      expect(refused.message).toMatch(/隐私政策/);
    }
    const en = await call(app, { method: 'POST', url: '/v1/user/login?language=en', payload: { type: 'sms', mobile, code } });
    expect(en.message).toBe('Please read and agree to the User Agreement and the Privacy Policy');
    const ok = await smsLogin(mobile, code, true);
    expect(ok.code).toBe(0);
    expect(ok.data.is_new_user).toBe(true);
    const me = await meOf(ok.data.user_access_token);
    expect(me.data.consent_required).toBe(false);
    const rows = await consentsOf(me.data.user_id);
    expect(rows.map((r) => `${r.document}:${r.version}`).sort()).toEqual(['contract:2025-07', 'privacy:2025-07']);
    expect(rows[0]?.agreedAt.getTime()).toBe(clock.now().getTime());
  });

  it('WeChat login gives no QR without the box ticked and records the consent for the account it creates', async () => {
    expect((await call(app, { url: '/v1/wechat/qrconnect' })).code).toBe(ErrorCode.CONSENT_REQUIRED);
    expect((await call(app, { url: '/v1/wechat/qrconnect?agree_terms=false' })).code).toBe(ErrorCode.CONSENT_REQUIRED);
    const qr = await call<{ ticket: string }>(app, { url: '/v1/wechat/qrconnect?agree_terms=true' });
    expect(qr.code).toBe(0);
    await call(app, { method: 'POST', url: '/v1/wechat/callback', payload: { state: qr.data.ticket, decision: 'confirm', code: 'sandbox:Consenting' } });
    const polled = await call<{ login: LoginData }>(app, { url: `/v1/user/wechat/login/info?ticket=${qr.data.ticket}` });
    expect(polled.data.login.is_new_user).toBe(true);
    const me = await meOf(polled.data.login.user_access_token);
    expect(me.data.consent_required).toBe(false);
    expect(await consentsOf(me.data.user_id)).toHaveLength(2);
  });

  it('asks again when a version changes, and records the new agreement', async () => {
    const mobile = newMobile();
    const login = await smsLogin(mobile, await smsCode(app, mobile), true);
    const token = login.data.user_access_token;
    await app.db.update(sitePages).set({ version: '2026-12' }).where(eq(sitePages.slug, 'privacy'));
    try {
      expect((await meOf(token)).data.consent_required).toBe(true);
      const refused = await call(app, { method: 'POST', url: '/v1/user/consent', headers: bearer(token), payload: { agree_terms: false } });
      expect(refused.code).toBe(ErrorCode.CONSENT_REQUIRED);
      const agreed = await call<{ privacy_version: string; contract_version: string }>(app, { method: 'POST', url: '/v1/user/consent', headers: bearer(token), payload: { agree_terms: true } });
      expect(agreed.code).toBe(0);
      expect(agreed.data).toMatchObject({ contract_version: '2025-07', privacy_version: '2026-12' });
      const me = await meOf(token);
      expect(me.data.consent_required).toBe(false);
      expect((await consentsOf(me.data.user_id)).map((r) => `${r.document}:${r.version}`).sort()).toEqual(['contract:2025-07', 'privacy:2025-07', 'privacy:2026-12']);
    } finally {
      await app.db.update(sitePages).set({ version: '2025-07' }).where(eq(sitePages.slug, 'privacy'));
    }
  });

  it('refuses the consent call without a login', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/user/consent', payload: { agree_terms: true } });
    expect((res.json() as { code: number }).code).toBe(ErrorCode.NOT_LOGGED_IN);
  });
});
