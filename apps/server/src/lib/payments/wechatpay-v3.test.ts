import { X509Certificate, createCipheriv, createPrivateKey, createSign, createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PaymentProviderError } from './provider-support.ts';
import {
  WechatPayV3Provider,
  decryptWechatpayResource,
  wechatpayAuthorization,
  wechatpayRequestMessage,
  type WechatPayV3Options,
} from './wechatpay-v3.ts';

// The merchant's key pair (we sign with the private half; WeChat Pay would hold the public one).
const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
// The platform side: a test certificate standing in for WeChat Pay's (testdata/README.md).
const platformCert = new X509Certificate(readFileSync(new URL('./testdata/wechatpay-platform-test.pem', import.meta.url)));
const platformKey = createPrivateKey(readFileSync(new URL('./testdata/wechatpay-platform-test.key', import.meta.url)));
const PLATFORM_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const APIV3_KEY = 'a7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb'; // 32 bytes
const MCHID = '1230000109';
const APPID = 'wxd678efh567hg6787';
const NOW = new Date('2026-11-24T09:00:00Z');
const NOW_S = Math.floor(NOW.getTime() / 1000);

/** SHA256withRSA, base64, done with node:crypto directly (not the code under test). */
function rsaSign(message: string, key: KeyObject): string {
  return createSign('RSA-SHA256').update(message).sign(key, 'base64');
}

function rsaVerify(message: string, signature: string, key: KeyObject): boolean {
  return createVerify('RSA-SHA256').update(message).verify(key, signature, 'base64');
}

/** AEAD_AES_256_GCM as WeChat Pay encrypts a resource: base64(ciphertext || 16-byte tag). */
function encryptResource(plaintext: string, key: string, nonce: string, aad: string): string {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from(nonce)).setAAD(Buffer.from(aad));
  return Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
}

/** The decrypted transaction of WeChat Pay's payment-notification documentation (amounts in fen). */
function docTransaction(overrides: Record<string, unknown> = {}) {
  return {
    transaction_id: '1217752501201407033233368018',
    amount: { payer_total: 100, total: 100, currency: 'CNY', payer_currency: 'CNY' },
    mchid: MCHID,
    trade_state: 'SUCCESS',
    bank_type: 'CMC',
    success_time: '2018-06-08T10:34:56+08:00',
    payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    out_trade_no: '1217752501201407033233368018',
    appid: APPID,
    trade_state_desc: '支付成功',
    trade_type: 'NATIVE',
    ...overrides,
  };
}

function notificationBody(transaction: object, opts: { key?: string; aad?: string } = {}): string {
  const nonce = 'fdasflkja484w';
  const aad = opts.aad ?? 'transaction';
  return JSON.stringify({
    id: 'EV-2018022511223320873',
    create_time: '2015-05-20T13:29:35+08:00',
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: {
      original_type: 'transaction',
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: encryptResource(JSON.stringify(transaction), opts.key ?? APIV3_KEY, nonce, aad),
      associated_data: aad,
      nonce,
    },
  });
}

function signedHeaders(body: string, opts: { timestamp?: number; serial?: string; key?: KeyObject } = {}) {
  const timestamp = String(opts.timestamp ?? NOW_S);
  const nonce = randomBytes(16).toString('hex');
  return {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': rsaSign(`${timestamp}\n${nonce}\n${body}\n`, opts.key ?? platformKey),
    'wechatpay-serial': opts.serial ?? PLATFORM_SERIAL,
    'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
  };
}

interface Captured {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

/** A stand-in for api.mch.weixin.qq.com: records each request and answers it, signed like WeChat Pay. */
function fakeWechat(answer: (req: Captured) => { status: number; body?: unknown; signed?: boolean }) {
  const calls: Captured[] = [];
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    const req: Captured = {
      url,
      method: String(init.method),
      headers: init.headers as Record<string, string>,
      body: typeof init.body === 'string' ? init.body : '',
    };
    calls.push(req);
    const a = answer(req);
    const text = a.body === undefined ? '' : JSON.stringify(a.body);
    const headers = a.signed === false ? {} : signedHeaders(text);
    return new Response(a.status === 204 ? null : text, { status: a.status, headers: { 'content-type': 'application/json', ...headers } });
  };
  return { fetch, calls };
}

