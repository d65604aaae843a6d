import { endpoints } from '@medportal/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { SearchService } from './search.service.ts';

/** Search (spec §2 /search, §7 "Home and search"): thin handlers over SearchService. */
const searchRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const svc = new SearchService(app.db);

  app.route({ ...endpointRoute(endpoints.search), handler: async (req) => ok(await svc.search(req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute(endpoints.searchType), handler: async (req) => ok(svc.searchTypes(req.ctx.lang)) });
  app.route({ ...endpointRoute(endpoints.hotSearchWord), handler: async (req) => ok(await svc.hotSearchWords(req.ctx.lang)) });
  app.route({ ...endpointRoute(endpoints.searchWordRemind), handler: async (req) => ok(await svc.suggest(req.query.word, req.ctx.lang)) });
  app.route({ ...endpointRoute(endpoints.hotCourse), handler: async (req) => ok(await svc.hotCourses(req.ctx.lang)) });
};

export default searchRoutes;
