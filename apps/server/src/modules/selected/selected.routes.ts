import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { SelectedService } from './selected.service.ts';
import selectedAdminRoutes from './selected.admin.routes.ts';

export interface SelectedRoutesOptions {
  now: () => Date;
}

/** Selected-content channels (/vjhemonc_selected, /vjoncology_selected) and themed special albums (/special/{theme}/{album}). */
const selectedRoutes: FastifyPluginAsync<SelectedRoutesOptions> = async (instance, { now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const svc = new SelectedService(app.db, app.media, now);

  app.route({ ...endpointRoute('selectedHome'), handler: async (req) => ok(await svc.home(req.params.channel, req.ctx.lang)) });
  app.route({ ...endpointRoute('selectedTags'), handler: async (req) => ok(await svc.tags(req.params.channel, req.query.kind, req.ctx.lang)) });
  app.route({ ...endpointRoute('selectedVideos'), handler: async (req) => ok(await svc.videos(req.params.channel, req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute('selectedVideo'), handler: async (req) => ok(await svc.video(req.params.channel, req.params.id, req.ctx.lang)) });
  app.route({ ...endpointRoute('selectedDoc'), handler: async (req) => ok(await svc.doc(req.params.channel, req.query.doc, req.ctx.lang)) });
  app.route({
    ...endpointRoute('specialConfig'),
    handler: async (req) => ok(await svc.config(req.params.theme_id, req.params.album_id, req.ctx.lang)),
  });
  app.route({
    ...endpointRoute('specialTags'),
    handler: async (req) => ok(await svc.albumTags(req.params.theme_id, req.params.album_id, req.query.kind, req.ctx.lang)),
  });
  app.route({
    ...endpointRoute('specialVideos'),
    handler: async (req) => ok(await svc.albumVideos(req.params.theme_id, req.params.album_id, req.query, req.ctx.lang)),
  });
  // The console's catalog routes for this module's tables (decision record 0068).
  await app.register(selectedAdminRoutes, { now });
};

export default selectedRoutes;
