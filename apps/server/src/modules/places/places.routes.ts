import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { PlacesService } from './places.service.ts';

export interface PlacesRoutesOptions {
  now: () => Date;
}

/** Hospitals, organisers and keywords (spec §2, §7): the same five handlers for each kind. */
const placesRoutes: FastifyPluginAsync<PlacesRoutesOptions> = async (instance, { now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const svc = new PlacesService(app.db, now);

  app.route({ ...endpointRoute('regionList'), handler: async (req) => ok(await svc.regions(req.ctx.lang)) });
  app.route({ ...endpointRoute('hospitalList'), handler: async (req) => ok(await svc.hospitals(req.query, req.ctx.lang)) });

  for (const kind of ['hospital', 'organizer', 'keyword'] as const) {
    app.route({ ...endpointRoute(`${kind}Detail`), handler: async (req) => ok(await svc.header(kind, req.params.id, req.ctx.lang)) });
    app.route({
      ...endpointRoute(`${kind}Courses`),
      handler: async (req) => ok(await svc.courses(kind, req.params.id, req.query, req.ctx.lang)),
    });
    app.route({ ...endpointRoute(`${kind}Lives`), handler: async (req) => ok(await svc.lives(kind, req.params.id, req.query, req.ctx.lang)) });
    app.route({ ...endpointRoute(`${kind}News`), handler: async (req) => ok(await svc.news(kind, req.params.id, req.query, req.ctx.lang)) });
    app.route({
      ...endpointRoute(`${kind}Speakers`),
      handler: async (req) => ok(await svc.speakers(kind, req.params.id, req.query, req.ctx.lang)),
    });
  }
};

export default placesRoutes;
