import { brotliDecompressSync } from 'node:zlib';
import { PriceType } from '@medportal/contract';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columns, courses, lives, news, speakers } from '../src/db/schema/index.ts';
import { buildTestApp } from './build-test-app.ts';
import { bearer, call, makeUser, type MadeUser } from './factories.ts';

/**
 * Public reads answered from prepared payloads (decision record 0031), through the HTTP surface:
 * what is kept, for whom, with which headers, and that a write shows on the next read.
 */
let app: FastifyInstance;
let alice: MadeUser;
beforeAll(async () => {
  app = await buildTestApp();
  alice = await makeUser(app, { nickname: 'Alice' });
});
afterAll(async () => {
  await app?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });
const data = <T = Record<string, unknown>>(res: LightMyRequestResponse) => (res.json() as { code: number; data: T }).data;
const send = (method: 'POST' | 'PUT', url: string, token: string, payload: Record<string, unknown>) =>
  call<Record<string, unknown>>(app, { method, url, headers: bearer(token), payload });

async function firstId(table: typeof courses | typeof news | typeof speakers | typeof columns): Promise<number> {
  const [row] = await app.db.select({ id: table.id }).from(table).where(eq(table.status, 'published')).orderBy(asc(table.id)).limit(1);
  if (!row) throw new Error('no published row');
  return row.id;
}

