import { Column, ErrorCode, NewsItem, Page, PaperCard, Speaker } from '@medportal/contract';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columns, columnSpeakers, hospitals, news, newsSpeakers, papers, paperSpeakers, regions, speakers } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { bearer, call, makeUser } from '../../../test/factories.ts';

const NewsPage = Page(NewsItem);
const ColumnPage = Page(Column);
const PaperPage = Page(PaperCard);
const SpeakerPage = Page(Speaker);

let app: FastifyInstance;
let draftSpeaker: number;

beforeAll(async () => {
  app = await buildTestApp();
  const [draft] = await app.db.insert(speakers).values({ nameZh: '草稿讲者', avatar: '/a.svg', titleZh: '医师', status: 'draft' }).returning({ id: speakers.id });
  draftSpeaker = draft!.id;
});
afterAll(async () => {
  await app?.close();
});

const get = <T>(url: string, token?: string) => call<T>(app, { url, headers: token ? bearer(token) : {} });

/** Page through a list one item at a time and return every id-like key seen. */
async function walk<T>(url: string, parse: (d: unknown) => { items: T[]; total: number; has_more: boolean }, key: (t: T) => unknown) {
  const seen: unknown[] = [];
  let total = 0;
  for (let p = 1; p <= 100; p++) {
    const data = parse((await get(`${url}${url.includes('?') ? '&' : '?'}page=${p}&page_size=1`)).data);
    total = data.total;
    seen.push(...data.items.map(key));
    if (!data.has_more) break;
  }
  return { seen, total };
}

describe('speaker detail', () => {
  it('names the hospital and organisation ids the header links to', async () => {
    const [row] = await app.db.select({ h: speakers.hospitalId, o: speakers.organizationId }).from(speakers).where(eq(speakers.id, 1));
    const detail = (await get<{ hospital_id: number | null; organization_id: number | null }>('/v1/user/speaker/1')).data;
    expect(detail).toMatchObject({ hospital_id: row!.h, organization_id: row!.o });
    expect(detail.hospital_id).not.toBeNull();
  });
});

describe('seeded links', () => {
  it('several speakers have news, columns and papers', async () => {
    for (const table of [newsSpeakers, columnSpeakers, paperSpeakers]) {
      const rows = await app.db.selectDistinct({ id: table.speakerId }).from(table);
      expect(rows.length).toBeGreaterThanOrEqual(5);
    }
    // Speaker 1 has all three, so the pages and the e2e journey have something to show.
    for (const path of ['news', 'column', 'doc']) {
      expect((await get<{ total: number }>(`/v1/speaker/1/${path}`)).data.total, path).toBeGreaterThan(0);
    }
  });
});

