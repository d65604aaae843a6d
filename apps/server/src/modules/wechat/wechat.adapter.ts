/** What WeChat tells us about the person who confirmed a login. */
export interface WechatIdentity {
  openid: string;
  unionid?: string;
  nickname: string;
  avatarUrl?: string;
}

/**
 * WeChat website login (OAuth 2, scope snsapi_login). The sandbox is the default; the real adapter
 * is used when WECHAT_APP_ID, WECHAT_APP_SECRET and WECHAT_REDIRECT_URI are all set.
 */
export interface WechatOAuth {
  readonly sandbox: boolean;
  /** What the QR code encodes for this ticket (`state`); `origin` is the requesting site's origin. */
  qrUrl(state: string, origin: string): string;
  /** Authorisation code → the user's identity. Throws on a bad code. */
  exchange(code: string): Promise<WechatIdentity>;
}

export class WechatExchangeError extends Error {
  override name = 'WechatExchangeError';
}
