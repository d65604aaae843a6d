import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { idTags, LIVE_CARDS_TTL_MS, publicRead, routeId } from '../../lib/public-cache.ts';
import { currentUser } from '../../plugins/auth.ts';
import { Tag } from '../shared/cache-tags.ts';
import { SpeakersService } from './speakers.service.ts';
import speakersAdminRoutes from './speakers.admin.routes.ts';

export interface SpeakersRoutesOptions {
  now: () => Date;
}

/** The detail looks the token up when one is sent (is_follow) but does not need it. */
const optionalAuth = { auth: 'optional' as const };
/** Cached public reads (decision record 0031): the speaker's own pages carry its tag and the kind of cards they list. */
const ofSpeaker = (kind: string, ttlMs?: number) => ({ publicCache: publicRead({ tags: idTags('speaker', kind), ...(ttlMs ? { ttlMs } : {}) }) });

/** Speakers (spec §7): thin handlers over SpeakersService. */
const speakersRoutes: FastifyPluginAsync<SpeakersRoutesOptions> = async (instance, { now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const svc = new SpeakersService(app.db, now, app.publicCache);

  app.route({
    ...endpointRoute('speakerDetail'),
    // A reader's own field over the kept anonymous detail: whether they follow.
    config: {
      ...optionalAuth,
      publicCache: publicRead({
        tags: idTags('speaker', Tag.speakers),
        personal: async (req) => ({ is_follow: await svc.isFollowing(routeId(req), currentUser(req).id) }),
      }),
    },
    handler: async (req) => ok(await svc.detail(req.params.id, req.ctx.user?.id, req.ctx.lang)),
  });
  app.route({ ...endpointRoute('speakerCourses'), config: ofSpeaker(Tag.courses), handler: async (req) => ok(await svc.courses(req.params.id, req.query, req.ctx.lang)) });
  app.route({
    ...endpointRoute('speakerLives'),
    config: ofSpeaker(Tag.lives, LIVE_CARDS_TTL_MS),
    handler: async (req) => ok(await svc.lives(req.params.id, req.query, req.ctx.lang)),
  });
  app.route({ ...endpointRoute('speakerNews'), config: ofSpeaker(Tag.news), handler: async (req) => ok(await svc.news(req.params.id, req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute('speakerColumns'), config: ofSpeaker(Tag.columns), handler: async (req) => ok(await svc.columns(req.params.id, req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute('speakerDocs'), config: ofSpeaker(Tag.papers), handler: async (req) => ok(await svc.docs(req.params.id, req.query, req.ctx.lang)) });
  app.route({
    ...endpointRoute('speakerList'),
    config: { ...optionalAuth, publicCache: publicRead({ tags: [Tag.speakers] }) },
    handler: async (req) => ok(await svc.list(req.query, req.ctx.user?.id, req.ctx.lang)),
  });
  app.route({ ...endpointRoute('speakerLiveYears'), config: ofSpeaker(Tag.lives), handler: async (req) => ok(await svc.liveYears(req.params.id)) });
  app.route({
    ...endpointRoute('speakerFollow'),
    handler: async (req) => ok(await svc.follow(req.params.id, currentUser(req).id, req.body.status === 1)),
  });
  app.route({ ...endpointRoute('myFollows'), handler: async (req) => ok(await svc.followed(currentUser(req).id, req.query, req.ctx.lang)) });
  // The console's catalog routes for this module's tables (decision record 0068).
  await app.register(speakersAdminRoutes, { now });
};

export default speakersRoutes;
