import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { TopicsService } from './topics.service.ts';

export interface TopicsRoutesOptions {
  now: () => Date;
}

/** Special topics (spec §2 /topic): list, header and the four content lists. */
const topicsRoutes: FastifyPluginAsync<TopicsRoutesOptions> = async (instance, { now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const svc = new TopicsService(app.db, now);

  app.route({ ...endpointRoute('topicList'), handler: async (req) => ok(await svc.list(req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute('topicDetail'), handler: async (req) => ok(await svc.detail(req.params.id, req.ctx.lang)) });
  app.route({ ...endpointRoute('topicCourses'), handler: async (req) => ok(await svc.courses(req.params.id, req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute('topicLives'), handler: async (req) => ok(await svc.lives(req.params.id, req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute('topicNews'), handler: async (req) => ok(await svc.news(req.params.id, req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute('topicPapers'), handler: async (req) => ok(await svc.papers(req.params.id, req.query, req.ctx.lang)) });
};

export default topicsRoutes;
