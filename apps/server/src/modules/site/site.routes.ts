import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SiteSettings } from '../../config.ts';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { productPageFor, relateSitesFor, sideBanners, siteConfigFor } from './site.service.ts';

export interface SiteRoutesOptions {
  site: SiteSettings;
  now: () => Date;
}

const siteRoutes: FastifyPluginAsync<SiteRoutesOptions> = async (instance, { site, now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...endpointRoute('relateSite'),
    handler: async (req) => ok({ items: await relateSitesFor(app.db, req.ctx.lang) }),
  });

  app.route({
    ...endpointRoute('productPage'),
    handler: async (req) => ok(await productPageFor(app.db, req.params.key, req.ctx.lang)),
  });

  app.route({
    ...endpointRoute('userBanner'),
    handler: async (req) => ok({ items: await sideBanners(app.db, req.query.position, req.ctx.lang, now()) }),
  });

  app.route({
    ...endpointRoute('siteConfig'),
    handler: async (req) => ok(siteConfigFor(site, req.ctx.lang)),
  });
};

export default siteRoutes;
