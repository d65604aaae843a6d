import { CALENDAR_FEED_ICS_PATH, CongressIdParams } from '@medportal/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { idTags, publicRead, routeId } from '../../lib/public-cache.ts';
import { currentUser } from '../../plugins/auth.ts';
import { sendNotFound } from '../../plugins/errors.ts';
import { Tag } from '../shared/cache-tags.ts';
import type { FeedProvider } from './calendar.feed.ts';
import { CalendarService } from './calendar.service.ts';
import calendarAdminRoutes from './calendar.admin.routes.ts';

export interface CalendarRoutesOptions {
  now: () => Date;
  /** Origin of links the feed and the feed URL name (the public origin). */
  originOf: (req: { protocol: string; host: string; hostname: string }) => string;
  /** Events other modules add to personal feeds (filled in app.ts). */
  feedProviders?: readonly FeedProvider[];
}

const ICS_TYPE = 'text/calendar; charset=utf-8';
const sendIcs = (reply: FastifyReply, body: string, filename: string) =>
  reply.type(ICS_TYPE).header('content-disposition', `attachment; filename="${filename}"`).send(body);

/** The international meeting calendar (spec §2 /meeting/calendar*, /meeting/collect) and personal feeds. */
const calendarRoutes: FastifyPluginAsync<CalendarRoutesOptions> = async (instance, { now, originOf, feedProviders = [] }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const svc = new CalendarService(app.db, now, feedProviders);
  const caller = (req: { ctx: { user?: { id: number }; lang: 'zh_CN' | 'en'; tz: string } }) => ({ userId: req.ctx.user?.id, lang: req.ctx.lang, tz: req.ctx.tz });

  // Cached public reads (decision record 0031); "today" is the caller's, so lists vary by timezone.
  const cards = { auth: 'optional' as const, publicCache: publicRead({ tags: [Tag.calendar], vary: ['tz'] }) };
  app.route({ ...endpointRoute('calendarList'), config: cards, handler: async (req) => ok(await svc.list(req.query, caller(req))) });
  app.route({
    ...endpointRoute('calendarFilters'),
    config: { publicCache: publicRead({ tags: [Tag.calendar], vary: ['tz'] }) },
    handler: async (req) => ok(svc.filters(req.ctx.lang, req.ctx.tz)),
  });
  app.route({
    ...endpointRoute('calendarDetail'),
    config: {
      auth: 'optional' as const,
      publicCache: publicRead({
        tags: idTags('congress', Tag.calendar),
        personal: async (req) => (req.ctx.user ? { is_favorite: await svc.isFavorite(routeId(req), req.ctx.user.id) } : null),
      }),
    },
    handler: async (req) => ok(await svc.detail(req.params.id, req.ctx.user?.id, req.ctx.lang)),
  });
  app.route({
    ...endpointRoute('calendarFavorite'),
    handler: async (req) => ok(await svc.favorite(req.params.id, req.body.status === 1, currentUser(req).id)),
  });
  app.route({ ...endpointRoute('calendarFavorites'), handler: async (req) => ok(await svc.favorites(req.query, currentUser(req).id, req.ctx.lang)) });
  app.route({ ...endpointRoute('calendarFeed'), handler: async (req) => ok(await svc.feed(currentUser(req).id, originOf(req), req.ctx.lang)) });
  app.route({ ...endpointRoute('calendarFeedRenew'), handler: async (req) => ok(await svc.renewFeed(currentUser(req).id, originOf(req), req.ctx.lang)) });
  app.route({ ...endpointRoute('calendarFeedRevoke'), handler: async (req) => ok(await svc.revokeFeed(currentUser(req).id)) });

  // Files for calendar clients: real HTTP statuses, since they understand no envelope.
  app.get(
    '/v1/meeting/calendar/:id.ics',
    { schema: { hide: true, params: CongressIdParams } },
    async (req, reply) => {
      const ics = await svc.congressIcs(req.params.id, req.ctx.lang, originOf(req));
      return ics === null ? sendNotFound(req, reply) : sendIcs(reply, ics, `congress-${req.params.id}.ics`);
    },
  );
  app.get(
    CALENDAR_FEED_ICS_PATH,
    { schema: { hide: true, querystring: z.object({ token: z.string().max(128).optional() }).loose() } },
    async (req, reply) => {
      const ics = req.query.token ? await svc.feedIcs(req.query.token, req.ctx.lang, originOf(req)) : null;
      if (ics === null) return sendNotFound(req, reply);
      // Personal: never kept by a shared cache; clients poll it.
      return sendIcs(reply.header('cache-control', 'private, no-store'), ics, 'medportal.ics');
    },
  );
  // The console's catalog routes for this module's tables (decision record 0068).
  await app.register(calendarAdminRoutes, { now });
};

export default calendarRoutes;
