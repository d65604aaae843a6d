import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { idTags, publicRead } from '../../lib/public-cache.ts';
import { Tag } from '../shared/cache-tags.ts';
import { LiveAgendaService } from './live-agenda.service.ts';

/** The live room's agenda panel and its related courses (the room's 会议议程 and 相关课程). */
const liveAgendaRoutes: FastifyPluginAsync<{ now: () => Date }> = async (instance, { now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const svc = new LiveAgendaService(app.db, now);

  app.route({
    ...endpointRoute('liveAgenda'),
    config: { publicCache: publicRead({ tags: idTags('live', Tag.speakers) }) },
    handler: async (req) => ok(await svc.agenda(req.params.id, req.ctx.lang)),
  });
  app.route({
    ...endpointRoute('liveRelatedCourses'),
    config: { publicCache: publicRead({ tags: idTags('live', Tag.courses) }) },
    handler: async (req) => ok(await svc.relatedCourses(req.params.id, req.query.limit, req.ctx.lang)),
  });
};

export default liveAgendaRoutes;
