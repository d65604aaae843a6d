import { createSign, createVerify, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AlipayProvider, alipaySignContent, type AlipayOptions } from './alipay.ts';
import { PaymentProviderError } from './provider-support.ts';

// Ours (the application key pair) and Alipay's; the provider only ever holds Alipay's public half.
const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = (k: KeyObject, type: 'pkcs8' | 'spki') => k.export({ type, format: 'pem' }).toString();
const APP_ID = '2015102700040153';
const NOW = new Date('2026-11-24T09:00:00Z'); // 17:00:00 in China

const rsaSign = (content: string, key: KeyObject) => createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');
const rsaVerify = (content: string, sign: string, key: KeyObject) => createVerify('RSA-SHA256').update(content, 'utf8').verify(key, sign, 'base64');

function provider(overrides: Partial<AlipayOptions> = {}) {
  return new AlipayProvider({
    appId: APP_ID,
    privateKeyPem: pem(app.privateKey, 'pkcs8'),
    alipayPublicKeyPem: pem(alipay.publicKey, 'spki'),
    now: () => NOW,
    fetch: async () => {
      throw new Error('no network in tests');
    },
    ...overrides,
  });
}

interface Captured {
  url: URL;
  method: string;
  headers: Record<string, string>;
  params: Record<string, string>;
  biz: Record<string, unknown>;
}

/** A stand-in for the gateway: answers `{"<method>_response": {...}, "sign": "..."}` signed with Alipay's key. */
function fakeGateway(answer: (req: Captured) => { body: Record<string, unknown>; signed?: boolean; error?: boolean }) {
  const calls: Captured[] = [];
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    const u = new URL(url);
    const params = { ...Object.fromEntries(u.searchParams), ...Object.fromEntries(new URLSearchParams(String(init.body))) };
    const req: Captured = {
      url: u,
      method: String(init.method),
      headers: init.headers as Record<string, string>,
      params,
      biz: JSON.parse(params.biz_content ?? '{}') as Record<string, unknown>,
    };
    calls.push(req);
    const a = answer(req);
    const key = a.error ? 'error_response' : `${params.method!.replaceAll('.', '_')}_response`;
    const inner = JSON.stringify(a.body);
    const text = a.signed === false ? `{"${key}":${inner}}` : `{"${key}":${inner},"sign":"${rsaSign(inner, alipay.privateKey)}"}`;
    return new Response(text, { status: 200, headers: { 'content-type': 'text/html;charset=utf-8' } });
  };
  return { fetch, calls };
}

/** Checks a request's signature as Alipay does: RSA2 over the sorted parameters without `sign`. */
function checkRequestSignature(req: Captured) {
  expect(req.params.sign_type).toBe('RSA2');
  expect(rsaVerify(alipaySignContent(req.params), req.params.sign!, app.publicKey)).toBe(true);
  expect(rsaVerify(alipaySignContent({ ...req.params, biz_content: `${req.params.biz_content} ` }), req.params.sign!, app.publicKey)).toBe(false);
}

/** The asynchronous notification of Alipay's documentation (alipay.trade.* trade_status_sync). */
function docNotification(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    gmt_create: '2015-06-11 22:33:46',
    charset: 'utf-8',
    seller_email: 'zhuzhanghu@alitest.com',
    subject: '测试',
    buyer_id: '2088102122485786',
    invoice_amount: '0.10',
    notify_id: '4a91b7a78a503640467525113fb7d8bg8e',
    fund_bill_list: '[{"amount":"0.10","fundChannel":"ALIPAYACCOUNT"}]',
    notify_type: 'trade_status_sync',
    trade_status: 'TRADE_SUCCESS',
    receipt_amount: '0.10',
    app_id: APP_ID,
    buyer_pay_amount: '0.10',
    sign_type: 'RSA2',
    seller_id: '2088102119685838',
    gmt_payment: '2015-06-11 22:33:59',
    notify_time: '2015-06-12 15:49:53',
    version: '1.0',
    out_trade_no: '20150611223315',
    total_amount: '0.10',
    trade_no: '2015061121001004780200149566',
    auth_app_id: APP_ID,
    buyer_logon_id: 'hao***@alipay.com',
    point_amount: '0.00',
    ...overrides,
  };
}

