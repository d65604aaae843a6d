import { CalendarFeedData, ErrorCode, formatMeetingNumber, type LiveRoomDetail, MEETING_LAUNCH_TOKEN_TTL_S, MEETING_UPCOMING_MAX, type Meeting, type MeetingDepartmentData, type MeetingJoinInfo, type MeetingLaunchData, type MeetingLaunchTokenData, type MeetingPage } from '@medportal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lives, meetingLaunchTokens, recordings } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { bearer, call, makeUser, type MadeUser, testClock } from '../../../test/factories.ts';
import { listMeetingEvents } from './index.ts';

const clock = testClock();
let app: FastifyInstance;
let host: MadeUser;
let guest: MadeUser;
let departmentId: number;

const inMinutes = (min: number) => new Date(clock.now().getTime() + min * 60_000).toISOString();

const create = (token: string, body: Record<string, unknown>) =>
  call<Meeting>(app, { method: 'POST', url: '/v1/user/meeting/create', headers: bearer(token), payload: { title: 'Tumour board', start_at: inMinutes(60), duration_min: 45, department_id: departmentId, ...body } });

const room = async (liveId: number, token?: string) => {
  const res = await call<LiveRoomDetail>(app, { url: `/v1/live/${liveId}`, headers: token ? bearer(token) : {} });
  return res;
};

const tab = (token: string, status: string) => call<MeetingPage>(app, { url: `/v1/user/meeting/index?status=${status}`, headers: bearer(token) });

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  host = await makeUser(app, { nickname: 'Dr Host' });
  guest = await makeUser(app, { nickname: 'Dr Guest' });
  const deps = await call<MeetingDepartmentData>(app, { url: '/v1/user/meeting/department', headers: bearer(host.access) });
  expect(deps.code).toBe(0);
  departmentId = deps.data.items.find((d) => d.children.length > 0)!.children[0]!.id;
});
afterAll(async () => {
  await app?.close();
});

describe('departments', () => {
  it('lists the department tree (top level and their children), login needed', async () => {
    const deps = await call<MeetingDepartmentData>(app, { url: '/v1/user/meeting/department', headers: bearer(host.access) });
    expect(deps.data.items.length).toBeGreaterThan(3);
    expect(deps.data.items.every((d) => d.title.length > 0)).toBe(true);
    expect((await call(app, { url: '/v1/user/meeting/department' })).code).toBe(ErrorCode.NOT_LOGGED_IN);
  });
});

