import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { publicRead } from '../../lib/public-cache.ts';
import { Tag } from '../shared/cache-tags.ts';
import { currentUser } from '../../plugins/auth.ts';
import { MemberService } from './member.service.ts';

export interface MemberRoutesOptions {
  now: () => Date;
}

/** Favourites, history, columns and subscriptions (spec §7): thin handlers over MemberService. */
/** The card lists are public reads: the token is looked up when sent (is_follow) but not needed. */
const optionalAuth = { config: { auth: 'optional' as const, publicCache: publicRead({ tags: [Tag.columns] }) } };

const memberRoutes: FastifyPluginAsync<MemberRoutesOptions> = async (instance, { now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const svc = new MemberService(app.db, now, app.publicCache);

  app.route({ ...endpointRoute('favoriteSet'), handler: async (req) => ok(await svc.setFavorite(currentUser(req).id, req.body)) });
  app.route({ ...endpointRoute('favoriteList'), handler: async (req) => ok(await svc.favorites(currentUser(req).id, req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute('favoriteModules'), handler: async (req) => ok(await svc.favoriteModules(currentUser(req).id, req.ctx.lang)) });
  app.route({ ...endpointRoute('historyRecord'), handler: async (req) => ok(await svc.recordHistory(currentUser(req).id, req.body)) });
  app.route({ ...endpointRoute('historyMenu'), handler: async (req) => ok(await svc.historyMenu(currentUser(req).id, req.ctx.lang)) });
  app.route({ ...endpointRoute('historyList'), handler: async (req) => ok(await svc.history(currentUser(req).id, req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute('historyDelete'), handler: async (req) => ok(await svc.deleteHistory(currentUser(req).id, req.body.ids)) });
  app.route({ ...endpointRoute('historyClear'), handler: async (req) => ok(await svc.deleteHistory(currentUser(req).id, null)) });
  app.route({ ...endpointRoute('columnList'), ...optionalAuth, handler: async (req) => ok(await svc.columns(req.ctx.user?.id, req.query, req.ctx.lang)) });
  app.route({
    ...endpointRoute('subscribeList'),
    ...optionalAuth,
    handler: async (req) => ok(await svc.subscribable(req.ctx.user?.id, req.query, req.ctx.lang)),
  });
  app.route({ ...endpointRoute('mySubscribe'), handler: async (req) => ok(await svc.mySubscriptions(currentUser(req).id, req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute('subscribeAdd'), handler: async (req) => ok(await svc.subscribe(currentUser(req).id, req.body.sub_id, true)) });
  app.route({ ...endpointRoute('subscribeDel'), handler: async (req) => ok(await svc.subscribe(currentUser(req).id, req.body.sub_id, false)) });
};

export default memberRoutes;
