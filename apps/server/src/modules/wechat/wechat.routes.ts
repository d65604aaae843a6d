import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode, JS_API_LIST } from '@medportal/contract';
import { AppError } from '../../lib/app-error.ts';
import { randomToken } from '../../lib/crypto.ts';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { WechatOAuth } from './wechat.adapter.ts';
import { RealWechat } from './wechat.real.ts';
import { SandboxWechat } from './wechat.sandbox.ts';
import { WechatService } from './wechat.service.ts';
import type { WechatPlatform } from './wechat.platform.ts';
import { jssdkSignature } from './wechat.platform.ts';

export interface WechatRoutesOptions {
  /** Overrides the adapter chosen from config (tests). */
  oauth?: WechatOAuth;
  /** The official account / mini-program adapter (app.ts builds it from config). */
  platform: WechatPlatform;
  nowS: () => number;
}

const wechatRoutes: FastifyPluginAsync<WechatRoutesOptions> = async (instance, opts) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const settings = app.accounts.config.wechat;
  const oauth = opts.oauth ?? (settings ? new RealWechat(settings) : new SandboxWechat());
  const wechat = new WechatService(app.db, app.accounts, oauth);

  app.route({
    ...endpointRoute('wechatQrConnect'),
    handler: async (req) => ok(await wechat.start(`${req.protocol}://${req.host}`, req.ctx.platform, req.query.agree_terms)),
  });

  app.route({
    ...endpointRoute('wechatLoginInfo'),
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await wechat.poll(req.query.ticket);
      if (result.outcome) app.accounts.setSessionCookie(req, reply, result.outcome);
      return ok({ status: result.status, login: result.login });
    },
  });

  app.route({
    ...endpointRoute('wechatCallback'),
    handler: async (req) => ok({ status: await wechat.callback(req.body.state, req.body.decision, req.body.code, req.ctx.lang) }),
  });

  // JS-SDK (spec §7 wxa_ticket): wx.config's signature for the page the browser is on.
  app.route({
    ...endpointRoute('wxaTicket'),
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const nonceStr = randomToken(12);
      const timestamp = opts.nowS();
      let ticket: string;
      try {
        ticket = await opts.platform.jsapiTicket();
      } catch (err) {
        req.log.warn({ err }, 'jsapi ticket unavailable');
        throw new AppError(ErrorCode.UNAVAILABLE);
      }
      const signature = jssdkSignature({ ticket, nonceStr, timestamp, url: req.body.url });
      return ok({ app_id: opts.platform.appId, timestamp, nonce_str: nonceStr, signature, js_api_list: [...JS_API_LIST], sandbox: opts.platform.sandbox });
    },
  });

  app.route({
    ...endpointRoute('mpCheckSubscribe'),
    handler: async (req) => {
      const ids = await app.accounts.users.identities(app.db, currentUser(req).id);
      if (!ids.wechat) return ok({ subscribed: false, has_wechat: false, sandbox: opts.platform.sandbox });
      return ok({ subscribed: await opts.platform.isSubscribed(ids.wechat), has_wechat: true, sandbox: opts.platform.sandbox });
    },
  });

  app.route({
    ...endpointRoute('mpQrcode'),
    handler: async () => {
      const qr = await opts.platform.followQr();
      return ok({ qr_url: qr.url, expires_in: qr.expiresIn, sandbox: opts.platform.sandbox });
    },
  });
};

export default wechatRoutes;
