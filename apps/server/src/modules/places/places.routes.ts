import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { LIVE_CARDS_TTL_MS, publicRead } from '../../lib/public-cache.ts';
import { Tag } from '../shared/cache-tags.ts';
import { PlacesService } from './places.service.ts';
import placesAdminRoutes from './places.admin.routes.ts';

export interface PlacesRoutesOptions {
  now: () => Date;
}

/** Hospitals, organisers and keywords (spec §2, §7): the same five handlers for each kind. */
const placesRoutes: FastifyPluginAsync<PlacesRoutesOptions> = async (instance, { now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const svc = new PlacesService(app.db, now);
  // Cached public reads (decision record 0031): places change only with the content; their lists carry the kind of cards.
  const cached = (kind?: string, ttlMs?: number) => ({ publicCache: publicRead({ tags: kind ? [Tag.places, kind] : [Tag.places], ...(ttlMs ? { ttlMs } : {}) }) });

  app.route({ ...endpointRoute('regionList'), config: cached(), handler: async (req) => ok(await svc.regions(req.ctx.lang)) });
  app.route({ ...endpointRoute('hospitalList'), config: cached(), handler: async (req) => ok(await svc.hospitals(req.query, req.ctx.lang)) });

  for (const kind of ['hospital', 'organizer', 'keyword'] as const) {
    app.route({ ...endpointRoute(`${kind}Detail`), config: cached(), handler: async (req) => ok(await svc.header(kind, req.params.id, req.ctx.lang)) });
    app.route({
      ...endpointRoute(`${kind}Courses`),
      config: cached(Tag.courses),
      handler: async (req) => ok(await svc.courses(kind, req.params.id, req.query, req.ctx.lang)),
    });
    app.route({
      ...endpointRoute(`${kind}Lives`),
      config: cached(Tag.lives, LIVE_CARDS_TTL_MS),
      handler: async (req) => ok(await svc.lives(kind, req.params.id, req.query, req.ctx.lang)),
    });
    app.route({ ...endpointRoute(`${kind}News`), config: cached(Tag.news), handler: async (req) => ok(await svc.news(kind, req.params.id, req.query, req.ctx.lang)) });
    app.route({
      ...endpointRoute(`${kind}Speakers`),
      config: cached(Tag.speakers),
      handler: async (req) => ok(await svc.speakers(kind, req.params.id, req.query, req.ctx.lang)),
    });
  }
  // The console's catalog routes for this module's tables (decision record 0068).
  await app.register(placesAdminRoutes, { now });
};

export default placesRoutes;
