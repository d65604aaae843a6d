import type { WechatSettings } from '../../config.ts';
import { type WechatIdentity, type WechatOAuth, WechatExchangeError } from './wechat.adapter.ts';

interface TokenAnswer {
  access_token?: string;
  openid?: string;
  unionid?: string;
  errcode?: number;
  errmsg?: string;
}
interface UserInfoAnswer {
  nickname?: string;
  headimgurl?: string;
  unionid?: string;
  errcode?: number;
  errmsg?: string;
}

/** WeChat Open Platform website login (https://open.weixin.qq.com, qrconnect + sns/oauth2). */
export class RealWechat implements WechatOAuth {
  readonly sandbox = false;
  constructor(
    private readonly settings: WechatSettings,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  qrUrl(state: string): string {
    const q = new URLSearchParams({
      appid: this.settings.appId,
      redirect_uri: this.settings.redirectUri,
      response_type: 'code',
      scope: 'snsapi_login',
      state,
    });
    return `https://open.weixin.qq.com/connect/qrconnect?${q.toString()}#wechat_redirect`;
  }

  private async getJson<T>(url: string): Promise<T> {
    const res = await this.fetchImpl(url, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new WechatExchangeError(`WeChat answered HTTP ${res.status}`);
    return (await res.json()) as T;
  }

  async exchange(code: string): Promise<WechatIdentity> {
    const tokenUrl = `https://api.weixin.qq.com/sns/oauth2/access_token?${new URLSearchParams({
      appid: this.settings.appId,
      secret: this.settings.appSecret,
      code,
      grant_type: 'authorization_code',
    }).toString()}`;
    const token = await this.getJson<TokenAnswer>(tokenUrl);
    if (!token.access_token || !token.openid) throw new WechatExchangeError(`code exchange failed: ${token.errcode ?? '?'}`);
    const info = await this.getJson<UserInfoAnswer>(
      `https://api.weixin.qq.com/sns/userinfo?${new URLSearchParams({ access_token: token.access_token, openid: token.openid }).toString()}`,
    );
    const unionid = info.unionid ?? token.unionid;
    return {
      openid: token.openid,
      ...(unionid ? { unionid } : {}),
      nickname: (info.nickname ?? '').slice(0, 30) || '微信用户',
      ...(info.headimgurl ? { avatarUrl: info.headimgurl } : {}),
    };
  }
}
