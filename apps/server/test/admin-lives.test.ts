import { ErrorCode } from '@medportal/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, departments, organizers, speakers, userRoles } from '../src/db/schema/index.ts';
import { buildTestApp } from './build-test-app.ts';
import { bearer, call, makeUser, type MadeUser, testClock } from './factories.ts';

type Live = {
  id: number;
  updated_at: string;
  state: string;
  live_state: string;
  has_replay: boolean;
  title_en: string | null;
  speakers: { id: number; name: string }[];
  moderators: { id: number; name: string }[];
  agenda: { id: number; title_zh: string; title_en: string | null; speaker_id: number | null; start_at: string }[];
  access: { login_required: boolean; sign_in_required: boolean; moderated: boolean; has_access_code: boolean };
};
type Stream = { server: string; stream_key: string; url: string; expires_at: string; playback_hls: string; stream_recording: boolean; replay_attached: boolean; provider: string };

const HOUR = 3600_000;

describe('lives in the console', () => {
  const clock = testClock(Date.parse('2026-12-01T02:00:00Z'));
  let app: FastifyInstance;
  let producer: MadeUser;
  let editor: MadeUser;
  let moderatorRole: MadeUser;
  let roomModerator: MadeUser;
  let speakerIds: number[];
  let organizerId: number;
  let departmentId: number;

  const as = (u: MadeUser) => bearer(u.access);
  const body = (over: Record<string, unknown> = {}) => {
    const start = new Date(clock.now().getTime() + 2 * HOUR);
    return {
      title_zh: '心衰管理新进展',
      title_en: 'Heart failure: what is new',
      sub_title_zh: '年度更新',
      sub_title_en: null,
      banner: '/uploads/covers/live-1.png',
      // Beijing time in the body: the server keeps the instant.
      start_at: new Date(start.getTime() + 8 * HOUR).toISOString().replace('Z', '+08:00'),
      end_at: new Date(start.getTime() + 8 * HOUR + 2 * HOUR).toISOString().replace('Z', '+08:00'),
      organizer_id: organizerId,
      department_id: departmentId,
      speaker_ids: [speakerIds[1], speakerIds[0]],
      moderator_ids: [roomModerator.id],
      access: { login_required: false, sign_in_required: false, moderated: true },
      ...over,
    };
  };
  const agendaItems = () => {
    const start = clock.now().getTime() + 2 * HOUR;
    return [
      { start_at: new Date(start).toISOString(), end_at: new Date(start + HOUR).toISOString(), title_zh: '开场与指南解读', title_en: 'Opening and the guideline', speaker_id: speakerIds[1] },
      { start_at: new Date(start + HOUR).toISOString(), end_at: new Date(start + 2 * HOUR).toISOString(), title_zh: '病例讨论', title_en: null, speaker_id: null },
    ];
  };
  const create = async (over: Record<string, unknown> = {}) => {
    const res = await call<Live>(app, { method: 'POST', url: '/v1/admin/lives', headers: as(producer), payload: { ...body(), agenda: agendaItems(), ...over } });
    expect(res.code, res.message).toBe(0);
    return res.data;
  };

  beforeAll(async () => {
    app = await buildTestApp({ now: clock.now });
    const staff = async (role: 'live_producer' | 'editor' | 'moderator') => {
      const u = await makeUser(app, { nickname: role });
      await app.db.insert(userRoles).values({ userId: u.id, role });
      return u;
    };
    producer = await staff('live_producer');
    editor = await staff('editor');
    moderatorRole = await staff('moderator');
    roomModerator = await makeUser(app, { nickname: 'Room host' });
    speakerIds = (await app.db.select({ id: speakers.id }).from(speakers).where(eq(speakers.status, 'published')).orderBy(asc(speakers.id)).limit(2)).map((r) => r.id);
    organizerId = (await app.db.select({ id: organizers.id }).from(organizers).limit(1))[0]!.id;
    departmentId = (await app.db.select({ id: departments.id }).from(departments).limit(1))[0]!.id;
  });
  afterAll(() => app.close());

  it('a producer creates a bilingual draft with speakers, moderators and agenda; it is hidden until published', async () => {
    const live = await create();
    expect(live.state).toBe('draft');
    expect(live.live_state).toBe('upcoming');
    expect(live.speakers.map((s) => s.id)).toEqual([speakerIds[1], speakerIds[0]]);
    expect(live.moderators).toEqual([{ id: roomModerator.id, name: 'Room host' }]);
    expect(live.agenda.map((a) => a.title_zh)).toEqual(['开场与指南解读', '病例讨论']);
    expect(live.access).toEqual({ login_required: false, sign_in_required: false, moderated: true, has_access_code: false });
    // The +08:00 instant is kept as the instant.
    const detail = await call<{ start_at: string }>(app, { method: 'GET', url: `/v1/admin/lives/${live.id}`, headers: as(producer) });
    expect(new Date(detail.data.start_at).getTime()).toBe(clock.now().getTime() + 2 * HOUR);

    expect((await call(app, { method: 'GET', url: `/v1/live/${live.id}` })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await call(app, { method: 'GET', url: `/v1/live/${live.id}/agenda` })).code).toBe(ErrorCode.NOT_FOUND);

    const published = await call<Live>(app, { method: 'POST', url: `/v1/admin/lives/${live.id}/publish`, headers: as(producer), payload: {} });
    expect(published.data.state).toBe('published');

    const page = await call<{ title: string; speakers: { id: number; role: string }[]; is_moderator: boolean; moderated: boolean }>(app, {
      method: 'GET',
      url: `/v1/live/${live.id}?language=en`,
      headers: as(roomModerator),
    });
    expect(page.code).toBe(0);
    expect(page.data.title).toBe('Heart failure: what is new');
    expect(page.data.speakers.map((s) => [s.id, s.role])).toEqual([
      [speakerIds[1], 'host'],
      [speakerIds[0], expect.any(String)],
    ]);
    expect(page.data.is_moderator).toBe(true);
    expect(page.data.moderated).toBe(true);
    const agenda = await call<{ items: { title: string; speaker: { id: number } | null }[] }>(app, { method: 'GET', url: `/v1/live/${live.id}/agenda?language=en` });
    // English falls back to the Chinese where it is missing.
    expect(agenda.data.items.map((i) => i.title)).toEqual(['Opening and the guideline', '病例讨论']);
    expect(agenda.data.items[0]?.speaker?.id).toBe(speakerIds[1]);

    const audit = await app.db.select().from(auditLog).where(eq(auditLog.target, `live:${live.id}`)).orderBy(asc(auditLog.id));
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([
      ['live.create', producer.id],
      ['live.publish', producer.id],
    ]);
  });

  it('a scheduled publication stays hidden until its instant', async () => {
    const live = await create();
    const at = new Date(clock.now().getTime() + HOUR).toISOString();
    const res = await call<Live>(app, { method: 'POST', url: `/v1/admin/lives/${live.id}/publish`, headers: as(producer), payload: { at } });
    expect(res.data.state).toBe('scheduled');
    expect((await call(app, { method: 'GET', url: `/v1/live/${live.id}` })).code).toBe(ErrorCode.NOT_FOUND);
    const list = await call<{ items: { id: number }[] }>(app, { method: 'GET', url: '/v1/admin/lives?state=scheduled', headers: as(producer) });
    expect(list.data.items.map((i) => i.id)).toContain(live.id);
    clock.advance(3601);
    expect((await call(app, { method: 'GET', url: `/v1/live/${live.id}` })).code).toBe(0);
  });

  it('a stale edit is refused; a fresh one replaces speakers, rules and moderators', async () => {
    const live = await create();
    const first = await call<Live>(app, {
      method: 'PUT',
      url: `/v1/admin/lives/${live.id}`,
      headers: as(producer),
      payload: { ...body({ title_en: null, speaker_ids: [speakerIds[0]], moderator_ids: [], access: { login_required: true, sign_in_required: true, moderated: false, access_code: '2468' } }), updated_at: live.updated_at },
    });
    expect(first.code, first.message).toBe(0);
    expect(first.data.title_en).toBeNull();
    expect(first.data.speakers.map((s) => s.id)).toEqual([speakerIds[0]]);
    expect(first.data.moderators).toEqual([]);
    expect(first.data.access).toEqual({ login_required: true, sign_in_required: true, moderated: false, has_access_code: true });
    clock.advance(1);
    // A second editor still holds the first version.
    const stale = await call(app, { method: 'PUT', url: `/v1/admin/lives/${live.id}`, headers: as(producer), payload: { ...body(), updated_at: live.updated_at } });
    expect(stale.code).toBe(ErrorCode.ADMIN_EDIT_CONFLICT);
    const bad = await call(app, { method: 'PUT', url: `/v1/admin/lives/${live.id}`, headers: as(producer), payload: { ...body({ end_at: body().start_at }), updated_at: first.data.updated_at } });
    expect(bad.code).toBe(ErrorCode.VALIDATION);
    const unknown = await call(app, { method: 'PUT', url: `/v1/admin/lives/${live.id}`, headers: as(producer), payload: { ...body({ speaker_ids: [2_000_000_000] }), updated_at: first.data.updated_at } });
    expect(unknown.code).toBe(ErrorCode.ADMIN_LIVE_UNKNOWN_REF);
  });

  it('replaces the agenda in one call, in the given order', async () => {
    const live = await create();
    const items = agendaItems().reverse();
    const res = await call<{ items: { title_zh: string }[] }>(app, { method: 'PUT', url: `/v1/admin/lives/${live.id}/agenda`, headers: as(producer), payload: { items } });
    expect(res.data.items.map((i) => i.title_zh)).toEqual(['病例讨论', '开场与指南解读']);
    const broken = [{ ...items[0], end_at: items[0]!.start_at }, items[1]];
    const refused = await call(app, { method: 'PUT', url: `/v1/admin/lives/${live.id}/agenda`, headers: as(producer), payload: { items: broken } });
    expect(refused.code).toBe(ErrorCode.VALIDATION);
    // Nothing of the refused call was written.
    const after = await call<Live>(app, { method: 'GET', url: `/v1/admin/lives/${live.id}`, headers: as(producer) });
    expect(after.data.agenda.map((i) => i.title_zh)).toEqual(['病例讨论', '开场与指南解读']);
  });

  it('the push URL verifies; a regenerated key makes the old one stale', async () => {
    const live = await create();
    const s1 = (await call<Stream>(app, { method: 'GET', url: `/v1/admin/lives/${live.id}/stream`, headers: as(producer) })).data;
    expect(s1.provider).toBe('sandbox');
    expect(s1.url).toBe(`${s1.server}/${s1.stream_key}`);
    expect(s1.stream_key).toMatch(/^live-\d+-[A-Za-z0-9_-]+\?txSecret=[0-9a-f]{32}&txTime=[0-9A-F]+$/);
    expect(new Date(s1.expires_at).getTime()).toBeGreaterThan(clock.now().getTime() + 4 * HOUR);
    expect(s1.stream_recording).toBe(true);
    const check = (url: string) => call<{ result: string }>(app, { method: 'POST', url: `/v1/admin/lives/${live.id}/stream/check`, headers: as(producer), payload: { url } });
    expect((await check(s1.url)).data.result).toBe('ok');
    // One hex digit of the signature changed (to another digit, whatever it was).
    const forged = s1.url.replace(/txSecret=(.)/, (_, c: string) => `txSecret=${c === '0' ? '1' : '0'}`);
    expect((await check(forged)).data.result).not.toBe('ok');
    // The same key read again: unchanged.
    expect((await call<Stream>(app, { method: 'GET', url: `/v1/admin/lives/${live.id}/stream`, headers: as(producer) })).data.url).toBe(s1.url);

    const s2 = (await call<Stream>(app, { method: 'POST', url: `/v1/admin/lives/${live.id}/stream/rotate`, headers: as(producer) })).data;
    expect(s2.url).not.toBe(s1.url);
    expect((await check(s2.url)).data.result).toBe('ok');
    expect((await check(s1.url)).data.result).toBe('stale');
    const [rotation] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'live.stream_key'));
    expect(rotation?.actorId).toBe(producer.id);
    // The key itself is a secret: the log names the streams only.
    expect(JSON.stringify(rotation?.after)).not.toContain('txSecret');

  });

  it('start and end change the public status; the replay is offered from the stream recording and hidden again', async () => {
    const live = await create();
    await call(app, { method: 'POST', url: `/v1/admin/lives/${live.id}/publish`, headers: as(producer), payload: {} });
    const status = async () => (await call<{ live_status: number }>(app, { method: 'GET', url: `/v1/live/${live.id}` })).data.live_status;
    expect(await status()).toBe(0);
    const ended = await call(app, { method: 'POST', url: `/v1/admin/lives/${live.id}/status`, headers: as(producer), payload: { action: 'end' } });
    expect(ended.code).toBe(ErrorCode.LIVE_STATUS_INVALID);
    const started = await call<Live>(app, { method: 'POST', url: `/v1/admin/lives/${live.id}/status`, headers: as(producer), payload: { action: 'start' } });
    expect(started.data.live_state).toBe('live');
    expect(await status()).toBe(1);
    const auth = await call<{ url: string }>(app, { method: 'GET', url: `/v1/live/${live.id}/auth_url` });
    expect(auth.data.url).toContain(`/media/live/${live.id}/master.m3u8`);
    clock.advance(60);
    const early = await call(app, { method: 'POST', url: `/v1/admin/lives/${live.id}/replay`, headers: as(producer), payload: { available: true, use_stream_recording: true } });
    expect(early.code).toBe(ErrorCode.ADMIN_LIVE_NOT_ENDED);
    await call(app, { method: 'POST', url: `/v1/admin/lives/${live.id}/status`, headers: as(producer), payload: { action: 'end' } });
    expect(await status()).toBe(2);

    const noFile = await call(app, { method: 'POST', url: `/v1/admin/lives/${live.id}/replay`, headers: as(producer), payload: { available: true } });
    expect(noFile.code).toBe(ErrorCode.ADMIN_LIVE_NO_RECORDING);
    const on = await call<Live>(app, { method: 'POST', url: `/v1/admin/lives/${live.id}/replay`, headers: as(producer), payload: { available: true, use_stream_recording: true } });
    expect(on.data.has_replay).toBe(true);
    expect(await status()).toBe(3);
    const off = await call<Live>(app, { method: 'POST', url: `/v1/admin/lives/${live.id}/replay`, headers: as(producer), payload: { available: false } });
    expect(off.data.has_replay).toBe(false);
    expect(await status()).toBe(2);
    const actions = (await app.db.select().from(auditLog).where(eq(auditLog.target, `live:${live.id}`)).orderBy(asc(auditLog.id))).map((a) => a.action);
    expect(actions).toEqual(['live.create', 'live.publish', 'live.start', 'live.end', 'live.replay_on', 'live.replay_off']);
  });

  it('lists with filters and bulk actions', async () => {
    const a = await create({ title_zh: '筛选专用直播甲' });
    const b = await create({ title_zh: '筛选专用直播乙' });
    const bulk = await call<{ done: number[]; failed: { id: number; code: number }[] }>(app, {
      method: 'POST',
      url: '/v1/admin/lives/bulk',
      headers: as(producer),
      payload: { ids: [a.id, b.id, 2_000_000_000], action: 'publish' },
    });
    expect(bulk.data.done.sort()).toEqual([a.id, b.id].sort());
    expect(bulk.data.failed).toEqual([{ id: 2_000_000_000, code: ErrorCode.NOT_FOUND, message: expect.any(String) }]);
    const found = await call<{ items: { id: number; state: string; organizer: { id: number } | null }[]; total: number }>(app, {
      method: 'GET',
      url: `/v1/admin/lives?q=${encodeURIComponent('筛选专用')}&state=published&live_state=upcoming&organizer_id=${organizerId}`,
      headers: as(producer),
    });
    expect(found.data.items.map((i) => i.id).sort()).toEqual([a.id, b.id].sort());
    expect(found.data.total).toBe(2);
    const offline = await call(app, { method: 'POST', url: '/v1/admin/lives/bulk', headers: as(producer), payload: { ids: [a.id], action: 'offline' } });
    expect(offline.code).toBe(0);
    expect((await call(app, { method: 'GET', url: `/v1/live/${a.id}` })).code).toBe(ErrorCode.NOT_FOUND);
    const ended = await call<{ total: number }>(app, { method: 'GET', url: `/v1/admin/lives?q=${encodeURIComponent('筛选专用')}&live_state=ended`, headers: as(producer) });
    expect(ended.data.total).toBe(0);
  });

  it('an editor and a moderator are refused; a producer is allowed', async () => {
    const payload = { ...body(), agenda: [] };
    for (const u of [editor, moderatorRole, roomModerator]) {
      expect((await call(app, { method: 'POST', url: '/v1/admin/lives', headers: as(u), payload })).code).toBe(ErrorCode.FORBIDDEN);
      expect((await call(app, { method: 'GET', url: '/v1/admin/lives', headers: as(u) })).code).toBe(ErrorCode.FORBIDDEN);
    }
    const live = await create();
    for (const u of [editor, moderatorRole]) {
      expect((await call(app, { method: 'GET', url: `/v1/admin/lives/${live.id}/stream`, headers: as(u) })).code).toBe(ErrorCode.FORBIDDEN);
      expect((await call(app, { method: 'POST', url: `/v1/admin/lives/${live.id}/status`, headers: as(u), payload: { action: 'start' } })).code).toBe(ErrorCode.FORBIDDEN);
    }
    expect((await call(app, { method: 'GET', url: '/v1/admin/lives/options', headers: as(producer) })).code).toBe(0);
  });

  // Last: it moves the clock past the logins' lifetime.
  it('a push URL past its expiry is expired', async () => {
    const live = await create();
    const s = (await call<Stream>(app, { method: 'GET', url: `/v1/admin/lives/${live.id}/stream`, headers: as(producer) })).data;
    clock.advance((new Date(s.expires_at).getTime() - clock.now().getTime()) / 1000 + 1);
    const fresh = await app.accounts.tokens.open(app.db, producer.id, 'web');
    const check = await call<{ result: string }>(app, { method: 'POST', url: `/v1/admin/lives/${live.id}/stream/check`, headers: bearer(fresh.access), payload: { url: s.url } });
    expect(check.data.result).toBe('expired');
  });
});
