import { type AdminUserDetail, ErrorCode } from '@medportal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../src/db/schema/index.ts';
import { buildTestApp } from './build-test-app.ts';
import { bearer, call, makeUser, type MadeUser, smsCode } from './factories.ts';

let app: FastifyInstance;
let agent: MadeUser;
let moderator: MadeUser;

beforeAll(async () => {
  app = await buildTestApp();
  agent = await makeUser(app);
  moderator = await makeUser(app);
  await app.db.insert(userRoles).values([
    { userId: agent.id, role: 'service' },
    { userId: moderator.id, role: 'moderator' },
  ]);
});
afterAll(async () => {
  await app?.close();
});

const get = <T>(by: MadeUser, url: string) => call<T>(app, { url, headers: bearer(by.access) });
const post = <T>(by: MadeUser, url: string, payload: object) => call<T>(app, { method: 'POST', url, headers: bearer(by.access), payload });
const me = (u: MadeUser) => call(app, { url: '/v1/user/personal_info', headers: bearer(u.access) });

describe('users area', () => {
  it('finds a user by mobile, email, id or nickname, with the mobile masked', async () => {
    const u = await makeUser(app, { nickname: 'Findable Person', email: `find${Date.now()}@example.com` });
    type List = { items: Array<{ id: number; mobile: string | null; email: string | null; status: string }>; total: number };
    for (const q of [u.mobile!, u.email!, String(u.id), 'Findable Pers']) {
      const res = await get<List>(agent, `/v1/admin/users?q=${encodeURIComponent(q)}`);
      expect(res.code, q).toBe(0);
      expect(res.data.items.map((i) => i.id), q).toContain(u.id);
    }
    const [found] = (await get<List>(agent, `/v1/admin/users?q=${u.mobile}`)).data.items;
    expect(found!.mobile).toBe(`${u.mobile!.slice(0, 3)}****${u.mobile!.slice(-4)}`);
    expect(found!.email).not.toContain(u.email!.split('@')[0]);
    const detail = await get<AdminUserDetail>(agent, `/v1/admin/users/${u.id}`);
    expect(detail.data).toMatchObject({ id: u.id, status: 'active', roles: [], wallet_fen: 0, certificates: 0, orders: { total: 0 } });
    expect(detail.data.sessions).toHaveLength(1);
  });

  it('disabling revokes every token at once and refuses logins with a clear error; enabling lets them in again; audited', async () => {
    const u = await makeUser(app, { password: 'right-pass-1' });
    expect((await me(u)).code).toBe(0);
    const off = await post<AdminUserDetail>(agent, `/v1/admin/users/${u.id}/disable`, { reason: 'abusive comments' });
    expect(off.data).toMatchObject({ status: 'disabled', disabled_reason: 'abusive comments', sessions: [] });
    expect((await me(u)).code).toBe(ErrorCode.NOT_LOGGED_IN);
    const refreshed = await call(app, { method: 'POST', url: '/v1/user/refresh/token', payload: { refresh_token: u.refresh } });
    expect(refreshed.code).not.toBe(0);
    const code = await smsCode(app, u.mobile!);
    const login = await call(app, { method: 'POST', url: '/v1/user/login', payload: { type: 'sms', agree_terms: true, mobile: u.mobile, code } });
    expect(login.code).toBe(ErrorCode.ACCOUNT_DISABLED);
    expect((await call(app, { method: 'POST', url: '/v1/user/login', remoteAddress: '10.9.0.1', payload: { type: 'password', account: u.mobile, password: 'right-pass-1' } })).code).toBe(ErrorCode.ACCOUNT_DISABLED);
    // A second disable changes nothing and is refused.
    expect((await post(agent, `/v1/admin/users/${u.id}/disable`, { reason: 'again' })).code).toBe(ErrorCode.ADMIN_BAD_STATE);

    expect((await post<AdminUserDetail>(agent, `/v1/admin/users/${u.id}/enable`, { reason: 'appeal accepted' })).data.status).toBe('active');
    const byPassword = { type: 'password', account: u.mobile, password: 'right-pass-1' };
    expect((await call(app, { method: 'POST', url: '/v1/user/login', remoteAddress: '10.9.0.1', payload: byPassword })).code).toBe(0);

    const admin = await makeUser(app);
    await app.db.insert(userRoles).values({ userId: admin.id, role: 'administrator' });
    const log = await get<{ items: Array<{ action: string; actor_id: number }> }>(admin, `/v1/admin/audit_log?target=user:${u.id}`);
    expect(log.data.items.map((i) => [i.action, i.actor_id])).toEqual([
      ['user.enable', agent.id],
      ['user.disable', agent.id],
    ]);
  });

  it('merges a duplicate account into another: identities move, the duplicate stops working and shows as merged', async () => {
    const a = await makeUser(app, { mobile: null, email: `keep${Date.now()}@example.com` });
    const b = await makeUser(app);
    const res = await post<{ user_id: number; merged_user_id: number }>(agent, `/v1/admin/users/${a.id}/merge`, { from_user_id: b.id, reason: 'same doctor, two accounts' });
    expect(res.code, JSON.stringify(res)).toBe(0);
    expect(res.data).toEqual({ user_id: a.id, merged_user_id: b.id });
    expect((await me(b)).code).toBe(ErrorCode.NOT_LOGGED_IN);
    const detail = await get<AdminUserDetail>(agent, `/v1/admin/users/${a.id}`);
    expect(detail.data.mobile).toBe(`${b.mobile!.slice(0, 3)}****${b.mobile!.slice(-4)}`);
    expect((await get<AdminUserDetail>(agent, `/v1/admin/users/${b.id}`)).data).toMatchObject({ status: 'merged', merged_into: a.id });
    // Merged accounts cannot be merged again, nor an account into itself.
    expect((await post(agent, `/v1/admin/users/${a.id}/merge`, { from_user_id: b.id, reason: 'again' })).code).toBe(ErrorCode.ADMIN_MERGE_REFUSED);
    expect((await post(agent, `/v1/admin/users/${a.id}/merge`, { from_user_id: a.id, reason: 'self' })).code).toBe(ErrorCode.ADMIN_MERGE_REFUSED);
  });

  it('lists cancelled accounts (cancellation is immediate)', async () => {
    const u = await makeUser(app);
    const code = await smsCode(app, u.mobile!, 'cancel');
    expect((await call(app, { method: 'POST', url: '/v1/user/account/cancel', headers: bearer(u.access), payload: { code, confirm: true } })).code).toBe(0);
    const list = await get<{ items: Array<{ id: number }> }>(agent, '/v1/admin/user_cancellations');
    expect(list.data.items.map((i) => i.id)).toContain(u.id);
  });

  it('refuses the users area to other roles', async () => {
    expect((await get(moderator, '/v1/admin/users')).code).toBe(ErrorCode.FORBIDDEN);
    expect((await post(moderator, `/v1/admin/users/${agent.id}/disable`, {})).code).toBe(ErrorCode.FORBIDDEN);
  });
});