describe('create', () => {
  it('gives a unique 12-digit number and an unlisted room the host moderates, shown as XXXX-XXXX-XXXX', async () => {
    const res = await create(host.access, { title: 'Lymphoma MDT', recorded: true });
    expect(res.code).toBe(0);
    const m = res.data;
    expect(m.meeting_no).toMatch(/^[1-9]\d{11}$/);
    expect(m).toMatchObject({ title: 'Lymphoma MDT', status: 'upcoming', duration_min: 45, has_password: false, recorded: true, can_edit: true, can_cancel: true });
    expect(m.join_path).toBe(`/meeting/join/${m.meeting_no}`);
    expect(new Date(m.end_at).getTime() - new Date(m.start_at).getTime()).toBe(45 * 60_000);

    const asHost = await room(m.live_id, host.access);
    expect(asHost.code).toBe(0);
    expect(asHost.data.is_moderator).toBe(true);
    expect(asHost.data.meeting_no).toBe(m.meeting_no);
    expect(asHost.data.meeting_no_display).toBe(`${m.meeting_no.slice(0, 4)}-${m.meeting_no.slice(4, 8)}-${m.meeting_no.slice(8)}`);
    expect(asHost.data.title).toBe('Lymphoma MDT');
    // The room knows it holds a meeting (its way back is "my meetings"); a public live's does not.
    expect(asHost.data.is_meeting).toBe(true);
    expect((await room(1)).data.is_meeting).toBe(false);
    // Anonymous visitors must log in; a logged-in guest joins without a code.
    expect((await room(m.live_id)).data.blocked).toBe('login');
    expect((await room(m.live_id, guest.access)).data).toMatchObject({ blocked: null, is_moderator: false });

    // Unlisted: no public list shows it.
    const [row] = await app.db.select({ status: lives.status }).from(lives).where(eq(lives.id, m.live_id));
    expect(row?.status).toBe('unlisted');
    const day = m.start_at.slice(0, 10);
    const listed = await call<{ items: Array<{ id: number }> }>(app, { url: `/v1/live/date_lives?date=${day}&page_size=100&timezone=%2B00:00` });
    expect(listed.code).toBe(0);
    expect(listed.data.items.some((l) => l.id === m.live_id)).toBe(false);

    const upcoming = await tab(host.access, 'upcoming');
    expect(upcoming.data.items.map((i) => i.id)).toContain(m.id);
    expect(upcoming.data.counts.upcoming).toBe(upcoming.data.total);
  });

  it('refuses a start in the past, an unknown department, a bad password and a too short meeting', async () => {
    expect((await create(host.access, { start_at: inMinutes(-30) })).code).toBe(ErrorCode.MEETING_START_PAST);
    expect((await create(host.access, { department_id: 999_999 })).code).toBe(ErrorCode.VALIDATION);
    expect((await create(host.access, { password: 'a b' })).code).toBe(ErrorCode.VALIDATION);
    expect((await create(host.access, { duration_min: 5 })).code).toBe(ErrorCode.VALIDATION);
    expect((await create(host.access, { title: '' })).code).toBe(ErrorCode.VALIDATION);
  });

  it('holds the cap of upcoming meetings per host under a burst of concurrent creates', async () => {
    const busy = await makeUser(app, { nickname: 'Busy' });
    const tries = MEETING_UPCOMING_MAX + 8;
    const answers = await Promise.all(Array.from({ length: tries }, (_, i) => create(busy.access, { title: `Burst ${i}` })));
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(MEETING_UPCOMING_MAX);
    expect(codes.filter((c) => c === ErrorCode.MEETING_LIMIT)).toHaveLength(tries - MEETING_UPCOMING_MAX);
    const numbers = new Set(answers.filter((a) => a.code === 0).map((a) => a.data.meeting_no));
    expect(numbers.size).toBe(MEETING_UPCOMING_MAX);
    // Cancelling one frees a place.
    const first = answers.find((a) => a.code === 0)!.data;
    expect((await call(app, { method: 'POST', url: `/v1/user/meeting/${first.id}/cancel`, headers: bearer(busy.access) })).code).toBe(0);
    expect((await create(busy.access, { title: 'After cancel' })).code).toBe(0);
  });
});

describe('join by number with a password', () => {
  it('finds the meeting by number with or without hyphens or spaces, and the password is the room’s access code', async () => {
    const m = (await create(host.access, { title: 'Protected', password: 'Abc123' })).data;
    expect(m.has_password).toBe(true);
    expect(m.password).toBe('Abc123');
    const dashed = `${m.meeting_no.slice(0, 4)}-${m.meeting_no.slice(4, 8)}-${m.meeting_no.slice(8)}`;
    for (const typed of [m.meeting_no, dashed, dashed.replace(/-/g, ' ')]) {
      const info = await call<MeetingJoinInfo>(app, { url: `/v1/meeting/by_number/${encodeURIComponent(typed)}` });
      expect(info.code).toBe(0);
      expect(info.data).toMatchObject({ meeting_no: m.meeting_no, title: 'Protected', host: 'Dr Host', has_password: true, status: 'upcoming', live_id: m.live_id });
      expect(JSON.stringify(info.data)).not.toContain('Abc123');
    }
    expect((await call(app, { url: '/v1/meeting/by_number/1234-5678-90' })).code).toBe(ErrorCode.VALIDATION);
    expect((await call(app, { url: '/v1/meeting/by_number/12ab56789012' })).code).toBe(ErrorCode.VALIDATION);
    expect((await call(app, { url: '/v1/meeting/by_number/100000000000' })).code).toBe(ErrorCode.NOT_FOUND);

    // The guest sees the room locked until the password is entered.
    expect((await room(m.live_id, guest.access)).data.blocked).toBe('access_code');
    const wrong = await call(app, { method: 'POST', url: `/v1/user/live/${m.live_id}/access_code`, headers: bearer(guest.access), payload: { code: 'nope1' } });
    expect(wrong.code).toBe(ErrorCode.LIVE_ACCESS_CODE_WRONG);
    const right = await call<{ granted: boolean }>(app, { method: 'POST', url: `/v1/user/live/${m.live_id}/access_code`, headers: bearer(guest.access), payload: { code: 'Abc123' } });
    expect(right.data.granted).toBe(true);
    expect((await room(m.live_id, guest.access)).data.blocked).toBeNull();
    // The host never needs the code; only the host sees it.
    expect((await room(m.live_id, host.access)).data.blocked).toBeNull();
  });
});

