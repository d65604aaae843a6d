import {
  CourseType,
  ErrorCode,
  HOT_COURSE_LIMIT,
  HotCourseData,
  HotSearchWordData,
  PriceType,
  SEARCH_RESULT_CAP,
  SEARCH_SUGGEST_LIMIT,
  SearchData,
  SearchTypeData,
  SearchWordRemindData,
  type SearchModule,
} from '@medportal/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, hotWords, news, newsCategories, searchDocuments, users } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { call } from '../../../test/factories.ts';
import { rebuildSearchIndex, upsertSearchItem } from './search.indexer.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

const get = <T>(url: string) => call<T>(app, { url });
const q = encodeURIComponent;

async function search(qs: string) {
  const r = await get<unknown>(`/v1/pc/search?${qs}`);
  expect(r.code, JSON.stringify(r)).toBe(0);
  return SearchData.parse(r.data);
}

async function suggest(word: string, lang = 'zh_CN') {
  const r = await get<unknown>(`/v1/user/search_word_remind?word=${q(word)}&language=${lang}`);
  expect(r.code, JSON.stringify(r)).toBe(0);
  return SearchWordRemindData.parse(r.data).items.map((i) => i.word);
}

const DAY = 86_400_000;
let seq = 0;

/** A course written the way any writer does it: the row, then the per-item index upsert. */
async function makeCourse(v: {
  titleZh: string;
  titleEn?: string;
  summaryZh?: string;
  publishedAt?: Date;
  learnCount?: number;
  status?: 'draft' | 'published' | 'offline';
}): Promise<number> {
  seq += 1;
  const [row] = await app.db
    .insert(courses)
    .values({
      courseType: CourseType.SINGLE,
      priceType: PriceType.FREE,
      titleZh: v.titleZh,
      titleEn: v.titleEn ?? null,
      summaryZh: v.summaryZh ?? '',
      cover: `/media/cover/test-${seq}.svg`,
      learnCount: v.learnCount ?? 0,
      status: v.status ?? 'published',
      publishedAt: v.publishedAt ?? new Date('2025-01-01T00:00:00Z'),
    })
    .returning({ id: courses.id });
  if (!row) throw new Error('no course');
  await upsertSearchItem(app.db, 'course', row.id);
  return row.id;
}

async function makeNews(v: { titleZh: string; titleEn?: string; bodyZh?: string; status?: 'draft' | 'published' | 'offline' }) {
  const [cat] = await app.db.select({ id: newsCategories.id }).from(newsCategories).where(eq(newsCategories.status, 'published')).limit(1);
  if (!cat) throw new Error('seed has no news category');
  const [row] = await app.db
    .insert(news)
    .values({
      categoryId: cat.id,
      titleZh: v.titleZh,
      titleEn: v.titleEn ?? null,
      bodyZh: v.bodyZh ?? '<p>正文</p>',
      cover: '/media/cover/news.svg',
      status: v.status ?? 'published',
      publishedAt: new Date('2025-03-01T00:00:00Z'),
    })
    .returning({ id: news.id });
  if (!row) throw new Error('no news');
  await upsertSearchItem(app.db, 'news', row.id);
  return row.id;
}

const ids = (d: { items: Array<{ module: SearchModule; item_id: number }> }, module: SearchModule = 'course') =>
  d.items.filter((i) => i.module === module).map((i) => i.item_id);

