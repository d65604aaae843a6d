import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbConfig } from '../src/config.ts';
import { news } from '../src/db/schema/index.ts';
import { announceCacheCleared } from '../src/plugins/public-cache.ts';
import { buildTestApp, templateDbConfig, usingPostgres } from './build-test-app.ts';
import { bearer, call, makeUser } from './factories.ts';

/**
 * Two API processes (two app instances, each with its own pool and LISTEN connection) on one
 * PostgreSQL database: a write through one drops the other's prepared payloads within a second
 * (decision record 0031). PostgreSQL only: on PGlite one process holds the data.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 2000 });
  try {
    await r.connect();
    await r.ping();
    return true;
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

/** Two apps on one copy of the seeded template; the second drops the copy when it closes. */
async function pair(redis: { url: string; prefix: string } | null): Promise<[FastifyInstance, FastifyInstance, DbConfig]> {
  const db = await templateDbConfig(true, new Date());
  if (db?.driver !== 'postgres') throw new Error('no PostgreSQL template');
  const a = await buildTestApp({ config: { db: { ...db, afterClose: undefined }, redis } });
  const b = await buildTestApp({ config: { db, redis } });
  return [a, b, db];
}

async function commentsSeenBy(app: FastifyInstance, newsId: number): Promise<number> {
  const res = await app.inject({ url: `/v1/news/${newsId}` });
  return (res.json() as { data: { comment_count: number } }).data.comment_count;
}

async function firstNews(app: FastifyInstance): Promise<number> {
  const [row] = await app.db.select({ id: news.id }).from(news).where(eq(news.status, 'published')).orderBy(asc(news.id)).limit(1);
  return row!.id;
}

/** b keeps the detail, a comments, b shows the new count (polled: within a second is the aim). */
async function writeReachesOther(a: FastifyInstance, b: FastifyInstance, text: string): Promise<void> {
  const newsId = await firstNews(a);
  const before = await commentsSeenBy(b, newsId);
  expect((await b.inject({ url: `/v1/news/${newsId}` })).headers['x-cache']).toBe('HIT');
  const writer = await makeUser(a);
  const posted = await call(a, { method: 'POST', url: `/v1/user/news/${newsId}/comments`, headers: bearer(writer.access), payload: { content: text } });
  expect(posted.code).toBe(0);
  await expect.poll(() => commentsSeenBy(b, newsId), { interval: 20, timeout: 10_000 }).toBe(before + 1);
}

/** b remembers a's login, a logs out: b refuses the token within a second (no wait for the cache's lifetime). */
async function logoutReachesOther(a: FastifyInstance, b: FastifyInstance): Promise<void> {
  const u = await makeUser(a);
  const whoAmI = async () => (await call(b, { url: '/v1/user/login_info', headers: bearer(u.access) })).code;
  expect(await whoAmI()).toBe(0);
  expect((await call(a, { url: `/v1/user/logout?access_token=${u.access}` })).code).toBe(0);
  await expect.poll(whoAmI, { interval: 20, timeout: 1_000 }).toBe(200203);
}

describe.skipIf(!usingPostgres())('two processes on one PostgreSQL (LISTEN/NOTIFY)', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let db: DbConfig;
  beforeAll(async () => {
    [a, b, db] = await pair(null);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('a write through one process drops the other’s payload', async () => {
    expect(b.publicCache.transport).toBe('postgres');
    await writeReachesOther(a, b, '另一进程写入的评论');
  });

  it('a logout through one process ends the token in the other’s token cache', async () => {
    await logoutReachesOther(a, b);
  });

  it('a reseed announced on the database empties every process’s cache', async () => {
    await b.inject({ url: '/v1/pc/course?page=1' });
    expect((await b.inject({ url: '/v1/pc/course?page=1' })).headers['x-cache']).toBe('HIT');
    await announceCacheCleared(a.database, { db, redis: null });
    await expect.poll(async () => (await b.inject({ url: '/v1/pc/course?page=1' })).headers['x-cache'], { interval: 20, timeout: 10_000 }).toBe('MISS');
  });

  it('a lost LISTEN connection is reopened, and what it may have missed is dropped', async () => {
    const newsId = await firstNews(a);
    await commentsSeenBy(b, newsId);
    // Cut every listening connection of this database, as a failover would.
    await a.database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name like 'medportal-bus:%'`);
    await writeReachesOther(a, b, '断线之后的评论');
  });
});

const redisUp = usingPostgres() && (await redisAnswers());

describe.skipIf(!redisUp)('two processes through Redis (REDIS_URL)', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    [a, b] = await pair({ url: REDIS_URL, prefix: `${process.env.TEST_REDIS_PREFIX ?? 'mpt-'}cache-${randomBytes(5).toString('hex')}:` });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('a write through one process drops the other’s payload', async () => {
    expect(a.publicCache.transport).toBe('redis');
    await writeReachesOther(a, b, '经 Redis 送达的评论');
  });

  it('a logout through one process ends the token in the other’s token cache', async () => {
    await logoutReachesOther(a, b);
  });
});
