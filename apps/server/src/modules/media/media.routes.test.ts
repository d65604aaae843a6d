import {
  ChapterLearnProgressData,
  CourseChaptersData,
  ErrorCode,
  LearnLogData,
  LearnProgress,
  LearnRecordPage,
  LiveAuthUrl,
  PriceType,
  WatchLogData,
  WatchRecordPage,
} from '@medportal/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseChapters, courseEntitlements, courses, liveRooms, lives, liveStreams, userRoles } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { bearer, call, makeUser, testClock, type TestClock } from '../../../test/factories.ts';
import { PAY_PASSWORD, payer } from '../../../test/money.helpers.ts';

let app: FastifyInstance;
let clock: TestClock;
beforeAll(async () => {
  clock = testClock();
  app = await buildTestApp({ now: clock.now });
});
afterAll(async () => {
  await app?.close();
});

const get = <T>(url: string, headers: Record<string, string> = {}) => call<T>(app, { url, headers });
const post = <T>(url: string, payload: unknown, headers: Record<string, string> = {}) =>
  call<T>(app, { method: 'POST', url, payload: payload as object, headers });

async function chapters(courseId: number, token?: string) {
  const r = await get<unknown>(`/v2/user/course/${courseId}/chapter`, token ? bearer(token) : {});
  expect(r.code, JSON.stringify(r)).toBe(0);
  return CourseChaptersData.parse(r.data).items;
}

/** A paid course with at least one trial chapter and one paid chapter. */
async function paidCourse(): Promise<number> {
  const rows = await app.db.select({ id: courses.id }).from(courses).where(and(eq(courses.priceType, PriceType.PAID), eq(courses.status, 'published'))).orderBy(asc(courses.id));
  for (const { id } of rows) {
    const chs = await app.db.select().from(courseChapters).where(eq(courseChapters.courseId, id));
    if (chs.some((c) => c.isFree) && chs.some((c) => !c.isFree)) return id;
  }
  throw new Error('seed has no paid course with a trial chapter');
}

async function freeCourse(): Promise<number> {
  const [row] = await app.db.select({ id: courses.id }).from(courses).where(and(eq(courses.priceType, PriceType.FREE), eq(courses.status, 'published'))).orderBy(asc(courses.id)).limit(1);
  if (!row) throw new Error('seed has no free course');
  return row.id;
}

describe('chapter media and entitlements', () => {
  it('trial chapters play for anyone; paid chapters ask visitors to log in and others to buy; buyers get media', async () => {
    const id = await paidCourse();
    const anon = await chapters(id);
    const trial = anon.find((c) => c.free_preview);
    const paid = anon.find((c) => !c.free_preview);
    expect(trial?.media?.hls_url).toMatch(/\/master\.m3u8\?t=\d+&sign=[0-9a-f]{32}$/);
    expect(trial?.locked_reason).toBeNull();
    expect(trial?.media?.renditions.length).toBeGreaterThanOrEqual(2);
    expect(trial?.media?.subtitles.map((s) => s.lang).sort()).toEqual(['en', 'zh']);
    expect(trial?.media?.duration_s).toBe(trial?.duration_s);
    expect(paid).toMatchObject({ media: null, locked_reason: 'login' });

    const buyer = await makeUser(app);
    const stranger = await makeUser(app);
    expect((await chapters(id, stranger.access)).find((c) => c.id === paid?.id)).toMatchObject({ media: null, locked_reason: 'purchase' });
    await app.db.insert(courseEntitlements).values({ userId: buyer.id, courseId: id, source: 'test' });
    const bought = (await chapters(id, buyer.access)).find((c) => c.id === paid?.id);
    expect(bought?.locked_reason).toBeNull();
    expect(bought?.media?.hls_url).toContain('master.m3u8');

    // A heartbeat on a chapter the caller may not watch is refused.
    const beat = { chapter_id: paid?.id, position_s: 0, played_s: 0, session_id: 'session-locked' };
    expect((await post(`/v1/user/course/${id}/learn_log`, beat, bearer(stranger.access))).code).toBe(ErrorCode.PURCHASE_TO_WATCH);
    expect((await post(`/v1/user/course/${id}/learn_log`, beat, bearer(buyer.access))).code).toBe(0);
  });

  it('every chapter of a free course plays without a login', async () => {
    const items = await chapters(await freeCourse());
    expect(items.length).toBeGreaterThan(0);
    for (const c of items) expect(c.media, c.title).not.toBeNull();
  });
});

