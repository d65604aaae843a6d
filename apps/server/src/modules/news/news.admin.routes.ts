import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { currentUser } from '../../plugins/auth.ts';
import { NewsAdminService } from './news.admin.service.ts';

/** The console's news and news categories (area `content`, checked by the staff module's guard). */
const newsAdminRoutes: FastifyPluginAsync<{ now: () => Date }> = async (instance, { now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const svc = new NewsAdminService(app.db, now, app.publicCache);
  const me = (req: Parameters<typeof currentUser>[0]) => currentUser(req).id;

  app.route({ ...endpointRoute('adminNewsList'), handler: async (req) => ok(await svc.list(req.query)) });
  app.route({ ...endpointRoute('adminNewsDetail'), handler: async (req) => ok(await svc.detail(req.params.id)) });
  app.route({ ...endpointRoute('adminNewsCreate'), handler: async (req) => ok(await svc.create(me(req), req.body)) });
  app.route({ ...endpointRoute('adminNewsUpdate'), handler: async (req) => ok(await svc.update(me(req), req.params.id, req.body)) });
  app.route({ ...endpointRoute('adminNewsPublish'), handler: async (req) => ok(await svc.publish(me(req), req.params.id, req.body.at)) });
  app.route({ ...endpointRoute('adminNewsOffline'), handler: async (req) => ok(await svc.offline(me(req), req.params.id)) });
  app.route({ ...endpointRoute('adminNewsDelete'), handler: async (req) => ok(await svc.remove(me(req), req.params.id)) });
  app.route({ ...endpointRoute('adminNewsBulk'), handler: async (req) => ok(await svc.bulk(me(req), req.body.ids, req.body.action)) });
  app.route({ ...endpointRoute('adminNewsTags'), handler: async (req) => ok(await svc.tags(req.query.q, req.query.ids)) });
  app.route({ ...endpointRoute('adminNewsCategories'), handler: async () => ok(await svc.categories()) });
  app.route({ ...endpointRoute('adminNewsCategoryCreate'), handler: async (req) => ok(await svc.createCategory(me(req), req.body)) });
  app.route({
    ...endpointRoute('adminNewsCategoryUpdate'),
    handler: async (req) => ok(await svc.updateCategory(me(req), req.params.id, req.body)),
  });
  app.route({ ...endpointRoute('adminNewsCategoryDelete'), handler: async (req) => ok(await svc.deleteCategory(me(req), req.params.id)) });
};

export default newsAdminRoutes;
