/**
 * The boundary between the money module and a payment provider (WeChat Pay, Alipay, or the
 * sandbox that behaves like WeChat Pay Native). Amounts are integer fen; order numbers are ours.
 * A provider speaks its own protocol (signing, encryption, field names) and hands back these
 * shapes, so the module's rules (verify, apply once, grant) never depend on which one is in use.
 */

export type PayChannel = 'wechat' | 'alipay';

export interface NativeOrderRequest {
  /** Our order number, unique per order (the provider's out_trade_no). */
  orderNo: string;
  amountFen: number;
  /** Shown to the payer by the provider (≤ 127 characters). */
  description: string;
  expiresAt: Date;
  /** Absolute URL the provider POSTs its notification to. */
  notifyUrl: string;
}

export interface NativeOrder {
  /** What the payer's QR code encodes (weixin://wxpay/... or https://qr.alipay.com/...). */
  codeUrl: string;
}

/** A provider notification as it arrived: the raw body matters, signatures cover the bytes. */
export interface IncomingNotification {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

export type TradeState = 'success' | 'closed' | 'pending' | 'refunded' | 'failed';

export interface VerifiedPayment {
  orderNo: string;
  /** The provider's transaction id (transaction_id / trade_no). */
  providerTxnId: string;
  /** What the payer paid, as the provider reports it (checked against the order). */
  amountFen: number;
  state: TradeState;
  paidAt: Date | null;
}

export type NotificationResult =
  | { ok: true; payment: VerifiedPayment }
  | { ok: false; reason: 'signature' | 'malformed' | 'stale' };

/**
 * How a notification ends: `accepted` (applied, or nothing to apply) stops the provider's retries;
 * `refused` (malformed, unverifiable, not matching an order) answers a 4xx; `failed` (our own
 * fault, e.g. the database) a 5xx. Both carry the provider's FAIL body, so it sends it again.
 */
export type NotificationVerdict = 'accepted' | 'refused' | 'failed';

/** What the HTTP layer answers the provider: success stops its retries, anything else retries. */
export interface NotificationAck {
  status: number;
  contentType: string;
  body: string;
}

export interface RefundRequest {
  orderNo: string;
  /** Our refund number, unique per refund (out_refund_no). */
  refundNo: string;
  amountFen: number;
  /** The order's total (WeChat Pay needs both). */
  totalFen: number;
  reason: string;
}

export interface RefundResult {
  refundNo: string;
  providerRefundId: string;
  state: 'success' | 'processing' | 'failed';
}

export interface PaymentProvider {
  readonly channel: PayChannel;
  /** 'sandbox' for the built-in one, else the provider's name; shown in logs and decision records. */
  readonly kind: string;
  createNativeOrder(request: NativeOrderRequest): Promise<NativeOrder>;
  /** Checks the signature (and decrypts where the protocol encrypts) before anything is trusted. */
  verifyNotification(notification: IncomingNotification): Promise<NotificationResult>;
  acknowledge(verdict: NotificationVerdict): NotificationAck;
  /** The provider's view of an order (for polling and reconciliation); null when it does not know it. */
  queryOrder(orderNo: string): Promise<VerifiedPayment | null>;
  closeOrder(orderNo: string): Promise<void>;
  refund(request: RefundRequest): Promise<RefundResult>;
}
