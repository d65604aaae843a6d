process.setSourceMapsEnabled?.(true);
import {
  PaymentProviderError,
  assertFen,
  chinaRfc3339,
  headerOf,
  send,
  truncateUtf8
} from "./chunk-VRHTC6GS.mjs";
import "./chunk-YR35MJNV.mjs";

// src/lib/payments/wechatpay-v3.ts
import { Aes, Formatter, Rsa } from "wechatpay-axios-plugin";
var WECHATPAY_API_BASE = "https://api.mch.weixin.qq.com";
function wechatpayRequestMessage(method, canonicalUrl, timestamp, nonce, body = "") {
  return Formatter.request(method, canonicalUrl, timestamp, nonce, body);
}
function wechatpayResponseMessage(timestamp, nonce, body) {
  return Formatter.response(timestamp, nonce, body);
}
function wechatpayAuthorization(input) {
  const signature = Rsa.sign(
    wechatpayRequestMessage(input.method, input.canonicalUrl, input.timestamp, input.nonce, input.body),
    input.privateKey
  );
  return Formatter.authorization(input.mchid, input.nonce, signature, input.timestamp, input.serialNo);
}
function decryptWechatpayResource(resource, apiV3Key) {
  return Aes.AesGcm.decrypt(resource.ciphertext, apiV3Key, resource.nonce, resource.associated_data ?? "");
}
var TRADE_STATES = {
  SUCCESS: "success",
  REFUND: "refunded",
  NOTPAY: "pending",
  USERPAYING: "pending",
  CLOSED: "closed",
  REVOKED: "closed",
  PAYERROR: "failed"
};
var REFUND_STATES = {
  SUCCESS: "success",
  PROCESSING: "processing",
  CLOSED: "failed",
  ABNORMAL: "failed"
};
function mapWechatpayTransaction(t) {
  if (typeof t.out_trade_no !== "string" || !t.out_trade_no) return null;
  const state = typeof t.trade_state === "string" ? TRADE_STATES[t.trade_state] : void 0;
  if (!state) return null;
  const total = t.amount?.total;
  const amountFen = Number.isSafeInteger(total) ? total : null;
  const txnId = typeof t.transaction_id === "string" ? t.transaction_id : "";
  if ((state === "success" || state === "refunded") && (amountFen === null || !txnId)) return null;
  let paidAt = null;
  if (typeof t.success_time === "string") {
    const d = new Date(t.success_time);
    if (!Number.isNaN(d.getTime())) paidAt = d;
  }
  if (state === "success" && !paidAt) return null;
  return { orderNo: t.out_trade_no, providerTxnId: txnId, amountFen: amountFen ?? 0, state, paidAt };
}
var WechatPayV3Provider = class {
  constructor(opts) {
    this.opts = opts;
    this.fetchImpl = opts.fetch ?? ((url, init) => fetch(url, init));
    this.now = opts.now ?? (() => /* @__PURE__ */ new Date());
    this.baseUrl = opts.baseUrl ?? WECHATPAY_API_BASE;
    this.timeoutMs = opts.timeoutMs ?? 1e4;
    this.maxSkewSeconds = opts.maxSkewSeconds ?? 300;
    this.nonce = opts.nonce ?? (() => Formatter.nonce(32));
    this.platformKeys = new Map([...opts.platformKeys].map(([serial, key]) => [serial.toUpperCase(), key]));
    if (this.platformKeys.size === 0) throw new Error("WeChat Pay needs at least one platform key");
  }
  opts;
  channel = "wechat";
  kind = "wechatpay-v3";
  fetchImpl;
  now;
  baseUrl;
  timeoutMs;
  maxSkewSeconds;
  nonce;
  platformKeys;
  async createNativeOrder(request) {
    assertFen("amountFen", request.amountFen);
    const res = await this.call("POST", "/v3/pay/transactions/native", {
      appid: this.opts.appid,
      mchid: this.opts.mchid,
      description: truncateUtf8(request.description, 127),
      out_trade_no: request.orderNo,
      time_expire: chinaRfc3339(request.expiresAt),
      notify_url: request.notifyUrl,
      amount: { total: request.amountFen, currency: "CNY" }
    });
    const body = this.trusted(res, [200]);
    if (typeof body.code_url !== "string" || !body.code_url) {
      throw new PaymentProviderError("wechat", "BAD_RESPONSE", "Native order answer has no code_url", res.status);
    }
    return { codeUrl: body.code_url };
  }
  async verifyNotification(notification) {
    const h = (name) => headerOf(notification.headers, name);
    const check = this.checkSignature(h, notification.rawBody);
    if (check !== "ok") return { ok: false, reason: check };
    let event;
    try {
      event = JSON.parse(notification.rawBody);
    } catch {
      return { ok: false, reason: "malformed" };
    }
    const r = event.resource;
    if (!r || r.algorithm !== "AEAD_AES_256_GCM" || r.original_type !== "transaction" || typeof r.ciphertext !== "string" || typeof r.nonce !== "string") {
      return { ok: false, reason: "malformed" };
    }
    let plaintext;
    try {
      plaintext = decryptWechatpayResource(
        { ciphertext: r.ciphertext, nonce: r.nonce, associated_data: typeof r.associated_data === "string" ? r.associated_data : "" },
        this.opts.apiV3Key
      );
    } catch {
      return { ok: false, reason: "signature" };
    }
    let transaction;
    try {
      transaction = JSON.parse(plaintext);
    } catch {
      return { ok: false, reason: "malformed" };
    }
    if (transaction.mchid !== this.opts.mchid || transaction.appid !== this.opts.appid) return { ok: false, reason: "signature" };
    const payment = mapWechatpayTransaction(transaction);
    return payment ? { ok: true, payment } : { ok: false, reason: "malformed" };
  }
  /** WeChat Pay stops retrying on 200/204 with no body; anything else needs 4xx/5xx and {code:"FAIL"}. */
  acknowledge(accepted) {
    return accepted ? { status: 204, contentType: "text/plain; charset=utf-8", body: "" } : { status: 500, contentType: "application/json; charset=utf-8", body: JSON.stringify({ code: "FAIL", message: "\u5931\u8D25" }) };
  }
  async queryOrder(orderNo) {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${encodeURIComponent(this.opts.mchid)}`;
    const res = await this.call("GET", path);
    if (res.status === 404) return null;
    const payment = mapWechatpayTransaction(this.trusted(res, [200]));
    if (!payment || payment.orderNo !== orderNo) {
      throw new PaymentProviderError("wechat", "BAD_RESPONSE", "order query answer does not describe the order", res.status);
    }
    return payment;
  }
  async closeOrder(orderNo) {
    const res = await this.call("POST", `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}/close`, {
      mchid: this.opts.mchid
    });
    if (res.status !== 204 && res.status !== 200) throw this.failure(res);
  }
  async refund(request) {
    assertFen("amountFen", request.amountFen);
    assertFen("totalFen", request.totalFen);
    if (request.amountFen > request.totalFen) throw new RangeError("refund amount exceeds the order total");
    const res = await this.call("POST", "/v3/refund/domestic/refunds", {
      out_trade_no: request.orderNo,
      out_refund_no: request.refundNo,
      reason: truncateUtf8(request.reason, 80),
      amount: { refund: request.amountFen, total: request.totalFen, currency: "CNY" }
    });
    const body = this.trusted(res, [200]);
    const state = typeof body.status === "string" ? REFUND_STATES[body.status] : void 0;
    if (typeof body.refund_id !== "string" || body.out_refund_no !== request.refundNo || !state) {
      throw new PaymentProviderError("wechat", "BAD_RESPONSE", "refund answer does not describe the refund", res.status);
    }
    return { refundNo: request.refundNo, providerRefundId: body.refund_id, state };
  }
  /** Signs and sends one API call. */
  async call(method, path, body) {
    const url = new URL(path, this.baseUrl);
    const text = body === void 0 ? "" : JSON.stringify(body);
    const timestamp = Math.floor(this.now().getTime() / 1e3);
    const headers = {
      Accept: "application/json",
      "User-Agent": "medportal-server wechatpay-v3",
      Authorization: wechatpayAuthorization({
        mchid: this.opts.mchid,
        serialNo: this.opts.serialNo,
        privateKey: this.opts.privateKey,
        method,
        canonicalUrl: url.pathname + url.search,
        timestamp,
        nonce: this.nonce(),
        body: text
      })
    };
    if (body !== void 0) headers["Content-Type"] = "application/json";
    if (this.opts.platformPublicKeyId) headers["Wechatpay-Serial"] = this.opts.platformPublicKeyId;
    return send("wechat", this.fetchImpl, url.toString(), { method, headers, ...body === void 0 ? {} : { body: text } }, this.timeoutMs);
  }
  /** The parsed body of an expected answer, after its signature checked out; else the provider's error. */
  trusted(res, expected) {
    if (!expected.includes(res.status)) throw this.failure(res);
    const check = this.checkSignature((name) => res.headers.get(name) ?? void 0, res.text);
    if (check !== "ok") {
      throw new PaymentProviderError("wechat", "RESPONSE_SIGNATURE", `answer failed the signature check (${check})`, res.status);
    }
    try {
      return JSON.parse(res.text);
    } catch {
      throw new PaymentProviderError("wechat", "BAD_RESPONSE", "answer is not JSON", res.status);
    }
  }
  failure(res) {
    let code = `HTTP_${res.status}`;
    let message = res.text.slice(0, 200);
    try {
      const body = JSON.parse(res.text);
      if (typeof body.code === "string") code = body.code;
      if (typeof body.message === "string") message = body.message;
    } catch {
    }
    return new PaymentProviderError("wechat", code, message, res.status);
  }
  /** Wechatpay-Signature over timestamp\nnonce\nbody\n with the key Wechatpay-Serial names, and a fresh timestamp. */
  checkSignature(h, body) {
    const timestamp = h("Wechatpay-Timestamp");
    const nonce = h("Wechatpay-Nonce");
    const signature = h("Wechatpay-Signature");
    const serial = h("Wechatpay-Serial");
    if (!timestamp || !nonce || !signature || !serial || !/^\d{1,12}$/.test(timestamp)) return "signature";
    const key = this.platformKeys.get(serial.toUpperCase());
    if (!key) return "signature";
    let valid = false;
    try {
      valid = Rsa.verify(wechatpayResponseMessage(timestamp, nonce, body), signature, key);
    } catch {
      valid = false;
    }
    if (!valid) return "signature";
    const skew = Math.abs(this.now().getTime() / 1e3 - Number(timestamp));
    return skew > this.maxSkewSeconds ? "stale" : "ok";
  }
};
export {
  WECHATPAY_API_BASE,
  WechatPayV3Provider,
  decryptWechatpayResource,
  mapWechatpayTransaction,
  wechatpayAuthorization,
  wechatpayRequestMessage,
  wechatpayResponseMessage
};
//# sourceMappingURL=wechatpay-v3-LCHSBFM2.mjs.map
