import { createHash } from 'node:crypto';
import type { PaymentSettings } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { type NotificationTransport, SandboxProvider } from './sandbox.ts';
import type { PayChannel, PaymentProvider } from './types.ts';

export interface ProviderDeps {
  db: Db;
  now: () => Date;
  /** The app secret (the sandbox key derives from it unless PAYMENT_SANDBOX_KEY is set). */
  appSecret: string;
  transport: NotificationTransport;
  log?: { warn(obj: object, msg: string): void };
}

export interface PaymentProviders {
  byChannel: Record<PayChannel, PaymentProvider>;
  /** The sandbox providers in use (their pay page, payer and notification deliveries). */
  sandboxes: SandboxProvider[];
}

/**
 * One provider per channel: the real adapter when its variables are set (decision 0027), else the
 * built-in sandbox (decision 0026). An adapter's library loads only when its channel is configured.
 */
export async function createPaymentProviders(settings: PaymentSettings, deps: ProviderDeps): Promise<PaymentProviders> {
  const key = Buffer.from(settings.sandboxKey ?? createHash('sha256').update(`payment-sandbox:${deps.appSecret}`).digest('hex'));
  const sandboxes: SandboxProvider[] = [];
  const sandbox = (channel: PayChannel): PaymentProvider => {
    const s = new SandboxProvider({ db: deps.db, channel, key, now: deps.now, transport: deps.transport, ...(deps.log ? { log: deps.log } : {}) });
    sandboxes.push(s);
    return s;
  };
  const { wechat, alipay } = settings.live;
  return {
    byChannel: {
      wechat: wechat ? new (await import('./wechatpay-v3.ts')).WechatPayV3Provider({ ...wechat, now: deps.now }) : sandbox('wechat'),
      alipay: alipay ? new (await import('./alipay.ts')).AlipayProvider({ ...alipay, now: deps.now }) : sandbox('alipay'),
    },
    sandboxes,
  };
}
