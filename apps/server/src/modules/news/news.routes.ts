import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { idTags, publicRead, routeId } from '../../lib/public-cache.ts';
import { currentUser } from '../../plugins/auth.ts';
import { Tag } from '../shared/cache-tags.ts';
import newsAdminRoutes from './news.admin.routes.ts';
import { NewsService } from './news.service.ts';

export interface NewsRoutesOptions {
  now: () => Date;
}

/** Public reads look the token up when one is sent (is_liked, is_mine) but do not need it. */
const optionalAuth = { auth: 'optional' as const };
/** Cached public reads (decision record 0031). */
const cards = { publicCache: publicRead({ tags: [Tag.news] }) };
const ofItem = (...more: string[]) => ({ publicCache: publicRead({ tags: idTags('news', ...more) }) });

/** News (spec §7): thin handlers over NewsService. */
const newsRoutes: FastifyPluginAsync<NewsRoutesOptions> = async (instance, { now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const svc = new NewsService(app.db, now, app.publicCache);
  await app.register(newsAdminRoutes, { now });

  app.route({ ...endpointRoute('newsCategories'), config: cards, handler: async (req) => ok(await svc.categories(req.ctx.lang)) });
  app.route({ ...endpointRoute('newsList'), config: cards, handler: async (req) => ok(await svc.list(req.query, req.ctx.lang)) });
  app.route({
    ...endpointRoute('newsDetail'),
    // A reader's own fields over the kept anonymous detail: liked, favourite.
    config: {
      ...optionalAuth,
      publicCache: publicRead({ tags: idTags('news'), personal: async (req) => svc.readerState(routeId(req), currentUser(req).id) }),
    },
    // A console preview (decision record 0062) sees the article in any state.
    handler: async (req) => ok(await svc.detail(req.params.id, req.ctx.user?.id, req.ctx.lang, app.preview.allows(req, 'news', req.params.id))),
  });
  app.route({ ...endpointRoute('newsRecommend'), config: ofItem(Tag.news), handler: async (req) => ok(await svc.recommend(req.params.id, req.ctx.lang)) });
  app.route({ ...endpointRoute('newsView'), handler: async (req) => ok(await svc.view(req.params.id)) });
  app.route({
    ...endpointRoute('newsLike'),
    handler: async (req) => ok(await svc.like(req.params.id, currentUser(req).id, req.body.status === 1)),
  });
  app.route({ ...endpointRoute('newsReadLog'), handler: async (req) => ok(await svc.readLog(req.params.id, currentUser(req).id)) });
  app.route({
    ...endpointRoute('newsComments'),
    config: { ...optionalAuth, ...ofItem(Tag.people) },
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
