import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { publicRead } from '../../lib/public-cache.ts';
import { Tag } from '../shared/cache-tags.ts';
import { AuthorVoiceService } from './author-voice.service.ts';

/** Author voice: talks by authors of published papers, and international link-ups. */
const authorVoiceRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const svc = new AuthorVoiceService(app.db, app.media);
  // Lists show paper journals: they go stale with the papers. Details carry signed media URLs
  // that expire, so they are never kept in the shared cache.
  const cached = { publicCache: publicRead({ tags: [Tag.papers] }) };

  app.route({ ...endpointRoute('authorVoiceHome'), config: cached, handler: async (req) => ok(await svc.home(req.ctx.lang)) });
  app.route({ ...endpointRoute('authorVoiceFilters'), config: cached, handler: async (req) => ok(await svc.filters(req.ctx.lang)) });
  app.route({ ...endpointRoute('authorTalkList'), config: cached, handler: async (req) => ok(await svc.talks(req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute('authorTalkDetail'), handler: async (req) => ok(await svc.talk(req.params.id, req.ctx.lang)) });
  app.route({ ...endpointRoute('authorLinkupList'), config: cached, handler: async (req) => ok(await svc.linkups(req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute('authorLinkupDetail'), handler: async (req) => ok(await svc.linkup(req.params.id, req.ctx.lang)) });
};

export default authorVoiceRoutes;
