import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxTrades } from '../../db/schema/index.ts';
import { PaymentProviderError } from './provider-support.ts';
import type {
  IncomingNotification,
  NativeOrder,
  NativeOrderRequest,
  NotificationAck,
  NotificationVerdict,
  NotificationResult,
  PayChannel,
  PaymentProvider,
  RefundRequest,
  RefundResult,
  TradeState,
  VerifiedPayment,
} from './types.ts';

/** Sends one notification to our own HTTP endpoint; answers the status and body it got back. */
export type NotificationTransport = (url: string, headers: Record<string, string>, body: string) => Promise<{ status: number; body: string }>;

export interface SandboxOptions {
  db: Db;
  channel: PayChannel;
  /** HMAC-SHA256 key both sides know (derived from the app secret unless configured). */
  key: Buffer;
  now: () => Date;
  transport: NotificationTransport;
  log?: { warn(obj: object, msg: string): void };
}

export const SANDBOX_HEADERS = {
  timestamp: 'sandbox-timestamp',
  nonce: 'sandbox-nonce',
  signature: 'sandbox-signature',
} as const;

/** Notifications older than this are refused (a replayed capture); retries are signed afresh. */
const MAX_SKEW_S = 300;
/** Delays before each retry, like WeChat Pay's schedule but compressed. After the last one it gives up. */
export const SANDBOX_RETRY_DELAYS_S = [2, 5, 15, 30, 60, 180, 600, 1800, 3600] as const;
/** The duplicate of an acknowledged notification follows this long after it. */
export const SANDBOX_DUPLICATE_AFTER_S = 3;

interface SandboxResource {
  out_trade_no: string;
  transaction_id: string;
  trade_state: 'SUCCESS';
  amount: { total: number; payer_total: number; currency: 'CNY' };
  success_time: string;
}

const STATES: Record<string, TradeState> = { pending: 'pending', success: 'success', failed: 'failed', closed: 'closed', refunded: 'refunded' };

/**
 * The built-in payment provider (the default): behaves like WeChat Pay Native. A QR order's
 * `code_url` opens our own pay page; when the payer confirms, the trade succeeds and a signed
 * notification goes to the notify URL, retried with back-off until it is acknowledged (and so
 * possibly more than once). Query, close and refund work on the same trades. Its state lives in
 * `sandbox_trades`, so deliveries resume after a restart.
 */
export class SandboxProvider implements PaymentProvider {
  readonly kind = 'sandbox';
  readonly channel: PayChannel;
  constructor(private readonly o: SandboxOptions) {
    this.channel = o.channel;
  }

  /** The pay page of an order, on the same origin as the notify URL (this server). */
  static payPageUrl(notifyUrl: string, orderNo: string): string {
    return new URL(`/sandbox/pay/${encodeURIComponent(orderNo)}`, notifyUrl).toString();
  }

  async createNativeOrder(req: NativeOrderRequest): Promise<NativeOrder> {
    await this.o.db
      .insert(sandboxTrades)
      .values({
        orderNo: req.orderNo,
        channel: this.channel,
        amount: req.amountFen,
        description: req.description.slice(0, 127),
        notifyUrl: req.notifyUrl,
        expiresAt: req.expiresAt,
        createdAt: this.o.now(),
      })
      .onConflictDoNothing();
    // One row per order number: an order moved from the other channel's sandbox (closed there) is taken over.
    await this.o.db
      .update(sandboxTrades)
      .set({ channel: this.channel, amount: req.amountFen, description: req.description.slice(0, 127), notifyUrl: req.notifyUrl, expiresAt: req.expiresAt, state: 'pending', txnId: null, paidAt: null, attempts: 0, notifyAt: null, ackedAt: null })
      .where(and(eq(sandboxTrades.orderNo, req.orderNo), sql`${sandboxTrades.channel} <> ${this.channel}`, inArray(sandboxTrades.state, ['pending', 'failed', 'closed'])));
    const trade = await this.trade(req.orderNo);
    // Like WeChat Pay: the same out_trade_no with other parameters is refused.
    if (!trade || trade.amount !== req.amountFen || trade.channel !== this.channel) {
      throw new PaymentProviderError(this.channel, 'OUT_TRADE_NO_USED', `sandbox: order ${req.orderNo} exists with other parameters`);
    }
    return { codeUrl: SandboxProvider.payPageUrl(req.notifyUrl, req.orderNo) };
  }

