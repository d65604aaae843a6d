import { ErrorCode, LiveCalendarData, LiveCard, LiveDateData, LiveHistoryFiltersData, LookBackData, Page, RemindTypeData } from '@medportal/contract';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departments, liveReminders, lives, sandboxMessages, userFavorites } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { bearer, call, makeUser, type MadeUser } from '../../../test/factories.ts';
import { LiveReminderSweep } from './lives.reminders.ts';
import { dayStart, localDate } from '../../lib/local-time.ts';

const CardPage = Page(LiveCard);

/** 2026-03-10 23:30 in +08:00, 15:30 UTC. */
let nowMs = Date.parse('2026-03-10T15:30:00Z');
const now = () => new Date(nowMs);

let app: FastifyInstance;
let alice: MadeUser;
let bob: MadeUser;
const id: Record<string, number> = {};

const at = (iso: string, minutes: number) => ({ startAt: new Date(iso), endAt: new Date(Date.parse(iso) + minutes * 60_000) });

beforeAll(async () => {
  app = await buildTestApp({ seed: false, now });
  alice = await makeUser(app, { nickname: 'Alice' });
  bob = await makeUser(app, { nickname: 'Bob', email: 'bob@example.com' });
  const [cardio, neuro] = await app.db
    .insert(departments)
    .values([
      { slug: 'cardio', nameZh: '心内科', nameEn: 'Cardiology', sort: 1 },
      { slug: 'neuro', nameZh: '神经内科', nameEn: 'Neurology', sort: 2 },
    ])
    .returning({ id: departments.id });
  id.cardio = cardio!.id;
  id.neuro = neuro!.id;
  const base = { banner: '/b.svg', meetingNo: '123456789012', status: 'published' as const, subTitleZh: '副标题', subTitleEn: 'Subtitle' };
  const rows = [
    { key: 'onAir', titleZh: '正在直播', titleEn: 'On air', ...at('2026-03-10T15:00:00Z', 90), previewGif: '/p.gif' },
    // 00:30 on 3-11 in +08:00, but still 3-10 in UTC.
    { key: 'midnight', titleZh: '午夜场', titleEn: 'Midnight', ...at('2026-03-10T16:30:00Z', 60) },
    { key: 'soon', titleZh: '后天', titleEn: 'In two days', ...at('2026-03-12T02:00:00Z', 60) },
    { key: 'p1', titleZh: '往期一', titleEn: 'Past one', ...at('2026-03-05T02:00:00Z', 60), hasReplay: true, departmentId: id.cardio },
    { key: 'p2', titleZh: '往期二', titleEn: 'Past two', ...at('2026-03-03T02:00:00Z', 60), hasReplay: false, departmentId: id.neuro },
    { key: 'p3', titleZh: '往期三', titleEn: 'Past three', ...at('2026-03-01T02:00:00Z', 60), hasReplay: true, departmentId: id.cardio },
    // 2026-01-01 00:30 in +08:00: last year in UTC.
    { key: 'p4', titleZh: '跨年', titleEn: 'New year', ...at('2025-12-31T16:30:00Z', 60), hasReplay: true },
    { key: 'p5', titleZh: '去年', titleEn: 'Last year', ...at('2025-06-01T02:00:00Z', 60), hasReplay: true, departmentId: id.neuro },
    { key: 'far', titleZh: '远期', titleEn: 'Far away', ...at('2026-06-01T02:00:00Z', 60) },
    { key: 'draft', titleZh: '草稿', titleEn: 'Draft', ...at('2026-03-10T15:00:00Z', 60), status: 'draft' as const },
  ];
  for (const { key, ...r } of rows) {
    const [row] = await app.db.insert(lives).values({ ...base, ...r }).returning({ id: lives.id });
    id[key] = row!.id;
  }
});
afterAll(async () => {
  await app?.close();
});

const get = <T = unknown>(url: string, token?: string) => call<T>(app, { url, headers: token ? bearer(token) : {} });
const put = (what: 'remind' | 'favorite', liveId: number, status: number, token?: string, query = '') =>
  call<Record<string, unknown>>(app, { method: 'PUT', url: `/v1/user/live/${liveId}/${what}${query}`, headers: token ? bearer(token) : {}, payload: { status } });
