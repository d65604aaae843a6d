import { HOME_CACHE_TTL_MS } from '@medportal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { publicRead } from '../../lib/public-cache.ts';
import { ALL_CARDS } from '../shared/cache-tags.ts';
import homeAdminRoutes from './home.admin.routes.ts';
import { HomeAdminService } from './home.admin.service.ts';
import { HomeService } from './home.service.ts';

export interface HomeRoutesOptions {
  now: () => Date;
}

const homeRoutes: FastifyPluginAsync<HomeRoutesOptions> = async (app, { now }) => {
  const home = new HomeService(app.db, now, app.log);
  const admin = new HomeAdminService(app.db, now, app.publicCache);
  await app.register(homeAdminRoutes, { svc: admin });

  const route = endpointRoute('pcIndex');
  app.route({
    ...route,
    schema: {
      ...route.schema,
      description:
        'Blocks in display order, one per home_blocks row. Hidden blocks are included with header.hide = true ' +
        'and empty items (the client must not render them). Kept per language for a few seconds (live status follows the clock).',
    },
    // Cards of every kind, and lives whose status moves with the clock.
    config: { publicCache: publicRead({ tags: ALL_CARDS, ttlMs: HOME_CACHE_TTL_MS }) },
    // A console preview (decision record 0067) sees the draft layout, when there is one.
    handler: async (req) => ok(await home.pcIndex(req.ctx.lang, app.preview.allows(req, 'home', 0) ? ((await admin.draftRows()) ?? undefined) : undefined)),
  });
};

export default homeRoutes;
