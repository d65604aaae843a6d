import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { publicRead } from '../../lib/public-cache.ts';
import { Tag } from '../shared/cache-tags.ts';
import { robotsTxt, SeoService } from './seo.service.ts';

export interface SeoRoutesOptions {
  now: () => Date;
  /** The origin public links name (lib/page-url.ts `publicOriginResolver`). */
  originOf: (req: FastifyRequest) => string;
  /** URLs per sitemap file (tests make it small to see the index). */
  sitemapMaxUrls?: number;
}

/** The set of public pages changes with publishing, which the seed announces; else a few minutes late at most. */
const SITEMAP_TTL_MS = 5 * 60_000;
const PART = /^(\d{1,6})\.xml$/;

/** /robots.txt, /sitemap.xml and /sitemap-<n>.xml (decision record 0031). */
const seoRoutes: FastifyPluginAsync<SeoRoutesOptions> = async (app, opts) => {
  const svc = new SeoService(app.db, opts.now, opts.sitemapMaxUrls);
  const { originOf } = opts;
  // Kept per origin: outside production a loopback request names its own.
  const vary = ['origin'] as const;
  const sitemapCache = { publicCache: publicRead({ tags: [Tag.sitemap, Tag.site], ttlMs: SITEMAP_TTL_MS, raw: true, vary }) };

  app.get('/robots.txt', { schema: { hide: true }, config: { publicCache: publicRead({ tags: [Tag.site], raw: true, vary }) } }, async (req, reply) =>
    reply.type('text/plain; charset=utf-8').send(robotsTxt(originOf(req))),
  );

  app.get('/sitemap.xml', { schema: { hide: true }, config: sitemapCache }, async (req, reply) => {
    const file = await svc.sitemap(originOf(req), 0);
    return reply.type('application/xml; charset=utf-8').send(file?.xml);
  });

  app.get<{ Params: { part: string } }>('/sitemap-:part', { schema: { hide: true }, config: sitemapCache }, async (req, reply) => {
    const m = PART.exec(req.params.part);
    const file = m ? await svc.sitemap(originOf(req), Number(m[1])) : null;
    if (!file || Number(m?.[1]) < 1) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    return reply.type('application/xml; charset=utf-8').send(file.xml);
  });
};

export default seoRoutes;
