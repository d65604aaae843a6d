/**
 * Which real payment providers the environment enables. Per channel: none of its variables set →
 * null (the money module keeps the sandbox); all of them valid → a ready adapter; anything in
 * between → PaymentConfigError naming every missing or invalid variable, so the server refuses to
 * start half-configured rather than fall back to the sandbox unnoticed.
 */
import { X509Certificate, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FetchLike } from './provider-support.ts';
import type { PaymentProvider } from './types.ts';

export class PaymentConfigError extends Error {
  override name = 'PaymentConfigError';
}

export type PaymentEnv = Readonly<Record<string, string | undefined>>;

export interface PaymentConfigDeps {
  /** Reads a key or certificate file named by a variable (default: fs.readFileSync as UTF-8). */
  readFile?: (path: string) => string;
  /** For certificate validity (default: now). */
  now?: () => Date;
}

export interface WechatPayConfig {
  mchid: string;
  appid: string;
  serialNo: string;
  privateKey: KeyObject;
  /** Wechatpay-Serial → key: the platform certificate's serial and/or the public key id. */
  platformKeys: Map<string, KeyObject>;
  platformPublicKeyId: string | undefined;
  apiV3Key: string;
}

export interface AlipayConfig {
  appId: string;
  /** PKCS#8 PEM, whatever form the variable had. */
  privateKeyPem: string;
  /** SPKI PEM. */
  alipayPublicKeyPem: string;
  gateway: string;
}

export interface PaymentConfig {
  wechat: WechatPayConfig | null;
  alipay: AlipayConfig | null;
}

export const WECHATPAY_VARIABLES = [
  'WECHATPAY_MCHID',
  'WECHATPAY_APPID',
  'WECHATPAY_SERIAL_NO',
  'WECHATPAY_PRIVATE_KEY',
  'WECHATPAY_PLATFORM_CERT',
  'WECHATPAY_PLATFORM_PUBLIC_KEY',
  'WECHATPAY_PLATFORM_PUBLIC_KEY_ID',
  'WECHATPAY_APIV3_KEY',
] as const;

export const ALIPAY_VARIABLES = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY', 'ALIPAY_GATEWAY'] as const;

/** Collects problems so one start-up message names all of them. */
class Problems {
  readonly lines: string[] = [];
  add(variable: string, message: string): void {
    this.lines.push(`  ${variable}: ${message}`);
  }
}

/** Reads the environment's payment variables; throws PaymentConfigError when a channel is set up only in part. */
export function parsePaymentConfig(env: PaymentEnv, deps: PaymentConfigDeps = {}): PaymentConfig {
  // Empty strings count as unset, as the server's own configuration does.
  const get = (name: string): string | undefined => {
    const v = env[name]?.trim();
    return v ? v : undefined;
  };
  const readFile = deps.readFile ?? ((path: string) => readFileSync(path, 'utf8'));
  const now = deps.now ?? (() => new Date());
  const problems = new Problems();

  const wechat = WECHATPAY_VARIABLES.some((n) => get(n)) ? parseWechat(get, readFile, now, problems) : null;
  const alipay = ALIPAY_VARIABLES.some((n) => get(n)) ? parseAlipay(get, readFile, problems) : null;
  if (problems.lines.length > 0) {
    throw new PaymentConfigError(`invalid payment configuration:\n${problems.lines.join('\n')}`);
  }
  return { wechat, alipay };
}

export interface LivePaymentDeps extends PaymentConfigDeps {
  /** HTTP client of the adapters (default: global fetch). */
  fetch?: FetchLike;
  /** Clock of request timestamps and notification freshness (default: now). */
  now?: () => Date;
  /** Per provider call (default 10 s). */
  timeoutMs?: number;
}

export interface LivePaymentProviders {
  /** WeChat Pay API v3, or null: use the sandbox. */
  wechat: PaymentProvider | null;
  /** Alipay, or null: use the sandbox. */
  alipay: PaymentProvider | null;
}

/**
 * The real providers the environment enables (see parsePaymentConfig); null channels stay on the
 * sandbox. The adapters' libraries (some 36 MB of memory) load only for a configured channel.
 */
export async function createLivePaymentProviders(env: PaymentEnv, deps: LivePaymentDeps = {}): Promise<LivePaymentProviders> {
  const config = parsePaymentConfig(env, deps);
  const http = { fetch: deps.fetch, now: deps.now, timeoutMs: deps.timeoutMs };
  return {
    wechat: config.wechat ? new (await import('./wechatpay-v3.ts')).WechatPayV3Provider({ ...config.wechat, ...http }) : null,
    alipay: config.alipay ? new (await import('./alipay.ts')).AlipayProvider({ ...config.alipay, ...http }) : null,
  };
}

