import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode } from '@medportal/contract';
import { adminPathOf, adminRoutes } from '@medportal/contract/admin-routes';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, chapterProgress, userRoles } from '../src/db/schema/index.ts';
import { buildTestApp } from './build-test-app.ts';
import { bearer, call, makeUser, type MadeUser, testClock } from './factories.ts';

// A stand-in for the web app's server renderer: the course page shows the course's title as the
// API answers it to the render (with the preview grant when the page carries one).
const RENDERER = `
export function route(url) {
  const u = new URL(url, 'http://x');
  return { kind: 'page', url: u.pathname + (u.searchParams.has('lang') ? '?lang=' + u.searchParams.get('lang') : ''), status: 200 };
}
export async function render({ url, lang, fetch }) {
  const m = /^\\/course\\/(\\d+)/.exec(url);
  if (!m) return { status: 200, html: '<main>other</main>', state: '{}', meta: { title: 'T', siteName: 'S', description: '' } };
  const res = await fetch('/v1/user/course/' + m[1], { method: 'GET', headers: {} });
  const body = await res.json();
  const chapters = await (await fetch('/v2/user/course/' + m[1] + '/chapter', { method: 'GET', headers: {} })).json();
  const html = body.code === 0
    ? '<main><h1>' + body.data.title + '</h1><ol>' + chapters.data.items.map((c) => '<li>' + c.title + '</li>').join('') + '</ol></main>'
    : '<main>missing ' + body.code + '</main>';
  return { status: body.code === 0 ? 200 : 404, html, state: '{}', meta: { title: 'T', siteName: 'S', description: '' } };
}
`;

type Course = {
  id: number;
  updated_at: string;
  state: string;
  title_zh: string;
  title_en: string | null;
  chapters_list: Array<{ id: number; title_zh: string; sort: number; is_free: boolean; updated_at: string; learners: number; video: unknown }>;
};
type Envelope<T> = { code: number; message: string; data: T };

let root: string;
let app: FastifyInstance;
const clock = testClock();
const staff = new Map<string, MadeUser>();
let learner: MadeUser;

const as = (who: string) => bearer(staff.get(who)!.access);
async function admin<T = Course>(who: string, method: string, url: string, payload?: unknown): Promise<Envelope<T>> {
  return call<T>(app, { method: method as 'GET', url, headers: as(who), ...(payload === undefined ? {} : { payload: payload as object }) });
}

const draft = (over: Record<string, unknown> = {}) => ({
  course_type: 1,
  title_zh: '心衰的药物治疗进展',
  title_en: 'Advances in heart-failure drugs',
  summary_zh: '从指南到病例',
  summary_en: null,
  cover: '/media/cover/course/admin-1.svg',
  price_type: 2,
  price: 1990,
  original_price: 2990,
  ...over,
});

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'courses-render-'));
  const dist = join(root, 'dist');
  mkdirSync(dist);
  mkdirSync(join(root, 'dist-ssr'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>Shell</title></head><body><div id="root"></div></body></html>');
  writeFileSync(join(root, 'dist-ssr', 'entry-server.js'), RENDERER);
  app = await buildTestApp({ seed: false, now: clock.now, config: { webDist: dist } });
  for (const role of ['editor', 'moderator', 'finance', 'administrator'] as const) {
    const u = await makeUser(app);
    await app.db.insert(userRoles).values({ userId: u.id, role });
    staff.set(role, u);
  }
  learner = await makeUser(app);
});

afterAll(async () => {
  await app?.close();
  rmSync(root, { recursive: true, force: true });
});

const publicDetail = (id: number, lang = 'zh_CN') => call<{ title: string; price: number }>(app, { url: `/v1/user/course/${id}`, headers: { 'accept-language': lang } });
const publicChapters = (id: number) => call<{ items: Array<{ id: number; title: string; locked_reason: string | null }> }>(app, { url: `/v2/user/course/${id}/chapter` });
const publicListIds = async () => (await call<{ items: Array<{ id: number }> }>(app, { url: '/v1/pc/course?page_size=100' })).data.items.map((c) => c.id);

