import { CalendarFeedData, CongressCard, CongressDetail, ErrorCode, Page } from '@medportal/contract';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { congresses, congressFavorites, lives, liveSpeakers, speakers } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { bearer, call, makeUser, type MadeUser } from '../../../test/factories.ts';

const CardPage = Page(CongressCard);

let app: FastifyInstance;
let user: MadeUser;
const now = new Date();
const year = new Date(now.getTime() + 8 * 3_600_000).getUTCFullYear();

beforeAll(async () => {
  app = await buildTestApp();
  user = await makeUser(app);
});
afterAll(async () => {
  await app?.close();
});

const get = <T = unknown>(url: string, token?: string) => call<T>(app, { url, headers: token ? bearer(token) : {} });
const put = (url: string, payload: unknown, token: string) => call(app, { method: 'PUT', url, payload: payload as object, headers: bearer(token) });
const list = async (qs: string, token?: string) => {
  const res = await get(`/v1/meeting/calendar?${qs}`, token);
  expect(res.code).toBe(0);
  return CardPage.parse(res.data);
};
const events = (text: string) => Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');

describe('GET /v1/meeting/calendar', () => {
  it('holds at least 40 congresses across this year and the next, listed by start from today on', async () => {
    const all = await app.db.select().from(congresses);
    expect(all.length).toBeGreaterThanOrEqual(40);
    const years = new Set(all.map((c) => Number(c.startDate.slice(0, 4))));
    expect(years).toEqual(new Set([year, year + 1]));
    for (const acronym of ['ASCO', 'ESMO', 'ASH', 'EHA', 'CSCO', 'WCLC']) expect(all.some((c) => c.acronym === `${acronym} ${year + 1}`)).toBe(true);
    // Every logo is drawn by this server.
    for (const logo of new Set(all.map((c) => c.logo))) expect((await app.inject({ url: logo })).headers['content-type'], logo).toContain('image/svg+xml');

    const page = await list('page_size=100');
    const today = now.toISOString().slice(0, 10);
    expect(page.total).toBe(all.filter((c) => c.endDate >= today).length);
    expect(page.items.every((c) => c.end_date >= today)).toBe(true);
    const starts = page.items.map((c) => c.start_date);
    expect([...starts].sort()).toEqual(starts);
  });

  it('lists congresses overlapping a month, multi-day ones in every month they touch', async () => {
    const june = await list(`month=${year + 1}-06&page_size=100`);
    expect(june.items.length).toBeGreaterThan(0);
    for (const c of june.items) expect(c.start_date <= `${year + 1}-06-30` && c.end_date >= `${year + 1}-06-01`).toBe(true);
    // ASCO runs from 29 May into June: it is in both months.
    const asco = `ASCO ${year + 1}`;
    expect(june.items.some((c) => c.acronym === asco)).toBe(true);
    expect((await list(`month=${year + 1}-05&page_size=100`)).items.some((c) => c.acronym === asco)).toBe(true);
  });

  it('filters by field, region, online/offline and keyword, in the caller language', async () => {
    const onc = await list(`month=${year + 1}-09&field=oncology&page_size=100`);
    expect(onc.items.length).toBeGreaterThan(0);
    expect(onc.items.every((c) => c.field === 'oncology' && c.field_name === '肿瘤')).toBe(true);
    const eu = await list(`field=hematology&region=europe&page_size=100&language=en`);
    expect(eu.items.map((c) => c.acronym.split(' ')[0])).toContain('EHA');
    expect(eu.items.every((c) => c.region === 'europe' && c.region_name === 'Europe' && !/[\u4e00-\u9fff]/.test(c.title))).toBe(true);
    const online = await list(`mode=online&page_size=100`);
    expect(online.items.every((c) => c.mode !== 'offline')).toBe(true);
    expect(online.items.some((c) => c.mode === 'online')).toBe(true);
    const offline = await list(`mode=offline&page_size=100`);
    expect(offline.items.every((c) => c.mode !== 'online')).toBe(true);
    // A keyword matches acronyms, titles, organisers and cities in either language.
    expect((await list(`keyword=${encodeURIComponent('血液学会')}&page_size=100`)).items.map((c) => c.acronym.split(' ')[0])).toContain('ASH');
    expect((await list('keyword=barcelona&page_size=100')).items.some((c) => c.acronym.startsWith('WCLC'))).toBe(true);
    expect((await list(`keyword=${encodeURIComponent('100%_')}`)).total).toBe(0);
  });

  it('pages without gaps or repeats', async () => {
    const seen: number[] = [];
    let total = 0;
    for (let p = 1; p <= 30; p++) {
      const data = await list(`page=${p}&page_size=7`);
      total = data.total;
      seen.push(...data.items.map((c) => c.id));
      if (!data.has_more) break;
    }
    expect(seen.length).toBe(total);
    expect(new Set(seen).size).toBe(total);
  });

  it('rejects bad filters', async () => {
    for (const q of ['month=2026-13', 'field=astrology', 'region=mars', 'mode=both', 'page_size=101']) expect((await get(`/v1/meeting/calendar?${q}`)).code).toBe(ErrorCode.VALIDATION);
  });

  it('names the filters and the months of this year and the next', async () => {
    const res = await get<{ fields: Array<{ key: string; name: string }>; regions: unknown[]; months: string[] }>('/v1/meeting/calendar/filters?language=en');
    expect(res.data.fields.find((f) => f.key === 'oncology')?.name).toBe('Oncology');
    expect(res.data.regions.length).toBe(6);
    expect(res.data.months[0]).toBe(`${year}-01`);
    expect(res.data.months.at(-1)).toBe(`${year + 1}-12`);
  });
});