function provider(overrides: Partial<WechatPayV3Options> = {}) {
  return new WechatPayV3Provider({
    mchid: MCHID,
    appid: APPID,
    serialNo: '1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C',
    privateKey: merchant.privateKey,
    platformKeys: new Map([[platformCert.serialNumber, platformCert.publicKey]]),
    apiV3Key: APIV3_KEY,
    now: () => NOW,
    fetch: async () => {
      throw new Error('no network in tests');
    },
    ...overrides,
  });
}

/** Parses `WECHATPAY2-SHA256-RSA2048 k="v",…` and checks the signature against the merchant's public key. */
function checkAuthorization(req: Captured, expectedCanonicalUrl: string) {
  const auth = req.headers.Authorization ?? '';
  const m = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(auth);
  expect(m).not.toBeNull();
  const fields = Object.fromEntries([...m![1]!.matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
  expect(Object.keys(fields).sort()).toEqual(['mchid', 'nonce_str', 'serial_no', 'signature', 'timestamp']);
  expect(fields.mchid).toBe(MCHID);
  expect(fields.serial_no).toBe('1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C');
  expect(fields.timestamp).toBe(String(NOW_S));
  expect(fields.nonce_str).toMatch(/^[0-9A-Za-z]{32}$/);
  const message = `${req.method}\n${expectedCanonicalUrl}\n${fields.timestamp}\n${fields.nonce_str}\n${req.body}\n`;
  expect(rsaVerify(message, fields.signature!, merchant.publicKey)).toBe(true);
  // The same signature does not cover another body.
  expect(rsaVerify(message.replace(/\n$/, ' \n'), fields.signature!, merchant.publicKey)).toBe(false);
}

describe('WeChat Pay v3 request signing', () => {
  it('builds the signature string of the documentation example exactly', () => {
    expect(wechatpayRequestMessage('GET', '/v3/certificates', 1554208460, '593BEC0C930BF1AFEB40B4A08C8FB242')).toBe(
      'GET\n/v3/certificates\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n',
    );
    expect(wechatpayRequestMessage('POST', '/v3/pay/transactions/native', '1554208460', '593BEC0C930BF1AFEB40B4A08C8FB242', '{"a":1}')).toBe(
      'POST\n/v3/pay/transactions/native\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n{"a":1}\n',
    );
  });

  it('puts the documented fields in the Authorization header, signed over that string with the merchant key', () => {
    const header = wechatpayAuthorization({
      mchid: '1900009191',
      serialNo: '1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C',
      privateKey: merchant.privateKey,
      method: 'GET',
      canonicalUrl: '/v3/certificates',
      timestamp: 1554208460,
      nonce: '593BEC0C930BF1AFEB40B4A08C8FB242',
      body: '',
    });
    const m =
      /^WECHATPAY2-SHA256-RSA2048 mchid="1900009191",serial_no="1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C",timestamp="1554208460",nonce_str="593BEC0C930BF1AFEB40B4A08C8FB242",signature="([A-Za-z0-9+/]+=*)"$/.exec(
        header,
      );
    expect(m).not.toBeNull();
    const signature = m![1]!;
    // A 2048-bit key signs 256 bytes: 344 base64 characters, as long as the documentation's example.
    expect(signature).toHaveLength(344);
    expect(rsaVerify('GET\n/v3/certificates\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n', signature, merchant.publicKey)).toBe(true);
    expect(rsaVerify('GET\n/v3/certificates\n1554208461\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n', signature, merchant.publicKey)).toBe(false);
  });
});

describe('WeChat Pay v3 resource decryption (AEAD_AES_256_GCM)', () => {
  const plaintext = JSON.stringify(docTransaction());
  const ciphertext = encryptResource(plaintext, APIV3_KEY, 'fdasflkja484w', 'transaction');

  it('decrypts a resource encrypted the documented way with the APIv3 key', () => {
    expect(decryptWechatpayResource({ ciphertext, nonce: 'fdasflkja484w', associated_data: 'transaction' }, APIV3_KEY)).toBe(plaintext);
  });

  it('refuses an altered ciphertext, another key, another nonce or other associated data', () => {
    const bytes = Buffer.from(ciphertext, 'base64');
    bytes[10] = bytes[10]! ^ 0x01;
    const altered = bytes.toString('base64');
    expect(() => decryptWechatpayResource({ ciphertext: altered, nonce: 'fdasflkja484w', associated_data: 'transaction' }, APIV3_KEY)).toThrow();
    expect(() =>
      decryptWechatpayResource({ ciphertext, nonce: 'fdasflkja484w', associated_data: 'transaction' }, 'b7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb'),
    ).toThrow();
    expect(() => decryptWechatpayResource({ ciphertext, nonce: 'fdasflkja485w', associated_data: 'transaction' }, APIV3_KEY)).toThrow();
    expect(() => decryptWechatpayResource({ ciphertext, nonce: 'fdasflkja484w', associated_data: 'certificate' }, APIV3_KEY)).toThrow();
  });
});

describe('WeChat Pay v3 notifications', () => {
  it('accepts a signed, fresh notification and reports the decrypted payment', async () => {
    const body = notificationBody(docTransaction());
    const result = await provider().verifyNotification({ headers: signedHeaders(body), rawBody: body });
    expect(result).toEqual({
      ok: true,
      payment: {
        orderNo: '1217752501201407033233368018',
        providerTxnId: '1217752501201407033233368018',
        amountFen: 100,
        state: 'success',
        paidAt: new Date('2018-06-08T02:34:56Z'),
      },
    });
  });

  it('reads the headers whatever their case, and a repeated header by its first value', async () => {
    const body = notificationBody(docTransaction());
    const h = signedHeaders(body);
    const headers = {
      'Wechatpay-Timestamp': h['wechatpay-timestamp'],
      'WECHATPAY-NONCE': [h['wechatpay-nonce']],
      'Wechatpay-Signature': h['wechatpay-signature'],
      'Wechatpay-Serial': h['wechatpay-serial'].toLowerCase(),
    };
    expect((await provider().verifyNotification({ headers, rawBody: body })).ok).toBe(true);
  });

  it('refuses a body changed after signing (another amount, re-encrypted with the right key)', async () => {
    const body = notificationBody(docTransaction());
    const headers = signedHeaders(body);
    const forged = notificationBody(docTransaction({ amount: { total: 1, payer_total: 1, currency: 'CNY', payer_currency: 'CNY' } }));
    expect(await provider().verifyNotification({ headers, rawBody: forged })).toEqual({ ok: false, reason: 'signature' });
    // A single extra byte is enough.
    expect(await provider().verifyNotification({ headers, rawBody: `${body} ` })).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses a bad, missing or foreign signature', async () => {
    const body = notificationBody(docTransaction());
    const headers = signedHeaders(body);
    const sig = Buffer.from(headers['wechatpay-signature'], 'base64');
    sig[0] = sig[0]! ^ 0x80;
    const p = provider();
    expect(await p.verifyNotification({ headers: { ...headers, 'wechatpay-signature': sig.toString('base64') }, rawBody: body })).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(await p.verifyNotification({ headers: { ...headers, 'wechatpay-signature': 'not base64 at all' }, rawBody: body })).toEqual({
      ok: false,
      reason: 'signature',
    });
    const { 'wechatpay-signature': _dropped, ...unsigned } = headers;
    expect(await p.verifyNotification({ headers: unsigned, rawBody: body })).toEqual({ ok: false, reason: 'signature' });
    // Signed by someone else's key, or naming a key we do not have.
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    expect(await p.verifyNotification({ headers: signedHeaders(body, { key: stranger }), rawBody: body })).toEqual({ ok: false, reason: 'signature' });
    expect(await p.verifyNotification({ headers: signedHeaders(body, { serial: '0000000000000000000000000000000000000000' }), rawBody: body })).toEqual({
      ok: false,
      reason: 'signature',
    });
  });

  it('refuses a genuine notification whose timestamp is more than five minutes away (a replay)', async () => {
    const body = notificationBody(docTransaction());
    const p = provider();
    expect(await p.verifyNotification({ headers: signedHeaders(body, { timestamp: NOW_S - 301 }), rawBody: body })).toEqual({ ok: false, reason: 'stale' });
    expect(await p.verifyNotification({ headers: signedHeaders(body, { timestamp: NOW_S + 301 }), rawBody: body })).toEqual({ ok: false, reason: 'stale' });
    expect((await p.verifyNotification({ headers: signedHeaders(body, { timestamp: NOW_S - 299 }), rawBody: body })).ok).toBe(true);
    // The timestamp is inside the signature: moving it breaks the signature, it does not freshen it.
    const headers = signedHeaders(body, { timestamp: NOW_S - 600 });
    expect(await p.verifyNotification({ headers: { ...headers, 'wechatpay-timestamp': String(NOW_S) }, rawBody: body })).toEqual({
      ok: false,
      reason: 'signature',
    });
  });

  it('refuses a resource encrypted with another APIv3 key or meant for another merchant', async () => {
    const p = provider();
    const otherKey = notificationBody(docTransaction(), { key: 'b7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb' });
    expect(await p.verifyNotification({ headers: signedHeaders(otherKey), rawBody: otherKey })).toEqual({ ok: false, reason: 'signature' });
    const otherMerchant = notificationBody(docTransaction({ mchid: '1900000001' }));
    expect(await p.verifyNotification({ headers: signedHeaders(otherMerchant), rawBody: otherMerchant })).toEqual({ ok: false, reason: 'signature' });
  });

  it('calls a signed body it cannot read malformed', async () => {
    const p = provider();
    const notJson = 'hello';
    expect(await p.verifyNotification({ headers: signedHeaders(notJson), rawBody: notJson })).toEqual({ ok: false, reason: 'malformed' });
    const refund = JSON.stringify({ resource: { original_type: 'refund', algorithm: 'AEAD_AES_256_GCM', ciphertext: 'x', nonce: 'y' } });
    expect(await p.verifyNotification({ headers: signedHeaders(refund), rawBody: refund })).toEqual({ ok: false, reason: 'malformed' });
    const noAmount = notificationBody(docTransaction({ amount: {} }));
    expect(await p.verifyNotification({ headers: signedHeaders(noAmount), rawBody: noAmount })).toEqual({ ok: false, reason: 'malformed' });
  });

  it('verifies with a WeChat Pay public key named by its id, and sends that id on requests', async () => {
    const pub = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const p = provider({
      platformKeys: new Map([['PUB_KEY_ID_0112340000000000000000000000', pub.publicKey]]),
      platformPublicKeyId: 'PUB_KEY_ID_0112340000000000000000000000',
    });
    const body = notificationBody(docTransaction());
    const headers = signedHeaders(body, { key: pub.privateKey, serial: 'PUB_KEY_ID_0112340000000000000000000000' });
    expect((await p.verifyNotification({ headers, rawBody: body })).ok).toBe(true);
    // The certificate's key is not trusted in this configuration.
    expect(await p.verifyNotification({ headers: signedHeaders(body), rawBody: body })).toEqual({ ok: false, reason: 'signature' });

    const calls: Captured[] = [];
    const withFetch = new WechatPayV3Provider({
      ...{ mchid: MCHID, appid: APPID, serialNo: 'AB12', privateKey: merchant.privateKey, apiV3Key: APIV3_KEY, now: () => NOW },
      platformKeys: new Map([['PUB_KEY_ID_0112340000000000000000000000', pub.publicKey]]),
      platformPublicKeyId: 'PUB_KEY_ID_0112340000000000000000000000',
      fetch: async (url, init) => {
        calls.push({ url, method: String(init.method), headers: init.headers as Record<string, string>, body: String(init.body) });
        return new Response(null, { status: 204 });
      },
    });
    await withFetch.closeOrder('M1');
    expect(calls[0]!.headers['Wechatpay-Serial']).toBe('PUB_KEY_ID_0112340000000000000000000000');
  });

  it('acknowledges with 204 and no body, or a 4xx (refused) or 5xx (our fault) with {code:"FAIL"}', () => {
    const p = provider();
    expect(p.acknowledge('accepted')).toMatchObject({ status: 204, body: '' });
    expect(p.acknowledge('failed').status).toBe(500);
    const refused = p.acknowledge('refused');
    expect(refused.status).toBe(400);
    expect(refused.contentType).toContain('application/json');
    expect(JSON.parse(refused.body)).toEqual({ code: 'FAIL', message: expect.any(String) });
  });
});

describe('WeChat Pay v3 API calls', () => {
  it('creates a Native order: signed POST with the documented body, code_url back', async () => {
    const wx = fakeWechat(() => ({ status: 200, body: { code_url: 'weixin://wxpay/bizpayurl/up?pr=NwY5Mz9&groupid=00' } }));
    const order = await provider({ fetch: wx.fetch }).createNativeOrder({
      orderNo: 'MP20261124000001',
      amountFen: 9900,
      description: 'Course: cardiology basics',
      expiresAt: new Date('2026-11-24T09:30:00Z'),
      notifyUrl: 'https://www.medportal.cn/v1/pay/notify/wechat',
    });
    expect(order).toEqual({ codeUrl: 'weixin://wxpay/bizpayurl/up?pr=NwY5Mz9&groupid=00' });
    const [req] = wx.calls;
    expect(req!.method).toBe('POST');
    expect(req!.url).toBe('https://api.mch.weixin.qq.com/v3/pay/transactions/native');
    expect(req!.headers['Content-Type']).toBe('application/json');
    expect(req!.headers.Accept).toBe('application/json');
    expect(JSON.parse(req!.body)).toEqual({
      appid: APPID,
      mchid: MCHID,
      description: 'Course: cardiology basics',
      out_trade_no: 'MP20261124000001',
      time_expire: '2026-11-24T17:30:00+08:00',
      notify_url: 'https://www.medportal.cn/v1/pay/notify/wechat',
      amount: { total: 9900, currency: 'CNY' },
    });
    checkAuthorization(req!, '/v3/pay/transactions/native');
  });

  it('cuts a long description to the 127 bytes WeChat Pay takes, without splitting a character', async () => {
    const wx = fakeWechat(() => ({ status: 200, body: { code_url: 'weixin://wxpay/bizpayurl/up?pr=x' } }));
    await provider({ fetch: wx.fetch }).createNativeOrder({
      orderNo: 'MP2',
      amountFen: 1,
      description: '心内科基础课程'.repeat(10),
      expiresAt: NOW,
      notifyUrl: 'https://www.medportal.cn/v1/pay/notify/wechat',
    });
    const description = JSON.parse(wx.calls[0]!.body).description as string;
    expect(Buffer.byteLength(description)).toBe(126); // 42 characters of 3 bytes
    expect('心内科基础课程'.repeat(10).startsWith(description)).toBe(true);
  });

  it('refuses an answer that is not signed by WeChat Pay, and reports WeChat Pay errors by code', async () => {
    const request = {
      orderNo: 'MP1',
      amountFen: 1,
      description: 'x',
      expiresAt: NOW,
      notifyUrl: 'https://www.medportal.cn/v1/pay/notify/wechat',
    };
    const unsigned = fakeWechat(() => ({ status: 200, body: { code_url: 'weixin://wxpay/bizpayurl/up?pr=evil' }, signed: false }));
    await expect(provider({ fetch: unsigned.fetch }).createNativeOrder(request)).rejects.toMatchObject({ code: 'RESPONSE_SIGNATURE' });
    const refused = fakeWechat(() => ({ status: 400, body: { code: 'PARAM_ERROR', message: '参数错误' } }));
    const err = await provider({ fetch: refused.fetch }).createNativeOrder(request).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect(err).toMatchObject({ channel: 'wechat', code: 'PARAM_ERROR', httpStatus: 400 });
    const down = provider({
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(down.createNativeOrder(request)).rejects.toMatchObject({ code: 'NETWORK' });
    await expect(provider().createNativeOrder({ ...request, amountFen: 0 })).rejects.toThrow(RangeError);
  });

  it('queries by out_trade_no with mchid in the signed URL and maps the trade states', async () => {
    let state = 'SUCCESS';
    const wx = fakeWechat(() => ({ status: 200, body: docTransaction({ out_trade_no: 'MP 1/2', trade_state: state }) }));
    const p = provider({ fetch: wx.fetch });
    expect(await p.queryOrder('MP 1/2')).toEqual({
      orderNo: 'MP 1/2',
      providerTxnId: '1217752501201407033233368018',
      amountFen: 100,
      state: 'success',
      paidAt: new Date('2018-06-08T02:34:56Z'),
    });
    const [req] = wx.calls;
    expect(req!.method).toBe('GET');
    expect(req!.url).toBe(`https://api.mch.weixin.qq.com/v3/pay/transactions/out-trade-no/MP%201%2F2?mchid=${MCHID}`);
    expect(req!.body).toBe('');
    expect(req!.headers['Content-Type']).toBeUndefined();
    checkAuthorization(req!, `/v3/pay/transactions/out-trade-no/MP%201%2F2?mchid=${MCHID}`);

    const states: Array<[string, string]> = [
      ['NOTPAY', 'pending'],
      ['USERPAYING', 'pending'],
      ['CLOSED', 'closed'],
      ['REVOKED', 'closed'],
      ['PAYERROR', 'failed'],
      ['REFUND', 'refunded'],
    ];
    for (const [wechatState, ours] of states) {
      state = wechatState;
      expect((await p.queryOrder('MP 1/2'))?.state).toBe(ours);
    }
  });

  it('answers null for an order WeChat Pay does not know', async () => {
    const wx = fakeWechat(() => ({ status: 404, body: { code: 'ORDER_NOT_EXIST', message: '订单不存在' } }));
    expect(await provider({ fetch: wx.fetch }).queryOrder('MP404')).toBeNull();
  });

  it('closes with a signed POST {mchid}; a refusal keeps its code', async () => {
    const wx = fakeWechat(() => ({ status: 204 }));
    await provider({ fetch: wx.fetch }).closeOrder('MP20261124000001');
    const [req] = wx.calls;
    expect(req!.method).toBe('POST');
    expect(req!.url).toBe('https://api.mch.weixin.qq.com/v3/pay/transactions/out-trade-no/MP20261124000001/close');
    expect(JSON.parse(req!.body)).toEqual({ mchid: MCHID });
    checkAuthorization(req!, '/v3/pay/transactions/out-trade-no/MP20261124000001/close');

    const paid = fakeWechat(() => ({ status: 400, body: { code: 'ORDERPAID', message: '订单已支付' } }));
    await expect(provider({ fetch: paid.fetch }).closeOrder('MP1')).rejects.toMatchObject({ code: 'ORDERPAID' });
  });

  it('refunds through /v3/refund/domestic/refunds and maps the refund status', async () => {
    let status = 'PROCESSING';
    const wx = fakeWechat((req) => ({
      status: 200,
      body: { refund_id: '50000000382019052709732678859', out_refund_no: JSON.parse(req.body).out_refund_no, status },
    }));
    const p = provider({ fetch: wx.fetch });
    const request = { orderNo: 'MP1', refundNo: 'RF1', amountFen: 3000, totalFen: 9900, reason: 'operator refund' };
    expect(await p.refund(request)).toEqual({ refundNo: 'RF1', providerRefundId: '50000000382019052709732678859', state: 'processing' });
    const [req] = wx.calls;
    expect(req!.method).toBe('POST');
    expect(req!.url).toBe('https://api.mch.weixin.qq.com/v3/refund/domestic/refunds');
    expect(JSON.parse(req!.body)).toEqual({
      out_trade_no: 'MP1',
      out_refund_no: 'RF1',
      reason: 'operator refund',
      amount: { refund: 3000, total: 9900, currency: 'CNY' },
    });
    checkAuthorization(req!, '/v3/refund/domestic/refunds');
    status = 'SUCCESS';
    expect((await p.refund(request)).state).toBe('success');
    status = 'ABNORMAL';
    expect((await p.refund(request)).state).toBe('failed');

    await expect(p.refund({ ...request, amountFen: 9901 })).rejects.toThrow(RangeError);
    const poor = fakeWechat(() => ({ status: 403, body: { code: 'NOT_ENOUGH', message: '基本账户余额不足' } }));
    await expect(provider({ fetch: poor.fetch }).refund(request)).rejects.toMatchObject({ code: 'NOT_ENOUGH', httpStatus: 403 });
  });
});
