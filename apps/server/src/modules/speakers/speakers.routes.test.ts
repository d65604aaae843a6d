import { Course, ErrorCode, LiveItem, Page, Speaker, SpeakerDetail, SpeakerLiveYearsData } from '@medportal/contract';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, lives, speakerFollows, speakers } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { bearer, call, makeUser, type MadeUser, testClock } from '../../../test/factories.ts';

const CoursePage = Page(Course);
const LivePage = Page(LiveItem);
const SpeakerPage = Page(Speaker);

let app: FastifyInstance;
const clock = testClock(Date.parse('2026-03-01T00:00:00Z'));
let alice: MadeUser;
let bob: MadeUser;
let draftId: number;

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  alice = await makeUser(app, { nickname: 'Alice' });
  bob = await makeUser(app, { nickname: 'Bob' });
  const [draft] = await app.db
    .insert(speakers)
    .values({ nameZh: '草稿', avatar: '/a.svg', titleZh: '医师', status: 'draft' })
    .returning({ id: speakers.id });
  draftId = draft!.id;
});
afterAll(async () => {
  await app?.close();
});

const get = <T>(url: string, token?: string) => call<T>(app, { url, headers: token ? bearer(token) : {} });
const follow = (id: number, status: number, token?: string) =>
  call<{ is_follow: boolean; follower_count: number }>(app, {
    method: 'PUT',
    url: `/v1/user/speaker/${id}/follow`,
    headers: token ? bearer(token) : {},
    payload: { status },
  });
const rows = async (id: number) => (await app.db.select({ n: count() }).from(speakerFollows).where(eq(speakerFollows.speakerId, id)))[0]?.n ?? 0;

describe('speaker detail', () => {
  it('answers a published speaker with intro, 0 followers (the seed has no follows) and is_follow false', async () => {
    const zh = await get<unknown>('/v1/user/speaker/1');
    expect(zh.code).toBe(0);
    const d = SpeakerDetail.parse(zh.data);
    expect(d).toMatchObject({ id: 1, is_follow: false, follower_count: 0 });
    expect(d.intro.length).toBeGreaterThan(0);
    expect(d.hospital?.name.length).toBeGreaterThan(0);
    const en = SpeakerDetail.parse((await get('/v1/user/speaker/1?language=en')).data);
    expect(en.intro).not.toBe(d.intro);
  });

  it('answers NOT_FOUND for unknown and draft speakers, VALIDATION for a bad id', async () => {
    expect((await get('/v1/user/speaker/999999')).code).toBe(ErrorCode.NOT_FOUND);
    expect((await get(`/v1/user/speaker/${draftId}`)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await get('/v1/speaker/999999/course')).code).toBe(ErrorCode.NOT_FOUND);
    expect((await get(`/v1/speaker/${draftId}/live`)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await get('/v1/speaker/999999/live_years')).code).toBe(ErrorCode.NOT_FOUND);
    expect((await get('/v1/user/speaker/abc')).code).toBe(ErrorCode.VALIDATION);
  });
});

describe('speaker lists', () => {
  it('pages the courses in a stable order without overlap', async () => {
    const [speaker] = await app.db
      .select({ id: courses.speakerId, n: count() })
      .from(courses)
      .where(eq(courses.status, 'published'))
      .groupBy(courses.speakerId)
      .orderBy(courses.speakerId)
      .limit(1);
    const id = speaker!.id!;
    const seen: number[] = [];
    for (let p = 1; p <= 50; p++) {
      const data = CoursePage.parse((await get(`/v1/speaker/${id}/course?page=${p}&page_size=1`)).data);
      expect(data.total).toBe(speaker!.n);
      seen.push(...data.items.map((c) => c.id));
      if (!data.has_more) break;
    }
    expect(seen.length).toBe(speaker!.n);
    expect(new Set(seen).size).toBe(speaker!.n);
  });

  it('lists live years newest first and filters lives by year', async () => {
    const [sp] = await app.db.insert(speakers).values({ nameZh: '直播讲者', avatar: '/a.svg', titleZh: '医师', status: 'published' }).returning();
    const base = { banner: '/b.svg', meetingNo: '12345678', speakerId: sp!.id, status: 'published' as const };
    await app.db.insert(lives).values([
      { ...base, titleZh: 'a', startAt: new Date('2024-05-01T00:00:00Z'), endAt: new Date('2024-05-01T02:00:00Z') },
      { ...base, titleZh: 'b', startAt: new Date('2025-05-01T00:00:00Z'), endAt: new Date('2025-05-01T02:00:00Z') },
      { ...base, titleZh: 'c', startAt: new Date('2025-06-01T00:00:00Z'), endAt: new Date('2025-06-01T02:00:00Z') },
      { ...base, titleZh: 'draft', status: 'draft', startAt: new Date('2023-06-01T00:00:00Z'), endAt: new Date('2023-06-01T02:00:00Z') },
    ]);
    expect(SpeakerLiveYearsData.parse((await get(`/v1/speaker/${sp!.id}/live_years`)).data).items).toEqual([2025, 2024]);
    const all = LivePage.parse((await get(`/v1/speaker/${sp!.id}/live`)).data);
    expect(all.items.map((l) => l.title)).toEqual(['c', 'b', 'a']);
    const y = LivePage.parse((await get(`/v1/speaker/${sp!.id}/live?year=2025&page_size=1&page=2`)).data);
    expect(y).toMatchObject({ total: 2, page: 2, has_more: false });
    expect(y.items.map((l) => l.title)).toEqual(['b']);
  });

  it('rejects bad pagination with VALIDATION', async () => {
    expect((await get('/v1/speaker/1/course?page=0')).code).toBe(ErrorCode.VALIDATION);
    expect((await get('/v1/speaker/1/course?page_size=1000')).code).toBe(ErrorCode.VALIDATION);
    expect((await get('/v1/speaker/1/live?page=-1')).code).toBe(ErrorCode.VALIDATION);
    expect((await get('/v1/speaker/1/live?year=abc')).code).toBe(ErrorCode.VALIDATION);
    expect((await get('/v1/user/follow?page=0', alice.access)).code).toBe(ErrorCode.VALIDATION);
  });
});

