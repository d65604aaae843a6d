import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ATTEND_SLOT_S,
  AdminAttendanceData,
  AttendanceCorrectionData,
  AttendBeatData,
  CourseType,
  ErrorCode,
  MyAttendance,
  PresenceCheck,
  PriceType,
} from '@medportal/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { attendanceEvidence, auditLog, courseChapters, courses, liveModerators, lives, presenceAnswers, presenceChecks, userRoles } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { bearer, call, makeUser, type MadeUser, testClock } from '../../../test/factories.ts';
import { openSocket } from '../../../test/live-room.helpers.ts';
import { attendanceSummary } from './index.ts';

// Start on a slot boundary so the expected figures are whole slots.
const START = Math.ceil(Date.now() / 1000 / ATTEND_SLOT_S) * ATTEND_SLOT_S * 1000 + 3_600_000;
const clock = testClock(START - 60_000);
let app: FastifyInstance;
let mod: MadeUser;
let ops: MadeUser;

/** A published live from `START + offsetS` lasting `minutes`, moderated by `mod`. */
async function makeLive(offsetS = 0, minutes = 60): Promise<number> {
  const startAt = new Date(START + offsetS * 1000);
  const [row] = await app.db
    .insert(lives)
    .values({
      titleZh: '出勤测试',
      titleEn: 'Attendance test',
      banner: '/media/cover/live/1.svg',
      startAt,
      endAt: new Date(startAt.getTime() + minutes * 60_000),
      meetingNo: '123456789012',
      status: 'published',
    })
    .returning({ id: lives.id });
  await app.db.insert(liveModerators).values({ liveId: row!.id, userId: mod.id });
  // The clock runs hours ahead over the file: fresh logins for the moderator and the operator.
  mod.access = (await app.accounts.tokens.open(app.db, mod.id, 'web')).access;
  ops.access = (await app.accounts.tokens.open(app.db, ops.id, 'web')).access;
  return row!.id;
}

const at = (s: number) => {
  const target = START + s * 1000;
  clock.advance((target - clock.now().getTime()) / 1000);
};

async function beat(liveId: number, u: MadeUser, session: string, state: { playing?: boolean; visible?: boolean } = {}) {
  const r = await call<unknown>(app, {
    method: 'POST',
    url: `/v1/user/live/${liveId}/attend`,
    headers: bearer(u.access),
    payload: { session_id: session, playing: state.playing ?? true, visible: state.visible ?? true },
  });
  expect(r.code, JSON.stringify(r)).toBe(0);
  return AttendBeatData.parse(r.data);
}

const mine = async (liveId: number, u: MadeUser) => {
  const r = await call<unknown>(app, { url: `/v1/user/live/${liveId}/attendance`, headers: bearer(u.access) });
  expect(r.code, JSON.stringify(r)).toBe(0);
  return MyAttendance.parse(r.data);
};

const ask = (liveId: number, u: MadeUser, windowS = 120) =>
  call<PresenceCheck>(app, { method: 'POST', url: `/v1/user/live/${liveId}/presence_check`, headers: bearer(u.access), payload: { window_s: windowS } });

const answer = (checkId: number, u: MadeUser) => call<{ answered_at: string }>(app, { method: 'POST', url: `/v1/user/live/presence_check/${checkId}/answer`, headers: bearer(u.access) });

const correct = (u: MadeUser, body: Record<string, unknown>) => call<unknown>(app, { method: 'POST', url: '/v1/admin/attendance/corrections', headers: bearer(u.access), payload: body });

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now, attendance: { scheduleIntervalMs: 0 }, liveRoom: { hub: { viewersIntervalMs: 60_000 } } });
  mod = await makeUser(app, { nickname: 'Mod' });
  ops = await makeUser(app, { nickname: 'Ops' });
  await app.db.insert(userRoles).values({ userId: ops.id, role: 'administrator' });
});
afterAll(async () => {
  await app?.close();
});

