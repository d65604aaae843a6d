import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createPaymentProviders } from './providers.ts';

const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ALIPAY_ENV = {
  ALIPAY_APP_ID: '2021000000000001',
  ALIPAY_PRIVATE_KEY: app.privateKey.export({ type: 'pkcs1', format: 'der' }).toString('base64'),
  ALIPAY_PUBLIC_KEY: alipay.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
};

const deps = { db: {} as Db, now: () => new Date(), appSecret: 'x'.repeat(32), transport: async () => ({ status: 200, body: '' }) };

describe('payment providers by configuration', () => {
  it('uses the sandbox for a channel without variables and the real adapter for one with them', async () => {
    const none = await createPaymentProviders(loadConfig({ NODE_ENV: 'test' }).payments, deps);
    expect([none.byChannel.wechat.kind, none.byChannel.alipay.kind]).toEqual(['sandbox', 'sandbox']);
    expect(none.sandboxes.map((s) => s.channel)).toEqual(['wechat', 'alipay']);
    const live = await createPaymentProviders(loadConfig({ NODE_ENV: 'test', ...ALIPAY_ENV }).payments, deps);
    expect(live.byChannel.wechat.kind).toBe('sandbox');
    expect(live.byChannel.alipay.kind).not.toBe('sandbox');
    expect(live.byChannel.alipay.channel).toBe('alipay');
    expect(live.sandboxes.map((s) => s.channel)).toEqual(['wechat']);
  });

  it('refuses to start with a provider set up in part, naming what is missing', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', ALIPAY_APP_ID: '2021000000000001' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', ALIPAY_APP_ID: '2021000000000001' })).toThrow(/ALIPAY_PRIVATE_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'test', WECHATPAY_MCHID: '1230000109' })).toThrow(/WECHATPAY_APIV3_KEY/);
  });
});
