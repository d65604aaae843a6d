import { adminPathOf } from '@medportal/contract/admin-routes';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departments, organizers, speakers, userRoles } from '../src/db/schema/index.ts';
import { buildTestApp } from './build-test-app.ts';
import { bearer, call, makeUser, type MadeUser, testClock } from './factories.ts';

const HOUR = 3600_000;

/**
 * A course and a live scheduled in the console (decision record 0062) stay out of every public
 * read outside their own modules until their instant: the home page, a speaker's page, the
 * sitemap, and then appear there once the clock passes it.
 */
describe('scheduled publication outside the owning modules', () => {
  const clock = testClock(Date.parse('2026-12-01T02:00:00Z'));
  let app: FastifyInstance;
  let editor: MadeUser;
  let producer: MadeUser;
  let speakerId: number;
  let courseId: number;
  let liveId: number;
  const COURSE_TITLE = '定时发布课程Qzx';
  const LIVE_TITLE = '定时发布直播Qzx';

  const home = async () => JSON.stringify((await call(app, { url: '/v1/pc_index' })).data);
  const speakerCourseIds = async () =>
    (await call<{ items: Array<{ id: number }> }>(app, { url: `/v1/speaker/${speakerId}/course?page_size=100` })).data.items.map((c) => c.id);
  const speakerLiveIds = async () =>
    (await call<{ items: Array<{ id: number }> }>(app, { url: `/v1/speaker/${speakerId}/live?page_size=100` })).data.items.map((l) => l.id);
  const sitemap = async () => {
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  // The page's x-default alternate: its URL without a language.
  const hasUrl = (xml: string, path: string) => xml.includes(`${path}"/>`);

  beforeAll(async () => {
    app = await buildTestApp({ now: clock.now });
    const staff = async (role: 'live_producer' | 'editor') => {
      const u = await makeUser(app, { nickname: role });
      await app.db.insert(userRoles).values({ userId: u.id, role });
      return u;
    };
    editor = await staff('editor');
    producer = await staff('live_producer');
    speakerId = (await app.db.select({ id: speakers.id }).from(speakers).where(eq(speakers.status, 'published')).orderBy(asc(speakers.id)).limit(1))[0]!.id;
    const organizerId = (await app.db.select({ id: organizers.id }).from(organizers).limit(1))[0]!.id;
    const departmentId = (await app.db.select({ id: departments.id }).from(departments).limit(1))[0]!.id;

    const course = await call<{ id: number }>(app, {
      method: 'POST',
      url: adminPathOf('adminCourseCreate'),
      headers: bearer(editor.access),
      payload: {
        course_type: 1,
        title_zh: COURSE_TITLE,
        title_en: null,
        summary_zh: '定时发布',
        summary_en: null,
        cover: '/media/cover/course/admin-1.svg',
        price_type: 1,
        price: 0,
        original_price: 0,
        speaker_id: speakerId,
      },
    });
    expect(course.code, course.message).toBe(0);
    courseId = course.data.id;

    const start = clock.now().getTime() + 2 * HOUR;
    const live = await call<{ id: number }>(app, {
      method: 'POST',
      url: '/v1/admin/lives',
      headers: bearer(producer.access),
      payload: {
        title_zh: LIVE_TITLE,
        title_en: null,
        sub_title_zh: '定时发布',
        sub_title_en: null,
        banner: '/uploads/covers/live-1.png',
        start_at: new Date(start).toISOString(),
        end_at: new Date(start + 2 * HOUR).toISOString(),
        organizer_id: organizerId,
        department_id: departmentId,
        speaker_ids: [speakerId],
        moderator_ids: [],
        access: { login_required: false, sign_in_required: false, moderated: false },
        agenda: [],
      },
    });
    expect(live.code, live.message).toBe(0);
    liveId = live.data.id;

    const at = new Date(clock.now().getTime() + HOUR).toISOString();
    const c = await call<{ state: string }>(app, { method: 'POST', url: adminPathOf('adminCoursePublish', { id: courseId }), headers: bearer(editor.access), payload: { at } });
    expect(c.data.state).toBe('scheduled');
    const l = await call<{ state: string }>(app, { method: 'POST', url: `/v1/admin/lives/${liveId}/publish`, headers: bearer(producer.access), payload: { at } });
    expect(l.data.state).toBe('scheduled');
  });
  afterAll(() => app.close());

  it('keeps them out of the home page, the speaker page and the sitemap before the instant, and shows them after', async () => {
    const before = await home();
    expect(before).not.toContain(COURSE_TITLE);
    expect(before).not.toContain(LIVE_TITLE);
    expect(await speakerCourseIds()).not.toContain(courseId);
    expect(await speakerLiveIds()).not.toContain(liveId);
    const xml = await sitemap();
    expect(hasUrl(xml, `/course/${courseId}`)).toBe(false);
    expect(hasUrl(xml, `/w/o/live/${liveId}`)).toBe(false);

    // Past the instant (and past every public cache's lifetime): everywhere, with no write in between.
    clock.advance(3601);
    const after = await home();
    expect(after).toContain(COURSE_TITLE);
    expect(after).toContain(LIVE_TITLE);
    expect(await speakerCourseIds()).toContain(courseId);
    expect(await speakerLiveIds()).toContain(liveId);
    const later = await sitemap();
    expect(hasUrl(later, `/course/${courseId}`)).toBe(true);
    expect(hasUrl(later, `/w/o/live/${liveId}`)).toBe(true);
  });
});