describe('speaker news, columns and documents', () => {
  it('lists the news naming the speaker, newest first, paging without overlap', async () => {
    const [linked] = await app.db.select({ n: count() }).from(newsSpeakers).innerJoin(news, eq(news.id, newsSpeakers.newsId)).where(and(eq(newsSpeakers.speakerId, 1), eq(news.status, 'published')));
    const { seen, total } = await walk('/v1/speaker/1/news', (d) => NewsPage.parse(d), (n) => n.id);
    expect(total).toBe(linked!.n);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    const all = NewsPage.parse((await get('/v1/speaker/1/news?page_size=100')).data);
    const dates = all.items.map((n) => n.published_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(all.items.map((n) => n.id)).toEqual(seen);
  });

  it('answers in the caller language', async () => {
    const zh = ColumnPage.parse((await get('/v1/speaker/1/column')).data);
    const en = ColumnPage.parse((await get('/v1/speaker/1/column?language=en')).data);
    expect(zh.items.map((c) => c.id)).toEqual(en.items.map((c) => c.id));
    expect(zh.items[0]?.title).toMatch(/[\u4e00-\u9fff]/);
    expect(en.items[0]?.title).not.toMatch(/[\u4e00-\u9fff]/);
    const docZh = PaperPage.parse((await get('/v1/speaker/1/doc')).data);
    const docEn = PaperPage.parse((await get('/v1/speaker/1/doc?language=en')).data);
    expect(docZh.items[0]?.title).not.toBe(docEn.items[0]?.title);
  });

  it('hides unpublished news, columns and papers, and keeps a stable order', async () => {
    const [sp] = await app.db.insert(speakers).values({ nameZh: '链接讲者', avatar: '/a.svg', titleZh: '医师', status: 'published' }).returning({ id: speakers.id });
    const id = sp!.id;
    const [n1, n2, n3] = await app.db
      .insert(news)
      .values([
        { categoryId: 1, titleZh: '旧闻', bodyZh: '<p>a</p>', cover: '/c.svg', status: 'published', publishedAt: new Date('2024-01-01T00:00:00Z') },
        { categoryId: 1, titleZh: '新闻', bodyZh: '<p>b</p>', cover: '/c.svg', status: 'published', publishedAt: new Date('2025-01-01T00:00:00Z') },
        { categoryId: 1, titleZh: '草稿新闻', bodyZh: '<p>c</p>', cover: '/c.svg', status: 'draft', publishedAt: new Date('2026-01-01T00:00:00Z') },
      ])
      .returning({ id: news.id });
    await app.db.insert(newsSpeakers).values([n1!, n2!, n3!].map((n) => ({ newsId: n.id, speakerId: id })));
    const [c1, c2, c3] = await app.db
      .insert(columns)
      .values([
        { titleZh: '栏目乙', cover: '/c.svg', sort: 2, status: 'published' },
        { titleZh: '栏目甲', cover: '/c.svg', sort: 1, status: 'published' },
        { titleZh: '下线栏目', cover: '/c.svg', sort: 0, status: 'offline' },
      ])
      .returning({ id: columns.id });
    await app.db.insert(columnSpeakers).values([c1!, c2!, c3!].map((c) => ({ columnId: c.id, speakerId: id })));
    const [p1, p2] = await app.db
      .insert(papers)
      .values([
        { uuid: crypto.randomUUID(), titleZh: '论文一', fullJournal: 'J', doi: '10.1000/xyz1', status: 'published', publishedAt: new Date('2023-01-01T00:00:00Z') },
        { uuid: crypto.randomUUID(), titleZh: '草稿论文', fullJournal: 'J', status: 'draft', publishedAt: new Date('2025-01-01T00:00:00Z') },
      ])
      .returning({ id: papers.id });
    await app.db.insert(paperSpeakers).values([p1!, p2!].map((p) => ({ paperId: p.id, speakerId: id })));

    expect(NewsPage.parse((await get(`/v1/speaker/${id}/news`)).data).items.map((n) => n.title)).toEqual(['新闻', '旧闻']);
    expect(ColumnPage.parse((await get(`/v1/speaker/${id}/column`)).data).items.map((c) => c.title)).toEqual(['栏目甲', '栏目乙']);
    const docs = PaperPage.parse((await get(`/v1/speaker/${id}/doc`)).data);
    expect(docs.total).toBe(1);
    expect(docs.items[0]).toMatchObject({ id: p1!.id, title: '论文一', doi: '10.1000/xyz1', full_journal: 'J', published_at: '2023-01-01T00:00:00.000Z' });
    expect(docs.items[0]?.action).toMatchObject({ data: { module: 'paper', module_id: p1!.id } });
    const p2Page = ColumnPage.parse((await get(`/v1/speaker/${id}/column?page=2&page_size=1`)).data);
    expect(p2Page).toMatchObject({ page: 2, total: 2, has_more: false });
    expect(p2Page.items.map((c) => c.title)).toEqual(['栏目乙']);
  });

  it('answers NOT_FOUND for unknown and unpublished speakers, VALIDATION for bad ids and pages', async () => {
    for (const path of ['news', 'column', 'doc']) {
      expect((await get(`/v1/speaker/999999/${path}`)).code, path).toBe(ErrorCode.NOT_FOUND);
      expect((await get(`/v1/speaker/${draftSpeaker}/${path}`)).code, path).toBe(ErrorCode.NOT_FOUND);
      expect((await get(`/v1/speaker/abc/${path}`)).code, path).toBe(ErrorCode.VALIDATION);
      expect((await get(`/v1/speaker/-1/${path}`)).code, path).toBe(ErrorCode.VALIDATION);
      expect((await get(`/v1/speaker/1/${path}?page=0`)).code, path).toBe(ErrorCode.VALIDATION);
      expect((await get(`/v1/speaker/1/${path}?page_size=101`)).code, path).toBe(ErrorCode.VALIDATION);
    }
  });
});

describe('speaker browser', () => {
  it('lists every published speaker in display order without overlap', async () => {
    const [published] = await app.db.select({ n: count() }).from(speakers).where(eq(speakers.status, 'published'));
    const { seen, total } = await walk('/v1/speaker', (d) => SpeakerPage.parse(d), (s) => s.id);
    expect(total).toBe(published!.n);
    expect(new Set(seen).size).toBe(total);
    expect(seen).not.toContain(draftSpeaker);
  });

  it('filters by hospital, by region (a province includes its cities) and by both', async () => {
    const byHospital = SpeakerPage.parse((await get('/v1/speaker?hospital_id=1&page_size=100')).data);
    const [h1] = await app.db.select({ n: count() }).from(speakers).where(and(eq(speakers.hospitalId, 1), eq(speakers.status, 'published')));
    expect(byHospital.total).toBe(h1!.n);
    expect(byHospital.total).toBeGreaterThan(0);
    const hospitalName = byHospital.items[0]?.hospital?.name;
    expect(byHospital.items.every((s) => s.hospital?.name === hospitalName)).toBe(true);

    // Guangdong (a province) holds Guangzhou, where hospital 6 is.
    const [guangdong] = await app.db.select().from(regions).where(eq(regions.nameZh, '广东'));
    const [guangzhou] = await app.db.select().from(regions).where(eq(regions.nameZh, '广州'));
    expect(guangzhou?.parentId).toBe(guangdong!.id);
    const province = SpeakerPage.parse((await get(`/v1/speaker?region_id=${guangdong!.id}&page_size=100`)).data);
    const city = SpeakerPage.parse((await get(`/v1/speaker?region_id=${guangzhou!.id}&page_size=100`)).data);
    expect(province.total).toBeGreaterThan(0);
    expect(province.items.map((s) => s.id)).toEqual(city.items.map((s) => s.id));
    const [inCity] = await app.db
      .select({ n: count() })
      .from(speakers)
      .innerJoin(hospitals, eq(hospitals.id, speakers.hospitalId))
      .where(and(eq(hospitals.regionId, guangzhou!.id), eq(speakers.status, 'published')));
    expect(city.total).toBe(inCity!.n);

    const [beijing] = await app.db.select().from(regions).where(eq(regions.nameZh, '北京'));
    const both = SpeakerPage.parse((await get(`/v1/speaker?region_id=${beijing!.id}&hospital_id=1`)).data);
    expect(both.total).toBe(byHospital.total);
    const none = SpeakerPage.parse((await get(`/v1/speaker?region_id=${guangdong!.id}&hospital_id=1`)).data);
    expect(none).toMatchObject({ total: 0, items: [] });
    const en = SpeakerPage.parse((await get(`/v1/speaker?hospital_id=1&language=en`)).data);
    expect(en.items[0]?.hospital?.name).toBe('Peking Union Medical College Hospital');
  });

  it('marks followed speakers for a logged-in caller', async () => {
    const user = await makeUser(app, { nickname: 'Browser' });
    const [first] = await app.db.select({ id: speakers.id }).from(speakers).where(and(eq(speakers.hospitalId, 1), eq(speakers.status, 'published'))).orderBy(speakers.sort, speakers.id).limit(1);
    const followed = (await call(app, { method: 'PUT', url: `/v1/user/speaker/${first!.id}/follow`, headers: bearer(user.access), payload: { status: 1 } })).code;
    expect(followed).toBe(0);
    const data = SpeakerPage.parse((await get('/v1/speaker?hospital_id=1&page_size=100', user.access)).data);
    expect(data.items.length).toBeGreaterThan(1);
    expect(data.items.find((s) => s.id === first!.id)?.is_follow).toBe(true);
    expect(data.items.filter((s) => s.id !== first!.id).every((s) => !s.is_follow)).toBe(true);
    const anon = SpeakerPage.parse((await get('/v1/speaker?hospital_id=1&page_size=100')).data);
    expect(anon.items.every((s) => !s.is_follow)).toBe(true);
  });

  it('answers NOT_FOUND for an unknown hospital or region and VALIDATION for bad ids', async () => {
    expect((await get('/v1/speaker?hospital_id=999999')).code).toBe(ErrorCode.NOT_FOUND);
    expect((await get('/v1/speaker?region_id=999999')).code).toBe(ErrorCode.NOT_FOUND);
    expect((await get('/v1/speaker?hospital_id=abc')).code).toBe(ErrorCode.VALIDATION);
    expect((await get('/v1/speaker?region_id=0')).code).toBe(ErrorCode.VALIDATION);
    expect((await get('/v1/speaker?region_id=1%20or%201=1')).code).toBe(ErrorCode.VALIDATION);
    expect((await get('/v1/speaker?page=-1')).code).toBe(ErrorCode.VALIDATION);
  });
});
