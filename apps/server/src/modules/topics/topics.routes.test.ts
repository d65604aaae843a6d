import { Course, ErrorCode, LiveItem, NewsItem, Page, PaperCard, TopicCard } from '@medportal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, news, papers, specialItems, specials } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { call } from '../../../test/factories.ts';

const TopicPage = Page(TopicCard);

let app: FastifyInstance;
let topicId: number;
let draftTopicId: number;
let albumId: number;
let offlineCourseId: number;

beforeAll(async () => {
  app = await buildTestApp();
  // A topic of our own: three courses (one taken offline), one paper, sorted by hand.
  const [topic] = await app.db
    .insert(specials)
    .values({ kind: 'topic', titleZh: '测试专题', titleEn: 'Test topic', descZh: '描述', descEn: 'About', cover: '/t.svg', sort: 999, status: 'published' })
    .returning();
  topicId = topic!.id;
  const [draft] = await app.db.insert(specials).values({ kind: 'topic', titleZh: '草稿专题', cover: '/d.svg', status: 'draft' }).returning();
  draftTopicId = draft!.id;
  const [album] = await app.db.select({ id: specials.id }).from(specials).where(eq(specials.kind, 'album')).limit(1);
  albumId = album!.id;
  const someCourses = await app.db.select({ id: courses.id }).from(courses).where(eq(courses.status, 'published')).orderBy(courses.id).limit(3);
  const [offline] = await app.db
    .insert(courses)
    .values({ courseType: 1, titleZh: '下线课程', cover: '/x.svg', priceType: 1, status: 'offline' })
    .returning();
  offlineCourseId = offline!.id;
  const [paper] = await app.db.select({ id: papers.id }).from(papers).limit(1);
  await app.db.insert(specialItems).values([
    { specialId: topicId, module: 'course', itemId: someCourses[2]!.id, sort: 0 },
    { specialId: topicId, module: 'course', itemId: someCourses[0]!.id, sort: 1 },
    { specialId: topicId, module: 'course', itemId: someCourses[1]!.id, sort: 1 },
    { specialId: topicId, module: 'course', itemId: offlineCourseId, sort: 2 },
    { specialId: topicId, module: 'paper', itemId: paper!.id, sort: 0 },
    { specialId: draftTopicId, module: 'paper', itemId: paper!.id, sort: 0 },
  ]);
});
afterAll(async () => {
  await app?.close();
});

const get = <T = unknown>(url: string, lang?: 'zh_CN' | 'en') => call<T>(app, { url: lang ? `${url}${url.includes('?') ? '&' : '?'}language=${lang}` : url });

describe('GET /v1/topic', () => {
  it('pages published topics in display order without overlap, hiding drafts and albums', async () => {
    const seen: number[] = [];
    let total = 0;
    for (let p = 1; p <= 10; p++) {
      const res = await get(`/v1/topic?page=${p}&page_size=2`);
      expect(res.code).toBe(0);
      const data = TopicPage.parse(res.data);
      total = data.total;
      seen.push(...data.items.map((t) => t.id));
      if (!data.has_more) break;
    }
    expect(seen.length).toBe(total);
    expect(new Set(seen).size).toBe(total);
    expect(seen).not.toContain(draftTopicId);
    expect(seen).not.toContain(albumId);
    // Ours sorts last (sort 999).
    expect(seen.at(-1)).toBe(topicId);
    // The seeded topics group content.
    const first = TopicPage.parse((await get('/v1/topic')).data).items[0]!;
    expect(first.counts.course + first.counts.news + first.counts.live + first.counts.paper).toBeGreaterThan(0);
  });

  it('speaks the caller language and links to the generic topic target', async () => {
    const zh = TopicPage.parse((await get('/v1/topic?page_size=100', 'zh_CN')).data).items.find((t) => t.id === topicId)!;
    const en = TopicPage.parse((await get('/v1/topic?page_size=100', 'en')).data).items.find((t) => t.id === topicId)!;
    expect(zh.title).toBe('测试专题');
    expect(en.title).toBe('Test topic');
    expect(en.desc).toBe('About');
    expect(zh.action.data).toEqual({ module: 'topic', module_id: topicId });
    // Offline items are not counted.
    expect(zh.counts).toEqual({ course: 3, live: 0, news: 0, paper: 1 });
  });

  it('rejects bad paging with a validation code', async () => {
    for (const q of ['page=0', 'page=-1', 'page_size=1000', 'page=abc']) {
      expect((await get(`/v1/topic?${q}`)).code).toBe(ErrorCode.VALIDATION);
    }
  });
});