describe('live heartbeats', () => {
  it('count on-air time only, each slot once across tabs, and never a hidden or paused player', async () => {
    const live = await makeLive(0, 30);
    const u = await makeUser(app);
    at(-30);
    expect(await beat(live, u, 'tab-a-0001')).toMatchObject({ on_air: false, credited_s: 0 });
    // The first beat of a session only sets its start; the next one 20 s later counts the slot(s) in between.
    at(0);
    expect((await beat(live, u, 'tab-a-0001')).credited_s).toBe(0);
    expect((await beat(live, u, 'tab-b-0001')).credited_s).toBe(0);
    for (let s = 20; s <= 200; s += 20) {
      at(s);
      const a = await beat(live, u, 'tab-a-0001');
      const b = await beat(live, u, 'tab-b-0001');
      // The second tab never adds what the first already counted.
      expect(b.credited_s).toBe(0);
      expect(a.attended_s).toBe(b.attended_s);
    }
    // 200 s watched: slots 0..6 (each 30 s) are counted once.
    expect((await mine(live, u)).attended_seconds).toBe(210);

    // A background tab (hidden) and a paused player: their time is not counted, and the gap is not bridged.
    at(220);
    expect((await beat(live, u, 'tab-a-0001', { visible: false })).credited_s).toBe(0);
    expect((await beat(live, u, 'tab-b-0001', { playing: false })).credited_s).toBe(0);
    at(400);
    expect((await beat(live, u, 'tab-a-0001')).credited_s).toBe(0);
    // 400 s → 420 s: slots 13 and 14 (the slot a session starts in counts once the next beat joins it).
    at(420);
    expect((await beat(live, u, 'tab-a-0001')).credited_s).toBe(60);
    // A beat after a gap longer than ATTEND_GAP_S starts afresh.
    at(600);
    expect((await beat(live, u, 'tab-a-0001')).credited_s).toBe(0);
    expect((await mine(live, u)).attended_seconds).toBe(270);

    // After the end nothing counts, and the total never exceeds the scheduled time.
    at(30 * 60 + 10);
    expect(await beat(live, u, 'tab-a-0001')).toMatchObject({ on_air: false, credited_s: 0 });
    const s = await attendanceSummary(app.db, { userId: u.id, kind: 'live', id: live });
    expect(s).toMatchObject({ attended_seconds: 270, scheduled_seconds: 1800, signed_in: false });
    // One evidence row per counting beat, each with the seconds it added.
    const rows = await app.db.select().from(attendanceEvidence).where(and(eq(attendanceEvidence.userId, u.id), eq(attendanceEvidence.kind, 'heartbeat')));
    expect(rows.reduce((sum, r) => sum + r.seconds, 0)).toBe(270);
  });

  it('counts a slot once under a burst of racing beats from one session and from many tabs', async () => {
    const live = await makeLive(2000, 60);
    const u = await makeUser(app);
    at(3000);
    const sessions = Array.from({ length: 6 }, (_, i) => `burst-${i}-0001`);
    await Promise.all(sessions.map((s) => beat(live, u, s)));
    at(3060);
    const answers = await Promise.all([...sessions, ...sessions, ...sessions].map((s) => beat(live, u, s)));
    const credited = answers.reduce((sum, a) => sum + a.credited_s, 0);
    // 3000 s → 3060 s covers three slots: 90 s, however the beats raced.
    expect(credited).toBe(90);
    expect((await mine(live, u)).attended_seconds).toBe(90);
  });

  it('refuses a viewer the live does not admit, and unknown lives', async () => {
    const live = await makeLive(0, 60);
    const u = await makeUser(app);
    const { liveRooms } = await import('../../db/schema/index.ts');
    await app.db.insert(liveRooms).values({ liveId: live, requireSignIn: true });
    at(100);
    const r = await call(app, { method: 'POST', url: `/v1/user/live/${live}/attend`, headers: bearer(u.access), payload: { session_id: 'gate-0001', playing: true, visible: true } });
    expect(r.code).toBe(ErrorCode.FORBIDDEN);
    const missing = await call(app, { method: 'POST', url: '/v1/user/live/999999/attend', headers: bearer(u.access), payload: { session_id: 'gate-0001', playing: true, visible: true } });
    expect(missing.code).toBe(ErrorCode.NOT_FOUND);
    expect((await call(app, { method: 'POST', url: `/v1/user/live/${live}/attend`, payload: { session_id: 'gate-0001', playing: true, visible: true } })).code).toBe(ErrorCode.NOT_LOGGED_IN);
  });
});