/** Signs as Alipay signs a notification: sorted parameters without sign and sign_type, then form-encoded. */
function signedNotification(params: Record<string, string>, key: KeyObject = alipay.privateKey): string {
  const sign = rsaSign(alipaySignContent(params, ['sign', 'sign_type']), key);
  return new URLSearchParams({ ...params, sign }).toString();
}

describe('Alipay signing', () => {
  // The request of Alipay's "sign content" documentation and the string it says is signed.
  const DOC_BIZ = {
    button: [
      { actionParam: 'ZFB_HFCZ', actionType: 'out', name: '话费充值' },
      {
        name: '查询',
        subButton: [
          { actionParam: 'ZFB_YECX', actionType: 'out', name: '余额查询' },
          { actionParam: 'ZFB_LLCX', actionType: 'out', name: '流量查询' },
          { actionParam: 'ZFB_HFCX', actionType: 'out', name: '话费查询' },
        ],
      },
      { actionParam: 'http://m.alipay.com', actionType: 'link', name: '最新优惠' },
    ],
  };
  const DOC_CONTENT =
    'app_id=2014072300007148&biz_content={"button":[{"actionParam":"ZFB_HFCZ","actionType":"out","name":"话费充值"},{"name":"查询","subButton":[{"actionParam":"ZFB_YECX","actionType":"out","name":"余额查询"},{"actionParam":"ZFB_LLCX","actionType":"out","name":"流量查询"},{"actionParam":"ZFB_HFCX","actionType":"out","name":"话费查询"}]},{"actionParam":"http://m.alipay.com","actionType":"link","name":"最新优惠"}]}&charset=GBK&method=alipay.mobile.public.menu.add&sign_type=RSA2&timestamp=2014-07-24 03:07:50&version=1.0';

  it('builds the documented sign content from the documented parameters', () => {
    const params = {
      app_id: '2014072300007148',
      method: 'alipay.mobile.public.menu.add',
      charset: 'GBK',
      sign_type: 'RSA2',
      timestamp: '2014-07-24 03:07:50',
      biz_content: JSON.stringify(DOC_BIZ),
      version: '1.0',
      sign: 'e9zEAe4TTQ4LPLQvETPoLGXTiURcxiAKfMVQ6Hrrsx2hmyIEGvSfAQzbLxHrhyZ48wOJXTsa4wKqhypMH',
    };
    expect(alipaySignContent(params)).toBe(DOC_CONTENT);
  });

  it('has the SDK sign exactly that content, with China time as the timestamp', () => {
    const p = provider({ appId: '2014072300007148', now: () => new Date('2014-07-23T19:07:50Z') });
    const params = p.signedParams('alipay.mobile.public.menu.add', DOC_BIZ, { charset: 'GBK' });
    expect(Object.keys(params).sort()).toEqual(['app_id', 'biz_content', 'charset', 'method', 'sign', 'sign_type', 'timestamp', 'version']);
    expect(params.timestamp).toBe('2014-07-24 03:07:50');
    expect(rsaVerify(DOC_CONTENT, params.sign!, app.publicKey)).toBe(true);
    expect(rsaVerify(DOC_CONTENT.replace('03:07:50', '03:07:51'), params.sign!, app.publicKey)).toBe(false);
  });
});

