/**
 * WeChat Pay API v3, Native (QR) payments: request signing (WECHATPAY2-SHA256-RSA2048), response and
 * notification signature checks with the platform certificate or WeChat Pay public key, AES-256-GCM
 * resource decryption with the APIv3 key. Signing, verification, decryption and the message formats
 * come from wechatpay-axios-plugin; HTTP goes through an injected fetch.
 */
import type { KeyObject } from 'node:crypto';
import { Aes, Formatter, Rsa } from 'wechatpay-axios-plugin';
import {
  PaymentProviderError,
  assertFen,
  chinaRfc3339,
  headerOf,
  send,
  truncateUtf8,
  type FetchLike,
  type ProviderHttpDeps,
  type RawResponse,
} from './provider-support.ts';
import type {
  IncomingNotification,
  NativeOrder,
  NativeOrderRequest,
  NotificationAck,
  NotificationVerdict,
  NotificationResult,
  PaymentProvider,
  RefundRequest,
  RefundResult,
  TradeState,
  VerifiedPayment,
} from './types.ts';

export const WECHATPAY_API_BASE = 'https://api.mch.weixin.qq.com';

export interface WechatPayV3Options extends ProviderHttpDeps {
  mchid: string;
  appid: string;
  /** Serial number of the merchant API certificate, sent as serial_no. */
  serialNo: string;
  /** The merchant API private key (apiclient_key.pem). */
  privateKey: KeyObject;
  /**
   * The keys WeChat Pay signs with, by the Wechatpay-Serial it names: a platform certificate's
   * serial number or a WeChat Pay public key id (PUB_KEY_ID_…). Both may be present while WeChat
   * moves a merchant from one to the other.
   */
  platformKeys: ReadonlyMap<string, KeyObject>;
  /** Sent as Wechatpay-Serial on requests when the public-key mode is used. */
  platformPublicKeyId?: string;
  /** The APIv3 key (32 bytes), AES-256-GCM key of notification resources. */
  apiV3Key: string;
  baseUrl?: string;
  /** Signed messages further than this from our clock are refused (WeChat advises 5 minutes). */
  maxSkewSeconds?: number;
  nonce?: () => string;
}

/** The string WeChat Pay signs for a request: method, URL, timestamp, nonce, body, each ending "\n". */
export function wechatpayRequestMessage(method: string, canonicalUrl: string, timestamp: number | string, nonce: string, body = ''): string {
  return Formatter.request(method, canonicalUrl, timestamp, nonce, body);
}

/** The string a response or notification is signed over: timestamp, nonce, body, each ending "\n". */
export function wechatpayResponseMessage(timestamp: number | string, nonce: string, body: string): string {
  return Formatter.response(timestamp, nonce, body);
}

/** The Authorization header value of a request signed with the merchant key. */
export function wechatpayAuthorization(input: {
  mchid: string;
  serialNo: string;
  privateKey: KeyObject;
  method: string;
  canonicalUrl: string;
  timestamp: number;
  nonce: string;
  body: string;
}): string {
  const signature = Rsa.sign(
    wechatpayRequestMessage(input.method, input.canonicalUrl, input.timestamp, input.nonce, input.body),
    input.privateKey,
  );
  return Formatter.authorization(input.mchid, input.nonce, signature, input.timestamp, input.serialNo);
}

/** Decrypts a notification's AEAD_AES_256_GCM resource (ciphertext carries the 16-byte tag at its end). */
export function decryptWechatpayResource(
  resource: { ciphertext: string; nonce: string; associated_data?: string | null },
  apiV3Key: string,
): string {
  return Aes.AesGcm.decrypt(resource.ciphertext, apiV3Key, resource.nonce, resource.associated_data ?? '');
}

const TRADE_STATES: Record<string, TradeState> = {
  SUCCESS: 'success',
  REFUND: 'refunded',
  NOTPAY: 'pending',
  USERPAYING: 'pending',
  CLOSED: 'closed',
  REVOKED: 'closed',
  PAYERROR: 'failed',
};

const REFUND_STATES: Record<string, RefundResult['state']> = {
  SUCCESS: 'success',
  PROCESSING: 'processing',
  CLOSED: 'failed',
  ABNORMAL: 'failed',
};

interface Transaction {
  mchid?: unknown;
  appid?: unknown;
  out_trade_no?: unknown;
  transaction_id?: unknown;
  trade_state?: unknown;
  success_time?: unknown;
  amount?: { total?: unknown } | null;
}

