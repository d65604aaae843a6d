import { sha256 } from '../../lib/crypto.ts';
import { type WechatIdentity, type WechatOAuth } from './wechat.adapter.ts';

/**
 * Sandbox WeChat: the QR opens our own consent page (/wx/auth?sandbox=1). Its code is chosen by
 * that page, e.g. `sandbox:<nickname>`; the same code always maps to the same openid (same account).
 */
export class SandboxWechat implements WechatOAuth {
  readonly sandbox = true;

  qrUrl(state: string, origin: string): string {
    return `${origin}/wx/auth?state=${encodeURIComponent(state)}&sandbox=1`;
  }

  async exchange(code: string): Promise<WechatIdentity> {
    const nickname = code.startsWith('sandbox:') ? code.slice('sandbox:'.length).trim() : '';
    return { openid: `sandbox_${sha256(code).slice(0, 28)}`, nickname: nickname.slice(0, 30) || '微信用户' };
  }
}
