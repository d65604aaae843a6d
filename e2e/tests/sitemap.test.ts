import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useSharedHarness } from '../src/harness.ts';

/** The crawler's files and HTTP revalidation on the production build (no browser needed). */
const h = useSharedHarness();

const api = async <T>(path: string): Promise<T> => ((await (await fetch(`${h.server.url}${path}`)).json()) as { data: T }).data;

describe('sitemap.xml and robots.txt', () => {
  it('lists a seeded course and news item in both languages, with alternates and lastmod', async () => {
    const [course] = (await api<{ items: Array<{ id: number }> }>('/v1/pc/course?page=1')).items;
    const [item] = (await api<{ items: Array<{ id: number }> }>('/v1/news?page=1')).items;
    assert.ok(course && item, 'the demo content has courses and news');
    const res = await fetch(`${h.server.url}/sitemap.xml`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^application\/xml/);
    const xml = await res.text();
    for (const path of [`/course/${course.id}`, `/news/${item.id}`]) {
      for (const lang of ['zh', 'en']) {
        const entry = xml.split('<url>').find((u) => u.startsWith(`<loc>${h.server.url}${path}?lang=${lang}</loc>`));
        assert.ok(entry, `${path} in ${lang}`);
        assert.match(entry, /<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod>/);
        assert.ok(entry.includes(`hreflang="zh-CN" href="${h.server.url}${path}?lang=zh"`));
        assert.ok(entry.includes(`hreflang="en" href="${h.server.url}${path}?lang=en"`));
        assert.ok(entry.includes(`hreflang="x-default" href="${h.server.url}${path}"`));
      }
    }
  });

  it('robots.txt keeps crawlers off the API and points at the sitemap', async () => {
    const text = await (await fetch(`${h.server.url}/robots.txt`)).text();
    assert.match(text, /^Disallow: \/v1\/$/m);
    assert.match(text, /^Disallow: \/user$/m);
    assert.ok(text.includes(`Sitemap: ${h.server.url}/sitemap.xml`));
  });

  it('answers a public API read again with 304 when the client has it, and a logged-out read as public', async () => {
    const first = await fetch(`${h.server.url}/v1/pc_index?language=en`);
    const etag = first.headers.get('etag');
    assert.ok(etag);
    assert.match(first.headers.get('cache-control') ?? '', /^public, max-age=0, s-maxage=\d+/);
    const again = await fetch(`${h.server.url}/v1/pc_index?language=en`, { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304);
  });
});
