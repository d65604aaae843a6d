import {
  ActionType,
  AppraisalPage,
  CourseAlbumBarData,
  CourseAlbumDetail,
  CourseAlbumPage,
  CourseChaptersData,
  CourseDetail,
  CourseListData,
  CourseSeriesOfData,
  ErrorCode,
  LiveAgendaData,
  NewsComment,
  PriceType,
} from '@medportal/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { courseAlbumItems, courses, lives } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { bearer, call, makeUser } from '../../../test/factories.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

const get = async <T>(url: string, schema: z.ZodType<T>): Promise<T> => {
  const r = await call<unknown>(app, { url });
  expect(r.code, `${url}: ${JSON.stringify(r)}`).toBe(0);
  return schema.parse(r.data);
};

describe('course albums', () => {
  it('lists published albums with their course counts, and the bar shows the flagged ones', async () => {
    const page = await get('/v1/user/course_album?page_size=2', CourseAlbumPage);
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.items).toHaveLength(2);
    expect(page.has_more).toBe(true);
    const first = page.items[0];
    if (!first) throw new Error('no album');
    expect(first.course_count).toBeGreaterThan(0);
    expect(first.action).toMatchObject({ type: ActionType.ROUTE, data: { url: `/course/album/${first.id}` } });
    const bar = await get('/v1/user/course_album_bar', CourseAlbumBarData);
    expect(bar.items.length).toBeGreaterThan(0);
    const all = await get('/v1/user/course_album?page_size=50', CourseAlbumPage);
    expect(bar.items.length).toBeLessThan(all.items.length);
  });

  it('answers one album with its courses in album order, in English too, and never a draft course', async () => {
    const detail = await get('/v1/user/course_album/1', CourseAlbumDetail);
    expect(detail.courses.length).toBe(detail.course_count);
    const en = await get('/v1/user/course_album/1?language=en', CourseAlbumDetail);
    expect(en.title).not.toBe(detail.title);
    expect(en.courses.map((c) => c.id)).toEqual(detail.courses.map((c) => c.id));
    // Taking a course offline takes it out of the album and its count.
    const gone = detail.courses[0];
    if (!gone) throw new Error('empty album');
    await app.db.update(courses).set({ status: 'draft' }).where(eq(courses.id, gone.id));
    app.publicCache.invalidate(['courses']);
    const after = await get('/v1/user/course_album/1', CourseAlbumDetail);
    expect(after.courses.map((c) => c.id)).not.toContain(gone.id);
    expect(after.course_count).toBe(detail.course_count - 1);
    await app.db.update(courses).set({ status: 'published' }).where(eq(courses.id, gone.id));
    app.publicCache.invalidate(['courses']);
    const rows = await app.db.select().from(courseAlbumItems).where(and(eq(courseAlbumItems.albumId, 1), inArray(courseAlbumItems.courseId, [gone.id])));
    expect(rows).toHaveLength(1);
  });

  it('NOT_FOUND for an unknown album, VALIDATION for a bad id', async () => {
    expect((await call(app, { url: '/v1/user/course_album/999999' })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await call(app, { url: '/v1/user/course_album/abc' })).code).toBe(ErrorCode.VALIDATION);
  });
});

