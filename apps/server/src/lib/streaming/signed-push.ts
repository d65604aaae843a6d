import { createHash, timingSafeEqual } from 'node:crypto';
import type { PushAddress, PushCheck, StreamingProvider } from './types.ts';

/**
 * Tencent Cloud live-style push authentication: `txTime` is the expiry in Unix seconds as upper-case
 * hex, `txSecret = md5(key + streamName + txTime)` in lower-case hex, and the push URL is
 * `rtmp://<push domain>/<app>/<streamName>?txSecret=…&txTime=…`.
 */
export function txSecret(key: string, streamName: string, txTime: string): string {
  return createHash('md5').update(`${key}${streamName}${txTime}`).digest('hex');
}

export function hexTime(expiresS: number): string {
  return Math.floor(expiresS).toString(16).toUpperCase();
}

export function signedPushAddress(server: string, key: string, streamName: string, expiresS: number): PushAddress {
  const txTime = hexTime(expiresS);
  const streamKey = `${streamName}?txSecret=${txSecret(key, streamName, txTime)}&txTime=${txTime}`;
  return { server, streamKey, url: `${server}/${streamKey}` };
}

const STREAM_NAME = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * Checks a push URL (the full URL, or just the stream key) against `key`: the stream name is the
 * last path segment, txTime hex seconds, txSecret its md5. Tampering is found before expiry.
 */
export function verifySignedPush(url: string, key: string, nowS: number): PushCheck {
  const invalid = { result: 'invalid', streamName: null } as const;
  let path: string;
  let query: URLSearchParams;
  try {
    const parsed = url.includes('://') ? new URL(url) : new URL(url, 'rtmp://local/live/');
    path = decodeURIComponent(parsed.pathname);
    query = parsed.searchParams;
  } catch {
    return invalid;
  }
  const streamName = path.split('/').pop() ?? '';
  const txTime = query.get('txTime') ?? '';
  const secret = query.get('txSecret') ?? '';
  if (!STREAM_NAME.test(streamName) || !/^[0-9A-Fa-f]{1,12}$/.test(txTime) || !/^[0-9a-f]{32}$/.test(secret)) return invalid;
  const expected = Buffer.from(txSecret(key, streamName, txTime));
  if (!timingSafeEqual(expected, Buffer.from(secret))) return invalid;
  return { result: Number.parseInt(txTime, 16) < nowS ? 'expired' : 'ok', streamName };
}

/** A streaming service with Tencent-style signed push URLs: the sandbox and the real service differ in key and domain only. */
export class SignedPushProvider implements StreamingProvider {
  constructor(
    readonly name: 'sandbox' | 'tencent',
    private readonly server: string,
    private readonly key: string,
  ) {}

  pushAddress(streamName: string, expiresS: number): PushAddress {
    return signedPushAddress(this.server, this.key, streamName, expiresS);
  }

  verifyPush(url: string, nowS: number): PushCheck {
    return verifySignedPush(url, this.key, nowS);
  }
}
