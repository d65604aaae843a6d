import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { currentUser } from '../../plugins/auth.ts';
import { NewsService } from './news.service.ts';

export interface NewsRoutesOptions {
  now: () => Date;
}

/** Public reads look the token up when one is sent (is_liked, is_mine) but do not need it. */
const optionalAuth = { config: { auth: 'optional' as const } };

/** News (spec §7): thin handlers over NewsService. */
const newsRoutes: FastifyPluginAsync<NewsRoutesOptions> = async (instance, { now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const svc = new NewsService(app.db, now);

  app.route({ ...endpointRoute('newsCategories'), handler: async (req) => ok(await svc.categories(req.ctx.lang)) });
  app.route({ ...endpointRoute('newsList'), handler: async (req) => ok(await svc.list(req.query, req.ctx.lang)) });
  app.route({
    ...endpointRoute('newsDetail'),
    ...optionalAuth,
    handler: async (req) => ok(await svc.detail(req.params.id, req.ctx.user?.id, req.ctx.lang)),
  });
  app.route({ ...endpointRoute('newsRecommend'), handler: async (req) => ok(await svc.recommend(req.params.id, req.ctx.lang)) });
  app.route({ ...endpointRoute('newsView'), handler: async (req) => ok(await svc.view(req.params.id)) });
  app.route({
    ...endpointRoute('newsLike'),
    handler: async (req) => ok(await svc.like(req.params.id, currentUser(req).id, req.body.status === 1)),
  });
  app.route({ ...endpointRoute('newsReadLog'), handler: async (req) => ok(await svc.readLog(req.params.id, currentUser(req).id)) });
  app.route({
    ...endpointRoute('newsComments'),
    ...optionalAuth,
    handler: async (req) => ok(await svc.comments(req.params.id, req.query, req.ctx.user?.id)),
  });
  app.route({
    ...endpointRoute('postNewsComment'),
    handler: async (req) => ok(await svc.postComment(req.params.id, currentUser(req).id, req.body.content)),
  });
  app.route({ ...endpointRoute('deleteNewsComment'), handler: async (req) => ok(await svc.deleteComment(req.params.id, currentUser(req).id)) });
  app.route({ ...endpointRoute('myNewsComments'), handler: async (req) => ok(await svc.myComments(currentUser(req).id, req.query, req.ctx.lang)) });
};

export default newsRoutes;
