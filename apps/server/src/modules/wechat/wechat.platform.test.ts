import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsApp, bearer, call, makeUser } from '../../../test/factories.ts';
import { jssdkSignature, RealWechatPlatform } from './wechat.platform.ts';

describe('JS-SDK signature', () => {
  it("matches WeChat's documented example (JS-SDK docs, appendix 1)", () => {
    expect(
      jssdkSignature({
        ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        nonceStr: 'Wm3WZYTPz0wzccnW',
        timestamp: 1414587457,
        url: 'http://mp.weixin.qq.com?params=value#section',
      }),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });
});

describe('real adapter', () => {
  it('fetches the access token once and the jsapi ticket with it', async () => {
    const seen: string[] = [];
    const fake = (async (url: string) => {
      seen.push(url);
      const body = url.includes('/cgi-bin/token') ? { access_token: 'AT', expires_in: 7200 } : { errcode: 0, ticket: 'TICKET', expires_in: 7200 };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const wx = new RealWechatPlatform({ mp: { appId: 'wxA', appSecret: 'S' }, mini: null }, fake);
    expect(await wx.jsapiTicket()).toBe('TICKET');
    expect(await wx.jsapiTicket()).toBe('TICKET');
    expect(seen).toHaveLength(2);
    expect(seen[1]).toContain('ticket/getticket?access_token=AT&type=jsapi');
  });
});

describe('JS-SDK endpoints (sandbox)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await accountsApp());
  });
  afterAll(async () => {
    await app?.close();
  });

  it('signs wx.config for the page URL with the sandbox ticket', async () => {
    const res = await call<{ app_id: string; timestamp: number; nonce_str: string; signature: string; sandbox: boolean; js_api_list: string[] }>(app, {
      method: 'POST',
      url: '/v1/user/wxa_ticket',
      payload: { url: 'http://localhost/news/1?lang=zh#top' },
    });
    expect(res.code).toBe(0);
    expect(res.data.sandbox).toBe(true);
    expect(res.data.js_api_list).toContain('updateTimelineShareData');
    expect(res.data.signature).toMatch(/^[0-9a-f]{40}$/);
    // Two calls for the same URL sign different nonces.
    const again = await call<{ signature: string }>(app, { method: 'POST', url: '/v1/user/wxa_ticket', payload: { url: 'http://localhost/news/1?lang=zh' } });
    expect(again.data.signature).not.toBe(res.data.signature);
  });

  it('checks the follow only for an account with a WeChat identity, and gives a follow QR', async () => {
    const u = await makeUser(app);
    const check = await call<{ subscribed: boolean; has_wechat: boolean }>(app, { url: '/v1/user/mp_check_subscribe', headers: bearer(u.access) });
    expect(check.data).toMatchObject({ subscribed: false, has_wechat: false });
    expect((await call(app, { url: '/v1/user/mp_check_subscribe' })).code).toBe(200203);
    const qr = await call<{ qr_url: string; sandbox: boolean }>(app, { url: '/v1/user/mp_qrcode' });
    expect(qr.data.qr_url).toMatch(/^https?:\/\//);
  });
});
