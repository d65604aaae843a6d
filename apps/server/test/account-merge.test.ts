import { ErrorCode, type IdCardData, type LiveRoomDetail, type Meeting, type MeetingDepartmentData, type MeetingPage, type MyAttendance, type CertificatePage } from '@medportal/contract';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, calendarFeedTokens, congresses, courses, lives, speakers } from '../src/db/schema/index.ts';
import { appendEvidence, claimSlots } from '../src/modules/attendance/attendance.repository.ts';
import { issueCertificate } from '../src/modules/certificates/index.ts';
import { designate } from '../src/modules/credits/index.ts';
import { buildTestApp } from './build-test-app.ts';
import { bearer, call, makeUser, type MadeUser, smsCode, testClock } from './factories.ts';

const clock = testClock();
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
});
afterAll(async () => {
  await app?.close();
});

const send = <T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT', url: string, u: MadeUser, payload?: object) =>
  call<T>(app, { method, url, headers: bearer(u.access), ...(payload ? { payload } : {}) });

/** `me` binds `other`'s mobile, gets the merge token and merges. */
async function merge(me: MadeUser, other: MadeUser, a: FastifyInstance = app): Promise<void> {
  clock.advance(61);
  const code = await smsCode(a, other.mobile ?? '', 'bind');
  const taken = await call<{ merge_token: string }>(a, { method: 'POST', url: '/v1/user/personal_info/bind_mobile', headers: bearer(me.access), payload: { mobile: other.mobile, code } });
  expect(taken.code).toBe(ErrorCode.ACCOUNT_TAKEN);
  const merged = await call(a, { method: 'POST', url: '/v1/user/merge_user', headers: bearer(me.access), payload: { merge_token: taken.data.merge_token, confirm: true } });
  expect(merged, JSON.stringify(merged)).toMatchObject({ code: 0, data: { merged_user_id: other.id } });
}

const favourites = async (u: MadeUser, module: string) =>
  (await send<{ items: Array<{ id: number; module_id?: number }> }>('GET', `/v1/user/favorite?module_name=${module}`, u)).data.items.map((i) => i.module_id ?? i.id);

/** One on-air heartbeat slot of `liveId`, credited the way the attendance module credits a beat. */
async function attendSlot(userId: number, liveId: number, slot: number): Promise<void> {
  await app.db.transaction(async (tx) => {
    const claimed = await claimSlots(tx, liveId, userId, [slot]);
    expect(claimed).toEqual([slot]);
    await appendEvidence(tx, { userId, liveId, kind: 'heartbeat', at: new Date(slot * 30_000 + 29_000), seconds: 30, sessionId: `s-${userId}`, detail: { slots: 1 } });
  });
}