describe('GET /v1/pc/search', () => {
  it('finds seeded content in Chinese and English, title matches first', async () => {
    const zh = await search(`keyword=${q('淋巴瘤')}&page_size=50`);
    expect(zh.total).toBeGreaterThan(0);
    expect(zh.terms).toEqual(['淋巴瘤']);
    expect(zh.items[0]?.title).toContain('淋巴瘤');
    const en = await search(`keyword=lymph&page_size=50&language=en`);
    expect(en.total).toBeGreaterThan(0);
    expect(en.items[0]?.title.toLowerCase()).toContain('lymph');
  });

  it('recalls a medical term the word segmenter splits, ranks title over body and recent over stale', async () => {
    const bodyOnly = await makeCourse({
      titleZh: '血液科病例讨论会',
      summaryZh: '本期讨论一例复发难治性弥漫大B细胞淋巴瘤患者的诊疗经过。',
      publishedAt: new Date(Date.now() - DAY),
      learnCount: 900_000,
    });
    const stale = await makeCourse({ titleZh: '弥漫大B细胞淋巴瘤的靶向治疗', publishedAt: new Date('2015-01-01T00:00:00Z'), learnCount: 10 });
    const recent = await makeCourse({ titleZh: '滤泡性淋巴瘤靶向治疗新进展', publishedAt: new Date(Date.now() - 2 * DAY), learnCount: 10 });
    const draft = await makeCourse({ titleZh: '淋巴瘤靶向治疗草稿', status: 'draft' });

    const all = await search(`keyword=${q('淋巴瘤靶向治疗')}&type=course&page_size=100`);
    const order = ids(all);
    expect(order).toContain(stale);
    expect(order).toContain(recent);
    expect(order).not.toContain(draft);
    expect(order.indexOf(recent)).toBeLessThan(order.indexOf(stale));
    // The medical dictionary keeps 靶向治疗 whole.
    expect(all.terms).toEqual(['淋巴瘤', '靶向治疗']);

    const lymphoma = ids(await search(`keyword=${q('淋巴瘤')}&type=course&page_size=100`));
    expect(lymphoma).toContain(bodyOnly);
    // A body-only match ranks below every title match, however new and popular it is.
    expect(lymphoma.indexOf(bodyOnly)).toBeGreaterThan(lymphoma.indexOf(stale));
    const found = (await search(`keyword=${q('淋巴瘤')}&type=course&page_size=100`)).items.find((i) => i.item_id === bodyOnly);
    expect(found?.summary).toContain('淋巴瘤');
    expect(found?.action).toEqual({ type: 5, data: { id: bodyOnly }, target: '_self' });
    expect(found?.tag).toBe('课程');
  });

  it('finds English words by prefix and shows the caller’s language', async () => {
    const id = await makeCourse({ titleZh: '皮肤T细胞淋巴瘤概览', titleEn: 'Cutaneous T-cell lymphoma overview' });
    const en = await search(`keyword=${q('cutaneous lymph')}&language=en`);
    const hit = en.items.find((i) => i.item_id === id && i.module === 'course');
    expect(hit?.title).toBe('Cutaneous T-cell lymphoma overview');
    expect(hit?.tag).toBe('Course');
    const zh = await search(`keyword=${q('cutaneous lymph')}`);
    expect(zh.items.find((i) => i.item_id === id)?.title).toBe('皮肤T细胞淋巴瘤概览');
    // The Chinese title finds it too, shown in English to an English reader.
    const byZh = await search(`keyword=${q('皮肤T细胞')}&language=en`);
    expect(byZh.items.find((i) => i.item_id === id)?.title).toBe('Cutaneous T-cell lymphoma overview');
  });

  it('finds every completion of a trailing prefix, including words indexed a moment ago', async () => {
    const first = await makeCourse({ titleZh: '测试课程甲', titleEn: 'Quorvatic syndrome basics' });
    const inBody = await makeCourse({ titleZh: '测试课程乙', titleEn: 'Other topic', summaryZh: 'quorvatism in adults' });
    const before = await search(`keyword=${q('quorvat')}&language=en&type=course`);
    expect(ids(before).sort()).toEqual([first, inBody].sort());
    // A new word for the same prefix: the next search finds it (the completions move with the index).
    const later = await makeCourse({ titleZh: '测试课程丙', titleEn: 'Quorvatoid lesions' });
    const after = await search(`keyword=${q('syndrome quorvat')}&language=en&type=course`);
    expect(ids(after)).toEqual([first]);
    expect(ids(await search(`keyword=${q('quorvat')}&language=en&type=course`)).sort()).toEqual([first, inBody, later].sort());
    // The whole word is a prefix of itself only.
    expect(ids(await search(`keyword=${q('quorvatoid')}&language=en&type=course`))).toEqual([later]);
  });

  it('finds a prefix of more completions than it expands as GIN’s prefix match does', async () => {
    const made = await Promise.all(Array.from({ length: 40 }, (_, i) => makeCourse({ titleZh: `前缀测试${i}`, titleEn: `Xylophant${String.fromCharCode(97 + (i % 26))}${i} course` })));
    const found = await search(`keyword=${q('course xyloph')}&language=en&type=course&page_size=50`);
    expect(ids(found).sort((a, b) => a - b)).toEqual([...made].sort((a, b) => a - b));
    expect(found.total).toBe(40);
  });

  it('finds items by a word of either language, whatever languages their text has', async () => {
    // The seed's hot words pair 淋巴瘤 and Lymphoma.
    const zhOnly = await makeCourse({ titleZh: '鲑鳟淋巴瘤病例汇编' });
    const translated = await makeCourse({ titleZh: '鲑鳟病例讨论', titleEn: 'Salmonid lymphoma case review' });
    const both = [translated, zhOnly].sort((a, b) => b - a);
    // A Chinese reader typing the English word, an English reader typing the Chinese one.
    const zh = await search(`keyword=${q('lymphoma 鲑鳟')}&type=course`);
    expect(ids(zh).sort((a, b) => b - a)).toEqual(both);
    expect(zh.items.find((i) => i.item_id === translated)?.title).toBe('鲑鳟病例讨论');
    const en = await search(`keyword=${q('淋巴瘤 鲑鳟')}&type=course&language=en`);
    expect(ids(en).sort((a, b) => b - a)).toEqual(both);
    expect(en.items.find((i) => i.item_id === translated)?.title).toBe('Salmonid lymphoma case review');
    // The same the other way round in each language.
    expect(ids(await search(`keyword=${q('淋巴瘤 鲑鳟')}&type=course`)).sort((a, b) => b - a)).toEqual(both);
    expect(ids(await search(`keyword=${q('鲑鳟 lymphoma')}&type=course&language=en`)).sort((a, b) => b - a)).toEqual(both);
  });

  it('filters by type, pages with totals and never shows unpublished items', async () => {
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await makeCourse({ titleZh: `鳐鲼专题课程第${i + 1}讲`, publishedAt: new Date(Date.UTC(2024, 0, i + 1)) }));
    await makeCourse({ titleZh: '鳐鲼专题草稿课程', status: 'draft' });
    const newsId = await makeNews({ titleZh: '鳐鲼专题报道' });
    await makeNews({ titleZh: '鳐鲼专题下线报道', status: 'offline' });

    const all = await search(`keyword=${q('鳐鲼')}&page_size=100`);
    expect(all.total).toBe(6);
    expect(ids(all, 'news')).toEqual([newsId]);

    const onlyCourses = await search(`keyword=${q('鳐鲼')}&type=course&page_size=2`);
    expect(onlyCourses.total).toBe(5);
    expect(onlyCourses.items.every((i) => i.module === 'course')).toBe(true);
    const seen: number[] = [];
    for (let p = 1; p <= 3; p++) {
      const page = await search(`keyword=${q('鳐鲼')}&type=course&page=${p}&page_size=2`);
      expect(page.total).toBe(5);
      expect(page.has_more).toBe(p < 3);
      seen.push(...ids(page));
    }
    // Newest first among equals, each item once.
    expect(seen).toEqual([...made].reverse());
    const beyond = await search(`keyword=${q('鳐鲼')}&type=course&page=4&page_size=2`);
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(5);
    expect(beyond.has_more).toBe(false);

    // Pages stop at the result cap, whatever the total.
    const deep = await search(`keyword=${q('鳐鲼')}&page=${SEARCH_RESULT_CAP / 10 + 1}&page_size=10`);
    expect(deep.items).toEqual([]);
    expect(deep.has_more).toBe(false);

    const onlyNews = await search(`keyword=${q('鳐鲼')}&type=news`);
    expect(onlyNews.total).toBe(1);
    expect(onlyNews.items[0]?.action).toEqual({ type: 9, data: { id: newsId }, target: '_self' });
  });

  it('drops an item from the results once it is unpublished and re-indexed', async () => {
    const id = await makeCourse({ titleZh: '鲟鳇下线测试课程' });
    expect((await search(`keyword=${q('鲟鳇')}`)).total).toBe(1);
    await app.db.update(courses).set({ status: 'offline' }).where(eq(courses.id, id));
    await upsertSearchItem(app.db, 'course', id);
    expect((await search(`keyword=${q('鲟鳇')}`)).total).toBe(0);
    expect(await suggest('鲟鳇')).toEqual([]);
    await app.db.delete(courses).where(eq(courses.id, id));
    await upsertSearchItem(app.db, 'course', id);
    const [left] = await app.db
      .select({ n: count() })
      .from(searchDocuments)
      .where(and(eq(searchDocuments.module, 'course'), eq(searchDocuments.itemId, id)));
    expect(left?.n).toBe(0);
  });

  it('answers concurrent searches, whose rows are read together, as it answers each alone', async () => {
    const titles = ['鲣鲹甲', '鲣鲹乙', '鲣鲹丙', '鲥鲦甲', '鲥鲦乙'];
    for (const t of titles) await makeCourse({ titleZh: `${t}并发测试课程` });
    const queries = ['鲣鲹', '鲥鲦', '鲣鲹甲', '鲥鲦乙', '并发测试'].flatMap((k) => [`keyword=${q(k)}`, `keyword=${q(k)}&language=en&page_size=2`]);
    const together = await Promise.all(queries.map((qs) => search(qs)));
    const alone: unknown[] = [];
    for (const qs of queries) alone.push(await search(`${qs}&page=1`));
    expect(together.map((d) => ids(d))).toEqual(alone.map((d) => ids(d as typeof together[number])));
    expect(together.map((d) => d.total)).toEqual([3, 3, 2, 2, 1, 1, 1, 1, 5, 5]);
    expect(together[1]?.items.every((i) => i.title.includes('鲣鲹'))).toBe(true);
  });

  it('rejects empty, blank and too long keywords, unknown types and bad paging', async () => {
    for (const qs of ['keyword=', `keyword=${q('   ')}`, `keyword=${'长'.repeat(51)}`, 'keyword=a&type=video', 'keyword=a&page=-1', 'keyword=a&page_size=100000', '']) {
      const r = await get(`/v1/pc/search?${qs}`);
      expect(r.code, qs).toBe(ErrorCode.VALIDATION);
      expect(r.message.length).toBeGreaterThan(0);
    }
    const zh = await get(`/v1/pc/search?keyword=${q('  ')}`);
    const en = await get(`/v1/pc/search?keyword=${q('  ')}&language=en`);
    expect(zh.message).not.toBe(en.message);
    expect((await get(`/v1/user/search_word_remind?word=`)).code).toBe(ErrorCode.VALIDATION);
    expect((await search(`keyword=${'长'.repeat(50)}`)).items).toEqual([]);
  });

  it('treats SQL and tsquery syntax in the keyword as text', async () => {
    const [before] = await app.db.select({ n: count() }).from(users);
    for (const k of ["'; drop table users; --", "a' or '1'='1", "淋巴瘤' & !", '!!! :* ( ) | & \\', '<script>alert(1)</script>']) {
      const r = await search(`keyword=${q(k)}`);
      expect(Array.isArray(r.items)).toBe(true);
      expect((await get(`/v1/user/search_word_remind?word=${q(k)}`)).code).toBe(0);
    }
    const [after] = await app.db.select({ n: count() }).from(users);
    expect(after?.n).toBe(before?.n);
    expect((await search(`keyword=${q('!!! :::')}`)).total).toBe(0);
  });
});

