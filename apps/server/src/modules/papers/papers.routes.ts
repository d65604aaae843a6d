import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { PapersService } from './papers.service.ts';

/** Papers (spec §3): public reads; the detail looks the token up when one is sent (is_favorite). */
const papersRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const svc = new PapersService(app.db);

  app.route({ ...endpointRoute('paperList'), handler: async (req) => ok(await svc.list(req.query, req.ctx.lang)) });
  app.route({
    ...endpointRoute('paperDetail'),
    config: { auth: 'optional' as const },
    handler: async (req) => ok(await svc.detail(req.params.id, req.ctx.user?.id, req.ctx.lang)),
  });
};

export default papersRoutes;