describe('course list for hosts and the series a course belongs to', () => {
  it('/v1/user/course is the /v1/pc/course list with the same filters', async () => {
    const qs = 'price_type=2&sort=popular&page_size=5&page=2';
    const user = await get(`/v1/user/course?${qs}`, CourseListData);
    const pc = await get(`/v1/pc/course?${qs}`, CourseListData);
    expect(user.items.length).toBe(5);
    expect(user.items.every((c) => c.price_type === PriceType.PAID)).toBe(true);
    expect(user).toEqual(pc);
  });

  it('a series is its own series, a member names its series, an unrelated course has none', async () => {
    const series = await get('/v1/user/course/1/series', CourseSeriesOfData);
    expect(series.series?.id).toBe(1);
    expect(series.series?.course_type).toBe(2);
    const member = await get('/v1/user/course/2/series', CourseSeriesOfData);
    expect(member.series?.id).toBe(1);
    expect((await call(app, { url: '/v1/user/course/999999/series' })).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('/course/3 (HER2-low breast cancer) is no part of the lung-cancer series', async () => {
    const d = await get('/v1/user/course/3', CourseDetail);
    expect(d.series_id).toBeNull();
    expect((await get('/v1/user/course/3/series', CourseSeriesOfData)).series).toBeNull();
    expect((await get('/v1/user/course/1/series_course', z.object({ items: z.array(z.object({ id: z.number() })) }))).items.map((c) => c.id)).not.toContain(3);
  });
});

describe('trial chapters and avatars', () => {
  it('labels trial (free_preview) chapters only in paid courses', async () => {
    const list = await get('/v1/pc/course?page_size=100', CourseListData);
    const free = list.items.filter((c) => c.price_type === PriceType.FREE);
    const paid = list.items.filter((c) => c.price_type === PriceType.PAID);
    expect(free.length).toBeGreaterThan(0);
    for (const c of free) {
      const ch = await get(`/v2/user/course/${c.id}/chapter`, CourseChaptersData);
      expect(ch.items.every((x) => !x.free_preview && x.locked_reason === null), `course ${c.id}`).toBe(true);
    }
    let trials = 0;
    for (const c of paid.slice(0, 5)) trials += (await get(`/v2/user/course/${c.id}/chapter`, CourseChaptersData)).items.filter((x) => x.free_preview).length;
    expect(trials).toBeGreaterThan(0);
  });

  it('fills the default avatar in appraisals and news comments for a user without one', async () => {
    const u = await makeUser(app);
    const r = await call(app, { method: 'POST', url: '/v1/user/course/4/appraise', payload: { rating: 4, content: 'clear' }, headers: bearer(u.access) });
    expect(r.code).toBe(0);
    const page = await get('/v1/user/course/4/appraise?page_size=100', AppraisalPage);
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((a) => a.avatar_url !== '')).toBe(true);
    const c = await call<unknown>(app, { method: 'POST', url: '/v1/user/news/1/comments', payload: { content: 'useful' }, headers: bearer(u.access) });
    expect(c.code, JSON.stringify(c)).toBe(0);
    expect(NewsComment.parse(c.data).avatar_url).not.toBe('');
    const list = await get('/v1/news/1/comments?page_size=100', z.object({ items: z.array(NewsComment) }));
    expect(list.items.every((x) => x.avatar_url !== '')).toBe(true);
  });
});

describe('live agenda and related courses', () => {
  it("answers a live's sessions in time order, each inside the live, with speakers, in zh and en", async () => {
    const [live] = await app.db.select().from(lives).where(eq(lives.status, 'published')).limit(1);
    if (!live) throw new Error('no live');
    const zh = await get(`/v1/live/${live.id}/agenda`, LiveAgendaData);
    expect(zh.items.length).toBeGreaterThanOrEqual(3);
    const starts = zh.items.map((s) => Date.parse(s.start_at));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    for (const s of zh.items) {
      expect(Date.parse(s.start_at)).toBeGreaterThanOrEqual(live.startAt.getTime() - 60_000);
      expect(Date.parse(s.end_at)).toBeLessThanOrEqual(live.endAt.getTime() + 60_000);
    }
    expect(zh.items.some((s) => s.speaker !== null)).toBe(true);
    const en = await get(`/v1/live/${live.id}/agenda?language=en`, LiveAgendaData);
    expect(en.items[0]?.title).not.toBe(zh.items[0]?.title);
    expect((await call(app, { url: '/v1/live/999999/agenda' })).code).toBe(ErrorCode.NOT_FOUND);
  });

  it("lists the live's speakers' and department's courses, speakers' first", async () => {
    const [live] = await app.db.select().from(lives).where(eq(lives.status, 'published')).limit(1);
    if (!live?.departmentId) throw new Error('no live with a department');
    const rel = await get(`/v1/live/${live.id}/related_course?limit=20`, z.object({ items: z.array(z.object({ id: z.number() })) }));
    expect(rel.items.length).toBeGreaterThan(0);
    const ids = rel.items.map((c) => c.id);
    const rows = await app.db.select({ id: courses.id, departmentId: courses.departmentId, speakerId: courses.speakerId }).from(courses).where(inArray(courses.id, ids));
    for (const r of rows) expect(r.departmentId === live.departmentId || r.speakerId !== null, `course ${r.id}`).toBe(true);
    expect(rows.some((r) => r.departmentId === live.departmentId)).toBe(true);
    expect((await call(app, { url: '/v1/live/999999/related_course' })).code).toBe(ErrorCode.NOT_FOUND);
  });
});