describe('Alipay notifications', () => {
  it('leaves sign and sign_type out of the notification sign content and sorts the rest', () => {
    const content = alipaySignContent({ ...docNotification(), sign: 'x' }, ['sign', 'sign_type']);
    expect(content).toBe(
      'app_id=2015102700040153&auth_app_id=2015102700040153&buyer_id=2088102122485786&buyer_logon_id=hao***@alipay.com' +
        '&buyer_pay_amount=0.10&charset=utf-8&fund_bill_list=[{"amount":"0.10","fundChannel":"ALIPAYACCOUNT"}]' +
        '&gmt_create=2015-06-11 22:33:46&gmt_payment=2015-06-11 22:33:59&invoice_amount=0.10' +
        '&notify_id=4a91b7a78a503640467525113fb7d8bg8e&notify_time=2015-06-12 15:49:53&notify_type=trade_status_sync' +
        '&out_trade_no=20150611223315&point_amount=0.00&receipt_amount=0.10&seller_email=zhuzhanghu@alitest.com' +
        '&seller_id=2088102119685838&subject=测试&total_amount=0.10&trade_no=2015061121001004780200149566' +
        '&trade_status=TRADE_SUCCESS&version=1.0',
    );
  });

  it('accepts a notification signed by Alipay and reports the payment in fen', async () => {
    const rawBody = signedNotification(docNotification());
    const result = await provider().verifyNotification({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, rawBody });
    expect(result).toEqual({
      ok: true,
      payment: {
        orderNo: '20150611223315',
        providerTxnId: '2015061121001004780200149566',
        amountFen: 10,
        state: 'success',
        paidAt: new Date('2015-06-11T14:33:59Z'),
      },
    });
  });

  it('refuses a changed amount, a changed or missing signature, another key and another application', async () => {
    const p = provider();
    const rawBody = signedNotification(docNotification());
    const amount = rawBody.replace('total_amount=0.10', 'total_amount=1000.00');
    expect(amount).not.toBe(rawBody);
    expect(await p.verifyNotification({ headers: {}, rawBody: amount })).toEqual({ ok: false, reason: 'signature' });
    const status = rawBody.replace('trade_status=TRADE_SUCCESS', 'trade_status=TRADE_FINISHED');
    expect(await p.verifyNotification({ headers: {}, rawBody: status })).toEqual({ ok: false, reason: 'signature' });

    const params = Object.fromEntries(new URLSearchParams(rawBody));
    const sig = Buffer.from(params.sign!, 'base64');
    sig[5] = sig[5]! ^ 0x01;
    const badSign = new URLSearchParams({ ...params, sign: sig.toString('base64') }).toString();
    expect(await p.verifyNotification({ headers: {}, rawBody: badSign })).toEqual({ ok: false, reason: 'signature' });
    const { sign: _sign, ...unsigned } = params;
    expect(await p.verifyNotification({ headers: {}, rawBody: new URLSearchParams(unsigned).toString() })).toEqual({ ok: false, reason: 'signature' });

    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    expect(await p.verifyNotification({ headers: {}, rawBody: signedNotification(docNotification(), stranger) })).toEqual({
      ok: false,
      reason: 'signature',
    });
    // Signed by Alipay, but for another application of the same merchant.
    const other = signedNotification(docNotification({ app_id: '2021000000000001' }));
    expect(await p.verifyNotification({ headers: {}, rawBody: other })).toEqual({ ok: false, reason: 'signature' });
  });

  it('leaves empty parameters out of the signed content, as Alipay does', async () => {
    const rawBody = signedNotification(docNotification({ passback_params: '', body: '' }));
    expect(rawBody).toContain('passback_params=&');
    expect((await provider().verifyNotification({ headers: {}, rawBody })).ok).toBe(true);
  });

  it('maps trade_status: TRADE_SUCCESS/TRADE_FINISHED paid, TRADE_CLOSED closed (refunded with refund_fee)', async () => {
    const p = provider();
    const state = async (extra: Record<string, string>) => {
      const r = await p.verifyNotification({ headers: {}, rawBody: signedNotification(docNotification(extra)) });
      return r.ok ? r.payment.state : r.reason;
    };
    expect(await state({ trade_status: 'TRADE_FINISHED' })).toBe('success');
    expect(await state({ trade_status: 'TRADE_CLOSED' })).toBe('closed');
    expect(await state({ trade_status: 'TRADE_CLOSED', refund_fee: '0.10', gmt_refund: '2015-06-12 10:00:00.123' })).toBe('refunded');
    expect(await state({ trade_status: 'WAIT_BUYER_PAY' })).toBe('pending');
    expect(await state({ trade_status: 'SOMETHING_NEW' })).toBe('malformed');
    expect(await state({ total_amount: '0.105' })).toBe('malformed');
  });

  it('acknowledges with the text "success", or "fail" so Alipay sends it again', () => {
    expect(provider().acknowledge('accepted')).toMatchObject({ status: 200, body: 'success' });
    expect(provider().acknowledge('refused')).toMatchObject({ status: 400, body: 'fail' });
    expect(provider().acknowledge('failed')).toMatchObject({ status: 500, body: 'fail' });
  });
});

