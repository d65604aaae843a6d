import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { currentUser } from '../../plugins/auth.ts';
import { SpeakersService } from './speakers.service.ts';

export interface SpeakersRoutesOptions {
  now: () => Date;
}

/** The detail looks the token up when one is sent (is_follow) but does not need it. */
const optionalAuth = { config: { auth: 'optional' as const } };

/** Speakers (spec §7): thin handlers over SpeakersService. */
const speakersRoutes: FastifyPluginAsync<SpeakersRoutesOptions> = async (instance, { now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const svc = new SpeakersService(app.db, now);

  app.route({
    ...endpointRoute('speakerDetail'),
    ...optionalAuth,
    handler: async (req) => ok(await svc.detail(req.params.id, req.ctx.user?.id, req.ctx.lang)),
  });
  app.route({ ...endpointRoute('speakerCourses'), handler: async (req) => ok(await svc.courses(req.params.id, req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute('speakerLives'), handler: async (req) => ok(await svc.lives(req.params.id, req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute('speakerNews'), handler: async (req) => ok(await svc.news(req.params.id, req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute('speakerColumns'), handler: async (req) => ok(await svc.columns(req.params.id, req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute('speakerDocs'), handler: async (req) => ok(await svc.docs(req.params.id, req.query, req.ctx.lang)) });
  app.route({
    ...endpointRoute('speakerList'),
    ...optionalAuth,
    handler: async (req) => ok(await svc.list(req.query, req.ctx.user?.id, req.ctx.lang)),
  });
  app.route({ ...endpointRoute('speakerLiveYears'), handler: async (req) => ok(await svc.liveYears(req.params.id)) });
  app.route({
    ...endpointRoute('speakerFollow'),
    handler: async (req) => ok(await svc.follow(req.params.id, currentUser(req).id, req.body.status === 1)),
  });
  app.route({ ...endpointRoute('myFollows'), handler: async (req) => ok(await svc.followed(currentUser(req).id, req.query, req.ctx.lang)) });
};

export default speakersRoutes;