const reminderRows = async (liveId: number) => (await app.db.select({ n: count() }).from(liveReminders).where(eq(liveReminders.liveId, liveId)))[0]?.n ?? 0;

describe('local time', () => {
  it('finds day edges for offsets and IANA zones', () => {
    expect(dayStart('2026-03-11', '+08:00').toISOString()).toBe('2026-03-10T16:00:00.000Z');
    expect(dayStart('2026-03-11', '-05:30').toISOString()).toBe('2026-03-11T05:30:00.000Z');
    // New York is on summer time from 2026-03-08.
    expect(dayStart('2026-03-10', 'America/New_York').toISOString()).toBe('2026-03-10T04:00:00.000Z');
    expect(dayStart('2026-03-01', 'America/New_York').toISOString()).toBe('2026-03-01T05:00:00.000Z');
    expect(localDate(new Date('2026-03-10T16:30:00Z'), '+08:00')).toBe('2026-03-11');
    expect(localDate(new Date('2026-03-10T16:30:00Z'), 'UTC')).toBe('2026-03-10');
  });
});

describe('live_date', () => {
  it('lists days with lives in the default +08:00 zone, a week back to two months ahead', async () => {
    const res = await get('/v1/live/live_date');
    expect(res.code).toBe(0);
    const d = LiveDateData.parse(res.data);
    expect(d.today).toBe('2026-03-10');
    expect(d.timezone).toBe('+08:00');
    expect(d.items).toEqual([
      { date: '2026-03-03', count: 1, has_live: false },
      { date: '2026-03-05', count: 1, has_live: false },
      { date: '2026-03-10', count: 1, has_live: true },
      { date: '2026-03-11', count: 1, has_live: false },
      { date: '2026-03-12', count: 1, has_live: false },
    ]);
  });

  it('moves day boundaries with the timezone parameter (offset and IANA)', async () => {
    const utc = LiveDateData.parse((await get('/v1/live/live_date?timezone=%2B00:00')).data);
    expect(utc.today).toBe('2026-03-10');
    expect(utc.items.find((x) => x.date === '2026-03-10')).toEqual({ date: '2026-03-10', count: 2, has_live: true });
    expect(utc.items.find((x) => x.date === '2026-03-11')).toBeUndefined();
    const ny = LiveDateData.parse((await get('/v1/live/live_date?timezone=America/New_York')).data);
    expect(ny.timezone).toBe('America/New_York');
    expect(ny.items.find((x) => x.date === '2026-03-10')?.count).toBe(2);
    // 14:00 in +14:00 is already the next day.
    const kiribati = LiveDateData.parse((await get('/v1/live/live_date?timezone=%2B14:00')).data);
    expect(kiribati.today).toBe('2026-03-11');
  });
});

describe('date_lives', () => {
  it("answers one day's lives by start time, live now with its text, in zh and en", async () => {
    const zh = CardPage.parse((await get('/v1/live/date_lives?date=2026-03-10')).data);
    expect(zh.items.map((x) => x.id)).toEqual([id.onAir]);
    expect(zh.items[0]).toMatchObject({
      title: '正在直播',
      live_status: 1,
      live_status_text: '直播中',
      preview_gif: '/p.gif',
      meeting_no: '123456789012',
      date: '2026-03-10',
      is_remind: false,
      is_favorite: false,
      remind_count: 0,
    });
    const en = CardPage.parse((await get('/v1/live/date_lives?date=2026-03-11&language=en')).data);
    expect(en.items.map((x) => [x.title, x.live_status, x.live_status_text])).toEqual([['Midnight', 0, 'Upcoming']]);
  });

  it('pages in a stable order without overlap', async () => {
    const seen: number[] = [];
    for (let p = 1; p <= 5; p++) {
      const d = CardPage.parse((await get(`/v1/live/date_lives?date=2026-03-10&timezone=UTC&page=${p}&page_size=1`)).data);
      expect(d.total).toBe(2);
      seen.push(...d.items.map((x) => x.id));
      if (!d.has_more) break;
    }
    expect(seen).toEqual([id.onAir, id.midnight]);
  });

  it('rejects missing, impossible or malformed dates and oversized pages', async () => {
    expect((await get('/v1/live/date_lives')).code).toBe(ErrorCode.VALIDATION);
    expect((await get('/v1/live/date_lives?date=2026-02-31')).code).toBe(ErrorCode.VALIDATION);
    expect((await get('/v1/live/date_lives?date=9999-12-31')).code).toBe(ErrorCode.VALIDATION);
    expect((await get('/v1/live/history?year=9999')).code).toBe(ErrorCode.VALIDATION);
    expect((await get('/v1/live/date_lives?date=2999-12-31')).code).toBe(0);
    expect((await get('/v1/live/history?year=2999')).code).toBe(0);
    expect((await get("/v1/live/date_lives?date=2026-03-10'%20or%201=1")).code).toBe(ErrorCode.VALIDATION);
    expect((await get('/v1/live/date_lives?date=2026-03-10&page_size=1000')).code).toBe(ErrorCode.VALIDATION);
    expect((await get('/v1/live/date_lives?date=2026-03-10&page=-1')).code).toBe(ErrorCode.VALIDATION);
  });
});

