import { RealWechatPlatform, SandboxWechatPlatform, type WechatPlatform, type WechatPlatformSettings } from './wechat.platform.ts';

export type { WechatPlatform };

/** The real adapter when the official account is configured, else the sandbox. */
export function createWechatPlatform(settings: WechatPlatformSettings | null, appSecret: string, followUrl: string): WechatPlatform {
  return settings ? new RealWechatPlatform(settings) : new SandboxWechatPlatform(appSecret, followUrl);
}