type Get = (name: string) => string | undefined;

function parseWechat(get: Get, readFile: (p: string) => string, now: () => Date, problems: Problems): WechatPayConfig | null {
  const before = problems.lines.length;
  const required = (name: string): string | undefined => {
    const v = get(name);
    if (!v) problems.add(name, 'missing (WeChat Pay is partly configured)');
    return v;
  };

  const mchid = required('WECHATPAY_MCHID');
  if (mchid && !/^\d{6,32}$/.test(mchid)) problems.add('WECHATPAY_MCHID', 'must be the merchant number (digits)');
  const appid = required('WECHATPAY_APPID');
  const serialNo = required('WECHATPAY_SERIAL_NO');
  if (serialNo && !/^[0-9A-Fa-f]{8,64}$/.test(serialNo)) {
    problems.add('WECHATPAY_SERIAL_NO', 'must be the merchant API certificate serial number (hexadecimal)');
  }

  let privateKey: KeyObject | undefined;
  const keyText = material('WECHATPAY_PRIVATE_KEY', required('WECHATPAY_PRIVATE_KEY'), readFile, problems);
  if (keyText) privateKey = loadPrivateKey('WECHATPAY_PRIVATE_KEY', keyText, problems);

  const apiV3Key = required('WECHATPAY_APIV3_KEY');
  if (apiV3Key && Buffer.byteLength(apiV3Key, 'utf8') !== 32) {
    problems.add('WECHATPAY_APIV3_KEY', `must be exactly 32 bytes (got ${Buffer.byteLength(apiV3Key, 'utf8')})`);
  }

  const platformKeys = new Map<string, KeyObject>();
  const certText = material('WECHATPAY_PLATFORM_CERT', get('WECHATPAY_PLATFORM_CERT'), readFile, problems);
  if (certText) {
    try {
      const cert = new X509Certificate(certText);
      if (new Date(cert.validTo).getTime() < now().getTime()) {
        problems.add('WECHATPAY_PLATFORM_CERT', `certificate expired on ${cert.validTo}`);
      }
      platformKeys.set(cert.serialNumber.toUpperCase(), cert.publicKey);
    } catch {
      problems.add('WECHATPAY_PLATFORM_CERT', 'not an X.509 certificate (PEM text or a path to one)');
    }
  }
  const publicKeyId = get('WECHATPAY_PLATFORM_PUBLIC_KEY_ID');
  const publicKeyText = material('WECHATPAY_PLATFORM_PUBLIC_KEY', get('WECHATPAY_PLATFORM_PUBLIC_KEY'), readFile, problems);
  if (publicKeyId && !/^PUB_KEY_ID_[0-9A-Za-z]+$/.test(publicKeyId)) {
    problems.add('WECHATPAY_PLATFORM_PUBLIC_KEY_ID', 'must be the WeChat Pay public key id (PUB_KEY_ID_…)');
  }
  if (publicKeyText && !publicKeyId) problems.add('WECHATPAY_PLATFORM_PUBLIC_KEY_ID', 'missing: needed with WECHATPAY_PLATFORM_PUBLIC_KEY');
  if (publicKeyId && !get('WECHATPAY_PLATFORM_PUBLIC_KEY')) {
    problems.add('WECHATPAY_PLATFORM_PUBLIC_KEY', 'missing: needed with WECHATPAY_PLATFORM_PUBLIC_KEY_ID');
  }
  if (publicKeyText && publicKeyId) {
    const key = loadPublicKey('WECHATPAY_PLATFORM_PUBLIC_KEY', publicKeyText, problems);
    if (key) platformKeys.set(publicKeyId.toUpperCase(), key);
  }
  if (!get('WECHATPAY_PLATFORM_CERT') && !get('WECHATPAY_PLATFORM_PUBLIC_KEY')) {
    problems.add(
      'WECHATPAY_PLATFORM_CERT',
      'missing: set it, or WECHATPAY_PLATFORM_PUBLIC_KEY with WECHATPAY_PLATFORM_PUBLIC_KEY_ID, to check WeChat Pay signatures',
    );
  }

  if (problems.lines.length > before || !mchid || !appid || !serialNo || !privateKey || !apiV3Key) return null;
  return {
    mchid,
    appid,
    serialNo: serialNo.toUpperCase(),
    privateKey,
    platformKeys,
    platformPublicKeyId: publicKeyText ? publicKeyId : undefined,
    apiV3Key,
  };
}

