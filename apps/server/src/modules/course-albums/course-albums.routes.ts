import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { publicRead } from '../../lib/public-cache.ts';
import { Tag } from '../shared/cache-tags.ts';
import { CourseAlbumsService } from './course-albums.service.ts';

/** Course albums: the list, one album with its courses, and the bar above the course list. */
const courseAlbumsRoutes: FastifyPluginAsync<{ now: () => Date }> = async (instance, { now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const svc = new CourseAlbumsService(app.db, now);
  // An album shows course cards: it goes stale with them.
  const cached = { publicCache: publicRead({ tags: [Tag.courses] }) };

  app.route({ ...endpointRoute('courseAlbumList'), config: cached, handler: async (req) => ok(await svc.list(req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute('courseAlbumBar'), config: cached, handler: async (req) => ok(await svc.bar(req.ctx.lang)) });
  app.route({ ...endpointRoute('courseAlbumDetail'), config: cached, handler: async (req) => ok(await svc.detail(req.params.id, req.ctx.lang)) });
};

export default courseAlbumsRoutes;