describe('signed media URLs', () => {
  it('serve the playlists and segments they sign, with every URI signed; tampered links get 403', async () => {
    const [chapter] = await chapters(await freeCourse());
    const master = await app.inject({ url: chapter?.media?.hls_url ?? '' });
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toContain('mpegurl');
    const variants = master.body.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(variants.length).toBeGreaterThanOrEqual(2);
    for (const v of variants) expect(v).toMatch(/^\d+p\/index\.m3u8\?t=\d+&sign=[0-9a-f]{32}$/);

    const base = new URL(chapter?.media?.hls_url ?? '', 'http://x');
    const variantUrl = new URL(variants[0] ?? '', base);
    const playlist = await app.inject({ url: variantUrl.pathname + variantUrl.search });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('#EXT-X-ENDLIST');
    const segment = playlist.body.split('\n').find((l) => l.startsWith('seg_')) ?? '';
    const segUrl = new URL(segment, variantUrl);
    const ts = await app.inject({ url: segUrl.pathname + segUrl.search });
    expect(ts.statusCode).toBe(200);
    expect(ts.headers['content-type']).toBe('video/mp2t');
    expect(ts.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte

    const sign = segUrl.searchParams.get('sign') ?? '';
    const flipped = `${sign.slice(0, -1)}${sign.endsWith('0') ? '1' : '0'}`;
    const tampered = await app.inject({ url: `${segUrl.pathname}?t=${segUrl.searchParams.get('t')}&sign=${flipped}` });
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json()).toMatchObject({ code: ErrorCode.MEDIA_LINK_INVALID });
    // The signature of one file does not open another, and a later expiry is not accepted either.
    const otherFile = await app.inject({ url: `${segUrl.pathname.replace('seg_00', 'seg_01')}${segUrl.search}` });
    expect(otherFile.statusCode).toBe(403);
    const longer = await app.inject({ url: `${segUrl.pathname}?t=${Number(segUrl.searchParams.get('t')) + 3600}&sign=${sign}` });
    expect(longer.statusCode).toBe(403);
    expect((await app.inject({ url: segUrl.pathname })).statusCode).toBe(403);
    expect((await app.inject({ url: '/media/hls/demo/a/../../package.json?t=1&sign=0' })).statusCode).toBe(404);
  });

  it('refuse a link once its expiry has passed', async () => {
    const clock2 = testClock();
    const app2 = await buildTestApp({ now: clock2.now, config: { media: { provider: 'sandbox', signKey: null, urlTtlS: 60, cdnBaseUrl: null, livePullBaseUrl: null, rtmpPushUrl: 'rtmp://push.example.org/live', streaming: { provider: 'sandbox', pushKey: null } } } });
    try {
      const r = await call<unknown>(app2, { url: `/v2/user/course/${await freeCourse()}/chapter` });
      const url = CourseChaptersData.parse(r.data).items[0]?.media?.hls_url ?? '';
      expect((await app2.inject({ url })).statusCode).toBe(200);
      clock2.advance(61);
      const late = await app2.inject({ url });
      expect(late.statusCode).toBe(403);
      expect(late.json()).toMatchObject({ code: ErrorCode.MEDIA_LINK_EXPIRED });
    } finally {
      await app2.close();
    }
  });
});

