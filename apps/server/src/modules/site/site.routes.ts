import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SiteSettings } from '../../config.ts';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { publicRead } from '../../lib/public-cache.ts';
import { Tag } from '../shared/cache-tags.ts';
import { productPageFor, relateSitesFor, sideBanners, siteConfigFor } from './site.service.ts';
import siteAdminRoutes from './site.admin.routes.ts';

export interface SiteRoutesOptions {
  site: SiteSettings;
  now: () => Date;
}

const siteRoutes: FastifyPluginAsync<SiteRoutesOptions> = async (instance, { site, now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // Cached public reads (decision record 0031); banners have display windows, so theirs follow the clock closely.
  const cached = { publicCache: publicRead({ tags: [Tag.site] }) };

  app.route({
    ...endpointRoute('relateSite'),
    config: cached,
    handler: async (req) => ok({ items: await relateSitesFor(app.db, req.ctx.lang) }),
  });

  app.route({
    ...endpointRoute('productPage'),
    config: cached,
    handler: async (req) => ok(await productPageFor(app.db, req.params.key, req.ctx.lang)),
  });

  app.route({
    ...endpointRoute('userBanner'),
    config: { publicCache: publicRead({ tags: [Tag.site], ttlMs: 5_000 }) },
    handler: async (req) => ok({ items: await sideBanners(app.db, req.query.position, req.ctx.lang, now()) }),
  });

  app.route({
    ...endpointRoute('siteConfig'),
    config: cached,
    handler: async (req) => ok(siteConfigFor(site, req.ctx.lang)),
  });
  // The console's catalog routes for this module's tables (decision record 0068).
  await app.register(siteAdminRoutes, { now });
};

export default siteRoutes;
