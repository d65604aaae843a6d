import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { currentUser } from '../../plugins/auth.ts';
import { ModerationService } from './moderation.service.ts';

/** The console's moderation queue (area `moderation`, guarded from the route table). */
const moderationRoutes: FastifyPluginAsync<{ now: () => Date }> = async (instance, opts) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const svc = new ModerationService(app.db, opts.now, () => app.liveRoom, app.publicCache);
  app.route({ ...endpointRoute('adminModeration'), handler: async (req) => ok(await svc.list(req.query)) });
  app.route({
    ...endpointRoute('adminModerationAct'),
    handler: async (req) => ok(await svc.act(currentUser(req).id, req.params.kind, req.params.id, req.body.action)),
  });
  app.route({
    ...endpointRoute('adminModerationBulk'),
    handler: async (req) => ok(await svc.bulk(currentUser(req).id, req.body.kind, req.body.ids, req.body.action)),
  });
};

export default moderationRoutes;
