import type { ApiLanguage } from '@medportal/contract';

export interface OutgoingMessage {
  channel: 'sms' | 'email';
  /** E.164 mobile (`+8613800138000`) or a lower-case email address. */
  to: string;
  /** Calling code of an SMS recipient (`86`), for providers that want it apart. */
  countryCode?: string;
  text: string;
  /** The verification code it carries, if any (the sandbox outbox shows it). */
  code?: string;
  scene?: string;
}

/**
 * An SMS or email provider, called only by the outbox worker (never on a request). The sandbox
 * (default) records what it is given in sandbox_messages. A throw means "not delivered, retry".
 */
export interface MessageSender {
  readonly name: string;
  send(message: OutgoingMessage): Promise<void>;
}

const SCENE_WORDS: Record<string, { zh: string; en: string }> = {
  login: { zh: '登录', en: 'log in' },
  register: { zh: '注册', en: 'register' },
  reset: { zh: '找回密码', en: 'reset your password' },
  bind: { zh: '绑定账号', en: 'link this address to your account' },
  pay_password: { zh: '设置支付密码', en: 'set your payment password' },
  cancel: { zh: '注销账号', en: 'delete your account' },
};

/** The text of a verification message in the user's language. */
export function codeMessageText(lang: ApiLanguage, code: string, scene: string, ttlS: number): string {
  const words = SCENE_WORDS[scene] ?? { zh: '验证', en: 'verify' };
  const minutes = Math.round(ttlS / 60);
  return lang === 'en'
    ? `[MedPortal] Your code to ${words.en} is ${code}. It expires in ${minutes} minutes. Never share it with anyone.`
    : `【医学门户】您正在${words.zh}，验证码 ${code}，${minutes} 分钟内有效。请勿泄露给他人。`;
}
