import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { publicRead } from '../../lib/public-cache.ts';
import { Tag } from '../shared/cache-tags.ts';
import searchAdminRoutes from './search.admin.routes.ts';
import { SearchService } from './search.service.ts';

export interface SearchRoutesOptions {
  now: () => Date;
}

/** Search (spec §2 /search, §7 "Home and search"): thin handlers over SearchService. */
const searchRoutes: FastifyPluginAsync<SearchRoutesOptions> = async (instance, { now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const svc = new SearchService(app.db, now);
  app.addHook('onClose', async () => svc.close());
  // Cached public reads (decision record 0031). Results are keyed by the search generation, which
  // moves with every index write (decision record 0073).
  const matched = { publicCache: publicRead({ tags: [Tag.search], version: () => svc.generation }) };
  const board = (...more: string[]) => ({ publicCache: publicRead({ tags: [Tag.search, ...more] }) });

  app.route({ ...endpointRoute('search'), config: matched, handler: async (req) => ok(await svc.search(req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute('searchType'), config: board(), handler: async (req) => ok(svc.searchTypes(req.ctx.lang)) });
  app.route({ ...endpointRoute('hotSearchWord'), config: board(), handler: async (req) => ok(await svc.hotSearchWords(req.ctx.lang)) });
  app.route({ ...endpointRoute('searchWordRemind'), config: matched, handler: async (req) => ok(await svc.suggest(req.query.word, req.ctx.lang)) });
  await app.register(searchAdminRoutes, { now, hotWordsChanged: () => svc.hotWordsChanged() });
  app.route({ ...endpointRoute('hotCourse'), config: board(Tag.courses), handler: async (req) => ok(await svc.hotCourses(req.ctx.lang)) });
};

export default searchRoutes;
