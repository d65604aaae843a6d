import { CourseChaptersData, ErrorCode, LiveAuthUrl, LiveRoomDetail, PriceType, RecordingDetail } from '@medportal/contract';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseChapters, courseEntitlements, courses, lives, recordings, userIdentities } from '../src/db/schema/index.ts';
import { DEMO_ACCESS_CODE, DEMO_MODERATOR, DEMO_ROOMS } from '../src/seed/live-room.ts';
import { buildTestApp } from './build-test-app.ts';
import { bearer, call, makeUser, testClock } from './factories.ts';

/**
 * Every way to a live's stream or recording (auth_url, the live's detail, its recording) applies
 * the room's gate: login, access code, check-in; a course chapter's media, the course's
 * entitlement. Lives 2 (login + access code) and 3 (login + check-in) are put on air.
 */
const clock = testClock();
let app: FastifyInstance;
let mod: string;
const CODE_LIVE = DEMO_ROOMS.accessCode;
const SIGN_LIVE = DEMO_ROOMS.loginAndSignIn;
const recordingOf = new Map<number, number>();

const h = (token?: string) => (token ? bearer(token) : {});

/** What each path gives the caller: the error code of auth_url, the detail's and recording's media. */
async function paths(liveId: number, token?: string) {
  const auth = await call<unknown>(app, { url: `/v1/live/${liveId}/auth_url`, headers: h(token) });
  const detail = LiveRoomDetail.parse((await call<unknown>(app, { url: `/v1/live/${liveId}`, headers: h(token) })).data);
  const rec = RecordingDetail.parse((await call<unknown>(app, { url: `/v1/vod/${recordingOf.get(liveId)}`, headers: h(token) })).data);
  return {
    authUrl: auth.code === 0 ? LiveAuthUrl.parse(auth.data).kind : auth.code,
    detail: detail.media ? 'media' : detail.media_unavailable,
    recording: rec.media ? 'media' : rec.media_unavailable,
  };
}

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  const t = clock.now().getTime();
  await app.db
    .update(lives)
    .set({ startAt: new Date(t - 600_000), endAt: new Date(t + 3_600_000) })
    .where(inArray(lives.id, [CODE_LIVE, SIGN_LIVE]));
  for (const liveId of [CODE_LIVE, SIGN_LIVE]) {
    const [r] = await app.db
      .insert(recordings)
      .values({ liveId, titleZh: '回放', banner: '/b.svg', recordedAt: new Date(t - 86_400_000), durationS: 60, ready: true })
      .returning({ id: recordings.id });
    recordingOf.set(liveId, r!.id);
  }
  const [identity] = await app.db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.kind, 'mobile'), eq(userIdentities.value, `+${DEMO_MODERATOR.countryCode}${DEMO_MODERATOR.mobile}`)));
  mod = (await app.accounts.tokens.open(app.db, identity!.userId, 'web')).access;
});
afterAll(async () => {
  await app?.close();
});

describe('a live behind login and an access code', () => {
  it('gives no stream or recording URL without a login, nor with a login and no code; with the code, all three', async () => {
    expect(await paths(CODE_LIVE)).toEqual({ authUrl: ErrorCode.LOGIN_TO_WATCH, detail: 'login', recording: 'login' });
    const u = await makeUser(app);
    expect(await paths(CODE_LIVE, u.access)).toEqual({ authUrl: ErrorCode.LIVE_ACCESS_CODE_REQUIRED, detail: 'access_code', recording: 'access_code' });
    const granted = await call(app, { method: 'POST', url: `/v1/user/live/${CODE_LIVE}/access_code`, headers: bearer(u.access), payload: { code: DEMO_ACCESS_CODE } });
    expect(granted.code).toBe(0);
    expect(await paths(CODE_LIVE, u.access)).toEqual({ authUrl: 'live', detail: 'media', recording: 'media' });
    // The room's moderators need no code.
    expect(await paths(CODE_LIVE, mod)).toEqual({ authUrl: 'live', detail: 'media', recording: 'media' });
  });

  it('hands out a URL that plays only once the gate is passed (anonymous callers get none to play)', async () => {
    const anon = await call<{ url?: string }>(app, { url: `/v1/live/${CODE_LIVE}/auth_url` });
    expect(anon.data).toBeNull();
    const u = await makeUser(app);
    await call(app, { method: 'POST', url: `/v1/user/live/${CODE_LIVE}/access_code`, headers: bearer(u.access), payload: { code: DEMO_ACCESS_CODE } });
    const ok = LiveAuthUrl.parse((await call<unknown>(app, { url: `/v1/live/${CODE_LIVE}/auth_url`, headers: bearer(u.access) })).data);
    expect((await app.inject({ url: ok.url })).statusCode).toBe(200);
  });
});