describe('Alipay API calls', () => {
  it('precreates a QR order: signed common parameters in the URL, biz_content in the form body', async () => {
    const gw = fakeGateway((req) => ({
      body: { code: '10000', msg: 'Success', out_trade_no: req.biz.out_trade_no, qr_code: 'https://qr.alipay.com/bax03431ljhokirwl38f00a7' },
    }));
    const order = await provider({ fetch: gw.fetch }).createNativeOrder({
      orderNo: 'MP20261124000001',
      amountFen: 9900,
      description: '课程：心内科基础',
      expiresAt: new Date('2026-11-24T09:30:00Z'),
      notifyUrl: 'https://www.medportal.cn/v1/pay/notify/alipay',
    });
    expect(order).toEqual({ codeUrl: 'https://qr.alipay.com/bax03431ljhokirwl38f00a7' });
    const [req] = gw.calls;
    expect(req!.method).toBe('POST');
    expect(`${req!.url.origin}${req!.url.pathname}`).toBe('https://openapi.alipay.com/gateway.do');
    expect(req!.headers['Content-Type']).toBe('application/x-www-form-urlencoded;charset=utf-8');
    const q = Object.fromEntries(req!.url.searchParams);
    expect(q).toMatchObject({
      app_id: APP_ID,
      method: 'alipay.trade.precreate',
      charset: 'utf-8',
      sign_type: 'RSA2',
      version: '1.0',
      timestamp: '2026-11-24 17:00:00',
      notify_url: 'https://www.medportal.cn/v1/pay/notify/alipay',
    });
    expect(q.sign).toBeTruthy();
    expect(req!.url.searchParams.has('biz_content')).toBe(false);
    expect(req!.biz).toEqual({
      out_trade_no: 'MP20261124000001',
      total_amount: '99.00',
      subject: '课程：心内科基础',
      time_expire: '2026-11-24 17:30:00',
    });
    checkRequestSignature(req!);
  });

  it('refuses a successful answer Alipay did not sign, and reports gateway errors by sub_code', async () => {
    const request = { orderNo: 'MP1', amountFen: 1, description: 'x', expiresAt: NOW, notifyUrl: 'https://www.medportal.cn/n' };
    const forged = fakeGateway(() => ({ body: { code: '10000', msg: 'Success', qr_code: 'https://evil.example/qr' }, signed: false }));
    await expect(provider({ fetch: forged.fetch }).createNativeOrder(request)).rejects.toMatchObject({ code: 'RESPONSE_SIGNATURE' });
    const tampered = async (url: string, init: RequestInit) => {
      const res = await fakeGateway(() => ({ body: { code: '10000', msg: 'Success', qr_code: 'https://qr.alipay.com/ok' } })).fetch(url, init);
      return new Response((await res.text()).replace('qr.alipay.com/ok', 'qr.alipay.com/no'), { status: 200 });
    };
    await expect(provider({ fetch: tampered }).createNativeOrder(request)).rejects.toMatchObject({ code: 'RESPONSE_SIGNATURE' });

    const refused = fakeGateway(() => ({ body: { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TOTAL_FEE_EXCEED', sub_msg: '订单金额超过限额' } }));
    const err = await provider({ fetch: refused.fetch }).createNativeOrder(request).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect(err).toMatchObject({ channel: 'alipay', code: 'ACQ.TOTAL_FEE_EXCEED' });
    const invalidApp = fakeGateway(() => ({ body: { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-app-id' }, error: true, signed: false }));
    await expect(provider({ fetch: invalidApp.fetch }).createNativeOrder(request)).rejects.toMatchObject({ code: 'isv.invalid-app-id' });
  });

  it('queries alipay.trade.query and maps status, amount and payment time', async () => {
    let answer: Record<string, unknown> = {
      code: '10000',
      msg: 'Success',
      trade_no: '2013112011001004330000121536',
      out_trade_no: 'MP1',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '88.88',
      send_pay_date: '2014-11-27 15:45:57',
    };
    const gw = fakeGateway(() => ({ body: answer }));
    const p = provider({ fetch: gw.fetch });
    expect(await p.queryOrder('MP1')).toEqual({
      orderNo: 'MP1',
      providerTxnId: '2013112011001004330000121536',
      amountFen: 8888,
      state: 'success',
      paidAt: new Date('2014-11-27T07:45:57Z'),
    });
    expect(gw.calls[0]!.params.method).toBe('alipay.trade.query');
    expect(gw.calls[0]!.biz).toEqual({ out_trade_no: 'MP1' });
    checkRequestSignature(gw.calls[0]!);

    answer = { ...answer, trade_status: 'WAIT_BUYER_PAY' };
    expect(await p.queryOrder('MP1')).toMatchObject({ state: 'pending', paidAt: null });
    answer = { ...answer, trade_status: 'TRADE_CLOSED' };
    expect(await p.queryOrder('MP1')).toMatchObject({ state: 'closed' });
    answer = { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' };
    expect(await p.queryOrder('MP1')).toBeNull();
  });

  it('closes with alipay.trade.close; a trade nobody scanned is already as good as closed', async () => {
    let answer: Record<string, unknown> = { code: '10000', msg: 'Success', out_trade_no: 'MP1' };
    const gw = fakeGateway(() => ({ body: answer }));
    const p = provider({ fetch: gw.fetch });
    await p.closeOrder('MP1');
    expect(gw.calls[0]!.params.method).toBe('alipay.trade.close');
    expect(gw.calls[0]!.biz).toEqual({ out_trade_no: 'MP1' });
    answer = { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST' };
    await p.closeOrder('MP1');
    answer = { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.SYSTEM_ERROR' };
    await expect(p.closeOrder('MP1')).rejects.toMatchObject({ code: 'ACQ.SYSTEM_ERROR' });
  });

  it('refunds with alipay.trade.refund (yuan, out_request_no) and confirms an unchanged fund by refund query', async () => {
    const gw = fakeGateway((req) =>
      req.params.method === 'alipay.trade.refund'
        ? { body: { code: '10000', msg: 'Success', trade_no: '2014112611001004680073956707', out_trade_no: 'MP1', refund_fee: '30.00', fund_change: 'N' } }
        : { body: { code: '10000', msg: 'Success', out_trade_no: 'MP1', out_request_no: 'RF1', refund_status: 'REFUND_SUCCESS' } },
    );
    const request = { orderNo: 'MP1', refundNo: 'RF1', amountFen: 3000, totalFen: 9900, reason: '运营退款' };
    expect(await provider({ fetch: gw.fetch }).refund(request)).toEqual({
      refundNo: 'RF1',
      providerRefundId: '2014112611001004680073956707',
      state: 'success',
    });
    expect(gw.calls.map((c) => c.params.method)).toEqual(['alipay.trade.refund', 'alipay.trade.fastpay.refund.query']);
    expect(gw.calls[0]!.biz).toEqual({ out_trade_no: 'MP1', refund_amount: '30.00', out_request_no: 'RF1', refund_reason: '运营退款' });
    expect(gw.calls[1]!.biz).toEqual({ out_trade_no: 'MP1', out_request_no: 'RF1' });
    checkRequestSignature(gw.calls[0]!);

    const moved = fakeGateway(() => ({ body: { code: '10000', msg: 'Success', trade_no: 'T1', fund_change: 'Y' } }));
    expect((await provider({ fetch: moved.fetch }).refund(request)).state).toBe('success');
    expect(moved.calls).toHaveLength(1);
    await expect(provider().refund({ ...request, amountFen: 9901 })).rejects.toThrow(RangeError);
  });
});
