import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { currentUser } from '../../plugins/auth.ts';
import { acceptBeaconBodies } from '../../plugins/body.ts';
import { CoursesService } from './courses.service.ts';

/** Login optional: the user is resolved when a token comes along (personal fields), anonymous works. */
const optionalAuth = { auth: 'optional' as const };

/** Course list, detail, chapters, series, related, appraisals, learning progress (spec §7 "Courses"). */
const coursesRoutes: FastifyPluginAsync<{ now: () => Date }> = async (instance, { now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const svc = new CoursesService(app.db, app.media, now);

  app.route({ ...endpointRoute('courseList'), handler: async (req) => ok(await svc.list(req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute('moreCourse'), handler: async (req) => ok(await svc.more(req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute('appraiseTags'), handler: async (req) => ok(await svc.appraiseTags(req.ctx.lang)) });
  app.route({
    ...endpointRoute('courseDetail'),
    config: optionalAuth,
    handler: async (req) => ok(await svc.detail(req.params.id, req.ctx.user?.id, req.ctx.lang)),
  });
  app.route({
    ...endpointRoute('courseChapters'),
    config: optionalAuth,
    handler: async (req) => ok(await svc.chapters(req.params.id, req.ctx.user?.id, req.ctx.lang)),
  });
  app.route({ ...endpointRoute('seriesCourses'), handler: async (req) => ok(await svc.series(req.params.id, req.ctx.lang)) });
  app.route({
    ...endpointRoute('guessLikeCourse'),
    handler: async (req) => ok(await svc.guessLike(req.query.course_id, req.query.limit, req.ctx.lang)),
  });
  app.route({
    ...endpointRoute('courseAppraisals'),
    handler: async (req) => ok(await svc.appraisals(req.params.id, req.query.page, req.query.page_size, req.ctx.lang)),
  });
  app.route({
    ...endpointRoute('appraiseCourse'),
    handler: async (req) => ok(await svc.appraise(currentUser(req).id, req.params.id, req.body, req.ctx.lang)),
  });
  app.route({
    ...endpointRoute('courseLearnProgress'),
    handler: async (req) => ok(await svc.learnProgress(currentUser(req).id, req.params.id)),
  });
  app.route({
    ...endpointRoute('chapterLearnProgress'),
    handler: async (req) => ok(await svc.chapterProgress(currentUser(req).id, req.params.id)),
  });
  app.route({
    ...endpointRoute('courseLearnRecord'),
    handler: async (req) => ok(await svc.learnRecords(currentUser(req).id, req.query.page, req.query.page_size, req.ctx.lang)),
  });
  // Heartbeats may come as beacons (text/plain, token in the body) when the page is closing.
  await app.register(async (beacons) => {
    acceptBeaconBodies(beacons);
    beacons.withTypeProvider<ZodTypeProvider>().route({
      ...endpointRoute('courseLearnLog'),
      handler: async (req) => ok(await svc.learnLog(currentUser(req).id, req.params.id, req.body, req.ctx.lang)),
    });
  });
};

export default coursesRoutes;