describe('account merge carries what the merged account owns', () => {
  it('favourites, follows, reminders, congress favourites, meetings, certificates and the ID card follow the survivor', async () => {
    const me = await makeUser(app, { nickname: 'Survivor' });
    const other = await makeUser(app, { nickname: 'Merged' });
    const [course] = await app.db.select().from(courses).orderBy(asc(courses.id)).limit(1);
    const [speaker] = await app.db.select().from(speakers).orderBy(asc(speakers.id)).limit(1);
    const [live] = await app.db.select().from(lives).where(gt(lives.startAt, clock.now())).orderBy(asc(lives.startAt)).limit(1);
    const [congress] = await app.db.select().from(congresses).orderBy(asc(congresses.id)).limit(1);

    expect((await send('POST', '/v1/user/favorite', other, { module_name: 'course', module_id: course!.id, status: 1 })).code).toBe(0);
    expect((await send('PUT', `/v1/user/speaker/${speaker!.id}/follow`, other, { status: 1 })).code).toBe(0);
    expect((await send('PUT', `/v1/user/live/${live!.id}/remind`, other, { status: 1 })).code).toBe(0);
    expect((await send('PUT', `/v1/user/meeting/calendar/${congress!.id}/favorite`, other, { status: 1 })).code).toBe(0);
    const deps = await send<MeetingDepartmentData>('GET', '/v1/user/meeting/department', other);
    const departmentId = deps.data.items.find((d) => d.children.length > 0)!.children[0]!.id;
    const startAt = new Date(clock.now().getTime() + 3_600_000).toISOString();
    const meeting = await send<Meeting>('POST', '/v1/user/meeting/create', other, { title: 'Tumour board', start_at: startAt, duration_min: 45, department_id: departmentId });
    expect(meeting.code, JSON.stringify(meeting)).toBe(0);
    const otherFeed = await send<{ url: string }>('GET', '/v1/user/calendar/feed', other);
    expect(otherFeed.code).toBe(0);

    // Both file an ID card and hold a certificate, each with its own legal name.
    expect((await send('PUT', '/v1/user/cert/idcard', me, { legal_name: 'Jane Doe', doc_type: 'passport', number: 'E12345678', country: 'gbr' })).code).toBe(0);
    expect((await send('PUT', '/v1/user/cert/idcard', other, { legal_name: 'Jane Smith', doc_type: 'passport', number: 'E87654321', country: 'gbr' })).code).toBe(0);
    const activity = (id: number) => ({ kind: 'live' as const, id, title_zh: '进展', title_en: 'Advances', starts_at: new Date('2026-11-20T01:00:00Z'), ends_at: new Date('2026-11-20T04:00:00Z') });
    const issue = (u: MadeUser, id: number) => app.db.transaction((tx) => issueCertificate(tx, { userId: u.id, activity: activity(id), credit: null, claimId: null, issuedAt: new Date('2026-11-21T02:00:00Z') }));
    const mine = await issue(me, 880_001);
    const theirs = await issue(other, 880_002);

    await merge(me, other);

    expect(await favourites(me, 'course')).toContain(course!.id);
    const follows = await send<{ items: Array<{ id: number }> }>('GET', '/v1/user/follow', me);
    expect(follows.data.items.map((s) => s.id)).toContain(speaker!.id);
    expect((await send('GET', `/v1/live/${live!.id}`, me)).data).toMatchObject({ is_remind: true });
    const congressFavs = await send<{ items: Array<{ id: number }> }>('GET', '/v1/user/meeting/calendar/favorites', me);
    expect(congressFavs.data.items.map((c) => c.id)).toContain(congress!.id);

    const upcoming = await send<MeetingPage>('GET', '/v1/user/meeting/index?status=upcoming', me);
    expect(upcoming.data.items.map((m) => m.id)).toContain(meeting.data.id);
    const room = await send<LiveRoomDetail>('GET', `/v1/live/${meeting.data.live_id}`, me);
    expect(room.data.is_moderator).toBe(true);

    // The survivor's personal feed works and shows the congress; the merged account's is revoked.
    const feed = await send<{ url: string }>('GET', '/v1/user/calendar/feed', me);
    const ics = await app.inject({ url: new URL(feed.data.url).pathname + new URL(feed.data.url).search });
    expect(ics.statusCode).toBe(200);
    expect(ics.body).toContain(`congress-${congress!.id}@medportal`);
    expect(await app.db.select().from(calendarFeedTokens).where(eq(calendarFeedTokens.userId, other.id))).toHaveLength(0);
    const gone = await app.inject({ url: new URL(otherFeed.data.url).pathname + new URL(otherFeed.data.url).search });
    expect(gone.statusCode).not.toBe(200);

    // Both certificates, each with the name it was issued with; the survivor's ID card stands.
    const certs = await send<CertificatePage>('GET', '/v1/user/cert', me);
    expect(certs.data.items.map((c) => [c.id, c.holder_name, c.revoked]).sort()).toEqual(
      [
        [mine.id, 'Jane Doe', false],
        [theirs.id, 'Jane Smith', false],
      ].sort(),
    );
    expect((await send<IdCardData>('GET', '/v1/user/cert/idcard', me)).data).toMatchObject({ on_file: true, legal_name: 'Jane Doe' });
  });

  it('a course both favourited stays once; a live slot both attended counts once, with the evidence moved under an audit row', async () => {
    const me = await makeUser(app);
    const other = await makeUser(app);
    const [course] = await app.db.select().from(courses).orderBy(asc(courses.id)).limit(1);
    for (const u of [me, other]) expect((await send('POST', '/v1/user/favorite', u, { module_name: 'course', module_id: course!.id, status: 1 })).code).toBe(0);

    const [live] = await app.db.select().from(lives).where(and(gt(lives.endAt, lives.startAt))).orderBy(asc(lives.id)).limit(1);
    const first = Math.ceil(live!.startAt.getTime() / 30_000);
    await attendSlot(me.id, live!.id, first);
    await attendSlot(other.id, live!.id, first);
    await attendSlot(other.id, live!.id, first + 1);
    const attended = async (u: MadeUser) => (await send<MyAttendance>('GET', `/v1/user/live/${live!.id}/attendance`, u)).data.attended_seconds;
    expect(await attended(me)).toBe(30);
    expect(await attended(other)).toBe(60);

    await merge(me, other);

    expect((await favourites(me, 'course')).filter((id) => id === course!.id)).toHaveLength(1);
    // Two distinct slots: 60 s, not the 90 s the three heartbeats add up to.
    expect(await attended(me)).toBe(60);
    const [audit] = await app.db.select().from(auditLog).where(and(eq(auditLog.action, 'attendance.merge'), eq(auditLog.target, `user:${other.id}`)));
    expect(audit?.after).toMatchObject({ user_id: me.id, evidence: 2, slots_moved: 1, corrections: [{ live_id: live!.id, seconds: -30, slots: 1 }] });
  });
});

