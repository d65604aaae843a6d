import type { CourseChaptersData } from '@medportal/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { idTags, type PublicRead, publicRead, routeId } from '../../lib/public-cache.ts';
import { currentUser } from '../../plugins/auth.ts';
import { acceptBeaconBodies } from '../../plugins/body.ts';
import { Tag } from '../shared/cache-tags.ts';
import coursesAdminRoutes from './courses.admin.routes.ts';
import { CoursesService } from './courses.service.ts';

/** Login optional: the user is resolved when a token comes along (personal fields), anonymous works. */
const optionalAuth = { auth: 'optional' as const };
/** Cached public reads (decision record 0031): lists of course cards, and one course's own reads. */
const cards = { publicCache: publicRead({ tags: [Tag.courses] }) };
const ofCourse = (more: string[] = [], personal?: PublicRead['personal']) => ({
  publicCache: publicRead({ tags: idTags('course', ...more), ...(personal ? { personal } : {}) }),
});

/** Course list, detail, chapters, series, related, appraisals, learning progress (spec §7 "Courses"). */
const coursesRoutes: FastifyPluginAsync<{ now: () => Date }> = async (instance, { now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const svc = new CoursesService(app.db, app.media, now, app.publicCache);
  await app.register(coursesAdminRoutes, { now });

  app.route({ ...endpointRoute('courseList'), config: cards, handler: async (req) => ok(await svc.list(req.query, req.ctx.lang)) });
  // The same list under the path the app and mini-program hosts call (decision record 0055).
  app.route({ ...endpointRoute('userCourseList'), config: cards, handler: async (req) => ok(await svc.list(req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute('courseSeriesOf'), config: ofCourse([Tag.courses]), handler: async (req) => ok(await svc.seriesOf(req.params.id, req.ctx.lang)) });
  app.route({ ...endpointRoute('moreCourse'), config: cards, handler: async (req) => ok(await svc.more(req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute('appraiseTags'), config: cards, handler: async (req) => ok(await svc.appraiseTags(req.ctx.lang)) });
  app.route({
    ...endpointRoute('courseDetail'),
    // Teachers are speaker cards (follower_count). A reader's own field is whether it is a favourite.
    config: {
      ...optionalAuth,
      ...ofCourse([Tag.speakers], async (req) => ({ is_favorite: await svc.isFavorite(currentUser(req).id, routeId(req)) })),
    },
    handler: async (req) => ok(await svc.detail(req.params.id, req.ctx.user?.id, req.ctx.lang, app.preview.allows(req, 'course', req.params.id))),
  });
  app.route({
    ...endpointRoute('courseChapters'),
    // Chapters open to anyone are open to every reader alike; locked ones depend on who asks.
    config: {
      ...optionalAuth,
      ...ofCourse([], async (_req, data) => ((data as CourseChaptersData).items.every((c) => c.locked_reason === null) ? {} : null)),
    },
    handler: async (req) => ok(await svc.chapters(req.params.id, req.ctx.user?.id, req.ctx.lang, app.preview.allows(req, 'course', req.params.id))),
  });
  app.route({ ...endpointRoute('seriesCourses'), config: ofCourse([Tag.courses]), handler: async (req) => ok(await svc.series(req.params.id, req.ctx.lang)) });
  app.route({
    ...endpointRoute('guessLikeCourse'),
    config: cards,
    handler: async (req) => ok(await svc.guessLike(req.query.course_id, req.query.limit, req.ctx.lang)),
  });
  app.route({
    ...endpointRoute('courseAppraisals'),
    config: ofCourse([Tag.people]),
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
