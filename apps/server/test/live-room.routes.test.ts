import { ActionType, ErrorCode, LiveRoomDetail, LiveStatus, type LiveTopic, RecordingDetail, TOPIC_RATE_LIMIT } from '@medportal/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lives, recordings, userIdentities } from '../src/db/schema/index.ts';
import { queryRows } from '../src/db/client.ts';
import { buildTestApp } from './build-test-app.ts';
import { bearer, call, makeUser, type MadeUser, testClock } from './factories.ts';
import { DEMO_ACCESS_CODE, DEMO_MODERATOR, DEMO_ROOMS } from '../src/seed/live-room.ts';
import { openRealSocket, openSocket } from './live-room.helpers.ts';

const clock = testClock();
let app: FastifyInstance;
let mod: { id: number; access: string };
let alice: MadeUser;
let bob: MadeUser;

const LIVE = DEMO_ROOMS.moderated;

const detail = async (liveId: number, token?: string) => {
  const res = await call<LiveRoomDetail>(app, { url: `/v1/live/${liveId}`, headers: token ? bearer(token) : {} });
  expect(res.code).toBe(0);
  return LiveRoomDetail.parse(res.data);
};

const ask = (token: string, content: string, liveId: number = LIVE) =>
  call<LiveTopic>(app, { method: 'POST', url: `/v1/user/live/${liveId}/topicstore`, headers: bearer(token), payload: { content } });

const topics = (liveId: number, token?: string, query = '') =>
  call<{ items: LiveTopic[]; total: number; seq: number }>(app, { url: `/v1/live/${liveId}/topiclist${query}`, headers: token ? bearer(token) : {} });

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now, liveRoom: { tallyDelayMs: 20, hub: { viewersIntervalMs: 60_000 } } });
  const [identity] = await app.db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.kind, 'mobile'), eq(userIdentities.value, `+${DEMO_MODERATOR.countryCode}${DEMO_MODERATOR.mobile}`)));
  const session = await app.accounts.tokens.open(app.db, identity!.userId, 'web');
  mod = { id: identity!.userId, access: session.access };
  alice = await makeUser(app, { nickname: 'Alice' });
  bob = await makeUser(app, { nickname: 'Bob' });
});
afterAll(async () => {
  await app?.close();
});