describe('live playback', () => {
  async function liveNow(): Promise<number> {
    const rows = await app.db.select().from(lives).where(eq(lives.status, 'published'));
    const t = clock.now().getTime();
    const live = rows.find((l) => l.startAt.getTime() <= t && l.endAt.getTime() > t + 3600_000);
    if (!live) throw new Error('seed has no live on air');
    return live.id;
  }

  it('auth_url gives a live playlist that the clock advances: sliding window, growing sequence, loop discontinuities, no end', async () => {
    const id = await liveNow();
    const auth = LiveAuthUrl.parse((await get<unknown>(`/v1/live/${id}/auth_url`)).data);
    expect(auth.kind).toBe('live');
    const master = await app.inject({ url: auth.url });
    expect(master.statusCode).toBe(200);
    const variant = master.body.split('\n').find((l) => l && !l.startsWith('#')) ?? '';
    const variantUrl = new URL(variant, new URL(auth.url, 'http://x'));
    const read = async () => {
      const r = await app.inject({ url: variantUrl.pathname + variantUrl.search });
      expect(r.statusCode).toBe(200);
      const seq = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(r.body)?.[1]);
      const segments = r.body.split('\n').filter((l) => l.startsWith('/media/hls/'));
      return { body: r.body, seq, segments };
    };
    const first = await read();
    expect(first.body).not.toContain('#EXT-X-ENDLIST');
    expect(first.segments.length).toBe(6);
    for (const s of first.segments) expect(s).toMatch(/\/seg_\d{2}\.ts\?t=\d+&sign=[0-9a-f]{32}$/);
    clock.advance(4);
    const next = await read();
    expect(next.seq).toBe(first.seq + 1);
    expect(next.segments.slice(0, 5)).toEqual(first.segments.slice(1));
    // A minute later the 60-second clip has looped within the window at least once.
    let looped = false;
    for (let i = 0; i < 16 && !looped; i++) {
      clock.advance(4);
      const p = await read();
      looped = p.body.includes('#EXT-X-DISCONTINUITY\n');
      if (looped) expect(Number(/#EXT-X-DISCONTINUITY-SEQUENCE:(\d+)/.exec(p.body)?.[1])).toBeGreaterThanOrEqual(0);
    }
    expect(looped).toBe(true);
    // Its segments are real files.
    const seg = new URL(next.segments[0] ?? '', 'http://x');
    expect((await app.inject({ url: seg.pathname + seg.search })).statusCode).toBe(200);
  });

  it('answers replays for ended lives with a recording, nothing before the start, and honours login-required', async () => {
    const rows = await app.db.select().from(lives).where(eq(lives.status, 'published'));
    const t = clock.now().getTime();
    // A live without a room gate (a gated one answers its gate first: decision 0041).
    const rooms = await app.db.select().from(liveRooms);
    const gated = new Set(rooms.filter((r) => r.requireLogin || r.requireSignIn || r.accessCodeHash).map((r) => r.liveId));
    const upcoming = rows.find((l) => l.startAt.getTime() > t + 3600_000 && !gated.has(l.id));
    const replay = rows.find((l) => l.endAt.getTime() < t && l.hasReplay);
    expect((await get(`/v1/live/${upcoming?.id}/auth_url`)).code).toBe(ErrorCode.MEDIA_NOT_AVAILABLE);
    const r = LiveAuthUrl.parse((await get<unknown>(`/v1/live/${replay?.id}/auth_url`)).data);
    expect(r.kind).toBe('replay');
    expect((await app.inject({ url: r.url })).statusCode).toBe(200);
    expect((await get('/v1/live/999999/auth_url')).code).toBe(ErrorCode.NOT_FOUND);

    await app.db.insert(liveStreams).values({ liveId: replay?.id ?? 0, streamName: 'locked', streamKey: 'k', loginRequired: true }).onConflictDoUpdate({ target: liveStreams.liveId, set: { loginRequired: true } });
    expect((await get(`/v1/live/${replay?.id}/auth_url`)).code).toBe(ErrorCode.LOGIN_TO_WATCH);
    const u = await makeUser(app);
    expect((await get(`/v1/live/${replay?.id}/auth_url`, bearer(u.access))).code).toBe(0);
  });
});

describe('learning heartbeats', () => {
  const learnCount = async (courseId: number) => (await get<{ learn_count: number }>(`/v1/user/course/${courseId}`)).data.learn_count;
  async function openChapter() {
    const courseId = await freeCourse();
    const [ch] = await chapters(courseId);
    if (!ch) throw new Error('no chapter');
    return { courseId, ch };
  }

  it('credit played time only up to wall-clock × 2 since the last heartbeat; repeats credit nothing; complete at 90 %', async () => {
    const { courseId, ch } = await openChapter();
    const u = await makeUser(app);
    const h = bearer(u.access);
    const beat = async (played: number, position: number, session = 'session-a') => {
      const r = await post<unknown>(`/v1/user/course/${courseId}/learn_log`, { chapter_id: ch.id, position_s: position, played_s: played, session_id: session }, h);
      expect(r.code, JSON.stringify(r)).toBe(0);
      return LearnLogData.parse(r.data);
    };
    expect((await beat(0, 0)).credited_s).toBe(0);
    clock.advance(15);
    expect((await beat(15, 15)).credited_s).toBe(15);
    // The same heartbeat again (a retry) credits nothing.
    expect((await beat(15, 15)).credited_s).toBe(0);
    // A forged jump: 40 s claimed after 10 s of wall clock → at most 2 × 10 + 1.
    clock.advance(10);
    const forged = await beat(55, 50);
    expect(forged.credited_s).toBe(21);
    expect(forged.played_s).toBe(36);
    expect(forged.completed).toBe(false);
    // 2× playback for 10 s is credited in full.
    clock.advance(10);
    const fast = await beat(75, 59);
    expect(fast.credited_s).toBe(20);
    expect(fast.played_s).toBe(56);
    expect(fast.completed).toBe(true);
    expect(fast.progress).toBe(100);
    // A new session sets its baseline: nothing it claims before is credited.
    clock.advance(5);
    expect((await beat(500, 3, 'session-b')).credited_s).toBe(0);

    const progress = LearnProgress.parse((await get<unknown>(`/v1/user/course/${courseId}/learn_progress`, h)).data);
    expect(progress).toMatchObject({ last_chapter_id: ch.id, last_position_s: 3 });
    expect(progress.progress).toBeGreaterThan(0);
    const per = ChapterLearnProgressData.parse((await get<unknown>(`/v1/user/course/${courseId}/chapter_learn_progress`, h)).data);
    expect(per.items.find((i) => i.chapter_id === ch.id)).toMatchObject({ completed: true, progress: 100, position_s: 3 });
    expect(per.items.filter((i) => i.chapter_id !== ch.id).every((i) => i.progress === 0)).toBe(true);
    const record = LearnRecordPage.parse((await get<unknown>('/v1/user/course/record?page=1&page_size=10', h)).data);
    expect(record.items[0]).toMatchObject({ course: { id: courseId }, last_chapter_id: ch.id, progress: progress.progress });
    expect(record.total).toBe(1);
  });

  it('concurrent copies of one heartbeat credit once', async () => {
    const { courseId, ch } = await openChapter();
    const u = await makeUser(app);
    const h = bearer(u.access);
    const body = (played: number) => ({ chapter_id: ch.id, position_s: played, played_s: played, session_id: 'session-c' });
    expect((await post(`/v1/user/course/${courseId}/learn_log`, body(0), h)).code).toBe(0);
    clock.advance(15);
    const copies = await Promise.all(Array.from({ length: 8 }, () => post<unknown>(`/v1/user/course/${courseId}/learn_log`, body(12), h)));
    const credited = copies.map((r) => LearnLogData.parse(r.data).credited_s);
    expect(credited.reduce((a, b) => a + b, 0)).toBe(12);
    const per = ChapterLearnProgressData.parse((await get<unknown>(`/v1/user/course/${courseId}/chapter_learn_progress`, h)).data);
    expect(per.items.find((i) => i.chapter_id === ch.id)?.played_s).toBe(12);
  });

  it('concurrent heartbeats of one session credit no more than the wall clock allows, and the progress reads agree at once', async () => {
    const { courseId, ch } = await openChapter();
    const u = await makeUser(app);
    const h = bearer(u.access);
    const beat = (played: number, session = 'session-d') =>
      post<unknown>(`/v1/user/course/${courseId}/learn_log`, { chapter_id: ch.id, position_s: played, played_s: played, session_id: session }, h);
    // Eight first heartbeats at once: one learner more, counted once.
    const before = await learnCount(courseId);
    const firsts = await Promise.all(Array.from({ length: 8 }, () => beat(0)));
    expect(firsts.every((r) => r.code === 0)).toBe(true);
    // 10 s later, heartbeats claiming 5 … 40 s race: together at most 2 × 10 + 1 is credited.
    clock.advance(10);
    const racing = await Promise.all([5, 10, 15, 20, 25, 30, 35, 40].map((p) => beat(p)));
    const credited = racing.map((r) => LearnLogData.parse(r.data).credited_s).reduce((a, b) => a + b, 0);
    expect(credited).toBeLessThanOrEqual(21);
    expect(credited).toBeGreaterThan(0);
    // What was acknowledged is what the progress endpoints read, right away.
    const per = ChapterLearnProgressData.parse((await get<unknown>(`/v1/user/course/${courseId}/chapter_learn_progress`, h)).data);
    expect(per.items.find((i) => i.chapter_id === ch.id)?.played_s).toBe(credited);
    const progress = LearnProgress.parse((await get<unknown>(`/v1/user/course/${courseId}/learn_progress`, h)).data);
    expect(progress.last_chapter_id).toBe(ch.id);
    // learn_count is a counter the public read may show up to a second late (decision record 0031);
    // polled after the race, so the wait does not add real time between the heartbeats.
    await expect.poll(() => learnCount(courseId), { interval: 50, timeout: 5_000 }).toBe(before + 1);
    // A chapter of another course is refused with the field named.
    const other = await post<unknown>(`/v1/user/course/${courseId}/learn_log`, { chapter_id: 999_999, position_s: 0, played_s: 0, session_id: 'session-d' }, h);
    expect(other.code).toBe(ErrorCode.VALIDATION);
    expect(JSON.stringify(other)).toContain('chapter_id');
  });

  it('accepts a beacon: text/plain JSON with the token in the body', async () => {
    const { courseId, ch } = await openChapter();
    const u = await makeUser(app);
    const res = await app.inject({
      method: 'POST',
      url: `/v1/user/course/${courseId}/learn_log`,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ access_token: u.access, chapter_id: ch.id, position_s: 9, played_s: 0, session_id: 'session-beacon' }),
    });
    expect(res.json()).toMatchObject({ code: 0, data: { position_s: 9 } });
    // Elsewhere text/plain stays refused.
    const other = await app.inject({ method: 'POST', url: '/v1/user/favorite', headers: { 'content-type': 'text/plain' }, payload: '{}' });
    expect(other.statusCode).toBe(415);
  });
});