describe('history and look back', () => {
  it('lists ended meetings newest first and pages them', async () => {
    const d = CardPage.parse((await get('/v1/live/history?page_size=2')).data);
    expect(d.total).toBe(5);
    expect(d.items.map((x) => x.id)).toEqual([id.p1, id.p2]);
    const p3 = CardPage.parse((await get('/v1/live/history?page_size=2&page=3')).data);
    expect(p3.items.map((x) => x.id)).toEqual([id.p5]);
    expect(p3.has_more).toBe(false);
    expect(p3.items[0]?.live_status).toBe(3);
  });

  it('filters by year in the caller timezone and by department', async () => {
    const y2026 = CardPage.parse((await get('/v1/live/history?year=2026')).data);
    expect(y2026.items.map((x) => x.id)).toEqual([id.p1, id.p2, id.p3, id.p4]);
    const y2026utc = CardPage.parse((await get('/v1/live/history?year=2026&timezone=UTC')).data);
    expect(y2026utc.items.map((x) => x.id)).toEqual([id.p1, id.p2, id.p3]);
    const cardio = CardPage.parse((await get(`/v1/live/history?department_id=${id.cardio}`)).data);
    expect(cardio.items.map((x) => x.id)).toEqual([id.p1, id.p3]);
    const none = CardPage.parse((await get('/v1/live/history?year=1999')).data);
    expect(none).toMatchObject({ items: [], total: 0, has_more: false });
    expect((await get('/v1/live/history?year=abc')).code).toBe(ErrorCode.VALIDATION);
  });

  it('answers the filters: years newest first and departments in their order, in the language asked', async () => {
    const res = await get('/v1/live/history/filters?language=en');
    expect(res).toMatchObject({ code: 0 });
    const f = LiveHistoryFiltersData.parse(res.data);
    expect(f.years).toEqual([2026, 2025]);
    expect(f.departments).toEqual([
      { id: id.cardio, title: 'Cardiology' },
      { id: id.neuro, title: 'Neurology' },
    ]);
  });

  it('look back shows only ended lives that have a replay', async () => {
    const d = LookBackData.parse((await get('/v1/live/look_back?limit=3')).data);
    expect(d.items.map((x) => x.id)).toEqual([id.p1, id.p3, id.p4]);
    expect((await get('/v1/live/look_back?limit=500')).code).toBe(ErrorCode.VALIDATION);
  });
});

