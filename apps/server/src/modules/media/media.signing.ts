import { createHmac, timingSafeEqual } from 'node:crypto';

export type SignatureCheck = 'ok' | 'expired' | 'invalid';

const SIGN_HEX = 32;

/**
 * CDN-style URL signing (decision record 0022): `sign = HMAC-SHA256(key, path + ":" + t)`, 128 bits
 * in hex, where `path` is the URL's path and `t` the expiry in Unix seconds. The same key on the
 * CDN or streaming service checks what the sandbox media server checks here.
 */
export class UrlSigner {
  constructor(private readonly key: string) {}

  private mac(path: string, t: number): string {
    return createHmac('sha256', this.key).update(`${path}:${t}`).digest('hex').slice(0, SIGN_HEX);
  }

  /** The query string (`t=…&sign=…`) that makes `path` playable until `expiresS`. */
  query(path: string, expiresS: number): string {
    return `t=${expiresS}&sign=${this.mac(path, expiresS)}`;
  }

  /** `url` (absolute or a path) with its signature appended. */
  sign(url: string, expiresS: number): string {
    const parsed = new URL(url, 'http://local');
    const q = this.query(decodeURIComponent(parsed.pathname), expiresS);
    return `${url}${url.includes('?') ? '&' : '?'}${q}`;
  }

  /** Checks a request's `t` and `sign` for its path: tampered first, then expired. */
  verify(path: string, t: unknown, sign: unknown, nowS: number): SignatureCheck {
    if (typeof t !== 'string' || typeof sign !== 'string' || !/^\d{1,12}$/.test(t) || !/^[0-9a-f]+$/.test(sign)) return 'invalid';
    const expected = Buffer.from(this.mac(path, Number(t)));
    const given = Buffer.from(sign);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return Number(t) < nowS ? 'expired' : 'ok';
  }
}
