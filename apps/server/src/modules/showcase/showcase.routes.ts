import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { publicRead } from '../../lib/public-cache.ts';
import { Tag } from '../shared/cache-tags.ts';
import { covid19, preActUiConfig } from './showcase.service.ts';

export interface ShowcaseRoutesOptions {
  now: () => Date;
}

/** The epidemic map's data and the pre-event landing pages' look (spec §7 "Other"). */
const showcaseRoutes: FastifyPluginAsync<ShowcaseRoutesOptions> = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.route({ ...endpointRoute('covid19'), config: { publicCache: publicRead({ tags: [Tag.site] }) }, handler: async (req) => ok(covid19(req.ctx.lang)) });
  app.route({
    ...endpointRoute('preActUiConfig'),
    config: { publicCache: publicRead({ tags: [Tag.site] }) },
    handler: async (req) => ok(await preActUiConfig(app.db, req.params.id, req.ctx.lang)),
  });
};

export default showcaseRoutes;
