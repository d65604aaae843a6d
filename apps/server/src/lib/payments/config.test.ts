import { createPrivateKey, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PaymentConfigError, createLivePaymentProviders, parsePaymentConfig, type PaymentEnv } from './config.ts';

const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const alipayKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const wechatPub = generateKeyPairSync('rsa', { modulusLength: 2048 });
const CERT_PEM = readFileSync(new URL('./testdata/wechatpay-platform-test.pem', import.meta.url), 'utf8');
const CERT_KEY = createPrivateKey(readFileSync(new URL('./testdata/wechatpay-platform-test.key', import.meta.url)));
const APIV3_KEY = 'a7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb';
const NOW = new Date('2026-11-24T09:00:00Z');

const merchantPem = merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const files: Record<string, string> = {
  '/etc/medportal/apiclient_key.pem': merchantPem,
  '/etc/medportal/wechatpay_cert.pem': CERT_PEM,
};
const readFile = (path: string): string => {
  const text = files[path];
  if (text === undefined) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
  return text;
};

const WECHAT_ENV: PaymentEnv = {
  WECHATPAY_MCHID: '1230000109',
  WECHATPAY_APPID: 'wxd678efh567hg6787',
  WECHATPAY_SERIAL_NO: '1dde55ad98ed71d6edd4a4a16996de7b47773a8c',
  WECHATPAY_PRIVATE_KEY: '/etc/medportal/apiclient_key.pem',
  WECHATPAY_PLATFORM_CERT: '/etc/medportal/wechatpay_cert.pem',
  WECHATPAY_APIV3_KEY: APIV3_KEY,
};

// As Alipay's key tool prints them: bare base64, the private key in PKCS#1.
const ALIPAY_ENV: PaymentEnv = {
  ALIPAY_APP_ID: '2021000000000001',
  ALIPAY_PRIVATE_KEY: merchant.privateKey.export({ type: 'pkcs1', format: 'der' }).toString('base64'),
  ALIPAY_PUBLIC_KEY: alipayKeys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
};

function configError(env: PaymentEnv): string {
  try {
    parsePaymentConfig(env, { readFile, now: () => NOW });
  } catch (err) {
    expect(err).toBeInstanceOf(PaymentConfigError);
    return (err as Error).message;
  }
  throw new Error('expected a PaymentConfigError');
}

