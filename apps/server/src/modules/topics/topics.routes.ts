import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { LIVE_CARDS_TTL_MS, publicRead } from '../../lib/public-cache.ts';
import { Tag } from '../shared/cache-tags.ts';
import { TopicsService } from './topics.service.ts';
import topicsAdminRoutes from './topics.admin.routes.ts';

export interface TopicsRoutesOptions {
  now: () => Date;
}

/** Special topics (spec §2 /topic): list, header and the four content lists. */
const topicsRoutes: FastifyPluginAsync<TopicsRoutesOptions> = async (instance, { now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const svc = new TopicsService(app.db, now);
  // Cached public reads (decision record 0031): topics change with the content; their lists carry the kind of cards.
  const cached = (kind?: string, ttlMs?: number) => ({ publicCache: publicRead({ tags: kind ? [Tag.topics, kind] : [Tag.topics], ...(ttlMs ? { ttlMs } : {}) }) });

  app.route({ ...endpointRoute('topicList'), config: cached(), handler: async (req) => ok(await svc.list(req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute('topicDetail'), config: cached(), handler: async (req) => ok(await svc.detail(req.params.id, req.ctx.lang)) });
  app.route({ ...endpointRoute('topicCourses'), config: cached(Tag.courses), handler: async (req) => ok(await svc.courses(req.params.id, req.query, req.ctx.lang)) });
  app.route({
    ...endpointRoute('topicLives'),
    config: cached(Tag.lives, LIVE_CARDS_TTL_MS),
    handler: async (req) => ok(await svc.lives(req.params.id, req.query, req.ctx.lang)),
  });
  app.route({ ...endpointRoute('topicNews'), config: cached(Tag.news), handler: async (req) => ok(await svc.news(req.params.id, req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute('topicPapers'), config: cached(Tag.papers), handler: async (req) => ok(await svc.papers(req.params.id, req.query, req.ctx.lang)) });
  // The console's catalog routes for this module's tables (decision record 0068).
  await app.register(topicsAdminRoutes, { now });
};

export default topicsRoutes;
