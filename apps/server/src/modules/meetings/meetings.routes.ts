import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { currentUser } from '../../plugins/auth.ts';
import { Tag } from '../shared/cache-tags.ts';
import { MeetingsService } from './meetings.service.ts';

export interface MeetingsRoutesOptions {
  now: () => Date;
}

/** My meetings (spec §7 "Meetings: create, launch_token, index, department"; decision record 0050). */
const meetingsRoutes: FastifyPluginAsync<MeetingsRoutesOptions> = async (instance, { now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const svc = new MeetingsService(app.db, now, app.accounts);
  // The room's cached reads show title, schedule and access code; recording reads (tagged with the
  // lives) show whether its recording is still offered.
  const dropRoom = (liveId: number) => app.publicCache.invalidate([Tag.live(liveId), Tag.lives]);

  app.route({ ...endpointRoute('meetingCreate'), handler: async (req) => ok(await svc.create(currentUser(req).id, req.body, req.ctx.lang)) });
  app.route({ ...endpointRoute('meetingIndex'), handler: async (req) => ok(await svc.index(currentUser(req).id, req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute('meetingDepartment'), handler: async (req) => ok(await svc.departments(req.ctx.lang)) });
  app.route({ ...endpointRoute('meetingDetail'), handler: async (req) => ok(await svc.detail(req.params.id, currentUser(req).id, req.ctx.lang)) });
  app.route({
    ...endpointRoute('meetingUpdate'),
    handler: async (req) => {
      const { meeting, liveId } = await svc.update(req.params.id, currentUser(req).id, req.body, req.ctx.lang);
      dropRoom(liveId);
      return ok(meeting);
    },
  });
  app.route({
    ...endpointRoute('meetingCancel'),
    handler: async (req) => {
      const { meeting, liveId } = await svc.cancel(req.params.id, currentUser(req).id, req.ctx.lang);
      dropRoom(liveId);
      return ok(meeting);
    },
  });
  app.route({ ...endpointRoute('meetingLaunchToken'), handler: async (req) => ok(await svc.launchToken(req.params.id, currentUser(req).id)) });
  app.route({
    ...endpointRoute('meetingLaunch'),
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const { data, outcome } = await svc.launch(req.body.token, req.ctx.platform);
      app.accounts.setSessionCookie(req, reply, outcome);
      return ok(data);
    },
  });
  app.route({ ...endpointRoute('meetingByNumber'), handler: async (req) => ok(await svc.byNumber(req.params.number, req.ctx.lang)) });
};

export default meetingsRoutes;