describe('congresses of the meeting calendar', () => {
  const congressHits = (d: SearchData) => d.items.filter((i) => i.module === 'congress');

  it('finds a congress by a Chinese word of its title, city, country, organiser or field, with its days and city', async () => {
    const byTitle = await search(`keyword=${q('肿瘤学会学术年会')}&page_size=50`);
    const csco = congressHits(byTitle);
    // The seed holds this year's edition and next year's (titles carry the year).
    expect(csco).toHaveLength(2);
    expect(csco.every((c) => c.title.includes('中国临床肿瘤学会学术年会'))).toBe(true);
    const hit = csco[0]!;
    expect(hit.tag).toBe('国际会议');
    expect(hit.action.data.url).toBe(`/meeting/calendar/${hit.item_id}`);
    expect(hit.event).toMatchObject({ city: '厦门', country: 'CN' });
    expect(hit.event!.start_date <= hit.event!.end_date).toBe(true);
    const detail = await get<{ title: string; start_date: string; end_date: string }>(`/v1/meeting/calendar/${hit.item_id}`);
    expect(detail.data).toMatchObject({ title: hit.title, start_date: hit.event!.start_date, end_date: hit.event!.end_date });

    for (const [word, title] of [
      ['厦门', '中国临床肿瘤学会学术年会'],
      ['德国', '欧洲肿瘤内科学会大会'],
      ['美国心脏协会', '美国心脏协会科学年会'],
      ['皮肤', '欧洲皮肤与性病学会年会'],
    ] as const) {
      const d = await search(`keyword=${q(word)}&type=congress&page_size=50`);
      expect(d.items.every((i) => i.module === 'congress'), word).toBe(true);
      expect(d.items.some((i) => i.title.includes(title)), word).toBe(true);
    }
  });

  it('finds a congress by an English word and answers in English', async () => {
    const d = await search(`keyword=Berlin&type=congress&language=en`);
    expect(d.items).toHaveLength(2);
    expect(d.items.every((i) => i.title.startsWith('ESMO Congress'))).toBe(true);
    expect(d.items[0]?.tag).toBe('Congress');
    expect(d.items[0]?.event?.city).toBe('Berlin');
    // Organiser, country and field in English; the calendar's congresses also in the "all" tab.
    const titles = async (qs: string) => (await search(qs)).items.map((i) => i.title).join('\n');
    expect(await titles(`keyword=${q('American Heart Association')}&language=en&page_size=50`)).toContain('AHA Scientific Sessions');
    expect(await titles(`keyword=Finland&type=congress&language=en`)).toContain('European Stroke Organisation Conference');
    expect(await titles(`keyword=Dermatology&type=congress&language=en`)).toContain('EADV Congress');
    // Other modules never carry congress dates.
    const courses = await search(`keyword=${q('淋巴瘤')}&type=course`);
    expect(courses.items.every((i) => i.event === null)).toBe(true);
  });
});