describe('presence checks', () => {
  it('moderators ask, viewers are prompted on the socket and answer within the window; late answers are refused', async () => {
    const live = await makeLive(0, 60);
    const viewer = await makeUser(app);
    const late = await makeUser(app);
    at(-10);
    expect((await ask(live, mod)).code).toBe(ErrorCode.LIVE_NOT_ON_AIR);
    at(300);
    expect((await ask(live, viewer)).code).toBe(ErrorCode.LIVE_NOT_MODERATOR);
    const sock = await openSocket(app, live, { token: viewer.access });
    await sock.next((m) => m.type === 'hello');
    const asked = await ask(live, mod, 60);
    expect(asked.code).toBe(0);
    const check = PresenceCheck.parse(asked.data);
    expect(check).toMatchObject({ live_id: live, source: 'moderator' });
    expect(new Date(check.closes_at).getTime() - new Date(check.asked_at).getTime()).toBe(60_000);
    const prompt = await sock.next((m) => m.type === 'presence');
    expect(prompt).toMatchObject({ check_id: check.id, closes_at: check.closes_at });
    sock.ws.close();

    expect((await mine(live, viewer)).open_check).toMatchObject({ id: check.id, answered: false });
    at(330);
    const first = await answer(check.id, viewer);
    expect(first.code).toBe(0);
    // Again (a second tab, a retry): the first answer stands.
    at(340);
    expect((await answer(check.id, viewer)).data.answered_at).toBe(first.data.answered_at);
    expect((await mine(live, viewer)).open_check).toMatchObject({ id: check.id, answered: true });
    // The window has closed: too late.
    at(360);
    expect((await answer(check.id, late)).code).toBe(ErrorCode.PRESENCE_CHECK_CLOSED);
    expect((await mine(live, late)).open_check).toBeNull();
    expect((await answer(999_999_999, late)).code).toBe(ErrorCode.NOT_FOUND);
    const evidence = await app.db.select().from(attendanceEvidence).where(and(eq(attendanceEvidence.userId, viewer.id), eq(attendanceEvidence.kind, 'presence_answer')));
    expect(evidence).toHaveLength(1);
  });

  it('keeps one answer per viewer under a burst, and counts checks asked while the viewer attended', async () => {
    const live = await makeLive(0, 60);
    const viewers = await Promise.all(Array.from({ length: 12 }, () => makeUser(app)));
    at(600);
    await Promise.all(viewers.map((v) => beat(live, v, 'burst-0001')));
    at(620);
    await Promise.all(viewers.map((v) => beat(live, v, 'burst-0001')));
    const check = PresenceCheck.parse((await ask(live, mod)).data);
    at(640);
    const answers = await Promise.all(viewers.flatMap((v) => [answer(check.id, v), answer(check.id, v), answer(check.id, v)]));
    expect(answers.every((a) => a.code === 0)).toBe(true);
    const rows = await app.db.select().from(presenceAnswers).where(eq(presenceAnswers.checkId, check.id));
    expect(rows).toHaveLength(viewers.length);
    const ev = await app.db.select().from(attendanceEvidence).where(and(eq(attendanceEvidence.presenceCheckId, check.id), eq(attendanceEvidence.kind, 'presence_answer')));
    expect(ev).toHaveLength(viewers.length);
    // A second check the first viewer ignores while still watching.
    await beat(live, viewers[0]!, 'burst-0001');
    const second = PresenceCheck.parse((await ask(live, mod)).data);
    at(660);
    await beat(live, viewers[0]!, 'burst-0001');
    at(900);
    expect((await answer(second.id, viewers[0]!)).code).toBe(ErrorCode.PRESENCE_CHECK_CLOSED);
    const s = await mine(live, viewers[0]!);
    expect(s.presence_checks).toEqual({ asked: 2, answered: 1 });
    // A viewer who never attended was asked nothing.
    expect((await mine(live, mod)).presence_checks).toEqual({ asked: 0, answered: 0 });
  });

  it('a schedule asks every N minutes while on air, each due check once over racing runs', async () => {
    const live = await makeLive(3600, 60);
    at(3500);
    const bad = await call(app, { method: 'PUT', url: `/v1/user/live/${live}/presence_schedule`, headers: bearer(ops.access), payload: { every_min: 10 } });
    expect(bad.code).toBe(ErrorCode.LIVE_NOT_MODERATOR);
    const set = await call<{ next_at: string }>(app, { method: 'PUT', url: `/v1/user/live/${live}/presence_schedule`, headers: bearer(mod.access), payload: { every_min: 10, window_s: 90 } });
    expect(set.code).toBe(0);
    const read = await call<{ every_min: number; window_s: number; next_at: string }>(app, { url: `/v1/user/live/${live}/presence_schedule`, headers: bearer(mod.access) });
    expect(read.data).toEqual({ every_min: 10, window_s: 90, next_at: set.data.next_at });
    expect((await call(app, { url: `/v1/user/live/${live}/presence_schedule`, headers: bearer(ops.access) })).code).toBe(ErrorCode.LIVE_NOT_MODERATOR);
    const next = new Date(set.data.next_at).getTime();
    expect(next).toBeGreaterThanOrEqual(START + 3600_000 + 150_000);
    expect(next).toBeLessThanOrEqual(START + 3600_000 + 600_000);
    const checksOf = () => app.db.select().from(presenceChecks).where(eq(presenceChecks.liveId, live));
    await app.attendance.runSchedules();
    expect(await checksOf()).toHaveLength(0);
    clock.advance((next - clock.now().getTime()) / 1000 + 1);
    await Promise.all(Array.from({ length: 5 }, () => app.attendance.runSchedules()));
    const made = await checksOf();
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ source: 'schedule' });
    expect(made[0]!.closesAt.getTime() - made[0]!.askedAt.getTime()).toBe(90_000);
    const off = await call(app, { method: 'PUT', url: `/v1/user/live/${live}/presence_schedule`, headers: bearer(mod.access), payload: { every_min: 0 } });
    expect(off.data).toMatchObject({ every_min: 0, next_at: null });
    clock.advance(3600);
    await app.attendance.runSchedules();
    expect(await checksOf()).toHaveLength(1);
  });
});

