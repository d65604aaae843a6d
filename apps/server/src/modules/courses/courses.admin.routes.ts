import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { currentUser } from '../../plugins/auth.ts';
import { CoursesAdminService } from './courses.admin.service.ts';

/**
 * The console's courses, series and chapters (area `content`, checked by the staff module's guard
 * from the contract's adminRoutes table; decision record 0065).
 */
const coursesAdminRoutes: FastifyPluginAsync<{ now: () => Date }> = async (instance, { now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const svc = new CoursesAdminService(app.db, app.media, now, app.publicCache);
  const actor = (req: FastifyRequest) => ({ id: currentUser(req).id, lang: req.ctx.lang });

  app.route({ ...endpointRoute('adminCourses'), handler: async (req) => ok(await svc.list(req.query)) });
  app.route({ ...endpointRoute('adminCourse'), handler: async (req) => ok(await svc.detail(req.params.id)) });
  app.route({ ...endpointRoute('adminCourseCreate'), handler: async (req) => ok(await svc.create(actor(req), req.body)) });
  app.route({ ...endpointRoute('adminCourseUpdate'), handler: async (req) => ok(await svc.update(actor(req), req.params.id, req.body)) });
  app.route({ ...endpointRoute('adminCourseDelete'), handler: async (req) => ok(await svc.remove(actor(req), req.params.id)) });
  app.route({ ...endpointRoute('adminCoursePublish'), handler: async (req) => ok(await svc.publish(actor(req), req.params.id, req.body.at)) });
  app.route({ ...endpointRoute('adminCourseOffline'), handler: async (req) => ok(await svc.offline(actor(req), req.params.id)) });
  app.route({ ...endpointRoute('adminCourseUnlist'), handler: async (req) => ok(await svc.unlist(actor(req), req.params.id)) });
  app.route({ ...endpointRoute('adminCourseBulk'), handler: async (req) => ok(await svc.bulk(actor(req), req.body.ids, req.body.action)) });
  app.route({ ...endpointRoute('adminChapterCreate'), handler: async (req) => ok(await svc.addChapter(actor(req), req.params.id, req.body)) });
  app.route({ ...endpointRoute('adminChapterUpdate'), handler: async (req) => ok(await svc.editChapter(actor(req), req.params.id, req.body)) });
  app.route({ ...endpointRoute('adminChapterDelete'), handler: async (req) => ok(await svc.deleteChapter(actor(req), req.params.id)) });
  app.route({ ...endpointRoute('adminChapterOrder'), handler: async (req) => ok(await svc.reorder(actor(req), req.params.id, req.body.ids)) });
};

export default coursesAdminRoutes;