describe('GET /v1/user/search_word_remind', () => {
  it('suggests hot words and titles by prefix, once each, in the caller’s language', async () => {
    await makeCourse({ titleZh: '鲸鲨重复标题课程', titleEn: 'Whale shark duplicate title' });
    await makeCourse({ titleZh: '鲸鲨重复标题课程', titleEn: 'Whale shark duplicate title' });
    await makeCourse({ titleZh: '鲸鲨另一门课程', titleEn: 'Whale shark another course' });
    expect(await suggest('鲸鲨')).toEqual(expect.arrayContaining(['鲸鲨重复标题课程', '鲸鲨另一门课程']));
    expect(await suggest('鲸鲨')).toHaveLength(2);
    expect(await suggest('whale SH', 'en')).toHaveLength(2);
    expect((await suggest('whale sh', 'en')).every((w) => w.startsWith('Whale shark'))).toBe(true);
    // Titles that contain the word further in are suggested too.
    expect(await suggest('重复标题')).toEqual(['鲸鲨重复标题课程']);

    const lymph = await suggest('淋巴');
    expect(lymph[0]).toBe('淋巴瘤');
    expect(lymph.length).toBeLessThanOrEqual(SEARCH_SUGGEST_LIMIT);
    expect(new Set(lymph).size).toBe(lymph.length);
    const en = await suggest('lymph', 'en');
    expect(en[0]).toBe('Lymphoma');
    expect(en.every((w) => w.toLowerCase().includes('lymph'))).toBe(true);
    expect(await suggest('zzqqxx')).toEqual([]);
  });
});

