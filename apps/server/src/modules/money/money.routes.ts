import { type ApiLanguage, ErrorCode, IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, payNotifyPath, type QrChannel } from '@medportal/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PaymentSettings } from '../../config.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { createPaymentProviders } from '../../lib/payments/providers.ts';
import type { SandboxProvider } from '../../lib/payments/sandbox.ts';
import { currentUser } from '../../plugins/auth.ts';
import { pageOf } from '../shared/paginate.ts';
import { presentOrder } from './money.present.ts';
import { MoneyService, type OrderPoints, type Paying } from './money.service.ts';
import { ensureRechargeOptions } from './wallet.service.ts';
import { sandboxPayPage } from './sandbox-page.ts';
import { courseForSale } from './checkout.ts';
import { scheduleJob } from '../../plugins/jobs.ts';

export interface MoneyRoutesOptions {
  now: () => Date;
  payments: PaymentSettings;
  /** Registers the sandbox pay page and the dev payer (never in production). */
  devTools: boolean;
  /** Points paying part of an order (the rewards module's ledger). */
  points: OrderPoints;
}

declare module 'fastify' {
  interface FastifyInstance {
    money: { service: MoneyService; sandboxes: SandboxProvider[]; sweep(): Promise<void> };
  }
}

const PAY_EXPLAIN: Record<ApiLanguage, { title: string; paragraphs: string[] }> = {
  zh_CN: {
    title: '支付说明',
    paragraphs: [
      '账户余额以人民币计，可用于购买平台课程；余额不可转让，充值后可申请提现到本人银行卡。',
      '使用余额支付需要输入 6 位支付密码；连续输错 5 次将锁定 15 分钟。',
      '微信或支付宝扫码支付的订单在 15 分钟内有效，超时未付将自动关闭，占用的优惠券随之退回。',
      '每张优惠券只能使用一次，需满足最低消费和适用范围；一笔订单只能使用一张优惠券。',
      '课程一经购买即可观看全部章节。如需退款请联系客服，退款将原路退回（余额支付退回余额，扫码支付退回原支付账户），同时收回课程权限。',
    ],
  },
  en: {
    title: 'About payments',
    paragraphs: [
      'The balance is held in CNY and pays for courses on the platform. It cannot be transferred; you may withdraw it to your own bank card.',
      'Paying from the balance needs your 6-digit payment password; 5 wrong tries in a row lock it for 15 minutes.',
      'WeChat Pay and Alipay QR orders stay open for 15 minutes; unpaid orders then close and give their coupon back.',
      'Each coupon is used once and must meet its minimum spend and scope; one coupon per order.',
      'A purchased course opens all its chapters. For a refund contact customer service: the money goes back where it came from (balance or the original payment account) and the course is withdrawn.',
    ],
  },
};

function idempotencyKey(req: FastifyRequest): string {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw fieldError(req.ctx.lang, 'Idempotency-Key', { zh: '请求头缺失或格式不正确（8–128 位字母、数字或 _-:.）', en: 'header is required: 8–128 of A-Z a-z 0-9 _ - : .' });
  }
  return key;
}

