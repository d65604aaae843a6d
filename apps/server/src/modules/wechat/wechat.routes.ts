import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import type { WechatOAuth } from './wechat.adapter.ts';
import { RealWechat } from './wechat.real.ts';
import { SandboxWechat } from './wechat.sandbox.ts';
import { WechatService } from './wechat.service.ts';

export interface WechatRoutesOptions {
  /** Overrides the adapter chosen from config (tests). */
  oauth?: WechatOAuth;
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
};

export default wechatRoutes;