describe('search board', () => {
  it('lists published hot words in order in both languages', async () => {
    const rows = await app.db.select().from(hotWords).where(eq(hotWords.status, 'published')).orderBy(asc(hotWords.sort), asc(hotWords.id));
    expect(rows.length).toBeGreaterThanOrEqual(10);
    const zh = HotSearchWordData.parse((await get('/v1/user/hot_search_word')).data);
    expect(zh.items.map((w) => w.word)).toEqual(rows.map((r) => r.wordZh));
    const en = HotSearchWordData.parse((await get('/v1/user/hot_search_word?language=en')).data);
    expect(en.items.map((w) => w.word)).toEqual(rows.map((r) => r.wordEn ?? r.wordZh));
    expect(en.items.some((w) => w.word === 'Lymphoma')).toBe(true);
  });

  it('lists the most learned published courses', async () => {
    const r = HotCourseData.parse((await get('/v1/pc/course/hot')).data);
    expect(r.items.length).toBe(HOT_COURSE_LIMIT);
    const counts = r.items.map((c) => c.learn_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const [top] = await app.db
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.status, 'published'))
      .orderBy(sql`${courses.learnCount} desc`, sql`${courses.id} desc`)
      .limit(1);
    expect(r.items[0]?.id).toBe(top?.id);
    expect(r.items[0]?.action.type).toBe(5);
  });

  it('titles the result tabs in Chinese and English', async () => {
    const zh = SearchTypeData.parse((await get('/v1/user/search_type')).data);
    expect(zh.items.map((t) => t.type)).toEqual(['all', 'course', 'live', 'news', 'speaker', 'paper', 'column', 'congress']);
    expect(zh.items[0]?.title).toBe('全部');
    expect(zh.items[1]?.title).toBe('课程');
    const en = SearchTypeData.parse((await get('/v1/user/search_type?language=en')).data);
    expect(en.items.map((t) => t.title)).toEqual(['All', 'Courses', 'Conferences', 'News', 'Speakers', 'Papers', 'Columns', 'Congresses']);
    expect(zh.items.at(-1)?.title).toBe('国际会议');
  });
});

