import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { currentUser } from '../../plugins/auth.ts';
import { LivesAdminService } from './lives.admin.service.ts';

/**
 * Lives in the operator console (area `lives`, decision record 0066). The area guard checks the
 * caller's role on every route of the admin table before anything here runs.
 */
const livesAdminRoutes: FastifyPluginAsync<{ now: () => Date }> = async (instance, { now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // The room registers after this plugin: its port is read when a request needs it.
  const svc = new LivesAdminService(app.db, now, app.media, () => app.liveRoom, app.publicCache);
  const me = (req: Parameters<typeof currentUser>[0]) => currentUser(req).id;

  app.route({ ...endpointRoute('adminLives'), handler: async (req) => ok(await svc.list(req.query)) });
  app.route({ ...endpointRoute('adminLiveOptions'), handler: async (req) => ok(await svc.options(req.query.q)) });
  app.route({ ...endpointRoute('adminLive'), handler: async (req) => ok(await svc.detail(req.params.id)) });
  app.route({ ...endpointRoute('adminLiveCreate'), handler: async (req) => ok(await svc.create(me(req), req.body, req.ctx.lang)) });
  app.route({ ...endpointRoute('adminLiveUpdate'), handler: async (req) => ok(await svc.update(me(req), req.params.id, req.body, req.ctx.lang)) });
  app.route({ ...endpointRoute('adminLiveAgenda'), handler: async (req) => ok(await svc.replaceAgenda(me(req), req.params.id, req.body.items, req.ctx.lang)) });
  app.route({ ...endpointRoute('adminLivePublish'), handler: async (req) => ok(await svc.publish(me(req), req.params.id, req.body.at)) });
  app.route({ ...endpointRoute('adminLiveOffline'), handler: async (req) => ok(await svc.offline(me(req), req.params.id)) });
  app.route({ ...endpointRoute('adminLiveBulk'), handler: async (req) => ok(await svc.bulk(me(req), req.body.ids, req.body.action, req.ctx.lang)) });
  app.route({ ...endpointRoute('adminLiveStream'), handler: async (req) => ok(await svc.stream(req.params.id)) });
  app.route({ ...endpointRoute('adminLiveStreamRotate'), handler: async (req) => ok(await svc.rotate(me(req), req.params.id)) });
  app.route({ ...endpointRoute('adminLivePushCheck'), handler: async (req) => ok(await svc.checkPush(req.params.id, req.body.url)) });
  app.route({ ...endpointRoute('adminLiveStatus'), handler: async (req) => ok(await svc.status(me(req), req.params.id, req.body.action)) });
  app.route({
    ...endpointRoute('adminLiveReplay'),
    handler: async (req) => ok(await svc.replay(me(req), req.params.id, req.body.available, req.body.use_stream_recording)),
  });
};

export default livesAdminRoutes;
