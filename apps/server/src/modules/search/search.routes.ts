import { endpoints } from '@medportal/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { SearchIndex } from './search.memory.ts';
import { SearchService } from './search.service.ts';

/** Search (spec §2 /search, §7 "Home and search"): thin handlers over SearchService. */
const searchRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // Searches match in memory; the index loads before the server takes requests (decision record 0015).
  const index = await SearchIndex.open(app.db);
  app.addHook('onClose', () => index.close());
  const svc = new SearchService(app.db, index);

  app.route({ ...endpointRoute(endpoints.search), handler: async (req) => ok(await svc.search(req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute(endpoints.searchType), handler: async (req) => ok(svc.searchTypes(req.ctx.lang)) });
  app.route({ ...endpointRoute(endpoints.hotSearchWord), handler: async (req) => ok(await svc.hotSearchWords(req.ctx.lang)) });
  app.route({ ...endpointRoute(endpoints.searchWordRemind), handler: async (req) => ok(await svc.suggest(req.query.word, req.ctx.lang)) });
  app.route({ ...endpointRoute(endpoints.hotCourse), handler: async (req) => ok(await svc.hotCourses(req.ctx.lang)) });
};

export default searchRoutes;
