import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiCall, loginViaApi } from '../src/dev-api.ts';
import { collectErrors, HANG_LIMIT_MS, SERVER_PAGE_TIME_ZONE, useSharedHarness } from '../src/harness.ts';

/** Server-rendered public pages: content without JavaScript, head tags, and hydration. */
const h = useSharedHarness();

const data = async <T>(path: string, lang: 'zh' | 'en' = 'zh'): Promise<T> =>
  (await apiCall<T>(h.server.url, `${path}${path.includes('?') ? '&' : '?'}language=${lang === 'zh' ? 'zh_CN' : 'en'}`)).data;

const html = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${h.server.url}${path}`, { headers });
  return { res, text: await res.text() };
};

/** Text of the markup (tags dropped, entities decoded enough for the demo's titles). */
const textOf = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

const root = (page: string) => page.slice(page.indexOf('<div id="root">'), page.indexOf('<script type="application/json" id="ssr-state">'));

const jsonLd = (page: string): Array<Record<string, unknown>> =>
  [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap(([, body]) => {
    const parsed = JSON.parse(body!) as Record<string, unknown>;
    return (parsed['@graph'] as Array<Record<string, unknown>> | undefined) ?? [parsed];
  });

describe('server-rendered pages', () => {
  it('a course, a news item and the course list show their content in the HTML, in zh and en', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const courses = await data<{ items: Array<{ id: number; title: string }> }>('/v1/pc/course?page=1', lang);
      const course = courses.items[0]!;
      const detail = await data<{ title: string; description: string }>(`/v1/user/course/${course.id}`, lang);
      const news = (await data<{ items: Array<{ id: number; title: string }> }>('/v1/news?page=1', lang)).items[0]!;

      const list = await html(`/course?lang=${lang}`);
      assert.equal(list.res.status, 200);
      assert.match(list.res.headers.get('cache-control') ?? '', /^public, max-age=0, s-maxage=\d+/);
      for (const c of courses.items.slice(0, 3)) assert.ok(textOf(root(list.text)).includes(c.title), `${lang}: list shows "${c.title}"`);

      const page = await html(`/course/${course.id}?lang=${lang}`);
      assert.equal(page.res.status, 200);
      assert.ok(textOf(root(page.text)).includes(detail.title), `${lang}: course title in the body`);
      assert.ok(textOf(root(page.text)).includes(detail.description.slice(0, 20)), `${lang}: course description in the body`);
      assert.match(page.text, new RegExp(`<html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"`));
      assert.ok(textOf(page.text.match(/<title>([^<]*)<\/title>/)![1]!).startsWith(detail.title), `${lang}: the title names the course`);
      assert.ok(page.text.includes(`<link rel="canonical" href="${h.server.url}/course/${course.id}?lang=${lang}" />`));
      assert.ok(page.text.includes(`hreflang="zh-CN" href="${h.server.url}/course/${course.id}?lang=zh"`));
      assert.ok(page.text.includes(`hreflang="en" href="${h.server.url}/course/${course.id}?lang=en"`));
      assert.match(page.text, /<meta property="og:image" content="http[^"]+" \/>/);
      assert.match(page.text, /<meta name="description" content="[^"]{10,}" \/>/);

      const article = await html(`/news/${news.id}?lang=${lang}`);
      assert.ok(textOf(root(article.text)).includes(news.title), `${lang}: news title in the body`);
      assert.match(root(article.text), /data-testid="news-body"[^>]*>\s*<[a-z]/, `${lang}: the article body is in the HTML`);
    }
  });

  it('writes parseable JSON-LD: Course, NewsArticle, Person, Event and breadcrumbs with absolute URLs', async () => {
    const course = (await data<{ items: Array<{ id: number }> }>('/v1/pc/course?page=1')).items[0]!;
    const news = (await data<{ items: Array<{ id: number }> }>('/v1/news?page=1')).items[0]!;
    const courseLd = jsonLd((await html(`/course/${course.id}`)).text);
    const c = courseLd.find((x) => x['@type'] === 'Course');
    assert.ok(c, 'a Course');
    assert.equal(c.url, `${h.server.url}/course/${course.id}`);
    const crumbs = courseLd.find((x) => x['@type'] === 'BreadcrumbList') as { itemListElement: Array<{ item: string; position: number }> } | undefined;
    assert.ok(crumbs && crumbs.itemListElement.length === 3 && crumbs.itemListElement[0]!.item === `${h.server.url}/`);
    assert.ok(jsonLd((await html(`/news/${news.id}`)).text).some((x) => x['@type'] === 'NewsArticle' && typeof x.datePublished === 'string'));
    assert.ok(jsonLd((await html('/speaker/1')).text).some((x) => x['@type'] === 'Person'));
    assert.ok(jsonLd((await html('/')).text).some((x) => x['@type'] === 'WebSite'));
  });

  it('answers the language of Accept-Language without ?lang, a 304 to a known ETag, and a 404 for a missing course', async () => {
    const en = await html('/course', { 'accept-language': 'en-US,en;q=0.9' });
    assert.match(en.text, /<html lang="en"/);
    assert.match(en.res.headers.get('vary') ?? '', /Accept-Language/);
    const etag = en.res.headers.get('etag');
    assert.ok(etag);
    const again = await fetch(`${h.server.url}/course`, { headers: { 'accept-language': 'en-US,en;q=0.9', 'if-none-match': etag } });
    assert.equal(again.status, 304);
    const missing = await html('/course/987654321');
    assert.equal(missing.res.status, 404);
    assert.match(missing.res.headers.get('cache-control') ?? '', /no-cache/);
  });

  it("hands the browser the page's own text namespaces, however many the server has loaded for other pages", async () => {
    const namespaces = async (path: string) => {
      const { text } = await html(path);
      const state = text.match(/<script type="application\/json" id="ssr-state">([^<]*)<\/script>/)?.[1];
      assert.ok(state, `${path}: the page carries its state`);
      return (JSON.parse(state) as { ns: string[] }).ns;
    };
    const course = (await data<{ items: Array<{ id: number }> }>('/v1/pc/course?page=1')).items[0]!;
    // The course page reads the player's and the shop's text; the search page its own.
    const detail = await namespaces(`/course/${course.id}`);
    assert.ok(detail.includes('course') && detail.includes('player'), `course detail: ${detail.join()}`);
    await namespaces('/search?txt=lymphoma');
    const home = await namespaces('/');
    assert.ok(home.includes('home') && home.includes('common'), `home: ${home.join()}`);
    for (const other of ['player', 'money', 'search', 'speaker']) assert.ok(!home.includes(other), `home lists ${other}: ${home.join()}`);
  });

  it('shows the page with JavaScript off, and hydrates it without a console error where it runs', async () => {
    const course = (await data<{ items: Array<{ id: number; title: string }> }>('/v1/pc/course?page=1')).items[0]!;
    const noJs = await h.browser.newContext({ javaScriptEnabled: false, baseURL: h.server.url, locale: 'zh-CN' });
    try {
      noJs.setDefaultTimeout(HANG_LIMIT_MS);
      const page = await noJs.newPage();
      await page.goto(`/course/${course.id}`);
      await page.getByRole('heading', { level: 1 }).filter({ hasText: course.title }).waitFor();
      assert.ok((await page.locator('a[href="/course"]').count()) > 0, 'the site navigation is there');
    } finally {
      await noJs.close();
    }

    for (const path of ['/', `/course/${course.id}`, '/news', '/live', '/search?txt=lymphoma&lang=en']) {
      const { page } = await h.newPage({ timezoneId: SERVER_PAGE_TIME_ZONE });
      const errors = collectErrors(page);
      // The harness waits until the app has taken the page over; a mismatch is reported by then.
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      assert.deepEqual(errors, [], `${path}: ${errors.join('\n')}`);
    }

    // Interactive after hydration: the language switch changes the page in place.
    const { page } = await h.newPage({ timezoneId: SERVER_PAGE_TIME_ZONE });
    const errors = collectErrors(page);
    await page.goto(`/course/${course.id}`);
    await page.locator('[data-chrome="language-switch"]').click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    assert.equal(new URL(page.url()).searchParams.get('lang'), 'en');
    assert.deepEqual(errors, []);
  });

  it('keeps the server DOM when it hydrates, and a logged-in visitor gets their own state after it', async () => {
    const course = (await data<{ items: Array<{ id: number }> }>('/v1/pc/course?page=1')).items[0]!;
    const { page } = await h.newPage({ timezoneId: SERVER_PAGE_TIME_ZONE });
    const errors = collectErrors(page);
    // The server's <main> gets a mark the moment the HTML is parsed, before any script runs.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => document.querySelector('main')?.setAttribute('data-from-server', ''), { once: true });
    });
    await page.goto(`/course/${course.id}`);
    assert.equal(await page.locator('main[data-from-server]').count(), 1, 'hydration kept the server-rendered <main>');
    await page.locator('[data-chrome="login-link"]').waitFor();
    assert.match((await page.locator('[data-chrome="login-link"]').getAttribute('href')) ?? '', /callback=http%3A%2F%2F/, 'the login link gets the full URL after hydration');
    assert.deepEqual(errors, []);

    const token = await loginViaApi(h.server.url, '177');
    const member = await h.newPage({ timezoneId: SERVER_PAGE_TIME_ZONE });
    await member.page.addInitScript((t) => window.localStorage.setItem('accessToken', t), token);
    const memberErrors = collectErrors(member.page);
    await member.page.goto(`/course/${course.id}`);
    await member.page.locator('[data-chrome="user-menu"]').waitFor();
    assert.equal(await member.page.locator('[data-chrome="login-link"]').count(), 0);
    assert.deepEqual(memberErrors, []);
  });
});