describe('room evidence', () => {
  it('records a logged-in socket’s join and leave, and the first check-in', async () => {
    const live = await makeLive(7200, 60);
    const u = await makeUser(app);
    at(7200 - 600);
    const sock = await openSocket(app, live, { token: u.access });
    await sock.next((m) => m.type === 'hello');
    const kinds = async () => (await app.db.select().from(attendanceEvidence).where(and(eq(attendanceEvidence.userId, u.id), eq(attendanceEvidence.liveId, live)))).map((r) => r.kind);
    await vi.waitFor(async () => expect(await kinds()).toContain('join'), { timeout: 10_000 });
    sock.ws.terminate();
    await vi.waitFor(async () => expect(await kinds()).toContain('leave'), { timeout: 10_000 });
    expect((await call(app, { method: 'POST', url: `/v1/user/live/${live}/sign`, headers: bearer(u.access) })).code).toBe(0);
    expect((await call(app, { method: 'POST', url: `/v1/user/live/${live}/sign`, headers: bearer(u.access) })).code).toBe(0);
    expect((await kinds()).filter((k) => k === 'sign_in')).toHaveLength(1);
    const s = await mine(live, u);
    expect(s.signed_in).toBe(true);
    expect(s.first_seen).not.toBeNull();
  });
});

describe('operator corrections', () => {
  it('append a reasoned, audited row; the original rows never change', async () => {
    const live = await makeLive(9000, 60);
    const u = await makeUser(app);
    at(9000 + 30);
    await beat(live, u, 'fix-0001');
    at(9000 + 50);
    await beat(live, u, 'fix-0001');
    const asked = await ask(live, mod);
    expect(asked.code, JSON.stringify(asked)).toBe(0);
    const check = PresenceCheck.parse(asked.data);
    const originals = await app.db.select().from(attendanceEvidence).where(eq(attendanceEvidence.userId, u.id)).orderBy(asc(attendanceEvidence.id));
    expect(originals.length).toBeGreaterThan(0);

    expect((await correct(u, { user_id: u.id, live_id: live, seconds: 600, reason: 'Watched in the hall' })).code).toBe(ErrorCode.FORBIDDEN);
    expect((await correct(ops, { user_id: u.id, live_id: live, seconds: 600, reason: '' })).code).toBe(ErrorCode.VALIDATION);
    expect((await correct(ops, { user_id: u.id, live_id: live, reason: 'nothing to change' })).code).toBe(ErrorCode.VALIDATION);
    const r = await correct(ops, { user_id: u.id, live_id: live, seconds: 600, presence_check_id: check.id, corrects_id: originals[0]!.id, reason: 'Watched in the hall; badge scan 14:02' });
    expect(r.code, JSON.stringify(r)).toBe(0);
    const data = AttendanceCorrectionData.parse(r.data);
    expect(data.correction).toMatchObject({ kind: 'correction', seconds: 600, actor_id: ops.id, corrects_id: originals[0]!.id, reason: 'Watched in the hall; badge scan 14:02' });
    expect(data.summary.attended_seconds).toBe(30 + 600);
    expect(data.summary.presence_checks).toEqual({ asked: 1, answered: 1 });

    const after = await app.db.select().from(attendanceEvidence).where(eq(attendanceEvidence.userId, u.id)).orderBy(asc(attendanceEvidence.id));
    expect(after.slice(0, originals.length)).toEqual(originals);
    expect(after).toHaveLength(originals.length + 1);
    const [audit] = await app.db.select().from(auditLog).where(eq(auditLog.target, `attendance:${u.id}:${live}`));
    expect(audit).toMatchObject({ actorId: ops.id, action: 'attendance.correct' });
    expect(audit!.after).toMatchObject({ correction_id: data.correction.id, seconds: 600, reason: 'Watched in the hall; badge scan 14:02' });

    const list = await call<unknown>(app, { url: `/v1/admin/attendance?user_id=${u.id}&live_id=${live}`, headers: bearer(ops.access) });
    expect(AdminAttendanceData.parse(list.data).evidence.map((e) => e.kind)).toContain('correction');
    // A correction about another user's row is refused.
    const other = await makeUser(app);
    expect((await correct(ops, { user_id: other.id, live_id: live, seconds: 60, corrects_id: originals[0]!.id, reason: 'wrong person' })).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('no code path updates or deletes evidence rows, except an account merge changing their owner only', async () => {
    const root = join(import.meta.dirname, '..', '..');
    const files: string[] = [];
    const walk = async (dir: string) => {
      for (const e of await readdir(dir, { withFileTypes: true })) {
        const p = join(dir, e.name);
        if (e.isDirectory()) await walk(p);
        else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) files.push(p);
      }
    };
    await walk(root);
    const writes = /\.(update|delete)\(\s*(attendanceEvidence|presenceAnswers|presenceChecks)\b|(update|delete\s+from)\s+"?(attendance_evidence|presence_answers|presence_checks)\b/i;
    const offenders: string[] = [];
    for (const f of files) {
      let text = await readFile(f, 'utf8');
      // The merge re-attributes evidence to the surviving account (audited), and changes nothing else.
      if (f.endsWith('attendance.merge.ts')) text = text.replace('update attendance_evidence set user_id = ${toUserId} where user_id = ${fromUserId} returning', '');
      if (writes.test(text)) offenders.push(f);
    }
    expect(offenders).toEqual([]);
  });
});

describe('attendanceSummary for recorded learning', () => {
  it('reads a course’s seek-proof watch time through the media module', async () => {
    const [course] = await app.db
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.priceType, PriceType.FREE), eq(courses.status, 'published'), eq(courses.courseType, CourseType.SINGLE)))
      .orderBy(asc(courses.id))
      .limit(1);
    const chapters = await app.db.select().from(courseChapters).where(eq(courseChapters.courseId, course!.id)).orderBy(asc(courseChapters.sort));
    const u = await makeUser(app);
    const before = await attendanceSummary(app.db, { userId: u.id, kind: 'course', id: course!.id });
    expect(before.attended_seconds).toBe(0);
    expect(before.scheduled_seconds).toBe(chapters.reduce((s, c) => s + c.durationS, 0));
    const ch = chapters[0]!;
    const post = (played: number) =>
      call(app, { method: 'POST', url: `/v1/user/course/${course!.id}/learn_log`, headers: bearer(u.access), payload: { chapter_id: ch.id, position_s: played, played_s: played, session_id: 'course-0001' } });
    expect((await post(0)).code).toBe(0);
    clock.advance(10);
    expect((await post(10)).code).toBe(0);
    const s = await attendanceSummary(app.db, { userId: u.id, kind: 'course', id: course!.id });
    expect(s.attended_seconds).toBe(10);
    expect(s.first_seen).not.toBeNull();
    expect((await attendanceSummary(app.db, { userId: u.id, kind: 'series', id: course!.id })).scheduled_seconds).toBe(0);
  });
});
