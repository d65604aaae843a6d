import {
  AppraisalPage,
  Appraisal,
  AppraiseTagsData,
  ChapterLearnProgressData,
  CourseChaptersData,
  CourseDetail,
  CourseItemsData,
  CourseListData,
  ErrorCode,
  LearnLogData,
  LearnProgress,
  MoreCourseData,
  PcIndexData,
} from '@medportal/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseAppraisals, courseLearners, courses, departments } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { bearer, call, makeUser } from '../../../test/factories.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

const get = <T>(url: string, headers: Record<string, string> = {}) => call<T>(app, { url, headers });
const post = <T>(url: string, payload: unknown, headers: Record<string, string> = {}) => call<T>(app, { method: 'POST', url, payload: payload as object, headers });

async function list(qs: string) {
  const r = await get<unknown>(`/v1/pc/course?${qs}`);
  expect(r.code, JSON.stringify(r)).toBe(0);
  return CourseListData.parse(r.data);
}

async function draftId(): Promise<number> {
  const [row] = await app.db.select({ id: courses.id }).from(courses).where(eq(courses.status, 'draft'));
  if (!row) throw new Error('seed has no draft course');
  return row.id;
}

describe('GET /v1/pc/course', () => {
  it('pages through every published course once, in a stable order', async () => {
    const all = await list('page_size=100');
    expect(all.total).toBeGreaterThanOrEqual(40);
    const seen: number[] = [];
    for (let p = 1; p <= Math.ceil(all.total / 7); p++) {
      const page = await list(`page=${p}&page_size=7`);
      expect(page.has_more).toBe(p * 7 < all.total);
      seen.push(...page.items.map((c) => c.id));
    }
    expect(seen).toEqual(all.items.map((c) => c.id));
    expect(new Set(seen).size).toBe(all.total);
    expect(seen).not.toContain(await draftId());
    expect(all.departments.length).toBeGreaterThan(0);
  });

  it('filters by department and price type and sorts by price', async () => {
    const { departments } = await list('');
    const dep = departments[0];
    if (!dep) throw new Error('no departments');
    const free = await list(`dep_val=${dep.id}&price_type=1&page_size=100`);
    for (const c of free.items) expect(c.price_type).toBe(1);
    const paid = await list('price_type=2&sort=price_asc&page_size=100');
    expect(paid.items.length).toBeGreaterThan(1);
    const prices = paid.items.map((c) => c.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = await list('price_type=2&sort=price_desc&page_size=100');
    expect(desc.items.map((c) => c.price)).toEqual([...prices].sort((a, b) => b - a));
    const popular = await list('sort=popular&page_size=100');
    const counts = popular.items.map((c) => c.learn_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const series = await list('course_type=2&page_size=100');
    expect(series.items.every((c) => c.course_type === 2)).toBe(true);
  });

  it('rejects a negative page and a huge page_size', async () => {
    expect((await get('/v1/pc/course?page=-1')).code).toBe(ErrorCode.VALIDATION);
    expect((await get('/v1/pc/course?page_size=100000')).code).toBe(ErrorCode.VALIDATION);
    expect((await get('/v1/pc/course?sort=random')).code).toBe(ErrorCode.VALIDATION);
  });
});

describe('course detail, chapters, series, related', () => {
  it('answers the detail anonymously and in English', async () => {
    const [first] = (await list('page_size=1')).items;
    if (!first) throw new Error('no course');
    const zh = await get<unknown>(`/v1/user/course/${first.id}`);
    expect(zh.code).toBe(0);
    const d = CourseDetail.parse(zh.data);
    expect(d.id).toBe(first.id);
    expect(d.teachers.length).toBe(1);
    expect(d.chapters_count).toBeGreaterThan(0);
    const en = CourseDetail.parse((await get<unknown>(`/v1/user/course/${first.id}?language=en`)).data);
    expect(en.title).not.toBe(d.title);
  });

  it('NOT_FOUND for unknown and unpublished ids', async () => {
    const draft = await draftId();
    for (const url of [`/v1/user/course/999999`, `/v1/user/course/${draft}`, `/v2/user/course/${draft}/chapter`, `/v1/user/course/${draft}/appraise`]) {
      expect((await get(url)).code, url).toBe(ErrorCode.NOT_FOUND);
    }
    expect((await get('/v1/user/course/abc')).code).toBe(ErrorCode.VALIDATION);
  });

  it('answers a learner\'s progress for a course readers can reach, NOT_FOUND for unknown and unpublished ones', async () => {
    const h = bearer((await makeUser(app)).access);
    const draft = await draftId();
    for (const url of [`/v1/user/course/999999/learn_progress`, `/v1/user/course/${draft}/learn_progress`, `/v1/user/course/${draft}/chapter_learn_progress`]) {
      expect((await get(url, h)).code, url).toBe(ErrorCode.NOT_FOUND);
    }
    const ch = CourseChaptersData.parse((await get<unknown>('/v2/user/course/2/chapter')).data).items.find((c) => c.locked_reason === null);
    if (!ch) throw new Error('no open chapter');
    const fresh = LearnProgress.parse((await get<unknown>('/v1/user/course/2/learn_progress', h)).data);
    expect(fresh).toMatchObject({ last_chapter_id: null, last_position_s: 0 });
    expect((await post<unknown>('/v1/user/course/2/learn_log', { chapter_id: ch.id, position_s: 12, played_s: 0, session_id: 'progress-1' }, h)).code).toBe(0);
    const after = LearnProgress.parse((await get<unknown>('/v1/user/course/2/learn_progress', h)).data);
    expect(after).toMatchObject({ last_chapter_id: ch.id, last_position_s: 12 });
    const per = ChapterLearnProgressData.parse((await get<unknown>('/v1/user/course/2/chapter_learn_progress', h)).data);
    expect(per.items.map((i) => i.chapter_id)).toContain(ch.id);
  });

  it('lists chapters in order and the courses of a series', async () => {
    const series = MoreCourseData.parse((await get<unknown>('/v1/user/more_course?page_size=100')).data);
    expect(series.items.length).toBeGreaterThanOrEqual(5);
    expect(series.items.every((c) => c.course_type === 2)).toBe(true);
    let checked = false;
    for (const s of series.items) {
      const members = CourseItemsData.parse((await get<unknown>(`/v1/user/course/${s.id}/series_course`)).data);
      const chapters = CourseChaptersData.parse((await get<unknown>(`/v2/user/course/${s.id}/chapter`)).data);
      expect(chapters.items.map((c) => c.sort)).toEqual([...chapters.items.map((c) => c.sort)].sort((a, b) => a - b));
      const member = members.items[0];
      if (!member) continue;
      const d = CourseDetail.parse((await get<unknown>(`/v1/user/course/${member.id}`)).data);
      expect(d.series_id).toBe(s.id);
      expect(d.series_title).toBe(s.title);
      const siblings = CourseItemsData.parse((await get<unknown>(`/v1/user/course/${member.id}/series_course`)).data);
      expect(siblings.items.map((c) => c.id)).toEqual(members.items.map((c) => c.id));
      checked = true;
    }
    expect(checked).toBe(true);
  });

  it('every course-series "more" link of the home page lists courses (title names the list, dep_val may be a slug)', async () => {
    const blocks = PcIndexData.parse((await get<unknown>('/v1/pc_index')).data).blocks;
    const links = blocks.flatMap((b) => (b.header.more_action?.type === 6 ? [b.header.more_action.data ?? {}] : []));
    expect(links.map((d) => d.dep_val)).toEqual(['', 'hematology']);
    for (const d of links) {
      const qs = new URLSearchParams({ dep_val: d.dep_val ?? '', title: d.title ?? '' });
      const r = await get<unknown>(`/v1/user/more_course?${qs.toString()}`);
      expect(r.code, `${qs.toString()}: ${r.message}`).toBe(0);
      expect(MoreCourseData.parse(r.data).items.length, qs.toString()).toBeGreaterThan(0);
    }
  });

  it('series: dep_val by slug or id gives the same list, keyword filters, an unknown department lists nothing', async () => {
    const [hematology] = await app.db.select({ id: departments.id }).from(departments).where(eq(departments.slug, 'hematology'));
    const bySlug = MoreCourseData.parse((await get<unknown>('/v1/user/more_course?dep_val=hematology&page_size=100')).data);
    const byId = MoreCourseData.parse((await get<unknown>(`/v1/user/more_course?dep_val=${hematology?.id}&page_size=100`)).data);
    expect(bySlug.items.length).toBeGreaterThanOrEqual(2);
    expect(bySlug.items.map((c) => c.id)).toEqual(byId.items.map((c) => c.id));
    const all = MoreCourseData.parse((await get<unknown>('/v1/user/more_course?page_size=100')).data);
    const titled = MoreCourseData.parse((await get<unknown>(`/v1/user/more_course?page_size=100&title=${encodeURIComponent('系列课程')}`)).data);
    expect(titled.items.map((c) => c.id)).toEqual(all.items.map((c) => c.id));
    const carT = MoreCourseData.parse((await get<unknown>('/v1/user/more_course?keyword=CAR-T&language=en')).data);
    expect(carT.items.map((c) => c.title)).toEqual(['CAR-T cell therapy in clinical practice']);
    expect(MoreCourseData.parse((await get<unknown>('/v1/user/more_course?dep_val=no-such-dep')).data)).toMatchObject({ items: [], total: 0 });
    expect((await get('/v1/user/more_course?dep_val=Bad%20Slug')).code).toBe(ErrorCode.VALIDATION);
  });

  it('course list: dep_val by slug equals dep_val by id', async () => {
    const [hematology] = await app.db.select({ id: departments.id }).from(departments).where(eq(departments.slug, 'hematology'));
    const bySlug = await list('dep_val=hematology&page_size=100');
    const byId = await list(`dep_val=${hematology?.id}&page_size=100`);
    expect(bySlug.total).toBeGreaterThan(0);
    expect(bySlug.items.map((c) => c.id)).toEqual(byId.items.map((c) => c.id));
    expect((await list('dep_val=no-such-dep')).total).toBe(0);
  });

  it('guess-like is stable and excludes the course itself', async () => {
    const [first] = (await list('page_size=1')).items;
    if (!first) throw new Error('no course');
    const a = CourseItemsData.parse((await get<unknown>(`/v1/guess_like_course?course_id=${first.id}`)).data);
    const b = CourseItemsData.parse((await get<unknown>(`/v1/guess_like_course?course_id=${first.id}`)).data);
    expect(a.items.length).toBeGreaterThan(0);
    expect(a.items.map((c) => c.id)).toEqual(b.items.map((c) => c.id));
    expect(a.items.map((c) => c.id)).not.toContain(first.id);
  });
});

describe('appraisals', () => {
  it('needs login', async () => {
    expect((await post('/v1/user/course/1/appraise', { rating: 5 })).code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await post('/v1/user/course/1/learn_log', { chapter_id: 1, position_s: 1, played_s: 1, session_id: 'session-1' })).code).toBe(ErrorCode.NOT_LOGGED_IN);
  });

  it('one appraisal per user per course: a second one updates it; concurrent submits leave one row', async () => {
    const tags = AppraiseTagsData.parse((await get<unknown>('/v1/user/course/appraise_tag')).data);
    expect(tags.items.length).toBeGreaterThan(0);
    const u = await makeUser(app, { nickname: 'Ann' });
    const h = bearer(u.access);
    const tagId = tags.items[0]?.id ?? 0;
    const first = await post<unknown>('/v1/user/course/2/appraise', { rating: 4, content: 'good', tag_ids: [tagId] }, h);
    expect(first.code, JSON.stringify(first)).toBe(0);
    const a = Appraisal.parse(first.data);
    const again = Appraisal.parse((await post<unknown>('/v1/user/course/2/appraise', { rating: 2, content: 'meh' }, h)).data);
    expect(again.id).toBe(a.id);
    expect(again.rating).toBe(2);
    await Promise.all([1, 2, 3, 4].map((r) => post('/v1/user/course/2/appraise', { rating: r, content: `x${r}` }, h)));
    const rows = await app.db
      .select()
      .from(courseAppraisals)
      .where(and(eq(courseAppraisals.courseId, 2), eq(courseAppraisals.userId, u.id)));
    expect(rows).toHaveLength(1);
    const raw = await get<{ items: Array<Record<string, unknown>> }>('/v1/user/course/2/appraise');
    const page = AppraisalPage.parse(raw.data);
    expect(page.items.filter((x) => x.nickname === 'Ann')).toHaveLength(1);
    // Other people's appraisals show a nickname and avatar only: no ids, phone numbers or emails.
    for (const item of raw.data.items) expect(Object.keys(item).sort()).toEqual(['avatar_url', 'content', 'created_at', 'id', 'nickname', 'rating', 'tags']);
    expect(JSON.stringify(raw)).not.toContain(u.mobile ?? 'no-mobile');
    const d = CourseDetail.parse((await get<unknown>('/v1/user/course/2')).data);
    expect(d.rating.count).toBeGreaterThanOrEqual(1);
  });

  it('stores markup as plain text and validates the body', async () => {
    const u = await makeUser(app);
    const h = bearer(u.access);
    const content = '<script>alert(1)</script> & <b>ok</b>';
    const r = await post<unknown>('/v1/user/course/3/appraise', { rating: 5, content }, h);
    expect(Appraisal.parse(r.data).content).toBe(content);
    const page = AppraisalPage.parse((await get<unknown>('/v1/user/course/3/appraise?page_size=100')).data);
    expect(page.items.some((x) => x.content === content)).toBe(true);
    expect((await post('/v1/user/course/3/appraise', { rating: 6 }, h)).code).toBe(ErrorCode.VALIDATION);
    expect((await post('/v1/user/course/3/appraise', { rating: 3, content: 'x'.repeat(501) }, h)).code).toBe(ErrorCode.VALIDATION);
    expect((await post('/v1/user/course/3/appraise', { rating: 3, tag_ids: [1, 2, 3, 4, 5, 6] }, h)).code).toBe(ErrorCode.VALIDATION);
    expect((await post('/v1/user/course/3/appraise', { rating: 3, tag_ids: [99999] }, h)).code).toBe(ErrorCode.VALIDATION);
    expect((await post('/v1/user/course/999999/appraise', { rating: 3 }, h)).code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('POST learn_log', () => {
  it('counts a learner once under concurrent calls; resumes where the last heartbeat was; users see only their own rows', async () => {
    const chapters = CourseChaptersData.parse((await get<unknown>('/v2/user/course/4/chapter')).data);
    const ch = chapters.items.find((c) => c.locked_reason === null);
    if (!ch) throw new Error('no open chapter');
    const [before] = await app.db.select({ n: courses.learnCount }).from(courses).where(eq(courses.id, 4));
    const u = await makeUser(app);
    const v = await makeUser(app);
    const h = bearer(u.access);
    const results = await Promise.all(
      [30, 10, 50, 20, 40].map((p, i) => post<unknown>('/v1/user/course/4/learn_log', { chapter_id: ch.id, position_s: p, played_s: 0, session_id: `session-${i}` }, h)),
    );
    for (const r of results) expect(r.code, JSON.stringify(r)).toBe(0);
    const back = LearnLogData.parse((await post<unknown>('/v1/user/course/4/learn_log', { chapter_id: ch.id, position_s: 5, played_s: 0, session_id: 'session-x' }, h)).data);
    expect(back.position_s).toBe(5);
    expect(back.learn_count).toBe((before?.n ?? 0) + 1);
    const other = LearnLogData.parse(
      (await post<unknown>('/v1/user/course/4/learn_log', { chapter_id: ch.id, position_s: 7, played_s: 0, session_id: 'session-v' }, bearer(v.access))).data,
    );
    expect(other.position_s).toBe(7);
    expect(other.learn_count).toBe((before?.n ?? 0) + 2);
    const learners = await app.db.select().from(courseLearners).where(eq(courseLearners.courseId, 4));
    expect(learners.map((l) => l.userId).sort()).toEqual([u.id, v.id].sort());
    // A chapter of another course is refused.
    const other5 = CourseChaptersData.parse((await get<unknown>('/v2/user/course/5/chapter')).data).items[0];
    expect((await post('/v1/user/course/4/learn_log', { chapter_id: other5?.id, position_s: 1, played_s: 1, session_id: 'session-1' }, h)).code).toBe(ErrorCode.VALIDATION);
  });
});

describe('course favourites', () => {
  it('is_favorite follows the caller’s favourite and is false for others and visitors', async () => {
    const user = await makeUser(app);
    const other = await makeUser(app);
    const [c] = await app.db.select({ id: courses.id }).from(courses).where(eq(courses.status, 'published')).limit(1);
    const detail = (token?: string) => get<{ is_favorite: boolean }>(`/v1/user/course/${c!.id}`, token ? bearer(token) : {});
    expect((await detail(user.access)).data.is_favorite).toBe(false);
    const set = (status: 1 | 2) =>
      call(app, { method: 'POST', url: '/v1/user/favorite', headers: bearer(user.access), payload: { module_name: 'course', module_id: c!.id, status } });
    expect((await set(1)).code).toBe(0);
    expect((await detail(user.access)).data.is_favorite).toBe(true);
    expect((await detail(other.access)).data.is_favorite).toBe(false);
    expect((await detail()).data.is_favorite).toBe(false);
    expect((await set(2)).code).toBe(0);
    expect((await detail(user.access)).data.is_favorite).toBe(false);
  });
});