/** A transaction (query answer or decrypted notification) → our shape; null when it lacks what we need. */
export function mapWechatpayTransaction(t: Transaction): VerifiedPayment | null {
  if (typeof t.out_trade_no !== 'string' || !t.out_trade_no) return null;
  const state = typeof t.trade_state === 'string' ? TRADE_STATES[t.trade_state] : undefined;
  if (!state) return null;
  const total = t.amount?.total;
  const amountFen = Number.isSafeInteger(total) ? (total as number) : null;
  const txnId = typeof t.transaction_id === 'string' ? t.transaction_id : '';
  // A payment we would credit must say how much and which transaction.
  if ((state === 'success' || state === 'refunded') && (amountFen === null || !txnId)) return null;
  let paidAt: Date | null = null;
  if (typeof t.success_time === 'string') {
    const d = new Date(t.success_time);
    if (!Number.isNaN(d.getTime())) paidAt = d;
  }
  if (state === 'success' && !paidAt) return null;
  return { orderNo: t.out_trade_no, providerTxnId: txnId, amountFen: amountFen ?? 0, state, paidAt };
}

type SignatureCheck = 'ok' | 'signature' | 'stale';

export class WechatPayV3Provider implements PaymentProvider {
  readonly channel = 'wechat' as const;
  readonly kind = 'wechatpay-v3';
  private readonly fetchImpl: FetchLike;
  private readonly now: () => Date;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly maxSkewSeconds: number;
  private readonly nonce: () => string;
  private readonly platformKeys: Map<string, KeyObject>;

  constructor(private readonly opts: WechatPayV3Options) {
    this.fetchImpl = opts.fetch ?? ((url, init) => fetch(url, init));
    this.now = opts.now ?? (() => new Date());
    this.baseUrl = opts.baseUrl ?? WECHATPAY_API_BASE;
    this.timeoutMs = opts.timeoutMs ?? 10_000;
    this.maxSkewSeconds = opts.maxSkewSeconds ?? 300;
    this.nonce = opts.nonce ?? (() => Formatter.nonce(32));
    this.platformKeys = new Map([...opts.platformKeys].map(([serial, key]) => [serial.toUpperCase(), key]));
    if (this.platformKeys.size === 0) throw new Error('WeChat Pay needs at least one platform key');
  }

  async createNativeOrder(request: NativeOrderRequest): Promise<NativeOrder> {
    assertFen('amountFen', request.amountFen);
    const res = await this.call('POST', '/v3/pay/transactions/native', {
      appid: this.opts.appid,
      mchid: this.opts.mchid,
      description: truncateUtf8(request.description, 127),
      out_trade_no: request.orderNo,
      time_expire: chinaRfc3339(request.expiresAt),
      notify_url: request.notifyUrl,
      amount: { total: request.amountFen, currency: 'CNY' },
    });
    const body = this.trusted(res, [200]) as { code_url?: unknown };
    if (typeof body.code_url !== 'string' || !body.code_url) {
      throw new PaymentProviderError('wechat', 'BAD_RESPONSE', 'Native order answer has no code_url', res.status);
    }
    return { codeUrl: body.code_url };
  }

  async verifyNotification(notification: IncomingNotification): Promise<NotificationResult> {
    const h = (name: string) => headerOf(notification.headers, name);
    const check = this.checkSignature(h, notification.rawBody);
    if (check !== 'ok') return { ok: false, reason: check };

    let event: { resource?: Record<string, unknown> };
    try {
      event = JSON.parse(notification.rawBody) as typeof event;
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    const r = event.resource;
    if (
      !r ||
      r.algorithm !== 'AEAD_AES_256_GCM' ||
      r.original_type !== 'transaction' ||
      typeof r.ciphertext !== 'string' ||
      typeof r.nonce !== 'string'
    ) {
      return { ok: false, reason: 'malformed' };
    }
    let plaintext: string;
    try {
      plaintext = decryptWechatpayResource(
        { ciphertext: r.ciphertext, nonce: r.nonce, associated_data: typeof r.associated_data === 'string' ? r.associated_data : '' },
        this.opts.apiV3Key,
      );
    } catch {
      // The GCM tag did not match: not encrypted with our APIv3 key, or altered.
      return { ok: false, reason: 'signature' };
    }
    let transaction: Transaction;
    try {
      transaction = JSON.parse(plaintext) as Transaction;
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    if (transaction.mchid !== this.opts.mchid || transaction.appid !== this.opts.appid) return { ok: false, reason: 'signature' };
    const payment = mapWechatpayTransaction(transaction);
    return payment ? { ok: true, payment } : { ok: false, reason: 'malformed' };
  }

  /** WeChat Pay stops retrying on 200/204 with no body; anything else needs 4xx/5xx and {code:"FAIL"}. */
  acknowledge(verdict: NotificationVerdict): NotificationAck {
    return verdict === 'accepted'
      ? { status: 204, contentType: 'text/plain; charset=utf-8', body: '' }
      : { status: verdict === 'refused' ? 400 : 500, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ code: 'FAIL', message: '失败' }) };
  }