describe('live detail', () => {
  it('shows the room: status, speakers, meeting number in groups of four, buttons, the caller’s role', async () => {
    const anon = await detail(LIVE);
    expect(anon.live_status).toBe(LiveStatus.LIVE);
    expect(anon.meeting_no_display).toMatch(/^\d{4}-\d{4}-\d{4}$/);
    expect(anon.meeting_no_display.replace(/-/g, '')).toBe(anon.meeting_no);
    expect(anon.speakers[0]?.role).toBe('host');
    expect(anon.speakers.length).toBeGreaterThan(1);
    expect(anon.buttons.length).toBeGreaterThan(0);
    expect(anon.moderated).toBe(true);
    expect(anon.is_moderator).toBe(false);
    expect(anon.blocked).toBeNull();
    // On air: the media module's signed live playlist, no end, no seeking.
    expect(anon.media_unavailable).toBeNull();
    expect(anon.media).toMatchObject({ live: true, duration_s: 0 });
    expect(anon.media?.hls_url).toMatch(/\/media\/live\/\d+\/.*[?&]sign=[0-9a-f]+/);
    expect((await detail(LIVE, mod.access)).is_moderator).toBe(true);
    expect((await detail(LIVE, alice.access)).is_moderator).toBe(false);
  });

  it('answers 40004 for an unknown or draft live', async () => {
    expect((await call(app, { url: '/v1/live/999999' })).code).toBe(ErrorCode.NOT_FOUND);
    const [draft] = await app.db.select({ id: lives.id }).from(lives).where(eq(lives.status, 'draft'));
    expect((await call(app, { url: `/v1/live/${draft!.id}` })).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('lists buttons with actions', async () => {
    const res = await call<{ items: Array<{ title: string; action: { type: number; data: { id?: number } } }> }>(app, { url: `/v1/live/${LIVE}/buttons`, query: { language: 'en' } });
    // The agenda and related courses are the room's own panels; a button leads to the speaker.
    const speaker = res.data.items.find((b) => b.title === 'About the speaker');
    expect(speaker?.action).toMatchObject({ type: ActionType.SPEAKER_DETAIL, data: { id: expect.any(Number) } });
    expect(res.data.items.map((b) => b.title)).not.toContain('Agenda');
  });
});

describe('moderated questions', () => {
  it('keeps a new question to its author and the moderators until approved, then shows it to all', async () => {
    const asked = await ask(alice.access, 'Is there a dose adjustment for renal impairment?');
    expect(asked.code).toBe(0);
    expect(asked.data.status).toBe('pending');
    const id = asked.data.id;
    const seen = async (token?: string) => (await topics(LIVE, token, '?sort=new')).data.items.some((t) => t.id === id);
    expect(await seen(alice.access)).toBe(true);
    expect(await seen(bob.access)).toBe(false);
    expect(await seen()).toBe(false);
    // Moderators list what waits.
    const pending = await topics(LIVE, mod.access, '?status=pending');
    expect(pending.data.items.some((t) => t.id === id)).toBe(true);
    // Others may not ask for that list.
    expect((await topics(LIVE, bob.access, '?status=pending')).code).toBe(ErrorCode.LIVE_NOT_MODERATOR);
    // Nor like a question they cannot see.
    expect((await call(app, { method: 'PUT', url: `/v1/user/live/topic/${id}/like`, headers: bearer(bob.access), payload: { status: 1 } })).code).toBe(ErrorCode.NOT_FOUND);

    const approved = await call<LiveTopic>(app, { method: 'PUT', url: `/v1/user/live/topic/${id}/moderate`, headers: bearer(mod.access), payload: { action: 'approve' } });
    expect(approved.data.status).toBe('approved');
    expect(await seen(bob.access)).toBe(true);
    expect(await seen()).toBe(true);

    const answered = await call<LiveTopic>(app, { method: 'PUT', url: `/v1/user/live/topic/${id}/answer`, headers: bearer(mod.access), payload: { answer: 'Yes, below 30 ml/min.' } });
    expect(answered.data.answered).toBe(true);
    expect(answered.data.answer).toBe('Yes, below 30 ml/min.');

    await call(app, { method: 'PUT', url: `/v1/user/live/topic/${id}/moderate`, headers: bearer(mod.access), payload: { action: 'hide' } });
    expect(await seen(bob.access)).toBe(false);
  });

  it('pins a question to the top of both sorts', async () => {
    const asked = await ask(bob.access, 'A question to pin, please');
    await call(app, { method: 'PUT', url: `/v1/user/live/topic/${asked.data.id}/moderate`, headers: bearer(mod.access), payload: { action: 'pin' } });
    for (const sort of ['hot', 'new']) {
      const list = await topics(LIVE, bob.access, `?sort=${sort}`);
      expect(list.data.items[0]?.id).toBe(asked.data.id);
      expect(list.data.items[0]?.pinned).toBe(true);
    }
    await call(app, { method: 'PUT', url: `/v1/user/live/topic/${asked.data.id}/moderate`, headers: bearer(mod.access), payload: { action: 'unpin' } });
  });

  it('refuses moderator actions to everyone else', async () => {
    const asked = await ask(alice.access, 'Who may approve this one?');
    const tries = [
      { method: 'PUT' as const, url: `/v1/user/live/topic/${asked.data.id}/moderate`, payload: { action: 'approve' } },
      { method: 'PUT' as const, url: `/v1/user/live/topic/${asked.data.id}/answer`, payload: { answer: 'x' } },
      { method: 'PUT' as const, url: `/v1/user/live/${LIVE}/ppt`, payload: { index: 1 } },
      { method: 'POST' as const, url: `/v1/user/live/${LIVE}/poll`, payload: { question: 'Which?', options: ['A', 'B'] } },
      { method: 'PUT' as const, url: `/v1/user/live/${LIVE}/status`, payload: { action: 'end' } },
      { method: 'GET' as const, url: `/v1/user/live/${LIVE}/signs` },
    ];
    for (const t of tries) {
      expect((await call(app, { ...t, headers: bearer(alice.access) })).code, t.url).toBe(ErrorCode.LIVE_NOT_MODERATOR);
      expect((await call(app, t)).code, t.url).toBe(ErrorCode.NOT_LOGGED_IN);
    }
  });

  it('validates questions: text, length', async () => {
    expect((await ask(alice.access, 'x')).code).toBe(ErrorCode.VALIDATION);
    expect((await ask(alice.access, 'y'.repeat(301))).code).toBe(ErrorCode.VALIDATION);
    const res = await call(app, { method: 'POST', url: `/v1/user/live/${LIVE}/topicstore`, headers: bearer(alice.access), payload: { content: 'ok question', image: 'x' } });
    expect(res.code).toBe(ErrorCode.VALIDATION);
  });
});

describe('rate limit on questions', () => {
  it(`allows ${TOPIC_RATE_LIMIT.count} questions per ${TOPIC_RATE_LIMIT.windowS} s per user, even when sent at once`, async () => {
    const carol = await makeUser(app, { nickname: 'Carol' });
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => ask(carol.access, `Concurrent question number ${i}`)));
    expect(results.filter((r) => r.code === 0)).toHaveLength(TOPIC_RATE_LIMIT.count);
    const limited = results.filter((r) => r.code === ErrorCode.LIVE_TOPIC_TOO_FAST);
    expect(limited).toHaveLength(6 - TOPIC_RATE_LIMIT.count);
    expect((limited[0]!.data as unknown as { retry_after_s: number }).retry_after_s).toBeGreaterThan(0);
    // Another user is not affected.
    expect((await ask(bob.access, 'Bob is not limited by Carol')).code).toBe(0);
    // Moderators are not limited.
    const modAsks = await Promise.all(Array.from({ length: 5 }, (_, i) => ask(mod.access, `Moderator question ${i}`)));
    expect(modAsks.every((r) => r.code === 0)).toBe(true);
    clock.advance(TOPIC_RATE_LIMIT.windowS + 1);
    expect((await ask(carol.access, 'After the window it works again')).code).toBe(0);
  });
});

describe('upvotes', () => {
  it('counts one upvote per user, even with many requests at once', async () => {
    const asked = await ask(mod.access, 'A moderator question needs no approval');
    expect(asked.data.status).toBe('approved');
    const id = asked.data.id;
    const like = (token: string, status: 1 | 2) => call<{ like_count: number; is_like: boolean }>(app, { method: 'PUT', url: `/v1/user/live/topic/${id}/like`, headers: bearer(token), payload: { status } });
    await Promise.all(Array.from({ length: 12 }, () => like(alice.access, 1)));
    await Promise.all(Array.from({ length: 12 }, () => like(bob.access, 1)));
    const list = await topics(LIVE, alice.access, '?sort=new');
    const row = list.data.items.find((t) => t.id === id);
    expect(row?.like_count).toBe(2);
    expect(row?.is_like).toBe(true);
    const undone = await like(bob.access, 2);
    expect(undone.data).toMatchObject({ like_count: 1, is_like: false });
    expect((await like(bob.access, 2)).data.like_count).toBe(1);
  });
});

describe('check-in', () => {
  it('is idempotent: the first time is kept; moderators see who checked in', async () => {
    const first = await call<{ signed_at: string; sign_count: number }>(app, { method: 'POST', url: `/v1/user/live/${LIVE}/sign`, headers: bearer(alice.access) });
    expect(first.code).toBe(0);
    clock.advance(5);
    const again = await Promise.all(Array.from({ length: 5 }, () => call<{ signed_at: string; sign_count: number }>(app, { method: 'POST', url: `/v1/user/live/${LIVE}/sign`, headers: bearer(alice.access) })));
    for (const r of again) expect(r.data.signed_at).toBe(first.data.signed_at);
    expect(again[0]?.data.sign_count).toBe(first.data.sign_count);
    const d = await detail(LIVE, alice.access);
    expect(d.signed_in).toBe(true);
    expect(d.signed_at).toBe(first.data.signed_at);
    const list = await call<{ items: Array<{ user: { id: number }; signed_at: string }> }>(app, { url: `/v1/user/live/${LIVE}/signs`, headers: bearer(mod.access) });
    expect(list.data.items.filter((s) => s.user.id === alice.id)).toHaveLength(1);
  });

  it('opens 30 minutes before the start and closes at the end', async () => {
    const upcoming = await app.db.select({ id: lives.id, startAt: lives.startAt }).from(lives).where(eq(lives.id, 5));
    const res = await call(app, { method: 'POST', url: `/v1/user/live/${upcoming[0]!.id}/sign`, headers: bearer(alice.access) });
    expect(res.code).toBe(ErrorCode.LIVE_SIGN_CLOSED);
  });
});

describe('access code', () => {
  const CODE_LIVE = DEMO_ROOMS.accessCode;

  it('blocks the room until the right code, remembers it for the account, and locks after 5 wrong codes', async () => {
    const dave = await makeUser(app, { nickname: 'Dave' });
    expect((await detail(CODE_LIVE)).blocked).toBe('login');
    const before = await detail(CODE_LIVE, dave.access);
    expect(before.blocked).toBe('access_code');
    expect(before.requires.access_code).toBe(true);
    expect(before.media_unavailable).toBe('access_code');
    expect((await topics(CODE_LIVE, dave.access)).code).toBe(ErrorCode.LIVE_ACCESS_CODE_REQUIRED);
    expect((await call(app, { url: `/v1/live/${CODE_LIVE}/ppt`, headers: bearer(dave.access) })).code).toBe(ErrorCode.LIVE_ACCESS_CODE_REQUIRED);
    const submit = (token: string, code: string) => call(app, { method: 'POST', url: `/v1/user/live/${CODE_LIVE}/access_code`, headers: bearer(token), payload: { code } });
    expect((await submit(dave.access, '0000')).code).toBe(ErrorCode.LIVE_ACCESS_CODE_WRONG);
    expect((await submit(dave.access, DEMO_ACCESS_CODE)).code).toBe(0);
    expect((await detail(CODE_LIVE, dave.access)).blocked).toBeNull();
    // Remembered on another login of the same account.
    const other = await app.accounts.tokens.open(app.db, dave.id, 'web');
    expect((await detail(CODE_LIVE, other.access)).blocked).toBeNull();
    expect((await topics(CODE_LIVE, other.access)).code).toBe(0);

    const erin = await makeUser(app, { nickname: 'Erin' });
    for (let i = 0; i < 4; i += 1) expect((await submit(erin.access, `999${i}`)).code).toBe(ErrorCode.LIVE_ACCESS_CODE_WRONG);
    expect((await submit(erin.access, '9999')).code).toBe(ErrorCode.LIVE_ACCESS_CODE_LOCKED);
    // Locked: even the right code waits.
    expect((await submit(erin.access, DEMO_ACCESS_CODE)).code).toBe(ErrorCode.LIVE_ACCESS_CODE_LOCKED);
    clock.advance(601);
    expect((await submit(erin.access, DEMO_ACCESS_CODE)).code).toBe(0);
    // Moderators need no code.
    expect((await detail(CODE_LIVE, mod.access)).blocked).toBeNull();
  });
});

describe('polls', () => {
  it('lets each user vote once, even with many votes at once, and closes', async () => {
    const created = await call<{ id: number; options: Array<{ id: number }>; status: string }>(app, {
      method: 'POST',
      url: `/v1/user/live/${LIVE}/poll`,
      headers: bearer(mod.access),
      payload: { question: 'Which first-line regimen do you use?', options: ['R-CHOP', 'Pola-R-CHP', 'Other'] },
    });
    expect(created.code).toBe(0);
    expect(created.data.status).toBe('open');
    // One open poll at a time.
    expect((await call(app, { method: 'POST', url: `/v1/user/live/${LIVE}/poll`, headers: bearer(mod.access), payload: { question: 'Second?', options: ['A', 'B'] } })).code).toBe(
      ErrorCode.LIVE_POLL_ALREADY_OPEN,
    );
    const pollId = created.data.id;
    const [a, b] = created.data.options;
    const vote = (token: string, ids: number[]) => call<{ options: Array<{ id: number; votes: number }>; voters: number; my_votes: number[] }>(app, { method: 'POST', url: `/v1/user/live/poll/${pollId}/vote`, headers: bearer(token), payload: { option_ids: ids } });
    expect((await vote(alice.access, [a!.id, b!.id])).code).toBe(ErrorCode.VALIDATION);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => vote(alice.access, [i % 2 ? a!.id : b!.id])));
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.code === ErrorCode.LIVE_POLL_ALREADY_VOTED)).toHaveLength(9);
    await vote(bob.access, [a!.id]);
    const polls = await call<{ items: Array<{ id: number; voters: number; options: Array<{ votes: number }>; my_votes: number[] }> }>(app, { url: `/v1/live/${LIVE}/polls`, headers: bearer(alice.access) });
    const poll = polls.data.items.find((p) => p.id === pollId);
    expect(poll?.voters).toBe(2);
    expect(poll?.options.reduce((n, o) => n + o.votes, 0)).toBe(2);
    expect(poll?.my_votes).toHaveLength(1);
    const closed = await call<{ status: string }>(app, { method: 'PUT', url: `/v1/user/live/poll/${pollId}/close`, headers: bearer(mod.access) });
    expect(closed.data.status).toBe('closed');
    const carol = await makeUser(app);
    expect((await vote(carol.access, [a!.id])).code).toBe(ErrorCode.LIVE_POLL_CLOSED);
  });
});

