import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, news, newsCategories } from '../../db/schema/index.ts';
import { loadConfig } from '../../config.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ config: { publicOrigin: 'https://portal.example.com' } });
});
afterAll(async () => {
  await app?.close();
});

/** The <url> entries of a urlset, with their lastmod and alternates. */
function urls(xml: string) {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, inner = '']) => ({
    loc: /<loc>([^<]+)<\/loc>/.exec(inner)?.[1],
    lastmod: /<lastmod>([^<]+)<\/lastmod>/.exec(inner)?.[1],
    alternates: Object.fromEntries([...inner.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map(([, lang, href]) => [lang, href])),
  }));
}

describe('/sitemap.xml', () => {
  it('lists a seeded course and news item in both languages, each with its alternates and lastmod', async () => {
    const res = await app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/);
    const all = urls(res.body);

    const [course] = await app.db.select({ id: courses.id, updatedAt: courses.updatedAt }).from(courses).where(eq(courses.status, 'published')).orderBy(asc(courses.id)).limit(1);
    const [item] = await app.db
      .select({ id: news.id, updatedAt: news.updatedAt })
      .from(news)
      .innerJoin(newsCategories, eq(newsCategories.id, news.categoryId))
      .where(and(eq(news.status, 'published'), eq(newsCategories.status, 'published')))
      .orderBy(asc(news.id))
      .limit(1);
    for (const [path, at] of [
      [`/course/${course!.id}`, course!.updatedAt],
      [`/news/${item!.id}`, item!.updatedAt],
    ] as const) {
      const zh = all.find((u) => u.loc === `https://portal.example.com${path}?lang=zh`);
      const en = all.find((u) => u.loc === `https://portal.example.com${path}?lang=en`);
      expect(zh, path).toBeDefined();
      expect(en, path).toBeDefined();
      for (const u of [zh!, en!]) {
        expect(u.alternates).toEqual({
          'zh-CN': `https://portal.example.com${path}?lang=zh`,
          en: `https://portal.example.com${path}?lang=en`,
          'x-default': `https://portal.example.com${path}`,
        });
        expect(u.lastmod).toBe(at.toISOString().replace(/\.\d{3}Z$/, 'Z'));
      }
    }
    // The lists, documents, places and topics are there too; personal pages are not.
    const locs = new Set(all.map((u) => u.loc));
    for (const path of ['/', '/course', '/live', '/news', '/about_us', '/privacy']) expect(locs.has(`https://portal.example.com${path}?lang=en`), path).toBe(true);
    for (const prefix of ['/speaker/', '/hospital/', '/organizer/', '/w/o/live/', '/news_cate/', '/paper/']) {
      expect([...locs].some((l) => l?.startsWith(`https://portal.example.com${prefix}`)), prefix).toBe(true);
    }
    expect([...locs].some((l) => /\/topic\?lang=zh&amp;id=\d+$/.test(l ?? '')), 'topics keep their id after lang').toBe(true);
    expect([...locs].some((l) => l?.includes('/user'))).toBe(false);
  });

  it('is kept and revalidated like the API payloads', async () => {
    const first = await app.inject({ url: '/sitemap.xml' });
    const again = await app.inject({ url: '/sitemap.xml', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['x-cache']).toBe('HIT');
    expect(first.headers['cache-control']).toMatch(/^public, /);
  });

  it('splits into an index and parts past the URL limit of a file', async () => {
    const small = await buildTestApp({ seo: { sitemapMaxUrls: 40 } });
    try {
      const index = await small.inject({ url: '/sitemap.xml', headers: { host: 'mirror.localhost:8080' } });
      expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const parts = [...index.body.matchAll(/<loc>http:\/\/mirror\.localhost:8080\/sitemap-(\d+)\.xml<\/loc><lastmod>[^<]+<\/lastmod>/g)].map((m) => Number(m[1]));
      expect(parts.length).toBeGreaterThan(1);
      expect(parts).toEqual(parts.map((_, i) => i + 1));
      const seen = new Set<string>();
      for (const n of parts) {
        const part = await small.inject({ url: `/sitemap-${n}.xml`, headers: { host: 'mirror.localhost:8080' } });
        expect(part.statusCode).toBe(200);
        const entries = urls(part.body);
        expect(entries.length).toBeLessThanOrEqual(40);
        for (const u of entries) {
          expect(u.loc).toMatch(/^http:\/\/mirror\.localhost:8080\//);
          expect(seen.has(u.loc!)).toBe(false);
          seen.add(u.loc!);
        }
      }
      expect(seen.has('http://mirror.localhost:8080/course?lang=zh')).toBe(true);
      expect((await small.inject({ url: `/sitemap-${parts.length + 1}.xml` })).statusCode).toBe(404);
      expect((await small.inject({ url: '/sitemap-0.xml' })).statusCode).toBe(404);
    } finally {
      await small.close();
    }
  });
});

describe('/robots.txt', () => {
  it('allows the public pages, keeps crawlers off the API and personal pages, and points at the sitemap', async () => {
    const res = await app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/v1/', '/v2/', '/user', '/wallet/', '/login', '/news/my_comments']) expect(lines).toContain(`Disallow: ${path}`);
    for (const open of ['/course', '/news', '/live', '/search', '/speaker/']) expect(lines).not.toContain(`Disallow: ${open}`);
    expect(lines).toContain('Sitemap: https://portal.example.com/sitemap.xml');
  });

  it('with PUBLIC_ORIGIN unset, names a loopback host it was asked on and PUBLIC_URL for any other Host', async () => {
    const other = await buildTestApp({ config: { publicUrl: 'https://www.example.cn' } });
    try {
      const local = await other.inject({ url: '/robots.txt', headers: { host: 'localhost:8080' } });
      expect(local.body).toContain('Sitemap: http://localhost:8080/sitemap.xml');
      expect((await other.inject({ url: '/robots.txt', headers: { host: '127.0.0.1:3000' } })).body).toContain('Sitemap: http://127.0.0.1:3000/sitemap.xml');
      // A made-up Host first, so it would be the one kept: it never shows, here or to the next caller.
      for (const host of ['evil.example.net', 'b.example.net:8080']) {
        const robots = await other.inject({ url: '/robots.txt', headers: { host } });
        expect(robots.body).toContain('Sitemap: https://www.example.cn/sitemap.xml');
        expect(robots.body).not.toContain('example.net');
        const sitemap = await other.inject({ url: '/sitemap.xml', headers: { host } });
        expect(sitemap.body).toContain('<loc>https://www.example.cn/');
        expect(sitemap.body).not.toContain('example.net');
      }
    } finally {
      await other.close();
    }
  });

  it('PUBLIC_ORIGIN is required in production, with a message that names it', () => {
    const production = { NODE_ENV: 'production', CARD_ENCRYPTION_KEY: '11'.repeat(32), CERT_SIGNING_KEY: '22'.repeat(32) };
    expect(() => loadConfig(production)).toThrow(/PUBLIC_ORIGIN: required in production/);
    expect(loadConfig({ ...production, PUBLIC_ORIGIN: 'https://portal.example.com/' }).publicOrigin).toBe('https://portal.example.com');
    expect(loadConfig({}).publicOrigin).toBeUndefined();
  });

});