describe('remind and favourite', () => {
  it('needs login, a published live and a live that has not ended', async () => {
    expect((await put('remind', id.soon!, 1)).code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await put('favorite', id.soon!, 1)).code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await put('remind', 999_999, 1, alice.access)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await put('remind', id.draft!, 1, alice.access)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await put('favorite', id.draft!, 1, alice.access)).code).toBe(ErrorCode.NOT_FOUND);
    const ended = await put('remind', id.p1!, 1, alice.access, '?language=en');
    expect(ended.code).toBe(ErrorCode.LIVE_ENDED);
    expect(ended.message).toMatch(/ended/);
    expect((await put('remind', id.soon!, 3, alice.access)).code).toBe(ErrorCode.VALIDATION);
    expect(await reminderRows(id.p1!)).toBe(0);
  });

  it('keeps one reminder per user under concurrent clicks; remind_count is the number of rows', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => put('remind', id.soon!, 1, alice.access)));
    for (const a of answers) expect(a).toMatchObject({ code: 0, data: { is_remind: true, remind_count: 1 } });
    expect(await reminderRows(id.soon!)).toBe(1);
    expect((await put('remind', id.soon!, 1, bob.access)).data).toEqual({ is_remind: true, remind_count: 2 });
    // A live on air can still be reminded (the reminder goes out at once).
    expect((await put('remind', id.onAir!, 1, alice.access)).code).toBe(0);

    const mine = CardPage.parse((await get('/v1/live/date_lives?date=2026-03-12', alice.access)).data);
    expect(mine.items[0]).toMatchObject({ is_remind: true, remind_count: 2 });
    const anon = CardPage.parse((await get('/v1/live/date_lives?date=2026-03-12')).data);
    expect(anon.items[0]).toMatchObject({ is_remind: false, remind_count: 2 });

    const off = await Promise.all([put('remind', id.soon!, 2, bob.access), put('remind', id.soon!, 2, bob.access)]);
    for (const a of off) expect(a).toMatchObject({ code: 0, data: { is_remind: false, remind_count: 1 } });
    expect(await reminderRows(id.soon!)).toBe(1);
  });

  it('favourites are the member rows (module live), one per user under concurrent clicks', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => put('favorite', id.midnight!, 1, alice.access)));
    for (const a of answers) expect(a).toMatchObject({ code: 0, data: { is_favorite: true } });
    const [row] = await app.db
      .select({ n: count() })
      .from(userFavorites)
      .where(and(eq(userFavorites.userId, alice.id), eq(userFavorites.moduleName, 'live'), eq(userFavorites.moduleId, id.midnight!)));
    expect(row?.n).toBe(1);
    // Ended lives may be favourited (the replay).
    expect((await put('favorite', id.p1!, 1, alice.access)).code).toBe(0);
    const list = await get<{ items: Array<{ module_id: number }> }>('/v1/user/favorite?module_name=live', alice.access);
    expect(list.data.items.map((x) => x.module_id).sort()).toEqual([id.midnight, id.p1].sort());
    const card = CardPage.parse((await get('/v1/live/date_lives?date=2026-03-11', alice.access)).data).items[0];
    expect(card).toMatchObject({ id: id.midnight, is_favorite: true, is_remind: false });
    expect((await put('favorite', id.p1!, 2, alice.access)).data).toEqual({ is_favorite: false });
  });

  it('the calendar shows my reminded and favourited lives by day of the month', async () => {
    expect((await get('/v1/user/live/calendar?month=2026-03')).code).toBe(ErrorCode.NOT_LOGGED_IN);
    const cal = LiveCalendarData.parse((await get('/v1/user/live/calendar?month=2026-03', alice.access)).data);
    expect(cal.days.map((d) => [d.date, d.items.map((x) => x.id)])).toEqual([
      ['2026-03-10', [id.onAir]],
      ['2026-03-11', [id.midnight]],
      ['2026-03-12', [id.soon]],
    ]);
    const utc = LiveCalendarData.parse((await get('/v1/user/live/calendar?month=2026-03&timezone=UTC', alice.access)).data);
    expect(utc.days.map((d) => d.date)).toEqual(['2026-03-10', '2026-03-12']);
    const bobs = LiveCalendarData.parse((await get('/v1/user/live/calendar?month=2026-03', bob.access)).data);
    expect(bobs.days).toEqual([]);
    expect((await get('/v1/user/live/calendar?month=2026-13', alice.access)).code).toBe(ErrorCode.VALIDATION);
    expect((await get('/v1/user/live/calendar?month=9999-12', alice.access)).code).toBe(ErrorCode.VALIDATION);
    expect((await get('/v1/user/live/calendar?month=2999-12', alice.access)).code).toBe(0);
    expect((await get('/v1/user/live/calendar', alice.access)).code).toBe(ErrorCode.VALIDATION);
  });
});