describe('slides', () => {
  it('lists the deck and the current slide; a moderator moves it; out of range is refused', async () => {
    const ppt = await call<{ slides: Array<{ index: number; image: string }>; current: number }>(app, { url: `/v1/live/${LIVE}/ppt` });
    expect(ppt.data.slides.length).toBe(8);
    const img = await app.inject({ url: ppt.data.slides[0]!.image });
    expect(img.headers['content-type']).toContain('image/svg+xml');
    expect((await call(app, { method: 'PUT', url: `/v1/user/live/${LIVE}/ppt`, headers: bearer(mod.access), payload: { index: 5 } })).data).toEqual({ current: 5 });
    expect((await call<{ current: number }>(app, { url: `/v1/live/${LIVE}/ppt` })).data.current).toBe(5);
    expect((await call(app, { method: 'PUT', url: `/v1/user/live/${LIVE}/ppt`, headers: bearer(mod.access), payload: { index: 8 } })).code).toBe(ErrorCode.VALIDATION);
  });
});

describe('status switching', () => {
  it('starts an upcoming live now, ends it, makes the replay available; the listings agree', async () => {
    const LIVE_ID = 4;
    const before = await detail(LIVE_ID, mod.access);
    expect(before.live_status).toBe(LiveStatus.UPCOMING);
    const set = (action: string, token = mod.access) => call<LiveRoomDetail>(app, { method: 'PUT', url: `/v1/user/live/${LIVE_ID}/status`, headers: bearer(token), payload: { action } });
    expect((await set('end')).code).toBe(ErrorCode.LIVE_STATUS_INVALID);
    expect((await set('replay')).code).toBe(ErrorCode.LIVE_STATUS_INVALID);
    const started = await set('start');
    expect(started.data.live_status).toBe(LiveStatus.LIVE);
    expect(started.data.scheduled_start_at).toBe(before.start_at);
    const today = await call<{ items: Array<{ id: number; live_status: number }> }>(app, { url: `/v1/live/date_lives`, query: { date: started.data.start_at.slice(0, 10), timezone: '+00:00' } });
    expect(today.data.items.find((l) => l.id === LIVE_ID)?.live_status).toBe(LiveStatus.LIVE);
    expect((await set('start')).code).toBe(ErrorCode.LIVE_STATUS_INVALID);

    clock.advance(60);
    const ended = await set('end');
    expect(ended.data.live_status).toBe(LiveStatus.ENDED);
    expect(ended.data.recording_id).toBeNull();
    expect(ended.data.media_unavailable).toBe('replay_pending');
    // Questions close with the live.
    expect((await ask(alice.access, 'Too late for this question', LIVE_ID)).code).toBe(ErrorCode.LIVE_QA_CLOSED);
    const history = await call<{ items: Array<{ id: number; live_status: number }> }>(app, { url: '/v1/live/history', query: { page_size: '50' } });
    expect(history.data.items.find((l) => l.id === LIVE_ID)?.live_status).toBe(LiveStatus.ENDED);

    const replay = await set('replay');
    expect(replay.data.live_status).toBe(LiveStatus.REPLAY);
    expect(replay.data.recording_id).not.toBeNull();
    const rec = await call<RecordingDetail>(app, { url: `/v1/vod/${replay.data.recording_id}` });
    expect(rec.code).toBe(0);
    expect(rec.data.live_id).toBe(LIVE_ID);
    expect(rec.data.duration_s).toBe(60);
    // A live ended early has no separate replay file: the recording plays what the stream played.
    expect(rec.data.media).toMatchObject({ live: false });
    expect(rec.data.media_unavailable).toBeNull();
    const lookBack = await call<{ items: Array<{ id: number }> }>(app, { url: '/v1/live/look_back', query: { limit: '20' } });
    expect(lookBack.data.items.some((l) => l.id === LIVE_ID)).toBe(true);
  });
});

