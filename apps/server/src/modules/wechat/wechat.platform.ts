import { createHash } from 'node:crypto';
import { escXml, qrModules, qrPath, svgToPng } from '../../lib/svg-png.ts';
import { hmac } from '../../lib/crypto.ts';

/**
 * The official account and mini-program side of WeChat (spec §7 wxa_ticket, mp_check_subscribe,
 * mp_qrcode, mini_qrcode). The sandbox is the default; the real adapter is used when the official
 * account's (WECHAT_MP_APP_ID/SECRET) and the mini-program's (WECHAT_MINI_APP_ID/SECRET)
 * credentials are configured.
 */
export interface WechatPlatform {
  readonly sandbox: boolean;
  /** The official account's AppID, given to wx.config. */
  readonly appId: string;
  /** The current jsapi_ticket. */
  jsapiTicket(): Promise<string>;
  isSubscribed(openid: string): Promise<boolean>;
  /** A temporary "follow the account" QR code: what it encodes and for how long. */
  followQr(): Promise<{ url: string; expiresIn: number }>;
  /** A mini-program code (PNG) opening `page`. */
  miniCode(page: string): Promise<Buffer>;
}

/**
 * wx.config's signature: sha1 of `jsapi_ticket=…&noncestr=…&timestamp=…&url=…` (keys in ASCII
 * order, values raw, the URL without its #fragment), as WeChat's JS-SDK documentation defines it.
 */
export function jssdkSignature(p: { ticket: string; nonceStr: string; timestamp: number; url: string }): string {
  const url = p.url.split('#', 1)[0] ?? p.url;
  const plain = `jsapi_ticket=${p.ticket}&noncestr=${p.nonceStr}&timestamp=${p.timestamp}&url=${url}`;
  return createHash('sha1').update(plain).digest('hex');
}

/** What the sandbox mini-program code encodes: the page path, which a tester can read with any scanner. */
export const sandboxMiniCodeText = (page: string) => `medportal-mini://${page.replace(/^\//, '')}`;

/**
 * Sandbox: a ticket derived from the app secret (wx.config outside WeChat never checks it), every
 * WeChat account counts as a follower, the follow QR opens the site's follow page, and the
 * mini-program code is an honest stand-in: a QR carrying the page path, labelled as a sandbox code.
 */
export class SandboxWechatPlatform implements WechatPlatform {
  readonly sandbox = true;
  readonly appId = 'wx_sandbox_appid';
  constructor(
    private readonly secret: string,
    private readonly followUrl: string,
  ) {}

  async jsapiTicket(): Promise<string> {
    return `sandbox_${hmac(this.secret, 'jsapi-ticket').slice(0, 40)}`;
  }
  async isSubscribed(): Promise<boolean> {
    return true;
  }
  async followQr(): Promise<{ url: string; expiresIn: number }> {
    return { url: this.followUrl, expiresIn: 2_592_000 };
  }
  async miniCode(page: string): Promise<Buffer> {
    const size = 280;
    const modules = qrModules(sandboxMiniCodeText(page));
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size + 40}" viewBox="0 0 ${size} ${size + 40}" font-family="Noto Sans SC">` +
      `<rect width="100%" height="100%" fill="#fff"/><path d="${qrPath(modules, 20, 20, size - 40)}" fill="#07c160"/>` +
      `<text x="${size / 2}" y="${size + 10}" font-size="13" text-anchor="middle" fill="#333">沙箱小程序码 Sandbox mini-program code</text>` +
      `<text x="${size / 2}" y="${size + 28}" font-size="10" text-anchor="middle" fill="#666">${escXml(page.slice(0, 60))}</text></svg>`;
    return svgToPng(svg, 2);
  }
}

export interface WechatPlatformSettings {
  mp: { appId: string; appSecret: string };
  mini: { appId: string; appSecret: string } | null;
}

interface Cached {
  value: string;
  until: number;
}

/** The real WeChat APIs (api.weixin.qq.com); tokens and tickets kept until 5 minutes before they expire. */
export class RealWechatPlatform implements WechatPlatform {
  readonly sandbox = false;
  private cache = new Map<string, Cached>();
  constructor(
    private readonly settings: WechatPlatformSettings,
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly now: () => number = Date.now,
  ) {}

  get appId(): string {
    return this.settings.mp.appId;
  }

  private async json(url: string, init?: RequestInit): Promise<Record<string, unknown>> {
    const res = await this.fetchImpl(url, { ...init, signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`WeChat answered HTTP ${res.status}`);
    const body = (await res.json()) as Record<string, unknown>;
    if (typeof body.errcode === 'number' && body.errcode !== 0) throw new Error(`WeChat error ${body.errcode}: ${String(body.errmsg)}`);
    return body;
  }

  private async cached(key: string, load: () => Promise<{ value: string; ttlS: number }>): Promise<string> {
    const hit = this.cache.get(key);
    if (hit && hit.until > this.now()) return hit.value;
    const { value, ttlS } = await load();
    this.cache.set(key, { value, until: this.now() + Math.max(60, ttlS - 300) * 1000 });
    return value;
  }

  private token(app: { appId: string; appSecret: string }): Promise<string> {
    return this.cached(`token:${app.appId}`, async () => {
      const q = new URLSearchParams({ grant_type: 'client_credential', appid: app.appId, secret: app.appSecret });
      const b = await this.json(`https://api.weixin.qq.com/cgi-bin/token?${q.toString()}`);
      return { value: String(b.access_token), ttlS: Number(b.expires_in ?? 7200) };
    });
  }

  jsapiTicket(): Promise<string> {
    return this.cached('jsapi', async () => {
      const token = await this.token(this.settings.mp);
      const b = await this.json(`https://api.weixin.qq.com/cgi-bin/ticket/getticket?access_token=${encodeURIComponent(token)}&type=jsapi`);
      return { value: String(b.ticket), ttlS: Number(b.expires_in ?? 7200) };
    });
  }

  async isSubscribed(openid: string): Promise<boolean> {
    const token = await this.token(this.settings.mp);
    const b = await this.json(`https://api.weixin.qq.com/cgi-bin/user/info?access_token=${encodeURIComponent(token)}&openid=${encodeURIComponent(openid)}&lang=zh_CN`);
    return b.subscribe === 1;
  }

  async followQr(): Promise<{ url: string; expiresIn: number }> {
    const token = await this.token(this.settings.mp);
    const b = await this.json(`https://api.weixin.qq.com/cgi-bin/qrcode/create?access_token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ expire_seconds: 2_592_000, action_name: 'QR_STR_SCENE', action_info: { scene: { scene_str: 'follow' } } }),
    });
    return { url: String(b.url), expiresIn: Number(b.expire_seconds ?? 2_592_000) };
  }

  async miniCode(page: string): Promise<Buffer> {
    if (!this.settings.mini) throw new Error('WECHAT_MINI_APP_ID/SECRET are not configured');
    const token = await this.token(this.settings.mini);
    const [path = '', query = ''] = page.replace(/^\//, '').split('?', 2);
    const res = await this.fetchImpl(`https://api.weixin.qq.com/wxa/getwxacodeunlimit?access_token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // scene holds at most 32 visible characters: the page's query; the mini-program reads it back.
      body: JSON.stringify({ page: path, scene: query.slice(0, 32) || 'home', check_path: false, width: 430 }),
      signal: AbortSignal.timeout(10_000),
    });
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok || type.includes('json')) throw new Error(`WeChat mini-program code failed: ${await res.text()}`);
    return Buffer.from(await res.arrayBuffer());
  }
}