describe('the console course editor', () => {
  it('creates a draft, edits it, adds and orders chapters, publishes, and readers see it', async () => {
    const created = await admin('editor', 'POST', adminPathOf('adminCourseCreate'), draft());
    expect(created.code).toBe(0);
    const id = created.data.id;
    expect(created.data.state).toBe('draft');
    expect((await publicDetail(id)).code).toBe(ErrorCode.NOT_FOUND);
    expect(await publicListIds()).not.toContain(id);

    const edited = await admin('editor', 'PUT', adminPathOf('adminCourseUpdate', { id }), { ...draft({ title_zh: '心衰药物治疗新进展' }), updated_at: created.data.updated_at });
    expect(edited.code).toBe(0);
    expect(edited.data.title_zh).toBe('心衰药物治疗新进展');
    // The save made from the first version is now stale: refused, the edit above stands.
    const stale = await admin('editor', 'PUT', adminPathOf('adminCourseUpdate', { id }), { ...draft({ title_zh: '旧标题' }), updated_at: created.data.updated_at });
    expect(stale.code).toBe(ErrorCode.ADMIN_EDIT_CONFLICT);
    expect((await admin('editor', 'GET', adminPathOf('adminCourse', { id }))).data.title_zh).toBe('心衰药物治疗新进展');

    const titles = ['第一章 病理生理', '第二章 药物', '第三章 病例'];
    const chapters: number[] = [];
    for (const [i, t] of titles.entries()) {
      const ch = await admin<{ id: number; sort: number }>('editor', 'POST', adminPathOf('adminChapterCreate', { id }), { title_zh: t, title_en: `Chapter ${i + 1}`, duration_s: 600, is_free: i === 0 });
      expect(ch.code).toBe(0);
      expect(ch.data.sort).toBe(i + 1);
      chapters.push(ch.data.id);
    }
    const [a, b, c] = chapters as [number, number, number];
    const order = await admin<{ items: Array<{ id: number; sort: number }> }>('editor', 'PUT', adminPathOf('adminChapterOrder', { id }), { ids: [c, a, b] });
    expect(order.code).toBe(0);
    expect(order.data.items.map((x) => x.id)).toEqual([c, a, b]);
    // An order that leaves a chapter out is stale.
    expect((await admin('editor', 'PUT', adminPathOf('adminChapterOrder', { id }), { ids: [a, b] })).code).toBe(ErrorCode.COURSE_CHAPTER_ORDER_MISMATCH);

    const detail = await admin('editor', 'GET', adminPathOf('adminCourse', { id }));
    expect(detail.data.chapters_list.map((x) => x.id)).toEqual([c, a, b]);
    expect(detail.data.chapters_list.every((x) => x.video === null)).toBe(true);

    const published = await admin('editor', 'POST', adminPathOf('adminCoursePublish', { id }), {});
    expect(published.code).toBe(0);
    expect(published.data.state).toBe('published');
    const zh = await publicDetail(id);
    expect(zh.code).toBe(0);
    expect(zh.data.title).toBe('心衰药物治疗新进展');
    expect(zh.data.price).toBe(1990);
    expect((await publicDetail(id, 'en')).data.title).toBe('Advances in heart-failure drugs');
    const pub = await publicChapters(id);
    expect(pub.data.items.map((x) => x.id)).toEqual([c, a, b]);
    // The trial chapter is open; the others need buying.
    expect(pub.data.items.find((x) => x.id === a)?.locked_reason).toBeNull();
    expect(pub.data.items.find((x) => x.id === b)?.locked_reason).toBe('login');
    expect(await publicListIds()).toContain(id);

    const audit = await app.db.select().from(auditLog).where(eq(auditLog.target, `course:${id}`));
    expect(audit.map((r) => r.action).sort()).toEqual(['chapter.reorder', 'course.create', 'course.publish', 'course.update'].sort());
    expect(audit.every((r) => r.actorId === staff.get('editor')!.id)).toBe(true);

    // Offline: readers lose it, the console still has it.
    expect((await admin('editor', 'POST', adminPathOf('adminCourseOffline', { id }))).data.state).toBe('offline');
    expect((await publicDetail(id)).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('shows a scheduled course to readers only from its instant', async () => {
    const id = (await admin('editor', 'POST', adminPathOf('adminCourseCreate'), draft({ title_zh: '定时发布的课程' }))).data.id;
    const at = new Date(clock.now().getTime() + 3600_000).toISOString();
    const scheduled = await admin('editor', 'POST', adminPathOf('adminCoursePublish', { id }), { at });
    expect(scheduled.data.state).toBe('scheduled');
    expect((await publicDetail(id)).code).toBe(ErrorCode.NOT_FOUND);
    expect(await publicListIds()).not.toContain(id);
    const listed = await admin<{ items: Array<{ id: number }> }>('editor', 'GET', `${adminPathOf('adminCourses')}?state=scheduled&page_size=100`);
    expect(listed.data.items.map((x) => x.id)).toContain(id);
    // Nobody can buy it before then either.
    const buy = await call(app, {
      method: 'POST',
      url: '/v1/pc/order',
      headers: { ...bearer(learner.access), 'idempotency-key': randomUUID() },
      payload: { module: 'course', module_id: id, channel: 'wechat' },
    });
    expect(buy.code).toBe(ErrorCode.NOT_FOR_SALE);

    clock.advance(3601);
    expect((await publicDetail(id)).code).toBe(0);
    expect((await admin('editor', 'GET', adminPathOf('adminCourse', { id }))).data.state).toBe('published');
  });

  it('checks prices, series membership, speakers and covers', async () => {
    const bad = async (over: Record<string, unknown>) => (await admin('editor', 'POST', adminPathOf('adminCourseCreate'), draft(over))).code;
    expect(await bad({ price: 0 })).toBe(ErrorCode.VALIDATION);
    expect(await bad({ price_type: 1, price: 100, original_price: 0 })).toBe(ErrorCode.VALIDATION);
    expect(await bad({ original_price: 1000 })).toBe(ErrorCode.VALIDATION);
    expect(await bad({ cover: 'https://elsewhere.example/x.png' })).toBe(ErrorCode.VALIDATION);
    expect(await bad({ speaker_id: 999999 })).toBe(ErrorCode.VALIDATION);
    expect(await bad({ price_type: 1, price: 0, original_price: 0 })).toBe(0);

    const series = (await admin('editor', 'POST', adminPathOf('adminCourseCreate'), draft({ course_type: 2, title_zh: '系列课' }))).data;
    const single = (await admin('editor', 'POST', adminPathOf('adminCourseCreate'), draft({ title_zh: '单课' }))).data;
    expect(await bad({ series_id: single.id })).toBe(ErrorCode.COURSE_SERIES_INVALID);
    expect(await bad({ course_type: 2, series_id: series.id })).toBe(ErrorCode.COURSE_SERIES_INVALID);
    const member = await admin('editor', 'POST', adminPathOf('adminCourseCreate'), draft({ title_zh: '系列第一课', series_id: series.id }));
    expect(member.code).toBe(0);
    const s = await admin<Course & { members: Array<{ id: number }> }>('editor', 'GET', adminPathOf('adminCourse', { id: series.id }));
    expect(s.data.members.map((m) => m.id)).toEqual([member.data.id]);
    // A series with courses cannot become a single course, nor be deleted.
    const toSingle = await admin('editor', 'PUT', adminPathOf('adminCourseUpdate', { id: series.id }), { ...draft({ course_type: 1 }), updated_at: series.updated_at });
    expect(toSingle.code).toBe(ErrorCode.COURSE_SERIES_INVALID);
    expect((await admin('editor', 'DELETE', adminPathOf('adminCourseDelete', { id: series.id }))).code).toBe(ErrorCode.COURSE_SERIES_INVALID);
  });

  it('deletes drafts only, and keeps chapters with learners while the course is in front of readers', async () => {
    const d = (await admin('editor', 'POST', adminPathOf('adminCourseCreate'), draft({ title_zh: '待删除' }))).data;
    expect((await admin<{ deleted: boolean }>('editor', 'DELETE', adminPathOf('adminCourseDelete', { id: d.id }))).data.deleted).toBe(true);
    expect((await admin('editor', 'GET', adminPathOf('adminCourse', { id: d.id }))).code).toBe(ErrorCode.NOT_FOUND);

    const p = (await admin('editor', 'POST', adminPathOf('adminCourseCreate'), draft({ title_zh: '有学员的课' }))).data;
    const ch = (await admin<{ id: number }>('editor', 'POST', adminPathOf('adminChapterCreate', { id: p.id }), { title_zh: '唯一一章', title_en: null })).data;
    const ch2 = (await admin<{ id: number }>('editor', 'POST', adminPathOf('adminChapterCreate', { id: p.id }), { title_zh: '无人学', title_en: null })).data;
    await admin('editor', 'POST', adminPathOf('adminCoursePublish', { id: p.id }), {});
    expect((await admin('editor', 'DELETE', adminPathOf('adminCourseDelete', { id: p.id }))).code).toBe(ErrorCode.COURSE_NOT_DELETABLE);
    await app.db.insert(chapterProgress).values({ userId: learner.id, chapterId: ch.id, courseId: p.id, positionS: 30, durationS: 600, playedS: 30 });

    expect((await admin('editor', 'DELETE', adminPathOf('adminChapterDelete', { id: ch.id }))).code).toBe(ErrorCode.COURSE_CHAPTER_HAS_LEARNERS);
    expect((await admin('editor', 'DELETE', adminPathOf('adminChapterDelete', { id: ch2.id }))).code).toBe(0);
    await admin('editor', 'POST', adminPathOf('adminCourseOffline', { id: p.id }));
    expect((await admin('editor', 'DELETE', adminPathOf('adminChapterDelete', { id: ch.id }))).code).toBe(0);
    expect((await admin('editor', 'GET', adminPathOf('adminCourse', { id: p.id }))).data.chapters_list).toEqual([]);
  });

  it('edits a chapter with its version and refuses a stale one', async () => {
    const c = (await admin('editor', 'POST', adminPathOf('adminCourseCreate'), draft({ title_zh: '章节编辑' }))).data;
    const ch = (await admin<{ id: number; updated_at: string }>('editor', 'POST', adminPathOf('adminChapterCreate', { id: c.id }), { title_zh: '旧', title_en: null })).data;
    const body = { title_zh: '新', title_en: 'New', duration_s: 900, is_free: true };
    const ok = await admin<{ title_zh: string; is_free: boolean }>('editor', 'PUT', adminPathOf('adminChapterUpdate', { id: ch.id }), { ...body, updated_at: ch.updated_at });
    expect(ok.data).toMatchObject({ title_zh: '新', is_free: true });
    expect((await admin('editor', 'PUT', adminPathOf('adminChapterUpdate', { id: ch.id }), { ...body, title_zh: '又', updated_at: ch.updated_at })).code).toBe(ErrorCode.ADMIN_EDIT_CONFLICT);
  });

  it('leaves one consistent order after concurrent reorders', async () => {
    const c = (await admin('editor', 'POST', adminPathOf('adminCourseCreate'), draft({ title_zh: '并发排序' }))).data;
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push((await admin<{ id: number }>('editor', 'POST', adminPathOf('adminChapterCreate', { id: c.id }), { title_zh: `章 ${i}`, title_en: null })).data.id);
    const orders = Array.from({ length: 12 }, (_, k) => [...ids].sort((x, y) => ((x * (k + 7)) % 13) - ((y * (k + 7)) % 13) || x - y));
    const results = await Promise.all(orders.map((o) => admin<{ items: Array<{ id: number }> }>('editor', 'PUT', adminPathOf('adminChapterOrder', { id: c.id }), { ids: o })));
    for (const r of results) expect(r.code).toBe(0);
    const final = (await admin('editor', 'GET', adminPathOf('adminCourse', { id: c.id }))).data.chapters_list;
    expect(final.map((x) => x.sort)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(orders.map((o) => o.join(','))).toContain(final.map((x) => x.id).join(','));
  });

  it('lists with search, filters and sorts, and acts on many at once', async () => {
    const one = (await admin('editor', 'POST', adminPathOf('adminCourseCreate'), draft({ title_zh: '批量甲', title_en: 'Bulk alpha' }))).data;
    const two = (await admin('editor', 'POST', adminPathOf('adminCourseCreate'), draft({ title_zh: '批量乙', title_en: null, price_type: 1, price: 0, original_price: 0 }))).data;
    const found = await admin<{ items: Array<{ id: number }>; total: number }>('editor', 'GET', `${adminPathOf('adminCourses')}?q=${encodeURIComponent('bulk alpha')}`);
    expect(found.data.items.map((x) => x.id)).toEqual([one.id]);
    const free = await admin<{ items: Array<{ id: number; price_type: number }> }>('editor', 'GET', `${adminPathOf('adminCourses')}?q=${encodeURIComponent('批量')}&price_type=1`);
    expect(free.data.items.map((x) => x.id)).toEqual([two.id]);

    const bulk = await admin<{ done: number[]; failed: Array<{ id: number; code: number }> }>('editor', 'POST', adminPathOf('adminCourseBulk'), { ids: [one.id, two.id, 999999], action: 'publish' });
    expect(bulk.data.done.sort()).toEqual([one.id, two.id].sort());
    expect(bulk.data.failed).toEqual([expect.objectContaining({ id: 999999, code: ErrorCode.NOT_FOUND })]);
    const pub = await admin<{ items: Array<{ id: number }> }>('editor', 'GET', `${adminPathOf('adminCourses')}?q=${encodeURIComponent('批量')}&state=published&sort=published`);
    expect(pub.data.items.map((x) => x.id).sort()).toEqual([one.id, two.id].sort());
    const off = await admin<{ done: number[] }>('editor', 'POST', adminPathOf('adminCourseBulk'), { ids: [one.id, two.id], action: 'offline' });
    expect(off.data.done.length).toBe(2);
    expect((await publicDetail(one.id)).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('previews a draft through the rendered page, and the same page without the grant does not show it', async () => {
    const c = (await admin('editor', 'POST', adminPathOf('adminCourseCreate'), draft({ title_zh: '预览草稿课程' }))).data;
    await admin('editor', 'POST', adminPathOf('adminChapterCreate', { id: c.id }), { title_zh: '预览章节', title_en: null });
    const link = await admin<{ url: string }>('editor', 'POST', adminPathOf('adminPreview'), { kind: 'course', id: c.id, lang: 'zh' });
    expect(link.code).toBe(0);
    const page = await app.inject({ url: link.data.url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>预览草稿课程</h1>');
    expect(page.body).toContain('<li>预览章节</li>');
    expect(page.headers['cache-control']).toBe('no-store');
    const plain = await app.inject({ url: link.data.url.replace(/[?&]preview=[^&]*/, '') });
    expect(plain.body).not.toContain('预览草稿课程');
    // A grant for another course opens nothing here.
    const other = await admin<{ url: string }>('editor', 'POST', adminPathOf('adminPreview'), { kind: 'course', id: c.id + 1000, lang: 'zh' });
    const token = new URL(other.data.url, 'http://x').searchParams.get('preview')!;
    const wrong = await app.inject({ url: `/course/${c.id}?lang=zh&preview=${encodeURIComponent(token)}` });
    expect(wrong.body).not.toContain('预览草稿课程');
  });

  it('lets editors and administrators in, and refuses moderators, finance and learners on every course route', async () => {
    const names = Object.entries(adminRoutes).filter(([n]) => n.startsWith('adminCourse') || n.startsWith('adminChapter'));
    expect(names.length).toBe(13);
    for (const [name, r] of names) {
      const url = r.path.replace(/:id/g, '1');
      const payload = r.method === 'GET' || r.method === 'DELETE' ? undefined : {};
      for (const who of ['moderator', 'finance']) {
        expect((await call(app, { method: r.method, url, payload, headers: as(who) })).code, `${name} ${who}`).toBe(ErrorCode.FORBIDDEN);
      }
      expect((await call(app, { method: r.method, url, payload, headers: bearer(learner.access) })).code, `${name} learner`).toBe(ErrorCode.FORBIDDEN);
      for (const who of ['editor', 'administrator']) {
        expect((await call(app, { method: r.method, url, payload, headers: as(who) })).code, `${name} ${who}`).not.toBe(ErrorCode.FORBIDDEN);
      }
    }
    const list = await admin<{ items: unknown[] }>('administrator', 'GET', adminPathOf('adminCourses'));
    expect(list.code).toBe(0);
  });
});
