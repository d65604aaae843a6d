import { describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { assemblePage, canonicalPath, encodedBody, headTags, isCachedPage, type PageDeps, type RenderOutcome, RenderedPages } from './page-render.ts';

const TEMPLATE = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <title>Placeholder</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const page = (html = '<main>x</main>'): Exclude<RenderOutcome, null | { redirect: string }> => ({
  status: 200,
  html,
  state: '{}',
  meta: { title: 'A & B', siteName: 'Site', description: 'About "A"' },
});

function pages(ttlMs = 5_000, staleMs = 0) {
  let t = 0;
  let mark = 0;
  let builds = 0;
  /** Tag → mark of its last invalidation (as the public cache keeps them). */
  const dropped = new Map<string, number>();
  const changedSince = (tags: readonly string[] | null, since: number) => (tags === null ? mark !== since : tags.some((tag) => (dropped.get(tag) ?? 0) > since));
  const cache = new RenderedPages({ ttlMs, staleMs, maxEntries: 2, maxPending: 10, mark: () => mark, changedSince, now: () => t });
  const get = (key: string, html = key, deps?: PageDeps) =>
    cache.get(
      key,
      async () => {
        builds += 1;
        return { outcome: page(html), ...(deps ? { deps } : {}) };
      },
      (p) => ({ status: p.status, body: Buffer.from(p.html) }),
    );
  return {
    get,
    advance: (ms: number) => (t += ms),
    invalidate: (...tags: string[]) => {
      mark += 1;
      for (const tag of tags) dropped.set(tag, mark);
    },
    builds: () => builds,
  };
}

describe('server-rendered pages', () => {
  it('keep content-selecting query parameters in the canonical path, not the language or tracking', () => {
    expect(canonicalPath('/course/11')).toBe('/course/11');
    expect(canonicalPath('/search?txt=lymphoma&lang=en&utm_source=x')).toBe('/search?txt=lymphoma');
    expect(canonicalPath('/course?lang=zh')).toBe('/course');
  });

  it('write escaped head tags with canonical, alternates, Open Graph and JSON-LD with absolute links', () => {
    const head = headTags(
      { ...page().meta, image: '/cover.png', jsonLd: [{ '@type': 'Course', url: '/course/1', name: '</script><script>x' }] },
      { origin: 'https://portal.example', path: '/course/1', lang: 'en', defaultImage: '/share.png', langInUrl: true },
    );
    expect(head).toContain('<title>A &amp; B</title>');
    expect(head).toContain('<meta name="description" content="About &quot;A&quot;" />');
    expect(head).toContain('<link rel="canonical" href="https://portal.example/course/1?lang=en" />');
    expect(head).toContain('hreflang="zh-CN" href="https://portal.example/course/1?lang=zh"');
    expect(head).toContain('hreflang="x-default" href="https://portal.example/course/1"');
    expect(head).toContain('<meta property="og:image" content="https://portal.example/cover.png" />');
    const ld = head.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1] ?? '';
    expect(ld).not.toContain('</script>');
    expect(JSON.parse(ld)).toMatchObject({ url: 'https://portal.example/course/1', name: '</script><script>x' });
    // Without ?lang= the page is the x-default one, and its own canonical.
    const xDefault = headTags(page().meta, { origin: 'https://portal.example', path: '/course/1', lang: 'zh', defaultImage: '/share.png', langInUrl: false });
    expect(xDefault).toContain('<link rel="canonical" href="https://portal.example/course/1" />');
  });

  it('put the markup, the language and the state into the template', () => {
    const out = assemblePage(TEMPLATE, 'en', '<title>T</title>', '<main>$& $1</main>', '{"a":1}');
    expect(out).toContain('<html lang="en">');
    expect(out).toContain('<title>T</title>');
    expect(out).not.toContain('Placeholder');
    expect(out).toContain('<div id="root"><main>$& $1</main></div>');
    expect(out).toContain('<script type="application/json" id="ssr-state">{"a":1}</script>');
  });

  it('are rendered once for concurrent requests and served from memory until they expire', async () => {
    const p = pages();
    const [a, b] = await Promise.all([p.get('/a'), p.get('/a')]);
    expect(p.builds()).toBe(1);
    expect(a).toBe(b);
    expect(isCachedPage(a) && a.body.toString()).toBe('/a');
    if (!isCachedPage(a)) throw new Error('a page');
    // Compressed once with the render, sent as the client accepts.
    expect(brotliDecompressSync(encodedBody(a, 'gzip, br').body).toString()).toBe('/a');
    expect(gunzipSync(encodedBody(a, 'gzip').body).toString()).toBe('/a');
    expect(encodedBody(a, undefined)).toEqual({ body: a.body, encoding: null });
    await p.get('/a');
    expect(p.builds()).toBe(1);
    p.advance(5_001);
    await p.get('/a');
    expect(p.builds()).toBe(2);
  });

  it('past their lifetime are served while one render replaces them, but never once invalidated', async () => {
    const p = pages(5_000, 10_000);
    const first = await p.get('/a', 'old');
    p.advance(5_001);
    // The expired page at once; one render starts for the next visitors.
    const [stale, again] = await Promise.all([p.get('/a', 'new'), p.get('/a', 'new')]);
    expect(stale).toBe(first);
    expect(again).toBe(first);
    expect(p.builds()).toBe(2);
    await new Promise((r) => setTimeout(r, 50));
    const fresh = await p.get('/a', 'newer');
    expect(isCachedPage(fresh) && fresh.body.toString()).toBe('new');
    // Too old: rendered while the visitor waits.
    p.advance(15_001);
    expect(isCachedPage(await p.get('/a', 'late')) && 'rendered').toBe('rendered');
    expect(p.builds()).toBe(3);
    // Invalidated: never served stale.
    p.advance(5_001);
    p.invalidate();
    const afterWrite = await p.get('/a', 'written');
    expect(isCachedPage(afterWrite) && afterWrite.body.toString()).toBe('written');
  });

  it('are dropped when a public read is invalidated, and not kept when built across an invalidation', async () => {
    const p = pages();
    await p.get('/a');
    p.invalidate();
    await p.get('/a');
    expect(p.builds()).toBe(2);
    await p.get('/a');
    expect(p.builds()).toBe(2);

    let release: () => void = () => undefined;
    let mark = 0;
    let builds = 0;
    const slow = new RenderedPages({ ttlMs: 5_000, maxEntries: 10, maxPending: 10, mark: () => mark, now: () => 0 });
    const build = () =>
      slow.get(
        '/b',
        () =>
          new Promise<{ outcome: RenderOutcome }>((resolve) => {
            builds += 1;
            release = () => resolve({ outcome: page('/b') });
          }),
        (x) => ({ status: x.status, body: Buffer.from(x.html) }),
      );
    const first = build();
    mark += 1;
    release();
    expect(isCachedPage(await first)).toBe(true);
    const second = build();
    release();
    await second;
    expect(builds).toBe(2);
  });

  it("built from tracked reads, live as long as the shortest of them and go only when one of their tags is invalidated", async () => {
    const p = pages();
    const news = { tags: ['news:1', 'site'], ttlMs: 30_000 };
    await p.get('/news/1', 'n1', news);
    await p.get('/course/2', 'c2', { tags: ['course:2', 'site'], ttlMs: 30_000 });
    // Another item's new view count: neither page shows it.
    p.invalidate('news:9');
    p.advance(20_000);
    await p.get('/news/1', 'n1', news);
    await p.get('/course/2');
    expect(p.builds()).toBe(2);
    // Its own item: only that page is rendered again.
    p.invalidate('news:1');
    const renewed = await p.get('/news/1', 'n1 again', news);
    expect(isCachedPage(renewed) && renewed.body.toString()).toBe('n1 again');
    await p.get('/course/2');
    expect(p.builds()).toBe(3);
    // Past its reads' lifetime (30 s, where an untracked page lives 5 s): rendered again.
    p.advance(10_001);
    await p.get('/course/2', 'c2 later', { tags: ['course:2'], ttlMs: 5_000 });
    expect(p.builds()).toBe(4);
    // A page with an untracked read (tags null) goes with any invalidation.
    await p.get('/search', 's', { tags: null, ttlMs: 5_000 });
    p.invalidate('course:2');
    await p.get('/search', 's2', { tags: null, ttlMs: 5_000 });
    expect(p.builds()).toBe(6);
  });

  it('keep at most maxEntries, the least recently used going first', async () => {
    const p = pages();
    await p.get('/a');
    await p.get('/b');
    await p.get('/a');
    await p.get('/c');
    expect(p.builds()).toBe(3);
    await p.get('/a');
    expect(p.builds()).toBe(3);
    await p.get('/b');
    expect(p.builds()).toBe(4);
  });
});
