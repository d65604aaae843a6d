import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { LocalDiskStorage } from '../../lib/storage.ts';
import { currentUser } from '../../plugins/auth.ts';
import { UserAdmin } from './profile.admin.ts';
import { ProfileService } from './profile.service.ts';

/** The console's users area (guarded from the route table): search, view, disable, enable, merge, cancellations. */
const userAdminRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const profile = new ProfileService(app.db, app.accounts, new LocalDiskStorage(app.accounts.config.uploadsDir), app.publicCache);
  const svc = new UserAdmin(app.db, app.accounts, profile, app.publicCache);
  app.route({ ...endpointRoute('adminUsers'), handler: async (req) => ok(await svc.list(req.query)) });
  app.route({ ...endpointRoute('adminCancellations'), handler: async (req) => ok(await svc.cancellations(req.query)) });
  app.route({ ...endpointRoute('adminUser'), handler: async (req) => ok(await svc.detail(req.params.id)) });
  app.route({ ...endpointRoute('adminUserDisable'), handler: async (req) => ok(await svc.disable(currentUser(req).id, req.params.id, req.body.reason)) });
  app.route({ ...endpointRoute('adminUserEnable'), handler: async (req) => ok(await svc.enable(currentUser(req).id, req.params.id, req.body.reason)) });
  app.route({
    ...endpointRoute('adminUserMerge'),
    handler: async (req) => ok(await svc.merge(currentUser(req).id, req.params.id, req.body.from_user_id, req.body.reason)),
  });
};

export default userAdminRoutes;