describe('rebuildSearchIndex', () => {
  it('indexes every published searchable item and nothing else', async () => {
    const written = await rebuildSearchIndex(app.db);
    expect(written).toBeGreaterThan(0);
    const [visible] = await app.db.select({ n: count() }).from(searchDocuments).where(sql`${searchDocuments.visibleFrom} is not null`);
    const [published] = await app.db.select({ n: count() }).from(courses).where(eq(courses.status, 'published'));
    const [courseDocs] = await app.db
      .select({ n: count() })
      .from(searchDocuments)
      .where(sql`${searchDocuments.visibleFrom} is not null and ${searchDocuments.module} = 'course'`);
    expect(courseDocs?.n).toBe(published?.n);
    expect(visible?.n).toBeGreaterThan(courseDocs?.n ?? 0);
    const modules = await app.db.selectDistinct({ m: searchDocuments.module }).from(searchDocuments);
    expect(modules.map((m) => m.m).sort()).toEqual(['column', 'congress', 'course', 'live', 'news', 'paper', 'speaker']);
    // Still answers after the rebuild.
    expect((await search(`keyword=${q('鳐鲼')}&type=course`)).total).toBe(5);
    // The words a prefix completes to are written by the rebuild too (a lost one would lose its items).
    await app.db.execute(sql`delete from search_words`);
    await rebuildSearchIndex(app.db);
    const [missing] = await app.db.execute(sql`select count(*)::int as n from (select distinct w from search_documents d,
      unnest(tsvector_to_array(d.title_tsv || d.body_tsv)) w where w !~ '[一-鿿]' and w !~ '^_' except select word from search_words) x`).then((r) => (r as unknown as { rows: Array<{ n: number }> }).rows);
    expect(missing?.n).toBe(0);
    // Every vector holds its module's facet, which a tab's search requires.
    const [unfaceted] = await app.db.execute(sql`select count(*)::int as n from search_documents d
      where not (d.title_tsv @@ ('''_' || d.module || '''')::tsquery and d.body_tsv @@ ('''_' || d.module || '''')::tsquery)`).then((r) => (r as unknown as { rows: Array<{ n: number }> }).rows);
    expect(unfaceted?.n).toBe(0);
    const [words] = await app.db.execute(sql`select count(*)::int as n from search_words`).then((r) => (r as unknown as { rows: Array<{ n: number }> }).rows);
    expect(words?.n).toBeGreaterThan(10);
    // The new table has the indexes and the names the migrations gave the old one.
    const indexes = await app.db.execute(sql`select indexname from pg_indexes where tablename = 'search_documents' order by 1`);
    expect((indexes as unknown as { rows: Array<{ indexname: string }> }).rows.map((r) => r.indexname)).toEqual([
      'search_documents_body_tsv_idx',
      'search_documents_module_item_key',
      'search_documents_module_rank_idx',
      'search_documents_pkey',
      'search_documents_rank_idx',
      'search_documents_title_key_en_idx',
      'search_documents_title_key_zh_idx',
      'search_documents_title_tsv_idx',
    ]);
  });
});