  /** The payer's answer on the pay page (or the dev endpoint). A success schedules the notification at once. */
  async pay(orderNo: string, result: 'success' | 'fail'): Promise<TradeState | null> {
    const now = this.o.now();
    const trade = await this.trade(orderNo);
    if (!trade) return null;
    if (trade.state === 'pending' || trade.state === 'failed') {
      if (trade.expiresAt <= now) {
        await this.o.db.update(sandboxTrades).set({ state: 'closed' }).where(and(eq(sandboxTrades.orderNo, orderNo), eq(sandboxTrades.channel, this.channel), inArray(sandboxTrades.state, ['pending', 'failed'])));
      } else if (result === 'success') {
        await this.o.db
          .update(sandboxTrades)
          .set({ state: 'success', txnId: `42${Date.now()}${randomBytes(5).readUIntBE(0, 5)}`.slice(0, 28), paidAt: now, notifyAt: now })
          .where(and(eq(sandboxTrades.orderNo, orderNo), eq(sandboxTrades.channel, this.channel), inArray(sandboxTrades.state, ['pending', 'failed'])));
      } else {
        await this.o.db.update(sandboxTrades).set({ state: 'failed' }).where(and(eq(sandboxTrades.orderNo, orderNo), eq(sandboxTrades.channel, this.channel), eq(sandboxTrades.state, 'pending')));
      }
    }
    return STATES[(await this.trade(orderNo))?.state ?? ''] ?? null;
  }

  async verifyNotification(n: IncomingNotification): Promise<NotificationResult> {
    const header = (name: string) => {
      const v = n.headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    const ts = header(SANDBOX_HEADERS.timestamp);
    const nonce = header(SANDBOX_HEADERS.nonce);
    const signature = header(SANDBOX_HEADERS.signature);
    if (!ts || !nonce || !signature || !/^\d{1,12}$/.test(ts)) return { ok: false, reason: 'signature' };
    const expected = this.sign(ts, nonce, n.rawBody);
    const given = Buffer.from(signature, 'base64');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };
    if (Math.abs(this.o.now().getTime() / 1000 - Number(ts)) > MAX_SKEW_S) return { ok: false, reason: 'stale' };
    try {
      const body = JSON.parse(n.rawBody) as { event_type?: string; resource?: SandboxResource };
      const r = body.resource;
      if (body.event_type !== 'TRANSACTION.SUCCESS' || !r || typeof r.out_trade_no !== 'string' || typeof r.transaction_id !== 'string' || !Number.isSafeInteger(r.amount?.payer_total)) {
        return { ok: false, reason: 'malformed' };
      }
      return {
        ok: true,
        payment: { orderNo: r.out_trade_no, providerTxnId: r.transaction_id, amountFen: r.amount.payer_total, state: 'success', paidAt: new Date(r.success_time) },
      };
    } catch {
      return { ok: false, reason: 'malformed' };
    }
  }

