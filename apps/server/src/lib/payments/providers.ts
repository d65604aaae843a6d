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

/** Live adapters this build carries; a channel configured `live` without one refuses to start. */
const LIVE_ADAPTERS: Partial<Record<PayChannel, (deps: ProviderDeps) => PaymentProvider>> = {};

export class PaymentConfigError extends Error {
  override name = 'PaymentConfigError';
}

/** One provider per channel, as PAYMENT_PROVIDER_WECHAT / PAYMENT_PROVIDER_ALIPAY say. */
export function createPaymentProviders(settings: PaymentSettings, deps: ProviderDeps): PaymentProviders {
  const key = Buffer.from(settings.sandboxKey ?? createHash('sha256').update(`payment-sandbox:${deps.appSecret}`).digest('hex'));
  const sandboxes: SandboxProvider[] = [];
  const make = (channel: PayChannel, mode: 'sandbox' | 'live'): PaymentProvider => {
    if (mode === 'live') {
      const adapter = LIVE_ADAPTERS[channel];
      if (!adapter) {
        const variable = channel === 'wechat' ? 'PAYMENT_PROVIDER_WECHAT' : 'PAYMENT_PROVIDER_ALIPAY';
        throw new PaymentConfigError(`${variable}=live: this build has no live ${channel} adapter (lib/payments/${channel === 'wechat' ? 'wechatpay-v3' : 'alipay'}.ts); use sandbox`);
      }
      return adapter(deps);
    }
    const sandbox = new SandboxProvider({ db: deps.db, channel, key, now: deps.now, transport: deps.transport, ...(deps.log ? { log: deps.log } : {}) });
    sandboxes.push(sandbox);
    return sandbox;
  };
  return { byChannel: { wechat: make('wechat', settings.wechat), alipay: make('alipay', settings.alipay) }, sandboxes };
}