describe('remind type', () => {
  const post = (token: string, payload: Record<string, unknown>) => call(app, { method: 'POST', url: '/v1/user/live/remind_type', headers: bearer(token), payload });

  it('defaults to SMS 15 minutes before, and offers only channels the account can receive', async () => {
    const d = RemindTypeData.parse((await get('/v1/user/live/remind_type', alice.access)).data);
    expect(d).toMatchObject({ channel: 'sms', minutes_before: 15, minutes_options: [5, 15, 30, 60, 1440] });
    expect(d.channels).toEqual([
      { value: 'sms', title: '短信', available: true },
      { value: 'email', title: '邮件', available: false },
    ]);
    expect((await post(alice.access, { channel: 'email', minutes_before: 30 })).code).toBe(ErrorCode.VALIDATION);
    expect((await get('/v1/user/live/remind_type')).code).toBe(ErrorCode.NOT_LOGGED_IN);
  });

  it('stores the choice, and rejects unknown channels and lead times', async () => {
    const saved = await post(bob.access, { channel: 'email', minutes_before: 60 });
    expect(saved.code).toBe(0);
    expect(RemindTypeData.parse((await get('/v1/user/live/remind_type?language=en', bob.access)).data)).toMatchObject({ channel: 'email', minutes_before: 60 });
    expect((await post(bob.access, { channel: 'wechat', minutes_before: 60 })).code).toBe(ErrorCode.VALIDATION);
    expect((await post(bob.access, { channel: 'sms', minutes_before: 7 })).code).toBe(ErrorCode.VALIDATION);
    expect((await post(bob.access, { channel: 'sms', minutes_before: 5, extra: 1 })).code).toBe(ErrorCode.VALIDATION);
    expect(RemindTypeData.parse((await get('/v1/user/live/remind_type', bob.access)).data).minutes_before).toBe(60);
  });
});

describe('reminder delivery', () => {
  it('sends each due reminder once, in the language it was set in, even with two sweeps at once', async () => {
    // Bob: email, 60 minutes before; Alice: SMS, 15 minutes before (default).
    expect((await put('remind', id.soon!, 1, bob.access, '?language=en')).code).toBe(0);
    const log = { warn: () => undefined };
    const one = new LiveReminderSweep(app.db, app.accounts.outbox, now, log);
    const two = new LiveReminderSweep(app.db, app.accounts.outbox, now, log);
    // What the provider received, once the outbox has delivered what the sweeps queued.
    const sent = async (scene = 'live_remind') => {
      await app.accounts.outbox.drain();
      return app.db.select().from(sandboxMessages).where(eq(sandboxMessages.scene, scene)).orderBy(sandboxMessages.id);
    };

    // Alice's on-air reminder is due at once.
    await Promise.all([one.run(), two.run()]);
    expect((await sent()).map((m) => [m.to, m.channel])).toEqual([[`+86${alice.mobile}`, 'sms']]);

    // 2026-03-12 01:00 UTC: an hour before "soon", Bob's email is due, Alice's not yet.
    nowMs = Date.parse('2026-03-12T01:00:00Z');
    await Promise.all([one.run(), two.run()]);
    const afterBob = await sent();
    expect(afterBob).toHaveLength(2);
    const bobMsg = afterBob.find((m) => m.to === 'bob@example.com');
    expect(bobMsg?.channel).toBe('email');
    expect(bobMsg?.text).toMatch(/In two days.*2026-03-12 10:00/);

    nowMs = Date.parse('2026-03-12T01:46:00Z');
    await Promise.all([one.run(), two.run(), one.run()]);
    const all = await sent();
    expect(all).toHaveLength(3);
    expect(all.filter((m) => m.to === `+86${alice.mobile}`).at(-1)?.text).toMatch(/后天.*2026-03-12 10:00/);
    const pending = await app.db.select().from(liveReminders).where(eq(liveReminders.liveId, id.soon!));
    expect(pending.every((r) => r.sentAt !== null && r.channel !== null)).toBe(true);
  });
});
