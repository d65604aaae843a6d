import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { LIVE_CARDS_TTL_MS, publicRead } from '../../lib/public-cache.ts';
import { currentUser } from '../../plugins/auth.ts';
import { MemberService } from '../member/index.ts';
import { Tag } from '../shared/cache-tags.ts';
import { LiveReminderSweep } from './lives.reminders.ts';
import { LivesService } from './lives.service.ts';
import { scheduleJob } from '../../plugins/jobs.ts';

export interface LivesRoutesOptions {
  now: () => Date;
  /** How often due reminders are looked for; 0 turns the in-process sweep off. */
  reminderIntervalMs?: number;
}

/**
 * Cached public reads (decision record 0031): dates are the caller's timezone's, and a card's
 * status follows the clock. The lists look the token up when sent (is_remind, is_favorite).
 */
const cached = { publicCache: publicRead({ tags: [Tag.lives], ttlMs: LIVE_CARDS_TTL_MS, vary: ['tz'] }) };
const optionalAuth = { config: { auth: 'optional' as const, ...cached } };

/** Conferences listing, reminders and the live calendar (spec §7 "Lives"). */
const livesRoutes: FastifyPluginAsync<LivesRoutesOptions> = async (instance, { now, reminderIntervalMs = 30_000 }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const svc = new LivesService(app.db, now, new MemberService(app.db, now), app.publicCache);
  const caller = (req: { ctx: { user?: { id: number }; lang: 'zh_CN' | 'en'; tz: string } }) => ({ userId: req.ctx.user?.id, lang: req.ctx.lang, tz: req.ctx.tz });

  app.route({ ...endpointRoute('liveDate'), config: cached, handler: async (req) => ok(await svc.liveDate(caller(req))) });
  app.route({ ...endpointRoute('dateLives'), ...optionalAuth, handler: async (req) => ok(await svc.dateLives(req.query, caller(req))) });
  app.route({ ...endpointRoute('liveLookBack'), ...optionalAuth, handler: async (req) => ok(await svc.lookBack(req.query.limit, caller(req))) });
  app.route({ ...endpointRoute('liveProduct'), ...optionalAuth, handler: async (req) => ok(await svc.productLives(req.params.product, caller(req))) });
  app.route({ ...endpointRoute('liveHistory'), ...optionalAuth, handler: async (req) => ok(await svc.history(req.query, caller(req))) });
  app.route({ ...endpointRoute('liveHistoryFilters'), config: cached, handler: async (req) => ok(await svc.historyFilters(caller(req))) });
  app.route({
    ...endpointRoute('liveRemind'),
    handler: async (req) => ok(await svc.remind(req.params.id, req.body.status === 1, currentUser(req).id, caller(req))),
  });
  app.route({
    ...endpointRoute('liveFavorite'),
    handler: async (req) => ok(await svc.favorite(req.params.id, req.body.status === 1, currentUser(req).id)),
  });
  app.route({ ...endpointRoute('liveCalendar'), handler: async (req) => ok(await svc.calendar(req.query.month, currentUser(req).id, caller(req))) });
  app.route({ ...endpointRoute('remindTypeGet'), handler: async (req) => ok(await svc.getRemindType(currentUser(req).id, req.ctx.lang)) });
  app.route({ ...endpointRoute('remindTypeSet'), handler: async (req) => ok(await svc.setRemindType(currentUser(req).id, req.body, req.ctx.lang)) });

  const sweep = new LiveReminderSweep(app.db, app.accounts.outbox, now, app.log);
  if (reminderIntervalMs > 0) scheduleJob(app, { name: 'lives.reminders', everyMs: reminderIntervalMs, run: () => sweep.run(), logLevel: 'debug' });
};

export default livesRoutes;
