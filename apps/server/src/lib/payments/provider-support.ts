/**
 * What the real provider adapters share: the injectable HTTP client, the error they throw, China
 * time (both providers speak GMT+8) and exact fen ↔ yuan conversion.
 */
import type { IncomingNotification, PayChannel } from './types.ts';

/** The part of `fetch` the adapters use; tests pass their own so nothing leaves the process. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface ProviderHttpDeps {
  fetch?: FetchLike;
  /** The clock for request timestamps and notification freshness. */
  now?: () => Date;
  /** Per request (default 10 s). */
  timeoutMs?: number;
}

/** A provider refused a call, answered something unusable, or could not be reached. */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';

  constructor(
    readonly channel: PayChannel,
    /** The provider's own code (ORDERPAID, ACQ.TRADE_NOT_EXIST, …) or ours: NETWORK, RESPONSE_SIGNATURE, BAD_RESPONSE. */
    readonly code: string,
    readonly detail: string,
    readonly httpStatus: number | null = null,
  ) {
    super(`${channel} ${code}: ${detail}`);
  }
}

export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
}

/** One HTTP exchange; a transport failure or timeout becomes a NETWORK error. */
export async function send(
  channel: PayChannel,
  fetchImpl: FetchLike,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<RawResponse> {
  try {
    const res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    return { status: res.status, headers: res.headers, text: await res.text() };
  } catch (err) {
    throw new PaymentProviderError(channel, 'NETWORK', err instanceof Error ? err.message : String(err));
  }
}

/** A header of an incoming notification, by case-insensitive name (first value if repeated). */
export function headerOf(headers: IncomingNotification['headers'], name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted) continue;
    return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

const CHINA_OFFSET_MS = 8 * 3600_000; // GMT+8, no daylight saving

function chinaParts(d: Date): string[] {
  const c = new Date(d.getTime() + CHINA_OFFSET_MS);
  const p = (n: number) => String(n).padStart(2, '0');
  return [
    `${c.getUTCFullYear()}-${p(c.getUTCMonth() + 1)}-${p(c.getUTCDate())}`,
    `${p(c.getUTCHours())}:${p(c.getUTCMinutes())}:${p(c.getUTCSeconds())}`,
  ];
}

/** `yyyy-MM-dd HH:mm:ss` in China time (Alipay's timestamp, time_expire, gmt_payment). */
export function chinaDateTime(d: Date): string {
  return chinaParts(d).join(' ');
}

/** RFC 3339 with +08:00 (WeChat Pay's time_expire). */
export function chinaRfc3339(d: Date): string {
  return `${chinaParts(d).join('T')}+08:00`;
}

/** Reads `yyyy-MM-dd HH:mm:ss` as China time; null when it is not that. */
export function parseChinaDateTime(s: string | undefined): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(s ?? '');
  if (!m) return null;
  const [, y, mo, d, h, mi, se] = m.map(Number) as [number, number, number, number, number, number, number];
  const t = Date.UTC(y, mo - 1, d, h, mi, se) - CHINA_OFFSET_MS;
  return Number.isFinite(t) ? new Date(t) : null;
}

/** Integer fen → the yuan string with two decimals Alipay expects ("99.00"); no floating point. */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`amount must be a non-negative integer of fen, got ${fen}`);
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** A yuan string ("0.1", "99.00", "12") → integer fen; null when it is not a plain amount. */
export function yuanToFen(yuan: string | undefined): number | null {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(yuan ?? '');
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export function assertFen(name: string, fen: number): void {
  if (!Number.isSafeInteger(fen) || fen <= 0) throw new RangeError(`${name} must be a positive integer of fen, got ${fen}`);
}

/** Cuts to at most `max` characters without splitting a surrogate pair. */
export function truncate(s: string, max: number): string {
  const chars = Array.from(s);
  return chars.length <= max ? s : chars.slice(0, max).join('');
}

/** Cuts to at most `maxBytes` of UTF-8 without splitting a character (the safe reading of WeChat Pay limits). */
export function truncateUtf8(s: string, maxBytes: number): string {
  let out = '';
  let bytes = 0;
  for (const ch of s) {
    const n = Buffer.byteLength(ch, 'utf8');
    if (bytes + n > maxBytes) break;
    out += ch;
    bytes += n;
  }
  return out;
}