  async queryOrder(orderNo: string): Promise<VerifiedPayment | null> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${encodeURIComponent(this.opts.mchid)}`;
    const res = await this.call('GET', path);
    if (res.status === 404) return null;
    const payment = mapWechatpayTransaction(this.trusted(res, [200]) as Transaction);
    if (!payment || payment.orderNo !== orderNo) {
      throw new PaymentProviderError('wechat', 'BAD_RESPONSE', 'order query answer does not describe the order', res.status);
    }
    return payment;
  }

  async closeOrder(orderNo: string): Promise<void> {
    const res = await this.call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}/close`, {
      mchid: this.opts.mchid,
    });
    // 204 carries nothing to trust, so its signature is not needed.
    if (res.status !== 204 && res.status !== 200) throw this.failure(res);
  }

  async refund(request: RefundRequest): Promise<RefundResult> {
    assertFen('amountFen', request.amountFen);
    assertFen('totalFen', request.totalFen);
    if (request.amountFen > request.totalFen) throw new RangeError('refund amount exceeds the order total');
    const res = await this.call('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: request.orderNo,
      out_refund_no: request.refundNo,
      reason: truncateUtf8(request.reason, 80),
      amount: { refund: request.amountFen, total: request.totalFen, currency: 'CNY' },
    });
    const body = this.trusted(res, [200]) as { refund_id?: unknown; out_refund_no?: unknown; status?: unknown };
    const state = typeof body.status === 'string' ? REFUND_STATES[body.status] : undefined;
    if (typeof body.refund_id !== 'string' || body.out_refund_no !== request.refundNo || !state) {
      throw new PaymentProviderError('wechat', 'BAD_RESPONSE', 'refund answer does not describe the refund', res.status);
    }
    return { refundNo: request.refundNo, providerRefundId: body.refund_id, state };
  }

  /** Signs and sends one API call. */
  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<RawResponse> {
    const url = new URL(path, this.baseUrl);
    const text = body === undefined ? '' : JSON.stringify(body);
    const timestamp = Math.floor(this.now().getTime() / 1000);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'User-Agent': 'medportal-server wechatpay-v3',
      Authorization: wechatpayAuthorization({
        mchid: this.opts.mchid,
        serialNo: this.opts.serialNo,
        privateKey: this.opts.privateKey,
        method,
        canonicalUrl: url.pathname + url.search,
        timestamp,
        nonce: this.nonce(),
        body: text,
      }),
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (this.opts.platformPublicKeyId) headers['Wechatpay-Serial'] = this.opts.platformPublicKeyId;
    return send('wechat', this.fetchImpl, url.toString(), { method, headers, ...(body === undefined ? {} : { body: text }) }, this.timeoutMs);
  }

  /** The parsed body of an expected answer, after its signature checked out; else the provider's error. */
  private trusted(res: RawResponse, expected: number[]): unknown {
    if (!expected.includes(res.status)) throw this.failure(res);
    const check = this.checkSignature((name) => res.headers.get(name) ?? undefined, res.text);
    if (check !== 'ok') {
      throw new PaymentProviderError('wechat', 'RESPONSE_SIGNATURE', `answer failed the signature check (${check})`, res.status);
    }
    try {
      return JSON.parse(res.text) as unknown;
    } catch {
      throw new PaymentProviderError('wechat', 'BAD_RESPONSE', 'answer is not JSON', res.status);
    }
  }

  private failure(res: RawResponse): PaymentProviderError {
    let code = `HTTP_${res.status}`;
    let message = res.text.slice(0, 200);
    try {
      const body = JSON.parse(res.text) as { code?: unknown; message?: unknown };
      if (typeof body.code === 'string') code = body.code;
      if (typeof body.message === 'string') message = body.message;
    } catch {
      // not JSON: keep the status and the start of the text
    }
    return new PaymentProviderError('wechat', code, message, res.status);
  }

  /** Wechatpay-Signature over timestamp\nnonce\nbody\n with the key Wechatpay-Serial names, and a fresh timestamp. */
  private checkSignature(h: (name: string) => string | undefined, body: string): SignatureCheck {
    const timestamp = h('Wechatpay-Timestamp');
    const nonce = h('Wechatpay-Nonce');
    const signature = h('Wechatpay-Signature');
    const serial = h('Wechatpay-Serial');
    if (!timestamp || !nonce || !signature || !serial || !/^\d{1,12}$/.test(timestamp)) return 'signature';
    const key = this.platformKeys.get(serial.toUpperCase());
    if (!key) return 'signature';
    let valid = false;
    try {
      valid = Rsa.verify(wechatpayResponseMessage(timestamp, nonce, body), signature, key);
    } catch {
      valid = false;
    }
    if (!valid) return 'signature';
    const skew = Math.abs(this.now().getTime() / 1000 - Number(timestamp));
    return skew > this.maxSkewSeconds ? 'stale' : 'ok';
  }
}