describe('follow', () => {
  it('needs login (200203)', async () => {
    expect((await follow(2, 1)).code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await get('/v1/user/follow')).code).toBe(ErrorCode.NOT_LOGGED_IN);
  });

  it('is idempotent; concurrent follows make one row; the count equals the rows; unfollow removes it', async () => {
    const results = await Promise.all([follow(2, 1, alice.access), follow(2, 1, alice.access), follow(2, 1, alice.access)]);
    for (const r of results) expect(r.code).toBe(0);
    expect(await rows(2)).toBe(1);
    expect((await follow(2, 1, alice.access)).data).toEqual({ is_follow: true, follower_count: 1 });
    expect((await follow(2, 1, bob.access)).data).toEqual({ is_follow: true, follower_count: 2 });
    expect(SpeakerDetail.parse((await get('/v1/user/speaker/2', alice.access)).data)).toMatchObject({ is_follow: true, follower_count: 2 });
    expect(SpeakerDetail.parse((await get('/v1/user/speaker/2')).data)).toMatchObject({ is_follow: false, follower_count: 2 });
    expect((await follow(2, 2, alice.access)).data).toEqual({ is_follow: false, follower_count: 1 });
    expect((await follow(2, 2, alice.access)).data).toEqual({ is_follow: false, follower_count: 1 });
    expect(await rows(2)).toBe(1);
    const [cached] = await app.db.select({ n: speakers.followerCount }).from(speakers).where(eq(speakers.id, 2));
    expect(cached?.n).toBe(1);
    await follow(2, 2, bob.access);
    expect(await rows(2)).toBe(0);
  });

  it('a concurrent follow and unfollow by different users leaves the count equal to the rows', async () => {
    await follow(3, 1, bob.access);
    const [a, b] = await Promise.all([follow(3, 1, alice.access), follow(3, 2, bob.access)]);
    expect(a.code).toBe(0);
    expect(b.code).toBe(0);
    expect(await rows(3)).toBe(1);
    expect(SpeakerDetail.parse((await get('/v1/user/speaker/3')).data).follower_count).toBe(1);
    const [cached] = await app.db.select({ n: speakers.followerCount }).from(speakers).where(eq(speakers.id, 3));
    expect(cached?.n).toBe(1);
  });

  it('rejects other status values and unknown speakers', async () => {
    expect((await follow(2, 3, alice.access)).code).toBe(ErrorCode.VALIDATION);
    expect((await follow(999_999, 1, alice.access)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await follow(draftId, 1, alice.access)).code).toBe(ErrorCode.NOT_FOUND);
  });

  it("lists the caller's followed speakers, most recent first, each with is_follow", async () => {
    const carol = await makeUser(app, { nickname: 'Carol' });
    await follow(4, 1, carol.access);
    clock.advance(10);
    await follow(5, 1, carol.access);
    const data = SpeakerPage.parse((await get('/v1/user/follow', carol.access)).data);
    expect(data.items.map((s) => s.id)).toEqual([5, 4]);
    expect(data.items.every((s) => s.is_follow)).toBe(true);
    expect(data.total).toBe(2);
    const p2 = SpeakerPage.parse((await get('/v1/user/follow?page=2&page_size=1', carol.access)).data);
    expect(p2.items.map((s) => s.id)).toEqual([4]);
    const mine = await app.db.select({ n: count() }).from(speakerFollows).where(and(eq(speakerFollows.userId, carol.id)));
    expect(mine[0]?.n).toBe(2);
  });
});
