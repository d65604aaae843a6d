import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { publicRead } from '../../lib/public-cache.ts';
import { Tag } from '../shared/cache-tags.ts';
import { PapersService } from './papers.service.ts';
import papersAdminRoutes from './papers.admin.routes.ts';

/** Papers (spec §3): public reads; the detail looks the token up when one is sent (is_favorite). */
const papersRoutes: FastifyPluginAsync<{ now: () => Date }> = async (instance, { now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const svc = new PapersService(app.db, now);

  // Cached public reads (decision record 0031): papers change with the content only.
  const cached = { publicCache: publicRead({ tags: [Tag.papers] }) };
  app.route({ ...endpointRoute('paperList'), config: cached, handler: async (req) => ok(await svc.list(req.query, req.ctx.lang)) });
  app.route({
    ...endpointRoute('paperDetail'),
    config: { auth: 'optional' as const, ...cached },
    handler: async (req) => ok(await svc.detail(req.params.id, req.ctx.user?.id, req.ctx.lang)),
  });
  // The console's catalog routes for this module's tables (decision record 0068).
  await app.register(papersAdminRoutes, { now });
};

export default papersRoutes;
