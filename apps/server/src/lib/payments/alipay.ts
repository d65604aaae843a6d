/**
 * Alipay face-to-face QR payments (OpenAPI gateway, RSA2, public-key mode): precreate → qr_code,
 * asynchronous notification check, query, close and refund. The official alipay-sdk signs requests
 * and checks response and notification signatures; HTTP goes through an injected fetch, because the
 * SDK's own client cannot be replaced and tests never reach the internet.
 */
import { AlipaySdk } from 'alipay-sdk';
import {
  PaymentProviderError,
  assertFen,
  chinaDateTime,
  fenToYuan,
  parseChinaDateTime,
  send,
  truncate,
  yuanToFen,
  type FetchLike,
  type ProviderHttpDeps,
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

export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';

export interface AlipayOptions extends ProviderHttpDeps {
  appId: string;
  /** The application private key, PKCS#8 PEM. */
  privateKeyPem: string;
  /** Alipay's public key (not the application's), SPKI PEM. */
  alipayPublicKeyPem: string;
  gateway?: string;
}

/** Common parameters the gateway reads from the URL; the rest (biz_content) goes in the form body. */
const URL_PARAMS = new Set(['app_id', 'method', 'format', 'charset', 'sign_type', 'sign', 'timestamp', 'version', 'notify_url']);

/**
 * Alipay's sign content: parameters sorted by name, `key=value` joined with `&`, leaving out `sign`
 * (and `sign_type` for notifications) and empty values. For tests and for reading; the SDK signs.
 */
export function alipaySignContent(params: Record<string, string>, omit: readonly string[] = ['sign']): string {
  return Object.keys(params)
    .filter((k) => !omit.includes(k) && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** TRADE_SUCCESS/TRADE_FINISHED are paid; TRADE_CLOSED is closed unpaid, or refunded in full when it carries refund_fee. */
export function mapAlipayTradeStatus(status: string | undefined, refundFee?: string): TradeState | null {
  switch (status) {
    case 'TRADE_SUCCESS':
    case 'TRADE_FINISHED':
      return 'success';
    case 'TRADE_CLOSED':
      return (yuanToFen(refundFee) ?? 0) > 0 ? 'refunded' : 'closed';
    case 'WAIT_BUYER_PAY':
      return 'pending';
    default:
      return null;
  }
}

interface GatewayAnswer {
  code?: string;
  msg?: string;
  sub_code?: string;
  sub_msg?: string;
  [field: string]: unknown;
}

export class AlipayProvider implements PaymentProvider {
  readonly channel = 'alipay' as const;
  readonly kind = 'alipay';
  private readonly sdk: AlipaySdk;
  private readonly fetchImpl: FetchLike;
  private readonly now: () => Date;
  private readonly gateway: string;
  private readonly timeoutMs: number;

  constructor(private readonly opts: AlipayOptions) {
    this.gateway = opts.gateway ?? ALIPAY_GATEWAY;
    this.sdk = new AlipaySdk({
      appId: opts.appId,
      privateKey: opts.privateKeyPem,
      keyType: 'PKCS8',
      alipayPublicKey: opts.alipayPublicKeyPem,
      signType: 'RSA2',
      gateway: this.gateway,
    });
    this.fetchImpl = opts.fetch ?? ((url, init) => fetch(url, init));
    this.now = opts.now ?? (() => new Date());
    this.timeoutMs = opts.timeoutMs ?? 10_000;
  }

  /** The signed request parameters of one call (the SDK's signing, our China-time timestamp). */
  signedParams(method: string, bizContent: Record<string, unknown>, extra: Record<string, string> = {}): Record<string, string> {
    const query = this.sdk.sdkExecute(
      method,
      // The SDK stamps local time; the gateway wants GMT+8 whatever this server's zone is.
      { bizContent, timestamp: chinaDateTime(this.now()), ...extra },
      { bizContentAutoSnakeCase: false },
    );
    return Object.fromEntries(new URLSearchParams(query));
  }

  async createNativeOrder(request: NativeOrderRequest): Promise<NativeOrder> {
    assertFen('amountFen', request.amountFen);
    const answer = await this.call(
      'alipay.trade.precreate',
      {
        out_trade_no: request.orderNo,
        total_amount: fenToYuan(request.amountFen),
        subject: truncate(request.description, 256),
        time_expire: chinaDateTime(request.expiresAt),
      },
      { notify_url: request.notifyUrl },
    );
    if (answer.code !== '10000') throw this.failure(answer);
    if (typeof answer.qr_code !== 'string' || !answer.qr_code) {
      throw new PaymentProviderError('alipay', 'BAD_RESPONSE', 'precreate answer has no qr_code');
    }
    return { codeUrl: answer.qr_code };
  }

  async verifyNotification(notification: IncomingNotification): Promise<NotificationResult> {
    // application/x-www-form-urlencoded; the signature covers the decoded values.
    const params = Object.fromEntries(new URLSearchParams(notification.rawBody));
    if (!params.sign) return { ok: false, reason: 'signature' };
    // Empty parameters are not signed (Alipay's rule, and its Java SDK's); the Node SDK would keep them.
    const signedParams = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== ''));
    let valid = false;
    try {
      valid = this.sdk.checkNotifySignV2(signedParams);
    } catch {
      valid = false;
    }
    if (!valid || params.app_id !== this.opts.appId) return { ok: false, reason: 'signature' };
    const state = mapAlipayTradeStatus(params.trade_status, params.refund_fee);
    const amountFen = yuanToFen(params.total_amount);
    if (!params.out_trade_no || !params.trade_no || !state || amountFen === null) return { ok: false, reason: 'malformed' };
    return {
      ok: true,
      payment: {
        orderNo: params.out_trade_no,
        providerTxnId: params.trade_no,
        amountFen,
        state,
        paidAt: state === 'success' || state === 'refunded' ? parseChinaDateTime(params.gmt_payment) : null,
      },
    };
  }

  /** Alipay stops retrying when the body is exactly "success". */
  acknowledge(verdict: NotificationVerdict): NotificationAck {
    return verdict === 'accepted'
      ? { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' }
      : { status: verdict === 'refused' ? 400 : 500, contentType: 'text/plain; charset=utf-8', body: 'fail' };
  }

  async queryOrder(orderNo: string): Promise<VerifiedPayment | null> {
    const answer = await this.call('alipay.trade.query', { out_trade_no: orderNo });
    if (answer.sub_code === 'ACQ.TRADE_NOT_EXIST') return null; // nobody has scanned the code yet
    if (answer.code !== '10000') throw this.failure(answer);
    const state = mapAlipayTradeStatus(answer.trade_status as string | undefined);
    const amountFen = yuanToFen(answer.total_amount as string | undefined);
    if (answer.out_trade_no !== orderNo || !state || amountFen === null) {
      throw new PaymentProviderError('alipay', 'BAD_RESPONSE', 'trade query answer does not describe the order');
    }
    return {
      orderNo,
      providerTxnId: typeof answer.trade_no === 'string' ? answer.trade_no : '',
      amountFen,
      state,
      paidAt: state === 'success' ? parseChinaDateTime(answer.send_pay_date as string | undefined) : null,
    };
  }

  async closeOrder(orderNo: string): Promise<void> {
    const answer = await this.call('alipay.trade.close', { out_trade_no: orderNo });
    if (answer.code === '10000' || answer.sub_code === 'ACQ.TRADE_NOT_EXIST') return;
    if (answer.sub_code === 'ACQ.TRADE_STATUS_ERROR') {
      // Closed already (fine) or paid (the caller must know).
      const current = await this.queryOrder(orderNo);
      if (current?.state === 'closed') return;
    }
    throw this.failure(answer);
  }

  async refund(request: RefundRequest): Promise<RefundResult> {
    assertFen('amountFen', request.amountFen);
    if (request.amountFen > request.totalFen) throw new RangeError('refund amount exceeds the order total');
    const answer = await this.call('alipay.trade.refund', {
      out_trade_no: request.orderNo,
      refund_amount: fenToYuan(request.amountFen),
      out_request_no: request.refundNo,
      refund_reason: truncate(request.reason, 256),
    });
    if (answer.code !== '10000') throw this.failure(answer);
    const tradeNo = typeof answer.trade_no === 'string' ? answer.trade_no : '';
    if (answer.fund_change === 'Y') return { refundNo: request.refundNo, providerRefundId: tradeNo, state: 'success' };
    // "N" also answers a repeated out_request_no whose money moved the first time: ask.
    const status = await this.call('alipay.trade.fastpay.refund.query', {
      out_trade_no: request.orderNo,
      out_request_no: request.refundNo,
    });
    if (status.code !== '10000') throw this.failure(status);
    return {
      refundNo: request.refundNo,
      providerRefundId: tradeNo,
      state: status.refund_status === 'REFUND_SUCCESS' ? 'success' : 'processing',
    };
  }

  /** Signs, sends and reads one gateway call; a successful answer must carry a valid signature. */
  private async call(method: string, bizContent: Record<string, unknown>, extra: Record<string, string> = {}): Promise<GatewayAnswer> {
    const params = this.signedParams(method, bizContent, extra);
    const url = new URL(this.gateway);
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) {
      if (URL_PARAMS.has(k)) url.searchParams.set(k, v);
      else form.set(k, v);
    }
    const res = await send(
      'alipay',
      this.fetchImpl,
      url.toString(),
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8', Accept: 'application/json' },
        body: form.toString(),
      },
      this.timeoutMs,
    );
    if (res.status !== 200) throw new PaymentProviderError('alipay', `HTTP_${res.status}`, res.text.slice(0, 200), res.status);
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(res.text) as Record<string, unknown>;
    } catch {
      throw new PaymentProviderError('alipay', 'BAD_RESPONSE', 'answer is not JSON', res.status);
    }
    const responseKey = `${method.replaceAll('.', '_')}_response`;
    const answer = (json[responseKey] ?? json.error_response) as GatewayAnswer | undefined;
    if (!answer || typeof answer !== 'object') {
      throw new PaymentProviderError('alipay', 'BAD_RESPONSE', `answer has no ${responseKey}`, res.status);
    }
    if (answer.code === '10000') {
      // Only a successful answer is acted on; it must be Alipay's.
      const sign = json.sign;
      if (typeof sign !== 'string' || !sign) {
        throw new PaymentProviderError('alipay', 'RESPONSE_SIGNATURE', 'successful answer is not signed', res.status);
      }
      try {
        this.sdk.checkResponseSign(res.text, responseKey, sign, res.headers.get('trace_id') ?? '');
      } catch {
        throw new PaymentProviderError('alipay', 'RESPONSE_SIGNATURE', 'answer failed the signature check', res.status);
      }
    }
    return answer;
  }

  private failure(answer: GatewayAnswer): PaymentProviderError {
    return new PaymentProviderError(
      'alipay',
      answer.sub_code ?? answer.code ?? 'UNKNOWN',
      answer.sub_msg ?? answer.msg ?? 'gateway refused the call',
    );
  }
}
