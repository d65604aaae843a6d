import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsApp, bearer, call, type TestClock } from '../../../test/factories.ts';

let app: FastifyInstance;
let clock: TestClock;
beforeAll(async () => {
  ({ app, clock } = await accountsApp());
});
afterAll(async () => {
  await app?.close();
});

interface Qr {
  ticket: string;
  qr_url: string;
  expires_in: number;
  sandbox: boolean;
}
interface Poll {
  status: string;
  login: { user_access_token: string; is_new_user: boolean; user_info: { nickname: string } } | null;
}

const start = () => call<Qr>(app, { url: '/v1/wechat/qrconnect?agree_terms=true', headers: { host: 'portal.test:8080' } });
const poll = (ticket: string) => call<Poll>(app, { url: `/v1/user/wechat/login/info?ticket=${ticket}` });
const report = (state: string, decision: string, code?: string) =>
  call<{ status: string }>(app, { method: 'POST', url: '/v1/wechat/callback', payload: { state, decision, ...(code ? { code } : {}) } });

describe('WeChat QR login (sandbox)', () => {
  it('goes waiting → scanned → confirmed, hands the login out once, and maps one code to one account', async () => {
    const qr = await start();
    expect(qr.code).toBe(0);
    expect(qr.data.sandbox).toBe(true);
    expect(qr.data.qr_url).toBe(`http://portal.test:8080/wx/auth?state=${qr.data.ticket}&sandbox=1`);
    expect((await poll(qr.data.ticket)).data).toEqual({ status: 'waiting', login: null });
    expect((await report(qr.data.ticket, 'scanned')).data.status).toBe('scanned');
    expect((await poll(qr.data.ticket)).data.status).toBe('scanned');
    expect((await report(qr.data.ticket, 'confirm', 'sandbox:<b>Dr Li</b>')).data.status).toBe('confirmed');
    const first = await app.inject({ url: `/v1/user/wechat/login/info?ticket=${qr.data.ticket}` });
    const body = first.json() as { data: Poll };
    expect(body.data.status).toBe('confirmed');
    expect(body.data.login?.is_new_user).toBe(true);
    expect(body.data.login?.user_info.nickname).toBe('<b>Dr Li</b>');
    expect(first.cookies.some((c) => c.name === 'mp_session')).toBe(true);
    const info = await call<{ wechat_bound: boolean }>(app, { url: '/v1/user/login_info', headers: bearer(body.data.login?.user_access_token ?? '') });
    expect(info.data.wechat_bound).toBe(true);
    expect((await poll(qr.data.ticket)).data).toEqual({ status: 'confirmed', login: null });

    const again = await start();
    await report(again.data.ticket, 'confirm', 'sandbox:<b>Dr Li</b>');
    const second = await poll(again.data.ticket);
    expect(second.data.login?.is_new_user).toBe(false);
    const me1 = await call<{ user_id: number }>(app, { url: '/v1/user/login_info', headers: bearer(body.data.login?.user_access_token ?? '') });
    const me2 = await call<{ user_id: number }>(app, { url: '/v1/user/login_info', headers: bearer(second.data.login?.user_access_token ?? '') });
    expect(me1.data.user_id).toBe(me2.data.user_id);

    const other = await start();
    await report(other.data.ticket, 'confirm', 'sandbox:Someone else');
    expect((await poll(other.data.ticket)).data.login?.is_new_user).toBe(true);
  });

  it('can be cancelled, and expires', async () => {
    const qr = await start();
    expect((await report(qr.data.ticket, 'cancel')).data.status).toBe('cancelled');
    expect((await poll(qr.data.ticket)).data.status).toBe('cancelled');
    expect((await report(qr.data.ticket, 'confirm', 'sandbox:x')).code).toBe(40109);

    const late = await start();
    clock.advance(late.data.expires_in + 1);
    expect((await poll(late.data.ticket)).data).toEqual({ status: 'expired', login: null });
    expect((await report(late.data.ticket, 'confirm', 'sandbox:x')).code).toBe(40109);
    expect((await poll('no-such-ticket')).data.status).toBe('expired');
  });
});