describe('watch time of lives and recordings', () => {
  it('credits like learning time and lists what I watched', async () => {
    const [live] = await app.db.select().from(lives).where(eq(lives.status, 'published')).orderBy(asc(lives.id)).limit(1);
    const u = await makeUser(app);
    const h = bearer(u.access);
    const beat = async (played: number) => WatchLogData.parse((await post<unknown>('/v1/user/watch_log', { module_name: 'live', id: live?.id, played_s: played, session_id: 'watch-session' }, h)).data);
    expect((await beat(0)).credited_s).toBe(0);
    clock.advance(15);
    expect(await beat(15)).toEqual({ watched_s: 15, credited_s: 15 });
    expect(await beat(15)).toEqual({ watched_s: 15, credited_s: 0 });
    clock.advance(5);
    expect((await beat(600)).credited_s).toBe(11);
    const list = WatchRecordPage.parse((await get<unknown>('/v1/user/watch_log?module_name=live', h)).data);
    expect(list.items).toEqual([expect.objectContaining({ module_name: 'live', id: live?.id, watched_s: 26 })]);
    expect((await get('/v1/user/watch_log')).code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await post('/v1/user/watch_log', { module_name: 'live', id: 999999, played_s: 1, session_id: 'watch-session' }, h)).code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('media provider by configuration', () => {
  it('cdn: chapter and live URLs point at the CDN and the pull domain, signed with the configured key', async () => {
    const { loadConfig, ConfigError } = await import('../../config.ts');
    expect(() => loadConfig({ MEDIA_PROVIDER: 'cdn' })).toThrow(ConfigError);
    const settings = loadConfig({
      MEDIA_PROVIDER: 'cdn',
      MEDIA_CDN_BASE_URL: 'https://vod.cdn.example.org/media/',
      MEDIA_LIVE_PULL_BASE_URL: 'https://pull.example.org/live',
      MEDIA_SIGN_KEY: 'a-shared-key-with-the-cdn',
    }).media;
    const cdnApp = await buildTestApp({ now: clock.now, config: { media: settings } });
    try {
      const [chapter] = CourseChaptersData.parse((await call<unknown>(cdnApp, { url: `/v2/user/course/${await freeCourse()}/chapter` })).data).items;
      const url = new URL(chapter?.media?.hls_url ?? '');
      expect(url.origin + url.pathname).toMatch(/^https:\/\/vod\.cdn\.example\.org\/media\/demo\/[a-d]\/master\.m3u8$/);
      const { UrlSigner } = await import('./media.signing.ts');
      const check = new UrlSigner('a-shared-key-with-the-cdn').verify(url.pathname, url.searchParams.get('t'), url.searchParams.get('sign'), Math.floor(clock.now().getTime() / 1000));
      expect(check).toBe('ok');
      const rows = await cdnApp.db.select().from(lives).where(eq(lives.status, 'published'));
      const t = clock.now().getTime();
      const onAir = rows.find((l) => l.startAt.getTime() <= t && l.endAt.getTime() > t);
      const auth = LiveAuthUrl.parse((await call<unknown>(cdnApp, { url: `/v1/live/${onAir?.id}/auth_url` })).data);
      expect(auth.url).toMatch(/^https:\/\/pull\.example\.org\/live\/live-\d+-[\w-]+\.m3u8\?t=\d+&sign=[0-9a-f]{32}$/);
    } finally {
      await cdnApp.close();
    }
  });
});

describe('my courses', () => {
  it('a course bought or taken with a voucher is listed at once, at 0 %, before any learning', async () => {
    const u = await payer(app, 100_000);
    const op = await makeUser(app);
    await app.db.insert(userRoles).values({ userId: op.id, role: 'administrator' });
    const paid = await app.db.select({ id: courses.id, price: courses.price }).from(courses).where(and(eq(courses.priceType, PriceType.PAID), eq(courses.status, 'published'))).orderBy(asc(courses.id));
    const [bought, vouchered] = paid;
    if (!bought || !vouchered) throw new Error('seed has fewer than two paid courses');
    const h = bearer(u.access);
    const empty = LearnRecordPage.parse((await get<unknown>('/v1/user/course/record', h)).data);
    expect(empty.total).toBe(0);

    const purchase = await call(app, { method: 'POST', url: '/v1/user/wallet/purchase', headers: { ...h, 'idempotency-key': `mycourse-${u.id}` }, payload: { module: 'course', module_id: bought.id, pay_password: PAY_PASSWORD } });
    expect(purchase.code, JSON.stringify(purchase)).toBe(0);
    const created = await call<{ codes: string[] }>(app, { method: 'POST', url: '/v1/admin/voucher_batches', headers: bearer(op.access), payload: { kind: 'course', count: 1, course_id: vouchered.id } });
    expect(created.code, JSON.stringify(created)).toBe(0);
    const redeemed = await call(app, { method: 'POST', url: '/v1/user/voucher/redeem', headers: h, payload: { code: created.data.codes[0] } });
    expect(redeemed.code, JSON.stringify(redeemed)).toBe(0);

    const record = LearnRecordPage.parse((await get<unknown>('/v1/user/course/record?page=1&page_size=10', h)).data);
    expect(record.total).toBe(2);
    expect(record.items.map((r) => r.course.id).sort()).toEqual([bought.id, vouchered.id].sort());
    for (const r of record.items) expect(r).toMatchObject({ progress: 0, completed: false, last_chapter_id: null, last_chapter_title: null, last_position_s: 0 });

    // Once learning starts the course is listed once, with its progress.
    const [ch] = await app.db.select().from(courseChapters).where(eq(courseChapters.courseId, bought.id)).orderBy(asc(courseChapters.id)).limit(1);
    if (!ch) throw new Error('course without chapters');
    const beat = await post(`/v1/user/course/${bought.id}/learn_log`, { chapter_id: ch.id, position_s: 0, played_s: 0, session_id: 'mycourse-a' }, h);
    expect(beat.code, JSON.stringify(beat)).toBe(0);
    const after = LearnRecordPage.parse((await get<unknown>('/v1/user/course/record?page=1&page_size=10', h)).data);
    expect(after.total).toBe(2);
    expect(after.items.find((r) => r.course.id === bought.id)).toMatchObject({ last_chapter_id: ch.id });
  });
});