describe('account merge and credit claims', () => {
  let credits: FastifyInstance;
  const H = 3600;
  beforeAll(async () => {
    // Full attendance for everyone: the claims' other rules are what this is about.
    const attendance = { attendanceSummary: async () => ({ attended_seconds: 3 * H, scheduled_seconds: 3 * H, presence_checks: { asked: 0, answered: 0 }, signed_in: false, first_seen: null, last_seen: null }) };
    credits = await buildTestApp({ now: clock.now, seed: false, credits: { attendance, issuer: null } });
  });
  afterAll(async () => {
    await credits?.close();
  });

  let nextId = 770_000;
  async function claimable(): Promise<number> {
    const id = nextId++;
    const end = new Date(clock.now().getTime() - H * 1000);
    const start = new Date(end.getTime() - 3 * H * 1000);
    await designate(
      credits.db,
      { activityKind: 'live', activityId: id, titleZh: `学分 ${id}`, titleEn: `Credit ${id}`, startsAt: start, endsAt: end, creditClass: 'I', ruleKey: 'cn_national_trainee', projectNumber: `P-${id}`, maxHundredths: 500, claimOpensAt: end, claimClosesAt: new Date(end.getTime() + 30 * 86_400_000), sessions: [{ key: 'all', title_zh: '全程', title_en: 'Whole', starts_at: start.toISOString(), ends_at: end.toISOString() }] },
      [],
    );
    return id;
  }
  async function claim(u: MadeUser, id: number): Promise<number> {
    const base = `/v1/user/credit/activity/live/${id}`;
    expect((await call(credits, { method: 'POST', url: `${base}/evaluation`, headers: bearer(u.access), payload: { ratings: { content: 5, teaching: 5, relevance: 5, unbiased: 5 }, comment: '' } })).code).toBe(0);
    const res = await call<{ id: number; hundredths: number }>(credits, { method: 'POST', url: `${base}/claim`, headers: bearer(u.access) });
    expect(res.code, JSON.stringify(res)).toBe(0);
    return res.data.id;
  }
  const claims = async (u: MadeUser) =>
    (await call<{ items: Array<{ id: number; hundredths: number }>; total: number }>(credits, { url: '/v1/user/credit/claims?page=1&page_size=20', headers: bearer(u.access) })).data;

  it('moves the claims the survivor lacks; a designation both claimed keeps each claim on its own account, counted once', async () => {
    const me = await makeUser(credits);
    const other = await makeUser(credits);
    const both = await claimable();
    const theirsOnly = await claimable();
    const mine = await claim(me, both);
    await claim(other, both);
    const moved = await claim(other, theirsOnly);

    await merge(me, other, credits);

    const after = await claims(me);
    expect(after.items.map((c) => c.id).sort()).toEqual([mine, moved].sort());
    expect(after.total).toBe(2);
  });
});
