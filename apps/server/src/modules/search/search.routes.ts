import { ErrorCode, errorMessage } from '@medportal/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { publicRead } from '../../lib/public-cache.ts';
import { sendEnvelope } from '../../plugins/errors.ts';
import { Tag } from '../shared/cache-tags.ts';
import type { SearchIndexLoader } from './search.loader.ts';
import searchAdminRoutes from './search.admin.routes.ts';
import { SearchService, SearchUnavailable } from './search.service.ts';

export interface SearchRoutesOptions {
  /** This process's index, loading in the background (startup.ts starts it). */
  index: SearchIndexLoader;
  now: () => Date;
}

/** 503 with Retry-After while search cannot answer yet (decision record 0016). */
async function answer<T>(req: FastifyRequest, reply: FastifyReply, work: () => Promise<T>) {
  try {
    return ok(await work());
  } catch (err) {
    if (!(err instanceof SearchUnavailable)) throw err;
    reply.header('retry-after', String(err.retryAfterS));
    return sendEnvelope(reply, 503, ErrorCode.UNAVAILABLE, errorMessage(ErrorCode.UNAVAILABLE, req.ctx.lang), { retry_after_s: err.retryAfterS });
  }
}

/** Search (spec §2 /search, §7 "Home and search"): thin handlers over SearchService. */
const searchRoutes: FastifyPluginAsync<SearchRoutesOptions> = async (instance, { index, now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // Searches match in memory once the index is loaded; until then a slower path (decision record 0016).
  app.addHook('onClose', () => index.close());
  const svc = new SearchService(app.db, index, now);
  // Cached public reads (decision record 0031). Results are keyed by the index's generation, which
  // moves with every change it applies (from any process); while it loads nothing is kept.
  const matched = { publicCache: publicRead({ tags: [Tag.search], version: () => index.current?.generation ?? null }) };
  const board = (...more: string[]) => ({ publicCache: publicRead({ tags: [Tag.search, ...more] }) });

  app.route({ ...endpointRoute('search'), config: matched, handler: (req, reply) => answer(req, reply, () => svc.search(req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute('searchType'), config: board(), handler: async (req) => ok(svc.searchTypes(req.ctx.lang)) });
  app.route({ ...endpointRoute('hotSearchWord'), config: board(), handler: async (req) => ok(await svc.hotSearchWords(req.ctx.lang)) });
  app.route({
    ...endpointRoute('searchWordRemind'),
    config: matched,
    handler: (req, reply) => answer(req, reply, () => svc.suggest(req.query.word, req.ctx.lang)),
  });
  await app.register(searchAdminRoutes, { now, hotWordsChanged: () => svc.hotWordsChanged() });
  app.route({ ...endpointRoute('hotCourse'), config: board(Tag.courses), handler: async (req) => ok(await svc.hotCourses(req.ctx.lang)) });
};

export default searchRoutes;