describe('recordings', () => {
  it('gives chapters, the slide timeline and the Q&A timeline as offsets into the recording', async () => {
    const [rec] = await app.db.select({ id: recordings.id }).from(recordings).where(eq(recordings.liveId, DEMO_ROOMS.recordedQa));
    const res = await call<RecordingDetail>(app, { url: `/v1/vod/${rec!.id}`, query: { language: 'en' } });
    expect(res.code).toBe(0);
    const r = RecordingDetail.parse(res.data);
    expect(r.chapters[0]).toEqual({ at_s: 0, title: 'Opening and introductions' });
    expect(r.slide_timeline[0]).toEqual({ at_s: 0, index: 0 });
    expect(r.slide_timeline.map((s) => s.at_s)).toEqual([...r.slide_timeline.map((s) => s.at_s)].sort((x, y) => x - y));
    expect(r.qa_timeline[0]).toMatchObject({ asked_at_s: 6, answered_at_s: 21 });
    // The recording is as long as the media it plays, and its timelines fall inside it.
    expect(r.media).toMatchObject({ live: false, duration_s: r.duration_s });
    expect(r.media?.hls_url).toMatch(/master\.m3u8\?.*sign=/);
    const unanswered = r.qa_timeline.find((q) => q.answer === null);
    expect(unanswered?.answered_at_s).toBeNull();
    for (const q of r.qa_timeline) expect(q.asked_at_s).toBeLessThanOrEqual(r.duration_s);
    // Views go to the history under module vod.
    const h = await call(app, { method: 'POST', url: '/v1/user/history', headers: bearer(alice.access), payload: { module_name: 'vod', module_id: r.id } });
    expect(h.code).toBe(0);
    const list = await call<{ items: Array<{ module_name: string; module_id: number }> }>(app, { url: '/v2/user/history', query: { module_name: 'vod' }, headers: bearer(alice.access) });
    expect(list.data.items[0]).toMatchObject({ module_name: 'vod', module_id: r.id });
  });

  it('says the replay is being prepared while it is not ready', async () => {
    const [rec] = await app.db.insert(recordings).values({ titleZh: '准备中', banner: '/b.svg', recordedAt: clock.now(), durationS: 10, ready: false }).returning({ id: recordings.id });
    expect((await call(app, { url: `/v1/vod/${rec!.id}` })).code).toBe(ErrorCode.RECORDING_NOT_READY);
    expect((await call(app, { url: '/v1/vod/999999' })).code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('WebSocket', () => {
  it('pushes questions, answers, upvotes, slides and polls in seq order; resumes with since=', async () => {
    const d = await detail(LIVE, bob.access);
    const viewer = await openSocket(app, LIVE, { token: bob.access, since: d.seq });
    const moderator = await openSocket(app, LIVE, { token: mod.access, since: d.seq });
    await viewer.next((m) => m.type === 'hello');

    // A pending question reaches the moderator but not the other viewer.
    const pending = await ask(alice.access, 'Pending question for the socket test');
    await moderator.next((m) => m.type === 'question' && (m.topic as { id: number }).id === pending.data.id);
    await call(app, { method: 'PUT', url: `/v1/user/live/topic/${pending.data.id}/answer`, headers: bearer(mod.access), payload: { answer: 'Answered live.' } });
    const answer = await viewer.next((m) => m.type === 'answer');
    expect((answer.topic as { id: number; answer: string }).answer).toBe('Answered live.');
    expect(viewer.msgs.some((m) => m.type === 'question' && (m.topic as { id: number }).id === pending.data.id)).toBe(false);

    await call(app, { method: 'PUT', url: `/v1/user/live/topic/${pending.data.id}/like`, headers: bearer(alice.access), payload: { status: 1 } });
    const upvote = await viewer.next((m) => m.type === 'upvote');
    expect(upvote).toMatchObject({ topic_id: pending.data.id, like_count: 1 });

    await call(app, { method: 'PUT', url: `/v1/user/live/${LIVE}/ppt`, headers: bearer(mod.access), payload: { index: 3 } });
    expect(await viewer.next((m) => m.type === 'slide')).toMatchObject({ index: 3 });

    const poll = await call<{ id: number; options: Array<{ id: number }> }>(app, { method: 'POST', url: `/v1/user/live/${LIVE}/poll`, headers: bearer(mod.access), payload: { question: 'Socket poll?', options: ['Yes', 'No'] } });
    await viewer.next((m) => m.type === 'poll' && (m.poll as { id: number }).id === poll.data.id);
    await call(app, { method: 'POST', url: `/v1/user/live/poll/${poll.data.id}/vote`, headers: bearer(alice.access), payload: { option_ids: [poll.data.options[0]!.id] } });
    const tally = await viewer.next((m) => m.type === 'poll' && (m.poll as { voters: number }).voters === 1);
    expect((tally.poll as { options: Array<{ votes: number }> }).options[0]?.votes).toBe(1);
    await call(app, { method: 'PUT', url: `/v1/user/live/poll/${poll.data.id}/close`, headers: bearer(mod.access) });
    await viewer.next((m) => m.type === 'poll' && (m.poll as { status: string }).status === 'closed');

    // Sequence numbers only grow, one by one, on the moderator's socket (it may read everything).
    const seqs = moderator.msgs.filter((m) => typeof m.seq === 'number' && m.type !== 'hello').map((m) => m.seq as number);
    expect(seqs.length).toBeGreaterThan(5);
    seqs.forEach((s, i) => i > 0 && expect(s).toBe(seqs[i - 1]! + 1));

    // Disconnect, miss events, come back with since= and get exactly what was missed.
    const lastSeen = Math.max(...viewer.msgs.filter((m) => typeof m.seq === 'number' && m.type !== 'hello').map((m) => m.seq as number));
    viewer.ws.terminate();
    await call(app, { method: 'PUT', url: `/v1/user/live/${LIVE}/ppt`, headers: bearer(mod.access), payload: { index: 6 } });
    const missedQ = await ask(mod.access, 'Asked while the viewer was away');
    const back = await openSocket(app, LIVE, { token: bob.access, since: lastSeen });
    expect(await back.next((m) => m.type === 'hello')).toMatchObject({ seq: lastSeen });
    await back.next((m) => m.type === 'question' && (m.topic as { id: number }).id === missedQ.data.id);
    const replayed = back.msgs.filter((m) => m.type !== 'hello');
    expect(replayed[0]).toMatchObject({ type: 'slide', index: 6 });
    expect(replayed.every((m, i) => i === 0 || (m.seq as number) > (replayed[i - 1]!.seq as number))).toBe(true);

    // Too far behind: reset (refetch) instead of replay.
    const stale = await openSocket(app, LIVE, { token: bob.access, since: 0 });
    const first = await stale.next(() => true);
    expect(['reset', 'hello']).toContain(first.type);
    // A client ahead of the log is told to start again.
    const ahead = await openSocket(app, LIVE, { since: 10_000_000 });
    expect((await ahead.next(() => true)).type).toBe('reset');

    for (const s of [moderator, back, stale, ahead]) s.ws.terminate();
  });

  it('catches a resuming client up from the log when this process has not yet heard of its seq', async () => {
    const d = await detail(LIVE, bob.access);
    const watching = await openSocket(app, LIVE, { token: bob.access, since: d.seq });
    await watching.next((m) => m.type === 'hello');
    // A slide change committed by another process whose publication has not reached this one yet:
    // in the log, never published here.
    const [row] = await queryRows<{ seq: number }>(
      app.db,
      sql`with r as (update live_rooms set seq = seq + 1, current_slide = 5 where live_id = ${LIVE} returning seq)
        insert into live_events (live_id, seq, type, payload) select ${LIVE}, r.seq, 'slide', jsonb_build_object('seq', r.seq, 'type', 'slide', 'index', 5) from r
        returning seq`,
    );
    const seq = Number(row!.seq);
    expect(seq).toBe(d.seq + 1);
    // The page was read elsewhere, with that seq: no reset, and the event reaches everyone once.
    expect((await detail(LIVE, bob.access)).seq).toBe(seq);
    const resumed = await openSocket(app, LIVE, { token: bob.access, since: seq });
    expect(await resumed.next(() => true)).toMatchObject({ type: 'hello', seq });
    expect(await watching.next((m) => m.type === 'slide')).toMatchObject({ seq, index: 5 });
    const asked = await ask(mod.access, 'After the catch-up');
    expect(asked.code).toBe(0);
    await resumed.next((m) => m.type === 'question');
    expect(resumed.msgs.filter((m) => m.type !== 'hello' && m.type !== 'viewers').map((m) => m.seq)).toEqual([seq + 1]);
    expect(watching.msgs.filter((m) => m.type === 'slide').map((m) => m.seq)).toEqual([seq]);
    for (const s of [watching, resumed]) s.ws.terminate();
  });

  it('pushes status changes and viewer counts', async () => {
    const LIVE_ID = 3;
    // A real port: leaving is noticed when the TCP connection closes, as with browsers.
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const a = await openRealSocket(base, LIVE_ID, { token: alice.access });
    const b = await openRealSocket(base, LIVE_ID, { token: bob.access });
    await Promise.all([a.next((m) => m.type === 'hello'), b.next((m) => m.type === 'hello')]);
    await app.liveHub.tickViewers();
    expect(await a.next((m) => m.type === 'viewers')).toMatchObject({ count: 2 });
    expect((await detail(LIVE_ID)).viewer_count).toBe(2);
    await call(app, { method: 'PUT', url: `/v1/user/live/${LIVE_ID}/status`, headers: bearer(mod.access), payload: { action: 'start' } });
    expect(await b.next((m) => m.type === 'status')).toMatchObject({ live_status: LiveStatus.LIVE });
    b.ws.close();
    await b.closed();
    await app.liveHub.waitForClients(1);
    await app.liveHub.tickViewers();
    expect(await a.next((m) => m.type === 'viewers' && m.count === 1)).toMatchObject({ count: 1 });
    a.ws.close();
    await a.closed();
  });

  it('refuses a socket without access: login or code needed, unknown live', async () => {
    expect((await (await openSocket(app, DEMO_ROOMS.loginAndSignIn)).closed()).code).toBe(4003);
    expect((await (await openSocket(app, DEMO_ROOMS.accessCode, { token: bob.access })).closed()).code).toBe(4003);
    expect((await (await openSocket(app, 999_999)).closed()).code).toBe(4004);
  });

  it('drops a client that does not read and tells it to resync', async () => {
    const slow = await buildTestApp({ now: clock.now, liveRoom: { hub: { maxBufferedBytes: 1 } } });
    try {
      const [row] = await slow.db.select({ userId: userIdentities.userId }).from(userIdentities).where(eq(userIdentities.value, `+${DEMO_MODERATOR.countryCode}${DEMO_MODERATOR.mobile}`));
      const token = (await slow.accounts.tokens.open(slow.db, row!.userId, 'web')).access;
      const s = await openSocket(slow, LIVE, {});
      await s.next((m) => m.type === 'hello');
      // The client stops reading: what the server sends piles up (past the in-memory pipe's 16 KB)
      // until the server gives up on the client. Polls with long options make large events.
      s.ws.pause();
      const options = Array.from({ length: 8 }, (_, k) => `${k} ${'option text '.repeat(8)}`);
      for (let i = 0; i < 100 && slow.liveHub.localClients() > 0; i += 1) {
        const p = await call<{ id: number }>(slow, { method: 'POST', url: `/v1/user/live/${LIVE}/poll`, headers: bearer(token), payload: { question: `Poll ${i} ${'q'.repeat(150)}`, options } });
        await slow.inject({ method: 'PUT', url: `/v1/user/live/poll/${p.data.id}/close`, headers: bearer(token) });
      }
      expect(slow.liveHub.localClients()).toBe(0);
      s.ws.resume();
      expect((await s.closed()).code).toBe(4008);
      expect(s.msgs.at(-1)?.type).toBe('lagging');
    } finally {
      await slow.close();
    }
  });
});
