import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { HomeAdminService } from './home.admin.service.ts';

/** The console's home page editor (area `content`, checked by the staff module's guard). */
const homeAdminRoutes: FastifyPluginAsync<{ svc: HomeAdminService }> = async (instance, { svc }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.route({ ...endpointRoute('adminHome'), handler: async () => ok(await svc.layout()) });
  app.route({
    ...endpointRoute('adminHomeSaveDraft'),
    handler: async (req) => ok(await svc.saveDraft(currentUser(req).id, req.body.blocks, req.body.updated_at)),
  });
  app.route({ ...endpointRoute('adminHomePublish'), handler: async (req) => ok(await svc.publish(currentUser(req).id, req.body.updated_at)) });
  app.route({ ...endpointRoute('adminHomeDiscard'), handler: async (req) => ok(await svc.discard(currentUser(req).id, req.body.updated_at)) });
  app.route({ ...endpointRoute('adminHomeItems'), handler: async (req) => ok(await svc.items(req.query.kind, req.query.q, req.query.ids)) });
};

export default homeAdminRoutes;