describe('GET /v1/topic/:id and its lists', () => {
  it('answers the header with counts', async () => {
    const res = await get(`/v1/topic/${topicId}`, 'en');
    expect(res.code).toBe(0);
    const topic = TopicCard.parse(res.data);
    expect(topic.title).toBe('Test topic');
    expect(topic.counts.course).toBe(3);
  });

  it('is not found for a missing, draft or album special, and validates the id', async () => {
    for (const id of [2_000_000, draftTopicId, albumId]) {
      expect((await get(`/v1/topic/${id}`)).code).toBe(ErrorCode.NOT_FOUND);
      expect((await get(`/v1/topic/${id}/course`)).code).toBe(ErrorCode.NOT_FOUND);
      expect((await get(`/v1/topic/${id}/paper`)).code).toBe(ErrorCode.NOT_FOUND);
    }
    expect((await get('/v1/topic/abc')).code).toBe(ErrorCode.VALIDATION);
    expect((await get('/v1/topic/-3/news')).code).toBe(ErrorCode.VALIDATION);
  });

  it("lists courses in the editors' order (sort, then id), without offline ones, paged", async () => {
    const all = Page(Course).parse((await get(`/v1/topic/${topicId}/course`)).data);
    const ids = all.items.map((c) => c.id);
    expect(ids).not.toContain(offlineCourseId);
    expect(all.total).toBe(3);
    const [a, b, c] = ids;
    expect(a).toBeGreaterThan(b!);
    expect(b).toBeLessThan(c!);
    const p2 = Page(Course).parse((await get(`/v1/topic/${topicId}/course?page=2&page_size=2`)).data);
    expect(p2.items.map((x) => x.id)).toEqual([c]);
    expect(p2.has_more).toBe(false);
  });

  it('lists papers with their DOI, and empty lists for modules without items', async () => {
    const p = Page(PaperCard).parse((await get(`/v1/topic/${topicId}/paper`, 'en')).data);
    expect(p.items).toHaveLength(1);
    expect(p.items[0]!.doi).toMatch(/^10\./);
    expect(p.items[0]!.action.data).toEqual({ module: 'paper', module_id: p.items[0]!.id });
    expect(Page(NewsItem).parse((await get(`/v1/topic/${topicId}/news`)).data).total).toBe(0);
    expect(Page(LiveItem).parse((await get(`/v1/topic/${topicId}/live`)).data).total).toBe(0);
  });

  it('serves the seeded topics with lives and news', async () => {
    const seeded = TopicPage.parse((await get('/v1/topic')).data).items.find((t) => t.counts.live > 0 && t.counts.news > 0)!;
    const lives = Page(LiveItem).parse((await get(`/v1/topic/${seeded.id}/live`)).data);
    expect(lives.items.length).toBe(seeded.counts.live);
    const newsPage = Page(NewsItem).parse((await get(`/v1/topic/${seeded.id}/news`, 'en')).data);
    expect(newsPage.total).toBe(seeded.counts.news);
    // A news item taken offline drops out of the list and the count.
    const gone = newsPage.items[0]!.id;
    await app.db.update(news).set({ status: 'offline' }).where(eq(news.id, gone));
    const after = Page(NewsItem).parse((await get(`/v1/topic/${seeded.id}/news`)).data);
    expect(after.items.map((n) => n.id)).not.toContain(gone);
    expect(TopicCard.parse((await get(`/v1/topic/${seeded.id}`)).data).counts.news).toBe(seeded.counts.news - 1);
    await app.db.update(news).set({ status: 'published' }).where(eq(news.id, gone));
  });
});
