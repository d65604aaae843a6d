import { endpoints } from '@medportal/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { currentUser } from '../../plugins/auth.ts';
import { MemberService } from './member.service.ts';

export interface MemberRoutesOptions {
  now: () => Date;
}

/** Favourites, history, columns and subscriptions (spec §7): thin handlers over MemberService. */
/** The card lists are public reads: the token is looked up when sent (is_follow) but not needed. */
const optionalAuth = { config: { auth: 'optional' as const } };

const memberRoutes: FastifyPluginAsync<MemberRoutesOptions> = async (instance, { now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const svc = new MemberService(app.db, now);

  app.route({ ...endpointRoute(endpoints.favoriteSet), handler: async (req) => ok(await svc.setFavorite(currentUser(req).id, req.body)) });
  app.route({ ...endpointRoute(endpoints.favoriteList), handler: async (req) => ok(await svc.favorites(currentUser(req).id, req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute(endpoints.favoriteModules), handler: async (req) => ok(await svc.favoriteModules(currentUser(req).id, req.ctx.lang)) });
  app.route({ ...endpointRoute(endpoints.historyRecord), handler: async (req) => ok(await svc.recordHistory(currentUser(req).id, req.body)) });
  app.route({ ...endpointRoute(endpoints.historyMenu), handler: async (req) => ok(await svc.historyMenu(currentUser(req).id, req.ctx.lang)) });
  app.route({ ...endpointRoute(endpoints.historyList), handler: async (req) => ok(await svc.history(currentUser(req).id, req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute(endpoints.historyDelete), handler: async (req) => ok(await svc.deleteHistory(currentUser(req).id, req.body.ids)) });
  app.route({ ...endpointRoute(endpoints.historyClear), handler: async (req) => ok(await svc.deleteHistory(currentUser(req).id, null)) });
  app.route({ ...endpointRoute(endpoints.columnList), ...optionalAuth, handler: async (req) => ok(await svc.columns(req.ctx.user?.id, req.query, req.ctx.lang)) });
  app.route({
    ...endpointRoute(endpoints.subscribeList),
    ...optionalAuth,
    handler: async (req) => ok(await svc.subscribable(req.ctx.user?.id, req.query, req.ctx.lang)),
  });
  app.route({ ...endpointRoute(endpoints.mySubscribe), handler: async (req) => ok(await svc.mySubscriptions(currentUser(req).id, req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute(endpoints.subscribeAdd), handler: async (req) => ok(await svc.subscribe(currentUser(req).id, req.body.sub_id, true)) });
  app.route({ ...endpointRoute(endpoints.subscribeDel), handler: async (req) => ok(await svc.subscribe(currentUser(req).id, req.body.sub_id, false)) });
};

export default memberRoutes;