/** Wallet, orders, payments, coupons and the operator API (decision record 0026). */
const moneyRoutes: FastifyPluginAsync<MoneyRoutesOptions> = async (instance, opts) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const now = opts.now;
  const providers = await createPaymentProviders(opts.payments, {
    db: app.db,
    now,
    appSecret: app.accounts.secret,
    log: app.log,
    // The sandbox is this server's own provider: its notifications go through the real HTTP route.
    transport: async (url, headers, body) => {
      const res = await app.inject({ method: 'POST', url: new URL(url).pathname, headers, payload: body });
      return { status: res.statusCode, body: res.body };
    },
  });
  const service = new MoneyService({
    db: app.db,
    now,
    providers: providers.byChannel as Record<QrChannel, (typeof providers.byChannel)['wechat']>,
    checkPayPassword: (me, pw) => app.accounts.checkPayPassword(me, pw),
    orderTtlS: opts.payments.orderTtlS,
    points: opts.points,
    log: app.log,
  });
  const { orders, payments, refunds, wallet, coupons } = service;
  await ensureRechargeOptions(app.database);

  const paying = (req: FastifyRequest): Paying => ({
    user: currentUser(req),
    lang: req.ctx.lang,
    key: idempotencyKey(req),
    notifyUrl: (channel) => `${opts.payments.notifyBaseUrl ?? `${req.protocol}://${req.host}`}${payNotifyPath(channel)}`,
  });

  // Expired orders close, due sandbox notifications go out, quiet QR orders are asked about.
  let sweeping: Promise<void> | null = null;
  let sweeps = 0;
  const sweep = async () => {
    sweeping ??= (async () => {
      try {
        for (const s of providers.sandboxes) await s.deliverDue();
        await service.closeExpired();
        await service.reconcile();
        if (++sweeps % 720 === 1) await service.forgetKeys();
      } catch (err) {
        app.log.warn({ err }, 'money sweep failed');
      } finally {
        sweeping = null;
      }
    })();
    return sweeping;
  };
  app.decorate('money', { service, sandboxes: providers.sandboxes, sweep });
  if (opts.payments.sweepIntervalS > 0) {
    // One process at a time sweeps (the job's lease row); closing waits for a sweep under way.
    scheduleJob(app, { name: 'money.sweep', everyMs: opts.payments.sweepIntervalS * 1000, run: sweep, logLevel: 'debug' });
    app.addHook('onClose', async () => {
      await sweeping;
    });
  }

  // ---- wallet ----

  app.route({ ...endpointRoute('walletInfo'), handler: async (req) => ok(await wallet.info(currentUser(req).id)) });
  app.route({ ...endpointRoute('walletTransactions'), handler: async (req) => ok(await wallet.transactions(currentUser(req).id, req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute('walletTransaction'), handler: async (req) => ok(await wallet.transaction(currentUser(req).id, req.params.id, req.ctx.lang)) });
  app.route({ ...endpointRoute('rechargeList'), handler: async (req) => ok(await wallet.rechargeOptions(req.ctx.lang)) });
  app.route({ ...endpointRoute('aboutPayExplain'), handler: async (req) => ok(PAY_EXPLAIN[req.ctx.lang]) });

  // ---- paying ----

  app.route({ ...endpointRoute('walletPurchase'), handler: async (req) => ok(await wallet.purchase(paying(req), req.body)) });
  app.route({ ...endpointRoute('createOrder'), handler: async (req) => ok(await orders.createCourseOrder(paying(req), req.body)) });
  app.route({ ...endpointRoute('recharge'), handler: async (req) => ok(await orders.recharge(paying(req), req.body)) });
  app.route({ ...endpointRoute('orderPay'), handler: async (req) => ok(await orders.payOrder(paying(req), req.params.order_no, req.body)) });

  // ---- orders ----

  app.route({
    ...endpointRoute('orderInfo'),
    handler: async (req) => ok(await orders.present(await orders.ownOrder(currentUser(req), req.query.order_no), req.ctx.lang)),
  });
  app.route({
    ...endpointRoute('orderList'),
    handler: async (req) => {
      const { rows, total } = await orders.page(currentUser(req).id, req.query);
      return ok(
        pageOf(
          rows.map((o) => presentOrder(o, req.ctx.lang, o.cover)),
          req.query,
          total,
        ),
      );
    },
  });
  app.route({
    ...endpointRoute('orderCancel'),
    handler: async (req) => ok(await orders.present(await orders.cancel(currentUser(req), req.params.order_no), req.ctx.lang)),
  });

  // ---- coupons ----

  app.route({
    ...endpointRoute('couponList'),
    handler: async (req) => ok(await coupons.list(currentUser(req).id, req.query.status, req.query, req.ctx.lang)),
  });
  app.route({ ...endpointRoute('couponClaim'), handler: async (req) => ok(await coupons.claim(currentUser(req).id, req.params.id, req.ctx.lang)) });
  app.route({
    ...endpointRoute('couponRemain'),
    config: { auth: 'optional' },
    handler: async (req) => ok(await coupons.remain(req.ctx.user?.id ?? null, req.ctx.lang)),
  });
  app.route({
    ...endpointRoute('couponUsable'),
    handler: async (req) => {
      const course = await courseForSale(app.db, req.query.module_id, now());
      return ok(await coupons.usable(currentUser(req).id, course.id, course.price, course.originalPrice, req.ctx.lang));
    },
  });

  // ---- operators ----

  app.route({
    ...endpointRoute('adminOrders'),
   
    handler: async (req) => {
      const { rows, total } = await orders.page(req.query.user_id ?? null, req.query);
      return ok(
        pageOf(
          rows.map((o) => ({ ...presentOrder(o, req.ctx.lang), user_id: o.userId, provider_txn_id: o.providerTxnId })),
          req.query,
          total,
        ),
      );
    },
  });
  app.route({
    ...endpointRoute('adminRefund'),
   
    handler: async (req) => {
      const { refund, order } = await refunds.refund(currentUser(req).id, req.params.order_no, req.body.reason);
      return ok({
        refund: {
          refund_no: refund.refundNo,
          order_no: refund.orderNo,
          amount: refund.amount,
          channel: refund.channel as 'balance',
          status: refund.status as 'success',
          reason: refund.reason,
          created_at: refund.createdAt.toISOString(),
        },
        order: await orders.present(order, req.ctx.lang),
      });
    },
  });
  app.route({ ...endpointRoute('adminCampaigns'), handler: async (req) => ok({ items: await coupons.allCampaigns(req.ctx.lang) }) });
  app.route({
    ...endpointRoute('adminCreateCampaign'),
   
    handler: async (req) => ok(await coupons.createCampaign(currentUser(req).id, req.body, req.ctx.lang)),
  });
  app.route({
    ...endpointRoute('adminAdjustWallet'),
   
    handler: async (req) => ok(await wallet.adjust(currentUser(req).id, idempotencyKey(req), req.params.user_id, req.body, req.ctx.lang)),
  });

  // ---- provider notifications: each provider's own protocol, raw body (signatures cover the bytes) ----

  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    for (const channel of ['wechat', 'alipay'] as const) {
      raw.post(payNotifyPath(channel), { schema: { hide: true }, config: {} }, async (req, reply) => {
        const provider = providers.byChannel[channel];
        const ack = await payments.notify(provider, { headers: req.headers, rawBody: typeof req.body === 'string' ? req.body : '' });
        return reply.code(ack.status).type(ack.contentType).send(ack.body);
      });
    }
  });

  // ---- the sandbox payer (outside production) ----

  if (opts.devTools) {
    const sandboxFor = (channel: string) => providers.sandboxes.find((s) => s.channel === channel) ?? null;
    const payAsPayer = async (orderNo: string, result: 'success' | 'fail') => {
      const order = await orders.findOrder(orderNo);
      const sandbox = order ? sandboxFor(order.channel) : null;
      const state = sandbox ? await sandbox.pay(orderNo, result) : null;
      // Deliver now rather than at the next sweep (retries stay on the sweep's schedule).
      if (state === 'success') setImmediate(() => void sweep());
      return state;
    };
    app.route({
      ...endpointRoute('devPay'),
      handler: async (req) => {
        const state = await payAsPayer(req.params.order_no, req.body.result);
        if (!state) throw new AppError(ErrorCode.NOT_FOUND);
        return ok({ order_no: req.params.order_no, trade_state: state });
      },
    });
    await app.register(async (page) => {
      page.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
      page.get<{ Params: { order_no: string }; Querystring: { lang?: string } }>('/sandbox/pay/:order_no', { schema: { hide: true } }, async (req, reply) => {
        // Not an order number (`%00`, 2 KB of text): the unknown-order page, without asking the database.
        const wellFormed = ORDER_NO.test(req.params.order_no);
        const order = wellFormed ? await orders.findOrder(req.params.order_no) : null;
        const sandbox = order ? sandboxFor(order.channel) : null;
        const trade = sandbox ? await sandbox.trade(req.params.order_no) : null;
        const lang = req.query.lang === 'en' || (!req.query.lang && !/zh/i.test(req.headers['accept-language'] ?? 'zh')) ? 'en' : 'zh';
        return reply
          .code(trade && order ? 200 : 404)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(sandboxPayPage({ lang, orderNo: wellFormed ? req.params.order_no : '', trade: trade && order ? { ...trade, title: order.title, titleEn: order.titleEn } : null, now: now() }));
      });
      page.post<{ Params: { order_no: string }; Body: { result?: string; lang?: string } }>('/sandbox/pay/:order_no', { schema: { hide: true } }, async (req, reply) => {
        const result = req.body?.result === 'success' ? 'success' : 'fail';
        if (!ORDER_NO.test(req.params.order_no)) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
        await payAsPayer(req.params.order_no, result);
        const lang = req.body?.lang === 'en' ? 'en' : 'zh';
        return reply.redirect(`/sandbox/pay/${encodeURIComponent(req.params.order_no)}?lang=${lang}`, 303);
      });
    });
  }
};

/** The shape of our order numbers (the contract's OrderNo). */
const ORDER_NO = /^[A-Za-z0-9_-]{6,32}$/;

// Not encapsulated: `app.money` (the sweep, the sandbox providers) is for the whole app and its tests.
export default fp(moneyRoutes, { name: 'money', dependencies: ['accounts', 'db'] });