/** Fields that belong to one caller; an anonymous answer never has any of them set. */
const PERSONAL = new Set(['is_favorite', 'is_liked', 'is_follow', 'is_remind', 'is_mine', 'is_moderator', 'signed_in']);
/** The personal fields switched off, to compare the rest of two answers. */
const PERSONAL_OFF = Object.fromEntries([...PERSONAL].map((k) => [k, false]));
function personalFieldsSet(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => personalFieldsSet(v, `${path}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => (PERSONAL.has(k) && v === true ? [`${path}.${k}`] : personalFieldsSet(v, `${path}.${k}`)));
}

describe('anonymous public reads', () => {
  it('are built once, then answered from the payload with an ETag, a Cache-Control a CDN honours, and 304 when unchanged', async () => {
    const url = '/v1/pc/course?page=1&page_size=7&language=en';
    const before = app.publicCache.stats();
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBe('MISS');
    expect(first.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=[1-5], stale-while-revalidate=\d+$/);
    expect(first.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    // `language` decides the language: Accept-Language does not matter to a shared cache.
    expect(first.headers.vary).toBe('Accept-Encoding');

    const second = await get(url);
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');

    const unchanged = await get(url, { 'if-none-match': String(first.headers.etag) });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(first.headers.etag);
    expect((await get(url, { 'if-none-match': 'W/"something-else"' })).statusCode).toBe(200);
    // Rebuilt after a drop, the same content has the same ETag: still 304.
    app.publicCache.invalidate(['courses']);
    const rebuilt = await get(url, { 'if-none-match': String(first.headers.etag) });
    expect(rebuilt.headers['x-cache']).toBe('MISS');
    expect(rebuilt.statusCode).toBe(304);
    expect(rebuilt.body).toBe('');

    const after = app.publicCache.stats();
    expect(after.misses - before.misses).toBe(2);
    expect(after.hits - before.hits).toBe(3);
  });

  it('are kept per language and per content parameter, whatever the common parameters say', async () => {
    const zh = await get('/v1/news/category', { 'accept-language': 'zh-CN' });
    const en = await get('/v1/news/category', { 'accept-language': 'en-US,en;q=0.9' });
    expect(en.body).not.toBe(zh.body);
    // The language came from the header: a shared cache must keep one answer per Accept-Language.
    expect(String(zh.headers.vary)).toContain('Accept-Language');
    expect((await get('/v1/news/category?language=zh_CN')).body).toBe(zh.body);
    expect((await get('/v1/news/category?language=en')).body).toBe(en.body);

    await get('/v1/pc/course?page=2&page_size=3');
    const same = await get('/v1/pc/course?page_size=3&page=2&platform=wechat&appversion=5.5.0&timezone=%2B09:00');
    expect(same.headers['x-cache']).toBe('HIT');
    const other = await get('/v1/pc/course?page=3&page_size=3');
    expect(other.headers['x-cache']).toBe('MISS');
    expect(data<{ page: number }>(other).page).toBe(3);
  });

  it('depend on the timezone where the payload does (live days)', async () => {
    const east = await get('/v1/live/live_date?timezone=%2B08:00');
    const west = await get('/v1/live/live_date?timezone=-10:00');
    expect(west.headers['x-cache']).toBe('MISS');
    expect(data<{ timezone: string }>(east).timezone).toBe('+08:00');
    expect(data<{ timezone: string }>(west).timezone).toBe('-10:00');
  });

  it('are sent compressed from the prepared body once it is ready', async () => {
    const url = '/v1/pc_index?language=zh_CN';
    const plain = await get(url);
    let br = await get(url, { 'accept-encoding': 'br' });
    await expect
      .poll(async () => {
        br = await get(url, { 'accept-encoding': 'br' });
        return br.headers['x-cache'] === 'HIT' && br.headers['content-encoding'] === 'br';
      })
      .toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).toBe(plain.headers.etag);
  });

  it('keep no failure: a missing item is answered afresh each time', async () => {
    const first = await get('/v1/user/course/987654');
    expect(first.json().code).not.toBe(0);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.headers.etag).toBeUndefined();
    expect((await get('/v1/user/course/987654')).headers['x-cache']).toBe('MISS');
  });
});

describe('personal answers', () => {
  it('a logged-in read is never kept, and never shows its personal fields to the next anonymous caller', async () => {
    const courseId = await firstId(courses);
    const newsId = await firstId(news);
    const speakerId = await firstId(speakers);
    const columnId = await firstId(columns);
    expect((await send('POST', '/v1/user/favorite', alice.access, { module_name: 'course', module_id: courseId, status: 1 })).code).toBe(0);
    expect((await send('PUT', `/v1/user/news/${newsId}/liked`, alice.access, { status: 1 })).code).toBe(0);
    expect((await send('PUT', `/v1/user/speaker/${speakerId}/follow`, alice.access, { status: 1 })).code).toBe(0);
    expect((await send('POST', '/v1/user/subscribe/add', alice.access, { sub_id: columnId })).code).toBe(0);

    const reads = [`/v1/user/course/${courseId}`, `/v1/news/${newsId}`, `/v1/user/speaker/${speakerId}`, '/v1/speaker?page_size=50', '/v1/user/column?page_size=50'];
    for (const url of reads) {
      // Logged in, by header, query or cookie: answered afresh, privately.
      for (const how of [{ headers: bearer(alice.access) }, { url: `${url}${url.includes('?') ? '&' : '?'}access_token=${alice.access}` }, { cookies: { access_token: alice.access } }]) {
        const mine = await app.inject({ url, ...how });
        // Lists are built afresh; details are the anonymous payload (built first, in-process) with her fields over it.
        expect(mine.headers['x-cache'], url).toBe(url.includes('?') ? 'BYPASS' : 'PERSONAL');
        expect(mine.headers['cache-control']).toBe('private, no-store');
        expect(mine.headers.etag).toBeUndefined();
        expect(personalFieldsSet(mine.json().data).length, `${url} shows alice her own state`).toBeGreaterThan(0);
      }
      const anonymous = await get(url);
      expect(anonymous.json().code).toBe(0);
      if (!url.includes('?')) expect(anonymous.headers['x-cache'], `${url}: kept by her first read`).toBe('HIT');
      expect(personalFieldsSet(anonymous.json().data), url).toEqual([]);
      // And the other way round: a kept anonymous payload is never given to her as it is. On the
      // details it is given with her own fields laid over it.
      const again = await get(url, bearer(alice.access));
      expect(personalFieldsSet(again.json().data).length, url).toBeGreaterThan(0);
      expect(again.headers['x-cache'], url).toBe(url.includes('?') ? 'BYPASS' : 'PERSONAL');
      expect(again.headers['cache-control']).toBe('private, no-store');
      expect(again.headers.etag).toBeUndefined();
      if (!url.includes('?')) expect({ ...again.json().data, ...PERSONAL_OFF }, url).toEqual({ ...anonymous.json().data, ...PERSONAL_OFF });
    }
    // Her own fields are read afresh each time: undone, they show undone at once.
    expect((await send('POST', '/v1/user/favorite', alice.access, { module_name: 'course', module_id: courseId, status: 2 })).code).toBe(0);
    const undone = await get(`/v1/user/course/${courseId}`, bearer(alice.access));
    expect(undone.headers['x-cache']).toBe('PERSONAL');
    expect(data<{ is_favorite: boolean }>(undone).is_favorite).toBe(false);
  });

  it('chapters locked for anonymous readers are built in full for a reader with a login', async () => {
    const [paid] = await app.db
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.status, 'published'), eq(courses.priceType, PriceType.PAID)))
      .orderBy(asc(courses.id))
      .limit(1);
    const url = `/v2/user/course/${paid!.id}/chapter`;
    const anonymous = data<{ items: Array<{ locked_reason: string | null }> }>(await get(url));
    expect(anonymous.items.some((c) => c.locked_reason === 'login')).toBe(true);
    const mine = await get(url, bearer(alice.access));
    expect(mine.headers['x-cache']).toBe('BYPASS');
    expect(data<{ items: Array<{ locked_reason: string | null }> }>(mine).items.some((c) => c.locked_reason === 'purchase')).toBe(true);
    const free = await firstId(courses);
    await get(`/v2/user/course/${free}/chapter`);
    const open = await get(`/v2/user/course/${free}/chapter`, bearer(alice.access));
    expect(open.headers['x-cache']).toBe('PERSONAL');
    expect(open.body).toBe((await get(`/v2/user/course/${free}/chapter`)).body);
  });

  it('login-only routes and requests with a token are private; an answer without personal fields is still served from the payload', async () => {
    const info = await get('/v1/user/personal_info', bearer(alice.access));
    expect(info.headers['cache-control']).toBe('private, no-store');
    await get('/v1/pc/course?page=1&page_size=4');
    const withToken = await get('/v1/pc/course?page=1&page_size=4', bearer(alice.access));
    expect(withToken.headers['x-cache']).toBe('HIT');
    expect(withToken.headers['cache-control']).toBe('private, no-store');
    expect(withToken.headers.etag).toBeUndefined();
    const login = await app.inject({ method: 'POST', url: '/v1/user/login', payload: { type: 'password', account: '13900000099', password: 'x' } });
    expect(login.headers['cache-control']).toBe('private, no-store');
  });
});

describe('a write', () => {
  it('shows on the next read in the process that wrote it: comments, likes, follows, appraisals, reminders, subscriptions, names', async () => {
    const bob = await makeUser(app, { nickname: 'Bob' });
    const newsId = await firstId(news);
    const speakerId = await firstId(speakers);
    const columnId = await firstId(columns);
    const courseId = await firstId(courses);
    const now = app.accounts.now();
    const [upcoming] = await app.db
      .select({ id: lives.id })
      .from(lives)
      .where(and(eq(lives.status, 'published'), gt(lives.endAt, now)))
      .orderBy(asc(lives.startAt))
      .limit(1);
    const liveId = upcoming!.id;

    const read = async <T>(url: string) => {
      await get(url);
      const kept = await get(url);
      expect(kept.headers['x-cache'], url).toBe('HIT');
      return data<T>(kept);
    };

    const detail = await read<{ comment_count: number; likes: number }>(`/v1/news/${newsId}`);
    const comments = await read<{ total: number }>(`/v1/news/${newsId}/comments`);
    expect((await send('POST', `/v1/user/news/${newsId}/comments`, bob.access, { content: '缓存之后的评论' })).code).toBe(0);
    expect((await send('PUT', `/v1/user/news/${newsId}/liked`, bob.access, { status: 1 })).code).toBe(0);
    const detailAfter = data<{ comment_count: number; likes: number }>(await get(`/v1/news/${newsId}`));
    expect(detailAfter.comment_count).toBe(detail.comment_count + 1);
    expect(detailAfter.likes).toBe(detail.likes + 1);
    const commentsAfter = data<{ total: number; items: Array<{ content: string; nickname: string }> }>(await get(`/v1/news/${newsId}/comments`));
    expect(commentsAfter.total).toBe(comments.total + 1);
    expect(commentsAfter.items[0]).toMatchObject({ content: '缓存之后的评论', nickname: 'Bob' });

    // A new name shows wherever the user wrote.
    expect((await call(app, { method: 'PUT', url: '/v1/user/personal_info', headers: bearer(bob.access), payload: { nickname: 'Robert' } })).code).toBe(0);
    expect(data<{ items: Array<{ nickname: string }> }>(await get(`/v1/news/${newsId}/comments`)).items[0]?.nickname).toBe('Robert');

    const speaker = await read<{ follower_count: number }>(`/v1/user/speaker/${speakerId}`);
    const speakerCards = await read<{ items: Array<{ id: number; follower_count: number }> }>('/v1/speaker?page_size=50');
    expect((await send('PUT', `/v1/user/speaker/${speakerId}/follow`, bob.access, { status: 1 })).code).toBe(0);
    expect(data<{ follower_count: number }>(await get(`/v1/user/speaker/${speakerId}`)).follower_count).toBe(speaker.follower_count + 1);
    const card = (d: { items: Array<{ id: number; follower_count: number }> }) => d.items.find((s) => s.id === speakerId)?.follower_count;
    expect(card(data(await get('/v1/speaker?page_size=50')))).toBe((card(speakerCards) ?? 0) + 1);

    const course = await read<{ rating: { count: number } }>(`/v1/user/course/${courseId}`);
    const appraisals = await read<{ total: number }>(`/v1/user/course/${courseId}/appraise`);
    expect((await send('POST', `/v1/user/course/${courseId}/appraise`, bob.access, { rating: 5, content: 'cached' })).code).toBe(0);
    expect(data<{ rating: { count: number } }>(await get(`/v1/user/course/${courseId}`)).rating.count).toBe(course.rating.count + 1);
    expect(data<{ total: number }>(await get(`/v1/user/course/${courseId}/appraise`)).total).toBe(appraisals.total + 1);

    const room = await read<{ remind_count: number }>(`/v1/live/${liveId}`);
    expect((await send('PUT', `/v1/user/live/${liveId}/remind`, bob.access, { status: 1 })).code).toBe(0);
    expect(data<{ remind_count: number }>(await get(`/v1/live/${liveId}`)).remind_count).toBe(room.remind_count + 1);

    const columnCards = await read<{ items: Array<{ id: number; subscribe_total: number }> }>('/v1/user/column?page_size=50');
    expect((await send('POST', '/v1/user/subscribe/add', bob.access, { sub_id: columnId })).code).toBe(0);
    const total = (d: { items: Array<{ id: number; subscribe_total: number }> }) => d.items.find((c) => c.id === columnId)?.subscribe_total ?? 0;
    expect(total(data(await get('/v1/user/column?page_size=50')))).toBe(total(columnCards) + 1);
  });

  it('of a counter (news views) shows within a second, many views dropping the payload once', async () => {
    const newsId = await firstId(news);
    const url = `/v1/news/${newsId}`;
    await get(url);
    const before = data<{ views: number }>(await get(url)).views;
    for (let i = 0; i < 5; i++) await call(app, { method: 'PUT', url: `/v1/news/${newsId}/view` });
    await expect.poll(async () => data<{ views: number }>(await get(url)).views, { interval: 50, timeout: 5_000 }).toBe(before + 5);
  });
});

describe('a build cut off by its client', () => {
  it('lets the requests waiting for it go at once, and logs no failed hook', async () => {
    const { PassThrough } = await import('node:stream');
    const { request } = await import('node:http');
    const { publicRead } = await import('../src/lib/public-cache.ts');
    const stream = new PassThrough();
    let log = '';
    stream.on('data', (c: Buffer) => (log += c.toString()));
    let calls = 0;
    let entered!: () => void;
    const first = new Promise<void>((resolve) => (entered = resolve));
    let finish!: () => void;
    const hanging = new Promise<void>((resolve) => (finish = resolve));
    const own = await buildTestApp({
      seed: false,
      logger: undefined,
      logStream: stream,
      configure: (a) => {
        a.get('/v1/test/slow-read', { config: { publicCache: publicRead({ tags: ['test'] }) } }, async () => {
          calls += 1;
          if (calls === 1) {
            entered();
            await hanging;
          }
          return { code: 0, message: 'ok', data: { calls } };
        });
      },
    });
    try {
      await own.listen({ port: 0, host: '127.0.0.1' });
      const { port } = own.server.address() as { port: number };
      const req = request({ host: '127.0.0.1', port, path: '/v1/test/slow-read' });
      req.on('error', () => undefined);
      req.end();
      await first;
      req.destroy();
      // The next request for the key waited for the cut-off build (5 s) before the fix.
      const started = Date.now();
      await expect.poll(() => own.inject({ url: '/v1/test/slow-read' }).then((r) => r.statusCode), { timeout: 10_000 }).toBe(200);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(log).not.toContain('hook failed');
      expect(log).not.toContain('is not a function');
    } finally {
      finish();
      await own.close();
    }
  });
});