describe('payment configuration', () => {
  it('leaves both channels on the sandbox when nothing is set (empty strings count as unset)', async () => {
    expect(parsePaymentConfig({}, { readFile })).toEqual({ wechat: null, alipay: null });
    expect(parsePaymentConfig({ WECHATPAY_MCHID: '', ALIPAY_APP_ID: '  ' }, { readFile })).toEqual({ wechat: null, alipay: null });
    expect(await createLivePaymentProviders({ PATH: '/usr/bin' }, { readFile })).toEqual({ wechat: null, alipay: null });
  });

  it('reads WeChat Pay keys from files or PEM text (with \\n escapes)', () => {
    const fromFiles = parsePaymentConfig(WECHAT_ENV, { readFile, now: () => NOW }).wechat;
    expect(fromFiles).toMatchObject({ mchid: '1230000109', appid: 'wxd678efh567hg6787', serialNo: '1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C' });
    expect([...fromFiles!.platformKeys.keys()]).toEqual(['5157F09EFDC096DE15EBE81A47057A7232F1B8E1']);
    expect(fromFiles!.platformPublicKeyId).toBeUndefined();

    const inline = parsePaymentConfig(
      { ...WECHAT_ENV, WECHATPAY_PRIVATE_KEY: merchantPem.replaceAll('\n', '\\n'), WECHATPAY_PLATFORM_CERT: CERT_PEM },
      { readFile, now: () => NOW },
    ).wechat;
    expect(inline!.privateKey.asymmetricKeyType).toBe('rsa');
  });

  it('accepts the WeChat Pay public key with its id instead of, or beside, the platform certificate', () => {
    const pubKeyOnly = {
      ...WECHAT_ENV,
      WECHATPAY_PLATFORM_CERT: undefined,
      WECHATPAY_PLATFORM_PUBLIC_KEY: wechatPub.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      WECHATPAY_PLATFORM_PUBLIC_KEY_ID: 'PUB_KEY_ID_0112340000000000000000000000',
    };
    const only = parsePaymentConfig(pubKeyOnly, { readFile, now: () => NOW }).wechat!;
    expect([...only.platformKeys.keys()]).toEqual(['PUB_KEY_ID_0112340000000000000000000000']);
    expect(only.platformPublicKeyId).toBe('PUB_KEY_ID_0112340000000000000000000000');
    const both = parsePaymentConfig({ ...pubKeyOnly, WECHATPAY_PLATFORM_CERT: CERT_PEM }, { readFile, now: () => NOW }).wechat!;
    expect([...both.platformKeys.keys()].sort()).toEqual(['5157F09EFDC096DE15EBE81A47057A7232F1B8E1', 'PUB_KEY_ID_0112340000000000000000000000']);
  });

  it('names every missing variable of a partly configured WeChat Pay', () => {
    const message = configError({ WECHATPAY_MCHID: '1230000109' });
    for (const name of ['WECHATPAY_APPID', 'WECHATPAY_SERIAL_NO', 'WECHATPAY_PRIVATE_KEY', 'WECHATPAY_APIV3_KEY', 'WECHATPAY_PLATFORM_CERT']) {
      expect(message).toContain(`${name}: missing`);
    }
    expect(message).not.toContain('WECHATPAY_MCHID');
  });

  it('names the invalid WeChat Pay variable, never printing a secret', () => {
    const shortKey = configError({ ...WECHAT_ENV, WECHATPAY_APIV3_KEY: 'x'.repeat(31) });
    expect(shortKey).toContain('WECHATPAY_APIV3_KEY: must be exactly 32 bytes (got 31)');
    expect(shortKey).not.toContain('x'.repeat(31));
    expect(configError({ ...WECHAT_ENV, WECHATPAY_PRIVATE_KEY: '/nowhere/key.pem' })).toContain('WECHATPAY_PRIVATE_KEY: neither a PEM/base64 key nor a readable file (ENOENT');
    const notAKey = configError({ ...WECHAT_ENV, WECHATPAY_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----' });
    expect(notAKey).toContain('WECHATPAY_PRIVATE_KEY: not an RSA private key');
    expect(configError({ ...WECHAT_ENV, WECHATPAY_PLATFORM_CERT: merchantPem })).toContain('WECHATPAY_PLATFORM_CERT: not an X.509 certificate');
    expect(configError({ ...WECHAT_ENV, WECHATPAY_MCHID: 'abc' })).toContain('WECHATPAY_MCHID: must be the merchant number');
    expect(configError({ ...WECHAT_ENV, WECHATPAY_PLATFORM_PUBLIC_KEY: wechatPub.publicKey.export({ type: 'spki', format: 'pem' }).toString() })).toContain(
      'WECHATPAY_PLATFORM_PUBLIC_KEY_ID: missing',
    );
    const expired = (() => {
      try {
        parsePaymentConfig(WECHAT_ENV, { readFile, now: () => new Date('2200-01-01T00:00:00Z') });
        return '';
      } catch (err) {
        return (err as Error).message;
      }
    })();
    expect(expired).toContain('WECHATPAY_PLATFORM_CERT: certificate expired');
  });

  it("reads Alipay keys as printed by Alipay's key tool and rejects a partial or insecure setup", () => {
    const alipay = parsePaymentConfig(ALIPAY_ENV, { readFile }).alipay!;
    expect(alipay.appId).toBe('2021000000000001');
    expect(alipay.gateway).toBe('https://openapi.alipay.com/gateway.do');
    expect(alipay.privateKeyPem).toContain('-----BEGIN PRIVATE KEY-----');
    expect(alipay.alipayPublicKeyPem).toContain('-----BEGIN PUBLIC KEY-----');
    expect(parsePaymentConfig({ ...ALIPAY_ENV, ALIPAY_GATEWAY: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do' }, { readFile }).alipay!.gateway).toBe(
      'https://openapi-sandbox.dl.alipaydev.com/gateway.do',
    );

    const partial = configError({ ALIPAY_APP_ID: '2021000000000001' });
    expect(partial).toContain('ALIPAY_PRIVATE_KEY: missing');
    expect(partial).toContain('ALIPAY_PUBLIC_KEY: missing');
    expect(configError({ ...ALIPAY_ENV, ALIPAY_GATEWAY: 'http://openapi.alipay.com/gateway.do' })).toContain('ALIPAY_GATEWAY: must be an https URL');
    expect(configError({ ...ALIPAY_ENV, ALIPAY_PUBLIC_KEY: randomBytes(120).toString('base64') })).toContain('ALIPAY_PUBLIC_KEY: not an RSA public key');
    // Both channels' problems in one message.
    const both = configError({ ALIPAY_APP_ID: 'x', WECHATPAY_APPID: 'wx1' });
    expect(both).toContain('ALIPAY_APP_ID: must be the application id');
    expect(both).toContain('WECHATPAY_MCHID: missing');
  });

  it('builds ready adapters that use the injected fetch and clock', async () => {
    const seen: string[] = [];
    const providers = await createLivePaymentProviders(
      { ...WECHAT_ENV, ...ALIPAY_ENV },
      {
        readFile,
        now: () => NOW,
        fetch: async (url) => {
          seen.push(url);
          if (url.startsWith('https://api.mch.weixin.qq.com/')) {
            const body = JSON.stringify({ code_url: 'weixin://wxpay/bizpayurl/up?pr=abc' });
            const ts = String(Math.floor(NOW.getTime() / 1000));
            const signature = createSign('RSA-SHA256').update(`${ts}\nn1\n${body}\n`).sign(CERT_KEY, 'base64');
            return new Response(body, {
              status: 200,
              headers: {
                'Wechatpay-Timestamp': ts,
                'Wechatpay-Nonce': 'n1',
                'Wechatpay-Signature': signature,
                'Wechatpay-Serial': '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
              },
            });
          }
          return new Response('{}', { status: 502 });
        },
      },
    );
    expect(providers.wechat).toMatchObject({ channel: 'wechat', kind: 'wechatpay-v3' });
    expect(providers.alipay).toMatchObject({ channel: 'alipay', kind: 'alipay' });
    const order = await providers.wechat!.createNativeOrder({
      orderNo: 'MP1',
      amountFen: 100,
      description: 'x',
      expiresAt: NOW,
      notifyUrl: 'https://www.medportal.cn/v1/pay/notify/wechat',
    });
    expect(order.codeUrl).toBe('weixin://wxpay/bizpayurl/up?pr=abc');
    await expect(providers.alipay!.queryOrder('MP1')).rejects.toMatchObject({ code: 'HTTP_502' });
    expect(seen.map((u) => new URL(u).host)).toEqual(['api.mch.weixin.qq.com', 'openapi.alipay.com']);
  });
});
