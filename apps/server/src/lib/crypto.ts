import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url (43 characters): access and refresh tokens, session cookies, tickets. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hmac(secret: string, ...parts: string[]): string {
  return createHmac('sha256', secret).update(parts.join('\u0000')).digest('base64url');
}

/** Constant-time comparison of two strings (false when lengths differ). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * A short signed token: `<base64url(JSON payload)>.<HMAC>` for one purpose. The payload is readable
 * (not secret) but cannot be forged or reused for another purpose.
 */
export function signToken(secret: string, purpose: string, payload: Record<string, unknown>): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${hmac(secret, purpose, body)}`;
}

/** The payload of a token made by signToken for this purpose, or null (forged, other purpose, malformed). */
export function verifyToken(secret: string, purpose: string, token: string): Record<string, unknown> | null {
  const dot = token.indexOf('.');
  if (dot <= 0 || token.length > 2048) return null;
  const body = token.slice(0, dot);
  if (!safeEqual(token.slice(dot + 1), hmac(secret, purpose, body))) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function keyFrom(raw: string, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', raw, 'medportal', info, 32));
}

/** AES-256-GCM under a key derived from `raw` (a token only its holder knows). */
export function encryptWith(raw: string, info: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(raw, info), iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

export function decryptWith(raw: string, info: string, sealed: string): string | null {
  const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(raw, info), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
