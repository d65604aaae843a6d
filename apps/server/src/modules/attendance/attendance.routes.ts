import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { currentUser } from '../../plugins/auth.ts';
import { AttendanceService, type RoomPort } from './attendance.service.ts';
import { scheduleJob } from '../../plugins/jobs.ts';

export interface AttendanceRoutesOptions {
  now: () => Date;
  room: RoomPort;
  /** How often due presence-check schedules are looked for (0: never; tests call runSchedules). */
  scheduleIntervalMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    attendance: AttendanceService;
  }
}

/** Attendance evidence of lives: heartbeats, presence checks, my attendance, operators' corrections. */
const attendanceRoutes: FastifyPluginAsync<AttendanceRoutesOptions> = async (instance, opts) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const svc = new AttendanceService(app.db, opts.now, opts.room);
  app.decorate('attendance', svc);

  app.route({ ...endpointRoute('attendBeat'), handler: async (req) => ok(await svc.beat(req.params.id, currentUser(req).id, req.body)) });
  app.route({ ...endpointRoute('attendMine'), handler: async (req) => ok(await svc.mine(req.params.id, currentUser(req).id)) });
  app.route({
    ...endpointRoute('presenceAsk'),
    handler: async (req) => ok(await svc.ask(req.params.id, currentUser(req).id, req.body.window_s, 'moderator')),
  });
  app.route({
    ...endpointRoute('presenceSchedule'),
    handler: async (req) => ok(await svc.schedule(req.params.id, currentUser(req).id, req.body.every_min, req.body.window_s)),
  });
  app.route({ ...endpointRoute('presenceScheduleGet'), handler: async (req) => ok(await svc.scheduleOf(req.params.id, currentUser(req).id)) });
  app.route({ ...endpointRoute('presenceAnswer'), handler: async (req) => ok(await svc.answer(req.params.check_id, currentUser(req).id)) });

  app.route({ ...endpointRoute('adminAttendance'), handler: async (req) => ok(await svc.evidence(req.query.user_id, req.query.live_id)) });
  app.route({ ...endpointRoute('adminAttendanceCorrect'), handler: async (req) => ok(await svc.correct(currentUser(req).id, req.body)) });

  const every = opts.scheduleIntervalMs ?? 5000;
  if (every > 0) scheduleJob(app, { name: 'attendance.presence-schedules', everyMs: every, run: () => svc.runSchedules(), logLevel: 'debug' });
};

/** Wrapped so `app.attendance` (the live room's evidence hooks, tests) is visible to the whole app. */
export default fp(attendanceRoutes, { name: 'attendance', dependencies: ['live-room'] });