describe('a live that asks for a check-in', () => {
  it('gives nothing without a login, nothing before the check-in, and all three after it', async () => {
    expect(await paths(SIGN_LIVE)).toEqual({ authUrl: ErrorCode.LOGIN_TO_WATCH, detail: 'login', recording: 'login' });
    const u = await makeUser(app);
    expect(await paths(SIGN_LIVE, u.access)).toEqual({ authUrl: ErrorCode.LIVE_SIGN_REQUIRED, detail: 'sign_in', recording: 'sign_in' });
    // The room itself stays open to take part (and to check in).
    const d = LiveRoomDetail.parse((await call<unknown>(app, { url: `/v1/live/${SIGN_LIVE}`, headers: bearer(u.access) })).data);
    expect(d.blocked).toBeNull();
    expect((await call(app, { method: 'POST', url: `/v1/user/live/${SIGN_LIVE}/sign`, headers: bearer(u.access) })).code).toBe(0);
    expect(await paths(SIGN_LIVE, u.access)).toEqual({ authUrl: 'live', detail: 'media', recording: 'media' });
    expect(await paths(SIGN_LIVE, mod)).toEqual({ authUrl: 'live', detail: 'media', recording: 'media' });
  });

  it('answers the check-in error in the reader’s language', async () => {
    const u = await makeUser(app);
    const en = await call(app, { url: `/v1/live/${SIGN_LIVE}/auth_url`, query: { language: 'en' }, headers: bearer(u.access) });
    expect(en).toMatchObject({ code: ErrorCode.LIVE_SIGN_REQUIRED, message: 'Please check in first to watch' });
    const zh = await call(app, { url: `/v1/live/${SIGN_LIVE}/auth_url`, headers: bearer(u.access) });
    expect(zh.message).toBe('请先签到后观看');
  });
});

describe('an open live', () => {
  it('plays for anyone on every path', async () => {
    const [rec] = await app.db.select({ id: recordings.id }).from(recordings).where(eq(recordings.liveId, DEMO_ROOMS.recordedQa));
    const r = RecordingDetail.parse((await call<unknown>(app, { url: `/v1/vod/${rec!.id}` })).data);
    expect(r.media).not.toBeNull();
    expect((await call(app, { url: `/v1/live/${DEMO_ROOMS.moderated}/auth_url` })).code).toBe(0);
  });
});

describe('course chapters', () => {
  it('give a paid chapter’s media only to those entitled to the course', async () => {
    const [paid] = await app.db
      .select({ id: courses.id })
      .from(courses)
      .innerJoin(courseChapters, eq(courseChapters.courseId, courses.id))
      .where(and(ne(courses.priceType, PriceType.FREE), eq(courseChapters.isFree, false), eq(courses.status, 'published')))
      .limit(1);
    const courseId = paid!.id;
    const locked = async (token?: string) => {
      const d = CourseChaptersData.parse((await call<unknown>(app, { url: `/v2/user/course/${courseId}/chapter`, headers: h(token) })).data);
      return [...new Set(d.items.filter((c) => c.media === null).map((c) => c.locked_reason))];
    };
    expect(await locked()).toEqual(['login']);
    const u = await makeUser(app);
    expect(await locked(u.access)).toEqual(['purchase']);
    await app.db.insert(courseEntitlements).values({ userId: u.id, courseId, source: 'gift' });
    expect(await locked(u.access)).toEqual([]);
  });
});