  acknowledge(verdict: NotificationVerdict): NotificationAck {
    return verdict === 'accepted'
      ? { status: 200, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ code: 'SUCCESS', message: '成功' }) }
      : { status: verdict === 'refused' ? 400 : 500, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ code: 'FAIL', message: '失败' }) };
  }

  async queryOrder(orderNo: string): Promise<VerifiedPayment | null> {
    const t = await this.trade(orderNo);
    if (!t) return null;
    return { orderNo, providerTxnId: t.txnId ?? '', amountFen: t.amount, state: STATES[t.state] ?? 'pending', paidAt: t.paidAt };
  }

  async closeOrder(orderNo: string): Promise<void> {
    await this.o.db.update(sandboxTrades).set({ state: 'closed', notifyAt: null }).where(and(eq(sandboxTrades.orderNo, orderNo), eq(sandboxTrades.channel, this.channel), inArray(sandboxTrades.state, ['pending', 'failed'])));
    const t = await this.trade(orderNo);
    if (t && (t.state === 'success' || t.state === 'refunded')) throw new PaymentProviderError(this.channel, 'ORDERPAID', `sandbox: order ${orderNo} is paid`);
  }

  async refund(req: RefundRequest): Promise<RefundResult> {
    const [t] = await this.o.db
      .update(sandboxTrades)
      .set({ state: 'refunded', refundedAmount: sql`${sandboxTrades.refundedAmount} + ${req.amountFen}` })
      .where(and(eq(sandboxTrades.orderNo, req.orderNo), eq(sandboxTrades.channel, this.channel), eq(sandboxTrades.state, 'success'), sql`${sandboxTrades.amount} - ${sandboxTrades.refundedAmount} >= ${req.amountFen}`))
      .returning();
    if (!t) {
      const known = await this.trade(req.orderNo);
      if (known?.state === 'refunded') return { refundNo: req.refundNo, providerRefundId: `50${known.orderNo}`.slice(0, 32), state: 'success' };
      throw new PaymentProviderError(this.channel, known ? 'TRADE_STATE_ERROR' : 'ORDER_NOT_EXIST', `sandbox: order ${req.orderNo} cannot be refunded`);
    }
    return { refundNo: req.refundNo, providerRefundId: `50${t.orderNo}`.slice(0, 32), state: 'success' };
  }

  /** A signed notification of a successful trade, as the provider would send it now. */
  async notificationFor(orderNo: string): Promise<{ headers: Record<string, string>; body: string; url: string } | null> {
    const t = await this.trade(orderNo);
    if (!t || (t.state !== 'success' && t.state !== 'refunded') || !t.txnId || !t.paidAt) return null;
    const resource: SandboxResource = {
      out_trade_no: t.orderNo,
      transaction_id: t.txnId,
      trade_state: 'SUCCESS',
      amount: { total: t.amount, payer_total: t.amount, currency: 'CNY' },
      success_time: t.paidAt.toISOString(),
    };
    const body = JSON.stringify({ id: randomUUID(), create_time: this.o.now().toISOString(), event_type: 'TRANSACTION.SUCCESS', resource_type: 'sandbox', resource });
    return { headers: this.signedHeaders(body), body, url: t.notifyUrl };
  }

  /** Headers that sign `body` now with the sandbox key (tests forge with another key to see a refusal). */
  signedHeaders(body: string, key: Buffer = this.o.key): Record<string, string> {
    const ts = String(Math.floor(this.o.now().getTime() / 1000));
    const nonce = randomBytes(16).toString('hex');
    return {
      'content-type': 'application/json',
      [SANDBOX_HEADERS.timestamp]: ts,
      [SANDBOX_HEADERS.nonce]: nonce,
      [SANDBOX_HEADERS.signature]: createHmac('sha256', key).update(`${ts}\n${nonce}\n${body}\n`).digest('base64'),
    };
  }

  /**
   * Sends the notifications that are due (once each per call), each claimed first so several
   * processes never send the same one at once. Acknowledged: one duplicate follows later, then
   * done; otherwise the next try waits longer. Answers how many were sent.
   */
  async deliverDue(limit = 20): Promise<number> {
    const now = this.o.now();
    const due = await this.o.db
      .select()
      .from(sandboxTrades)
      .where(and(eq(sandboxTrades.channel, this.channel), isNotNull(sandboxTrades.notifyAt), lte(sandboxTrades.notifyAt, now)))
      .orderBy(asc(sandboxTrades.notifyAt))
      .limit(limit);
    let sent = 0;
    for (const t of due) {
      const attempt = t.attempts + 1;
      const delay = SANDBOX_RETRY_DELAYS_S[Math.min(t.attempts, SANDBOX_RETRY_DELAYS_S.length - 1)] ?? 3600;
      const next = attempt > SANDBOX_RETRY_DELAYS_S.length ? null : new Date(now.getTime() + delay * 1000);
      // Claim: move notifyAt on; another process that read the same row finds it changed.
      const [claimed] = await this.o.db
        .update(sandboxTrades)
        .set({ attempts: attempt, notifyAt: next })
        .where(and(eq(sandboxTrades.orderNo, t.orderNo), eq(sandboxTrades.attempts, t.attempts)))
        .returning({ orderNo: sandboxTrades.orderNo });
      if (!claimed) continue;
      const n = await this.notificationFor(t.orderNo);
      if (!n) continue;
      sent += 1;
      let acked = false;
      try {
        const res = await this.o.transport(n.url, n.headers, n.body);
        acked = res.status >= 200 && res.status < 300 && (JSON.parse(res.body) as { code?: string }).code === 'SUCCESS';
      } catch (err) {
        this.o.log?.warn({ err, orderNo: t.orderNo }, 'sandbox notification not delivered');
      }
      if (acked) {
        // Like a real provider, the first acknowledged notification is sent once more a little later
        // (a duplicate the merchant must ignore); after that, nothing more.
        const first = t.ackedAt === null;
        await this.o.db
          .update(sandboxTrades)
          .set({ ackedAt: t.ackedAt ?? this.o.now(), notifyAt: first ? new Date(this.o.now().getTime() + SANDBOX_DUPLICATE_AFTER_S * 1000) : null })
          .where(eq(sandboxTrades.orderNo, t.orderNo));
      }
    }
    return sent;
  }

  /** This sandbox's trade of an order (null when the order is not, or no longer, on this channel). */
  async trade(orderNo: string) {
    const [t] = await this.o.db.select().from(sandboxTrades).where(and(eq(sandboxTrades.orderNo, orderNo), eq(sandboxTrades.channel, this.channel)));
    return t ?? null;
  }

  private sign(ts: string, nonce: string, body: string): Buffer {
    return createHmac('sha256', this.o.key).update(`${ts}\n${nonce}\n${body}\n`).digest();
  }
}
