import { describe, expect, it } from 'vitest';
import { RealWechat } from './wechat.real.ts';

describe('real WeChat adapter', () => {
  const settings = { appId: 'wx123', appSecret: 's3cret', redirectUri: 'https://www.example.cn/wx/auth' };

  it('builds the open.weixin.qq.com qrconnect URL', () => {
    const url = new URL(new RealWechat(settings).qrUrl('tk'));
    expect(url.origin + url.pathname).toBe('https://open.weixin.qq.com/connect/qrconnect');
    expect(Object.fromEntries(url.searchParams)).toEqual({ appid: 'wx123', redirect_uri: settings.redirectUri, response_type: 'code', scope: 'snsapi_login', state: 'tk' });
    expect(url.hash).toBe('#wechat_redirect');
  });

  it('exchanges code → access_token → userinfo', async () => {
    const seen: string[] = [];
    const fake = (async (input: string | URL | Request) => {
      const url = String(input);
      seen.push(url);
      const body = url.includes('/sns/oauth2/access_token') ? { access_token: 'AT', openid: 'OPENID', unionid: 'U1' } : { nickname: '王医生', headimgurl: 'https://wx.qlogo.cn/x' };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const id = await new RealWechat(settings, fake).exchange('CODE');
    expect(id).toEqual({ openid: 'OPENID', unionid: 'U1', nickname: '王医生', avatarUrl: 'https://wx.qlogo.cn/x' });
    expect(seen[0]).toContain('code=CODE');
    expect(seen[1]).toContain('openid=OPENID');
  });

  it('rejects a bad code', async () => {
    const fake = (async () => new Response(JSON.stringify({ errcode: 40029, errmsg: 'invalid code' }))) as typeof fetch;
    await expect(new RealWechat(settings, fake).exchange('BAD')).rejects.toThrow(/exchange failed/);
  });
});