describe('edit and cancel', () => {
  it('edits an upcoming meeting (room follows; a new password withdraws access granted under the old one); others cannot', async () => {
    const m = (await create(host.access, { title: 'Before', password: 'Old123' })).data;
    await call(app, { method: 'POST', url: `/v1/user/live/${m.live_id}/access_code`, headers: bearer(guest.access), payload: { code: 'Old123' } });
    expect((await room(m.live_id, guest.access)).data.blocked).toBeNull();
    const start = inMinutes(120);
    const edited = await call<Meeting>(app, {
      method: 'PUT',
      url: `/v1/user/meeting/${m.id}`,
      headers: bearer(host.access),
      payload: { title: 'After', start_at: start, duration_min: 90, password: 'New456', recorded: true },
    });
    expect(edited.code).toBe(0);
    expect(edited.data).toMatchObject({ title: 'After', duration_min: 90, password: 'New456', recorded: true, meeting_no: m.meeting_no });
    expect(edited.data.start_at).toBe(new Date(start).toISOString());
    const seen = await room(m.live_id, guest.access);
    expect(seen.data).toMatchObject({ title: 'After', blocked: 'access_code' });
    expect(seen.data.start_at).toBe(new Date(start).toISOString());
    // Removing the password opens the room to any logged-in user.
    const open = await call<Meeting>(app, { method: 'PUT', url: `/v1/user/meeting/${m.id}`, headers: bearer(host.access), payload: { password: null } });
    expect(open.data.has_password).toBe(false);
    expect((await room(m.live_id, guest.access)).data.blocked).toBeNull();

    expect((await call(app, { method: 'PUT', url: `/v1/user/meeting/${m.id}`, headers: bearer(guest.access), payload: { title: 'Hijack' } })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await call(app, { method: 'POST', url: `/v1/user/meeting/${m.id}/cancel`, headers: bearer(guest.access) })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await call(app, { url: `/v1/user/meeting/${m.id}`, headers: bearer(guest.access) })).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('cancels: the room closes, the meeting moves to the ended tab and can no longer be edited or launched', async () => {
    const m = (await create(host.access, { title: 'To cancel' })).data;
    const cancelled = await call<Meeting>(app, { method: 'POST', url: `/v1/user/meeting/${m.id}/cancel`, headers: bearer(host.access) });
    expect(cancelled.data).toMatchObject({ status: 'cancelled', can_edit: false, can_cancel: false });
    expect((await room(m.live_id, guest.access)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await tab(host.access, 'ended')).data.items.find((i) => i.id === m.id)?.status).toBe('cancelled');
    expect((await tab(host.access, 'upcoming')).data.items.some((i) => i.id === m.id)).toBe(false);
    expect((await call(app, { method: 'PUT', url: `/v1/user/meeting/${m.id}`, headers: bearer(host.access), payload: { title: 'x y' } })).code).toBe(ErrorCode.MEETING_CLOSED);
    expect((await call(app, { method: 'POST', url: `/v1/user/meeting/${m.id}/launch_token`, headers: bearer(host.access) })).code).toBe(ErrorCode.MEETING_CLOSED);
    // Cancelling twice is fine.
    expect((await call(app, { method: 'POST', url: `/v1/user/meeting/${m.id}/cancel`, headers: bearer(host.access) })).code).toBe(0);
    expect((await call<MeetingJoinInfo>(app, { url: `/v1/meeting/by_number/${m.meeting_no}` })).data.status).toBe('cancelled');
  });
});

describe('launch token', () => {
  it('is stored hashed, works once under a burst of concurrent uses, and logs the host into the room as moderator', async () => {
    const m = (await create(host.access, { title: 'Launch me', password: 'Pw9999' })).data;
    const issued = await call<MeetingLaunchTokenData>(app, { method: 'POST', url: `/v1/user/meeting/${m.id}/launch_token`, headers: bearer(host.access) });
    expect(issued.code).toBe(0);
    expect(issued.data.launch_path).toBe(`/meeting/launch?token=${encodeURIComponent(issued.data.token)}`);
    const stored = await app.db.select().from(meetingLaunchTokens).where(eq(meetingLaunchTokens.meetingId, m.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(issued.data.token);
    expect(stored[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    // Only the host gets tokens.
    expect((await call(app, { method: 'POST', url: `/v1/user/meeting/${m.id}/launch_token`, headers: bearer(guest.access) })).code).toBe(ErrorCode.NOT_FOUND);

    const uses = await Promise.all(
      Array.from({ length: 12 }, () => app.inject({ method: 'POST', url: '/v1/meeting/launch', payload: { token: issued.data.token } })),
    );
    const bodies = uses.map((r) => r.json() as { code: number; data: MeetingLaunchData });
    const won = bodies.filter((b) => b.code === 0);
    expect(won).toHaveLength(1);
    expect(bodies.filter((b) => b.code === ErrorCode.MEETING_LAUNCH_INVALID)).toHaveLength(11);
    const winner = uses[bodies.findIndex((b) => b.code === 0)]!;
    expect(String(winner.headers['set-cookie'])).toContain('HttpOnly');
    expect(won[0]!.data.live_id).toBe(m.live_id);
    expect(won[0]!.data.meeting_no).toBe(m.meeting_no);
    const session = won[0]!.data.login.user_access_token;
    const asHost = await room(m.live_id, session);
    expect(asHost.data).toMatchObject({ is_moderator: true, blocked: null });
  });

  it('expires after its lifetime', async () => {
    const m = (await create(host.access, { title: 'Late launch' })).data;
    const issued = await call<MeetingLaunchTokenData>(app, { method: 'POST', url: `/v1/user/meeting/${m.id}/launch_token`, headers: bearer(host.access) });
    clock.advance(MEETING_LAUNCH_TOKEN_TTL_S + 1);
    const late = await call(app, { method: 'POST', url: '/v1/meeting/launch', payload: { token: issued.data.token } });
    expect(late.code).toBe(ErrorCode.MEETING_LAUNCH_INVALID);
    expect((await call(app, { method: 'POST', url: '/v1/meeting/launch', payload: { token: 'x'.repeat(43) } })).code).toBe(ErrorCode.MEETING_LAUNCH_INVALID);
  });
});

describe('tabs follow the clock and the room', () => {
  it('moves a meeting from upcoming to live to ended, and lists own meetings as calendar events', async () => {
    const solo = await makeUser(app, { nickname: 'Solo' });
    const m = (await create(solo.access, { title: 'Timed', start_at: inMinutes(10), duration_min: 30 })).data;
    expect((await tab(solo.access, 'upcoming')).data.counts).toEqual({ upcoming: 1, live: 0, ended: 0 });
    clock.advance(11 * 60);
    const live = await tab(solo.access, 'live');
    expect(live.data.items.map((i) => [i.id, i.status])).toEqual([[m.id, 'live']]);
    expect(live.data.items[0]).toMatchObject({ can_edit: false, can_cancel: true });
    // Launching works while it is on air.
    expect((await call(app, { method: 'POST', url: `/v1/user/meeting/${m.id}/launch_token`, headers: bearer(solo.access) })).code).toBe(0);

    const events = await listMeetingEvents(app.db, solo.id);
    expect(events).toEqual([{ uid: `meeting-${m.id}@medportal`, title: 'Timed', start: new Date(m.start_at), end: new Date(m.end_at), url: m.join_path, meetingNo: m.meeting_no }]);

    clock.advance(30 * 60);
    const ended = await tab(solo.access, 'ended');
    expect(ended.data.items.map((i) => [i.id, i.status])).toEqual([[m.id, 'ended']]);
    expect(ended.data.counts).toEqual({ upcoming: 0, live: 0, ended: 1 });
    expect((await call(app, { method: 'POST', url: `/v1/user/meeting/${m.id}/launch_token`, headers: bearer(solo.access) })).code).toBe(ErrorCode.MEETING_CLOSED);
  });
});

describe('the host’s personal calendar feed', () => {
  it('holds the meetings the host has not cancelled, with the number and the attendee link', async () => {
    const me = await makeUser(app);
    const kept = await create(me.access, { title: 'Feed board' });
    const dropped = await create(me.access, { title: 'Feed board cancelled' });
    expect(kept.code).toBe(0);
    expect((await call(app, { method: 'POST', url: `/v1/user/meeting/${dropped.data.id}/cancel`, headers: bearer(me.access) })).code).toBe(0);

    const feed = CalendarFeedData.parse((await call(app, { url: '/v1/user/calendar/feed?language=en', headers: bearer(me.access) })).data);
    const u = new URL(feed.url);
    const res = await app.inject({ url: `${u.pathname}${u.search}` });
    expect(res.statusCode).toBe(200);
    const events = Object.values(ical.sync.parseICS(res.body)).filter((c): c is VEvent => c?.type === 'VEVENT');
    const mine = events.filter((e) => String(e.uid).startsWith('meeting-'));
    expect(mine.map((e) => String(e.summary))).toEqual(['Feed board']);
    const [event] = mine;
    // iCalendar times are whole seconds.
    expect(event?.start.getTime()).toBe(Math.floor(Date.parse(kept.data.start_at) / 1000) * 1000);
    expect(String(event?.description)).toContain(`Meeting number: ${formatMeetingNumber(kept.data.meeting_no)}`);
    expect(res.body).toMatch(/\r\nURL(;[^:]*)?:http:\/\/[^\r]+\/meeting\/join\/\d{12}\r\n/);
    // Another user's feed has none of them.
    const other = CalendarFeedData.parse((await call(app, { url: '/v1/user/calendar/feed', headers: bearer(guest.access) })).data);
    const ou = new URL(other.url);
    expect((await app.inject({ url: `${ou.pathname}${ou.search}` })).body).not.toContain('Feed board');
  });
});

// Last: these move the clock by hours (sessions made earlier expire).
describe('recording', () => {
  const put = (token: string, id: number, payload: Record<string, unknown>) => call<Meeting>(app, { method: 'PUT', url: `/v1/user/meeting/${id}`, headers: bearer(token), payload });
  const vod = (id: number, token: string) => call<{ media: { hls_url: string } | null }>(app, { url: `/v1/vod/${id}`, headers: bearer(token) });
  const authUrl = (liveId: number, token: string) => call<{ kind: string }>(app, { url: `/v1/live/${liveId}/auth_url`, headers: bearer(token) });
  const setStatus = (liveId: number, token: string, action: string) => call(app, { method: 'PUT', url: `/v1/user/live/${liveId}/status`, headers: bearer(token), payload: { action } });
  const recordingIdOf = async (liveId: number) => (await app.db.select({ id: recordings.id }).from(recordings).where(eq(recordings.liveId, liveId)))[0]?.id;

  it('a recorded meeting streams, offers what it streamed once it has ended, and loses it when recording is switched off', async () => {
    const me = await makeUser(app, { nickname: 'Recorder' });
    const viewer = await makeUser(app);
    const m = (await create(me.access, { title: 'Recorded board', start_at: inMinutes(10), duration_min: 30, recorded: true })).data;
    expect(m.recorded).toBe(true);
    const before = (await room(m.live_id, viewer.access)).data;
    expect(before).toMatchObject({ recording: 'auto', live_status: 0, media: null, media_unavailable: 'not_started', recording_id: null });
    // Nothing to watch before it has ended, even knowing the recording's id.
    const recId = await recordingIdOf(m.live_id);
    expect(recId).toBeDefined();
    expect((await vod(recId!, viewer.access)).code).toBe(ErrorCode.RECORDING_NOT_READY);

    clock.advance(11 * 60);
    const onAir = (await room(m.live_id, viewer.access)).data;
    expect(onAir).toMatchObject({ live_status: 1, recording_id: null, media_unavailable: null });
    expect(onAir.media?.live).toBe(true);
    expect((await authUrl(m.live_id, viewer.access)).data.kind).toBe('live');

    clock.advance(30 * 60);
    const after = (await room(m.live_id, viewer.access)).data;
    expect(after).toMatchObject({ live_status: 3, recording_id: recId, media_unavailable: null });
    expect(after.media?.live).toBe(false);
    expect((await authUrl(m.live_id, viewer.access)).data.kind).toBe('replay');
    const watched = await vod(recId!, viewer.access);
    expect(watched.code).toBe(0);
    expect(watched.data.media?.hls_url).toContain('master.m3u8');

    // Only switching recording off is accepted after the end; it takes the recording down.
    expect((await put(me.access, m.id, { title: 'Renamed' })).code).toBe(ErrorCode.MEETING_CLOSED);
    const off = await put(me.access, m.id, { recorded: false });
    expect(off.code).toBe(0);
    expect(off.data).toMatchObject({ recorded: false, status: 'ended' });
    const gone = (await room(m.live_id, viewer.access)).data;
    expect(gone).toMatchObject({ recording: 'off', live_status: 2, media: null, media_unavailable: 'not_recorded', recording_id: null });
    expect((await vod(recId!, viewer.access)).code).toBe(ErrorCode.LIVE_NOT_RECORDED);
    expect((await vod(recId!, me.access)).code).toBe(ErrorCode.LIVE_NOT_RECORDED);
    expect((await authUrl(m.live_id, viewer.access)).code).toBe(ErrorCode.MEDIA_NOT_AVAILABLE);
    expect((await setStatus(m.live_id, me.access, 'replay')).code).toBe(ErrorCode.LIVE_NOT_RECORDED);
    // Nothing was kept to put back up.
    expect((await put(me.access, m.id, { recorded: true })).code).toBe(ErrorCode.MEETING_CLOSED);
    expect((await tab(me.access, 'ended')).data.items.find((i) => i.id === m.id)?.recorded).toBe(false);
  });

  it('a recorded meeting the host ends early offers its recording at once', async () => {
    const me = await makeUser(app, { nickname: 'Early' });
    const viewer = await makeUser(app);
    const m = (await create(me.access, { title: 'Short board', start_at: inMinutes(1), duration_min: 60, recorded: true })).data;
    clock.advance(2 * 60);
    expect((await setStatus(m.live_id, me.access, 'end')).code).toBe(0);
    const after = (await room(m.live_id, viewer.access)).data;
    expect(after.live_status).toBe(3);
    expect(after.recording_id).not.toBeNull();
    expect((await vod(after.recording_id!, viewer.access)).data.media).not.toBeNull();
  });

  it('a meeting not recorded streams but never offers a replay, and its room says so after the end', async () => {
    const me = await makeUser(app, { nickname: 'Unrecorded' });
    const viewer = await makeUser(app);
    const m = (await create(me.access, { title: 'Off the record', start_at: inMinutes(1), duration_min: 60, recorded: false })).data;
    expect(m.recorded).toBe(false);
    expect((await room(m.live_id, viewer.access)).data).toMatchObject({ recording: 'off', media_unavailable: 'not_started' });
    clock.advance(2 * 60);
    const onAir = (await room(m.live_id, viewer.access)).data;
    expect(onAir.media?.live).toBe(true);

    // Ended by the host: no recording is made, and the host cannot offer one.
    expect((await setStatus(m.live_id, me.access, 'end')).code).toBe(0);
    const ended = (await room(m.live_id, viewer.access)).data;
    expect(ended).toMatchObject({ live_status: 2, media: null, media_unavailable: 'not_recorded', recording_id: null });
    expect((await setStatus(m.live_id, me.access, 'replay')).code).toBe(ErrorCode.LIVE_NOT_RECORDED);
    expect((await authUrl(m.live_id, viewer.access)).code).toBe(ErrorCode.MEDIA_NOT_AVAILABLE);
    expect(await recordingIdOf(m.live_id)).toBeUndefined();
    // Still so once the scheduled end has passed too, and recording cannot be switched on afterwards.
    clock.advance(60 * 60);
    expect((await room(m.live_id, me.access)).data).toMatchObject({ live_status: 2, media_unavailable: 'not_recorded', recording_id: null });
    expect((await put(me.access, m.id, { recorded: true })).code).toBe(ErrorCode.MEETING_CLOSED);
  });

  it('follows the flag and the schedule while the meeting is upcoming', async () => {
    const me = await makeUser(app, { nickname: 'Flip' });
    const viewer = await makeUser(app);
    const m = (await create(me.access, { title: 'Flip board', start_at: inMinutes(10), duration_min: 30 })).data;
    expect((await room(m.live_id, me.access)).data.recording).toBe('off');
    const on = await put(me.access, m.id, { recorded: true, duration_min: 20 });
    expect(on.data.recorded).toBe(true);
    expect((await room(m.live_id, me.access)).data.recording).toBe('auto');
    clock.advance(31 * 60);
    const after = (await room(m.live_id, viewer.access)).data;
    expect(after.live_status).toBe(3);
    const rec = await vod(after.recording_id!, viewer.access);
    expect(rec.code).toBe(0);
    expect((rec.data as unknown as { duration_s: number }).duration_s).toBe(20 * 60);
  });
});