function parseAlipay(get: Get, readFile: (p: string) => string, problems: Problems): AlipayConfig | null {
  const before = problems.lines.length;
  const appId = get('ALIPAY_APP_ID');
  if (!appId) problems.add('ALIPAY_APP_ID', 'missing (Alipay is partly configured)');
  else if (!/^\d{10,32}$/.test(appId)) problems.add('ALIPAY_APP_ID', 'must be the application id (digits)');

  const privateText = material('ALIPAY_PRIVATE_KEY', get('ALIPAY_PRIVATE_KEY'), readFile, problems);
  if (!get('ALIPAY_PRIVATE_KEY')) problems.add('ALIPAY_PRIVATE_KEY', 'missing (Alipay is partly configured)');
  const privateKey = privateText ? loadPrivateKey('ALIPAY_PRIVATE_KEY', privateText, problems) : undefined;

  const publicText = material('ALIPAY_PUBLIC_KEY', get('ALIPAY_PUBLIC_KEY'), readFile, problems);
  if (!get('ALIPAY_PUBLIC_KEY')) problems.add('ALIPAY_PUBLIC_KEY', "missing: Alipay's public key (not the application's)");
  const publicKey = publicText ? loadPublicKey('ALIPAY_PUBLIC_KEY', publicText, problems) : undefined;

  const gateway = get('ALIPAY_GATEWAY') ?? 'https://openapi.alipay.com/gateway.do';
  let gatewayOk = false;
  try {
    const u = new URL(gateway);
    gatewayOk = u.protocol === 'https:' || (u.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname));
  } catch {
    gatewayOk = false;
  }
  if (!gatewayOk) problems.add('ALIPAY_GATEWAY', 'must be an https URL (e.g. https://openapi.alipay.com/gateway.do)');

  if (problems.lines.length > before || !appId || !privateKey || !publicKey) return null;
  return {
    appId,
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    alipayPublicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    gateway,
  };
}

/**
 * A key or certificate variable holds PEM text (newlines may be written \n), bare base64 DER (as
 * Alipay's key tool prints it), or a path to a file with either.
 */
function material(name: string, value: string | undefined, readFile: (p: string) => string, problems: Problems): string | undefined {
  if (!value) return undefined;
  const text = value.replace(/\\n/g, '\n');
  if (text.includes('-----BEGIN')) return text;
  if (text.length > 100 && /^[A-Za-z0-9+/=\s]+$/.test(text)) return text;
  try {
    return readFile(text).trim();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'unreadable';
    problems.add(name, `neither a PEM/base64 key nor a readable file (${code}: ${text})`);
    return undefined;
  }
}

function der(text: string): Buffer {
  return Buffer.from(text.replace(/\s+/g, ''), 'base64');
}

function loadPrivateKey(name: string, text: string, problems: Problems): KeyObject | undefined {
  const attempts: Array<() => KeyObject> = text.includes('-----BEGIN')
    ? [() => createPrivateKey(text)]
    : [() => createPrivateKey({ key: der(text), format: 'der', type: 'pkcs8' }), () => createPrivateKey({ key: der(text), format: 'der', type: 'pkcs1' })];
  for (const attempt of attempts) {
    try {
      const key = attempt();
      if (key.asymmetricKeyType !== 'rsa') {
        problems.add(name, 'must be an RSA private key');
        return undefined;
      }
      return key;
    } catch {
      // try the next encoding
    }
  }
  problems.add(name, 'not an RSA private key (PKCS#8 or PKCS#1, PEM or base64)');
  return undefined;
}

function loadPublicKey(name: string, text: string, problems: Problems): KeyObject | undefined {
  const attempts: Array<() => KeyObject> = text.includes('-----BEGIN')
    ? [() => createPublicKey(text)]
    : [() => createPublicKey({ key: der(text), format: 'der', type: 'spki' }), () => createPublicKey({ key: der(text), format: 'der', type: 'pkcs1' })];
  for (const attempt of attempts) {
    try {
      const key = attempt();
      if (key.asymmetricKeyType !== 'rsa') {
        problems.add(name, 'must be an RSA public key');
        return undefined;
      }
      return key;
    } catch {
      // try the next encoding
    }
  }
  problems.add(name, 'not an RSA public key (PEM or base64)');
  return undefined;
}