describe('GET /v1/meeting/calendar/:id and its .ics', () => {
  it('shows a congress with both titles, deadlines and its .ics path', async () => {
    const [c] = await app.db.select().from(congresses).where(eq(congresses.acronym, `ESMO ${year + 1}`));
    const en = CongressDetail.parse((await get(`/v1/meeting/calendar/${c!.id}?language=en`)).data);
    expect(en.title).toBe(`ESMO Congress ${year + 1}`);
    expect(en.title_zh).toMatch(/[\u4e00-\u9fff]/);
    expect(en.url).toMatch(/^https:\/\//);
    expect(en.abstract_deadline! < en.start_date).toBe(true);
    expect(en.ics_path).toBe(`/v1/meeting/calendar/${c!.id}.ics`);
    expect(en.is_favorite).toBe(false);
    expect((await get('/v1/meeting/calendar/999999')).code).toBe(ErrorCode.NOT_FOUND);
    expect((await get('/v1/meeting/calendar/abc')).code).toBe(ErrorCode.VALIDATION);
  });

  it('serves one congress as an all-day, multi-day iCalendar event', async () => {
    const [c] = await app.db.select().from(congresses).where(eq(congresses.acronym, `ASCO ${year + 1}`));
    const res = await app.inject({ url: `/v1/meeting/calendar/${c!.id}.ics?language=en` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('.ics');
    const [ev] = events(res.body);
    expect(ev?.uid).toBe(`congress-${c!.id}@medportal`);
    expect(ev?.datetype).toBe('date');
    expect(ev?.start.toISOString().slice(0, 10)).toBe(c!.startDate);
    // DTEND of an all-day event is the day after the last.
    expect(ev?.end?.toISOString().slice(0, 10)).toBe(new Date(Date.parse(c!.endDate) + 86_400_000).toISOString().slice(0, 10));
    expect(ev?.summary).toBe(`ASCO ${year + 1}`);
    expect(String(ev?.location)).toContain('Chicago');
    expect((await app.inject({ url: '/v1/meeting/calendar/999999.ics' })).statusCode).toBe(404);
  });
});

describe('sitemap', () => {
  it('lists the calendar and every published congress', async () => {
    const xml = (await app.inject({ url: '/sitemap.xml' })).body;
    const [c] = await app.db.select().from(congresses).limit(1);
    expect(xml).toContain('/meeting/calendar?lang=zh');
    expect(xml).toContain(`/meeting/calendar/${c!.id}?lang=en`);
  });
});

describe('favourites', () => {
  it('needs a login', async () => {
    expect((await call(app, { method: 'PUT', url: '/v1/user/meeting/calendar/1/favorite', payload: { status: 1 } })).code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await get('/v1/user/meeting/calendar/favorites')).code).toBe(ErrorCode.NOT_LOGGED_IN);
  });

  it('favourites and unfavourites idempotently; a burst of clicks is one row; the list and the detail show it', async () => {
    const me = await makeUser(app);
    const [a, b] = await app.db.select().from(congresses).where(gt(congresses.startDate, `${year + 1}-01-01`)).orderBy(asc(congresses.startDate)).limit(2);
    const burst = await Promise.all(Array.from({ length: 12 }, () => put(`/v1/user/meeting/calendar/${a!.id}/favorite`, { status: 1 }, me.access)));
    expect(burst.every((r) => r.code === 0)).toBe(true);
    expect(await app.db.select().from(congressFavorites).where(and(eq(congressFavorites.userId, me.id), eq(congressFavorites.congressId, a!.id)))).toHaveLength(1);
    expect((await put(`/v1/user/meeting/calendar/${b!.id}/favorite`, { status: 1 }, me.access)).data).toEqual({ is_favorite: true });

    const favs = CardPage.parse((await get('/v1/user/meeting/calendar/favorites', me.access)).data);
    expect(favs.items.map((c) => c.id)).toEqual([a!.id, b!.id]);
    expect(favs.items.every((c) => c.is_favorite)).toBe(true);
    expect(CongressDetail.parse((await get(`/v1/meeting/calendar/${a!.id}`, me.access)).data).is_favorite).toBe(true);
    expect(CongressDetail.parse((await get(`/v1/meeting/calendar/${a!.id}`, user.access)).data).is_favorite).toBe(false);
    expect(CongressDetail.parse((await get(`/v1/meeting/calendar/${a!.id}`)).data).is_favorite).toBe(false);
    expect((await list(`month=${a!.startDate.slice(0, 7)}&page_size=100`, me.access)).items.find((c) => c.id === a!.id)?.is_favorite).toBe(true);

    expect((await put(`/v1/user/meeting/calendar/${b!.id}/favorite`, { status: 2 }, me.access)).data).toEqual({ is_favorite: false });
    expect((await put(`/v1/user/meeting/calendar/${b!.id}/favorite`, { status: 2 }, me.access)).code).toBe(0);
    expect(CardPage.parse((await get('/v1/user/meeting/calendar/favorites', me.access)).data).items.map((c) => c.id)).toEqual([a!.id]);
    expect((await put('/v1/user/meeting/calendar/999999/favorite', { status: 1 }, me.access)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await put(`/v1/user/meeting/calendar/${a!.id}/favorite`, { status: 3 }, me.access)).code).toBe(ErrorCode.VALIDATION);
  });
});

describe('the personal calendar feed', () => {
  const feedPath = (url: string) => {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  };

  it('holds favourite congresses as all-day events and reminded or favourite lives as timed events with an alarm', async () => {
    const me = await makeUser(app);
    const [c] = await app.db.select().from(congresses).where(eq(congresses.acronym, `ESMO ${year + 1}`));
    await put(`/v1/user/meeting/calendar/${c!.id}/favorite`, { status: 1 }, me.access);
    // A coming live with speakers, reminded; another favourited.
    const coming = await app.db.select().from(lives).where(and(eq(lives.status, 'published'), gt(lives.startAt, new Date()))).orderBy(asc(lives.startAt)).limit(2);
    expect(coming.length).toBe(2);
    const [reminded, favourite] = coming as [typeof lives.$inferSelect, typeof lives.$inferSelect];
    expect((await put(`/v1/user/live/${reminded.id}/remind`, { status: 1 }, me.access)).code).toBe(0);
    expect((await put(`/v1/user/live/${favourite.id}/favorite`, { status: 1 }, me.access)).code).toBe(0);
    const people = await app.db.select({ name: speakers.nameEn }).from(liveSpeakers).innerJoin(speakers, eq(speakers.id, liveSpeakers.speakerId)).where(eq(liveSpeakers.liveId, reminded.id));

    const feed = CalendarFeedData.parse((await get('/v1/user/calendar/feed?language=en', me.access)).data);
    expect(feed.url).toMatch(/^http:\/\/localhost(:\d+)?\/v1\/calendar\/feed\.ics\?token=[\w-]{40,}&language=en$/);
    expect(feed.webcal_url).toBe(feed.url.replace(/^http:/, 'webcal:'));
    // The same URL until it is renewed.
    expect(CalendarFeedData.parse((await get('/v1/user/calendar/feed?language=en', me.access)).data).url).toBe(feed.url);

    const res = await app.inject({ url: feedPath(feed.url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('BEGIN:VTIMEZONE\r\nTZID:Asia/Shanghai');
    const parsed = events(res.body);
    const congress = parsed.find((e) => e.uid === `congress-${c!.id}@medportal`);
    expect(congress?.datetype).toBe('date');
    expect(congress?.start.toISOString().slice(0, 10)).toBe(c!.startDate);
    expect(congress?.categories).toEqual(['Congress', 'Oncology', 'Europe']);

    const live = parsed.find((e) => e.uid === `live-${reminded.id}@medportal`);
    expect(live?.datetype).toBe('date-time');
    expect(live?.start.toISOString()).toBe(reminded.startAt.toISOString());
    expect(live?.start.tz).toBe('Asia/Shanghai');
    expect(live?.categories?.[0]).toBe('Live');
    expect(res.body).toMatch(/BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT15M/);
    for (const p of people) expect(String(live?.description)).toContain(p.name);
    expect(String(live?.description)).toMatch(/Meeting number: \d{4}-\d{4}-\d{4}/);
    expect(parsed.some((e) => e.uid === `live-${favourite.id}@medportal`)).toBe(true);

    // UIDs stay the same from one fetch to the next.
    const again = events((await app.inject({ url: feedPath(feed.url) })).body).map((e) => e.uid).sort();
    expect(again).toEqual(parsed.map((e) => e.uid).sort());
    // Another user's feed holds none of it.
    const other = CalendarFeedData.parse((await get('/v1/user/calendar/feed', user.access)).data);
    expect(events((await app.inject({ url: feedPath(other.url) })).body)).toHaveLength(0);
  });

  it('is renewed (the old URL stops at once) and revoked', async () => {
    const me = await makeUser(app);
    const first = CalendarFeedData.parse((await get('/v1/user/calendar/feed', me.access)).data);
    const renewed = await call(app, { method: 'POST', url: '/v1/user/calendar/feed', headers: bearer(me.access) });
    const second = CalendarFeedData.parse(renewed.data);
    expect(second.url).not.toBe(first.url);
    expect((await app.inject({ url: feedPath(first.url) })).statusCode).toBe(404);
    expect((await app.inject({ url: feedPath(second.url) })).statusCode).toBe(200);
    expect(CalendarFeedData.parse((await get('/v1/user/calendar/feed', me.access)).data).url).toBe(second.url);

    expect((await call(app, { method: 'DELETE', url: '/v1/user/calendar/feed', headers: bearer(me.access) })).code).toBe(0);
    expect((await app.inject({ url: feedPath(second.url) })).statusCode).toBe(404);
    const third = CalendarFeedData.parse((await get('/v1/user/calendar/feed', me.access)).data);
    expect(third.url).not.toBe(second.url);
    expect((await app.inject({ url: '/v1/calendar/feed.ics?token=nope' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/v1/calendar/feed.ics' })).statusCode).toBe(404);
  });

  it('makes one feed when first asked for many times at once', async () => {
    const me = await makeUser(app);
    const urls = await Promise.all(Array.from({ length: 10 }, async () => CalendarFeedData.parse((await get('/v1/user/calendar/feed', me.access)).data).url));
    expect(new Set(urls).size).toBe(1);
  });
});
