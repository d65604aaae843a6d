import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { connectionName } from '../src/lib/bus.ts';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/index.ts';
import { testConfig } from './build-test-app.ts';
import { bearer, call, makeUser } from './factories.ts';
import { twoProcessesOnPostgres } from './two-processes.ts';
import { withAdmin } from './template.ts';

/**
 * The bus between API processes (lib/bus.ts, decision record 0071), with two app instances: on
 * PostgreSQL (LISTEN/NOTIFY) and on Redis (pub/sub). A message reaches both; a lost subscriber
 * connection comes back and is reported as a gap, after which the public cache holds nothing.
 * Each side uses a database or key prefix of its own.
 */
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const answers = (check: () => Promise<unknown>) =>
  check().then(
    () => true,
    () => false,
  );
const pgUp = await answers(() => withAdmin(PG_URL, (c) => c.query('select 1')));
const redisUp = await answers(async () => {
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 2000 });
  try {
    await r.connect();
    await r.ping();
  } finally {
    r.disconnect();
  }
});
if (!pgUp) console.warn(`bus: PostgreSQL tests skipped: nothing answers at ${PG_URL} (set TEST_DATABASE_URL)`);
if (!redisUp) console.warn(`bus: Redis tests skipped: nothing answers at ${REDIS_URL} (set TEST_REDIS_URL)`);

const COURSES = '/v1/pc/course?page=1&page_size=5';
const xCache = async (app: FastifyInstance) => (await app.inject({ url: COURSES })).headers['x-cache'];

/** Both apps hear what either publishes, the publisher included. */
async function carries(a: FastifyInstance, b: FastifyInstance): Promise<void> {
  const channel = `test-${randomBytes(3).toString('hex')}`;
  const heardA: string[] = [];
  const heardB: string[] = [];
  const offA = await a.bus.subscribe(channel, (m) => heardA.push(m));
  const offB = await b.bus.subscribe(channel, (m) => heardB.push(m));
  await a.bus.publish(channel, 'from a');
  await b.bus.publish(channel, 'from b');
  await expect.poll(() => [heardA.length, heardB.length], { interval: 20, timeout: 10_000 }).toEqual([2, 2]);
  expect(heardA.sort()).toEqual(['from a', 'from b']);
  expect(heardB.sort()).toEqual(['from a', 'from b']);
  await offA();
  await offB();
}

/** Cuts b's subscriber connection with `kill`; b reports a gap, drops its cache, and hears again. */
async function gapAfterKill(a: FastifyInstance, b: FastifyInstance, kill: () => Promise<void>): Promise<void> {
  let gaps = 0;
  const stop = b.bus.onGap(() => gaps++);
  await xCache(b);
  expect(await xCache(b)).toBe('HIT');
  await kill();
  await expect.poll(() => gaps, { interval: 50, timeout: 15_000 }).toBe(1);
  stop();
  expect(await xCache(b)).toBe('MISS');
  await carries(a, b);
}

/**
 * A user's row written in `a` reaches `b` as the database's notice (decision record 0076): b's
 * kept answer for that user is not served after it.
 */
async function userWriteReaches(a: FastifyInstance, b: FastifyInstance): Promise<void> {
  const u = await makeUser(b, { nickname: 'Before' });
  const nickname = async () => (await call<{ nickname: string }>(b, { url: '/v1/user/login_info', headers: bearer(u.access) })).data.nickname;
  expect(await nickname()).toBe('Before');
  let heard = false;
  const stop = await b.databaseNotices.subscribe('user-write', (m) => {
    if (m === String(u.id)) heard = true;
  });
  await a.db.update(users).set({ nickname: 'After' }).where(eq(users.id, u.id));
  await expect.poll(() => heard, { interval: 20, timeout: 10_000 }).toBe(true);
  await stop();
  expect(await nickname()).toBe('After');
}

describe.skipIf(!pgUp)('two processes on one PostgreSQL database (LISTEN/NOTIFY)', () => {
  const both = twoProcessesOnPostgres(PG_URL, 'bus', { redis: null, personalReadKeepMs: 10_000 });
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(() => {
    ({ a, b } = both);
  });

  it('carries a message to both processes', async () => {
    expect([a.bus.kind, b.bus.kind]).toEqual(['postgres', 'postgres']);
    await carries(a, b);
  });

  it('carries the database’s notice of a user’s row written in the other process', async () => {
    await userWriteReaches(a, b);
  });

  it('carries a cache invalidation: a write in one drops the other’s payload', async () => {
    await xCache(b);
    expect(await xCache(b)).toBe('HIT');
    a.publicCache.invalidate(['courses']);
    await expect.poll(() => xCache(b), { interval: 20, timeout: 10_000 }).toBe('MISS');
  });

  it('reports a gap after its LISTEN connection is terminated, and the cache is dropped', async () => {
    await gapAfterKill(a, b, async () => {
      const { rowCount } = await withAdmin(both.url, (c) =>
        c.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [connectionName(b.bus.processId)]),
      );
      expect(rowCount).toBe(1);
    });
  });
});

describe.skipIf(!redisUp)('two processes on one Redis (pub/sub)', () => {
  const prefix = `${process.env.TEST_REDIS_PREFIX ?? 'mpt-test-'}bus-${randomBytes(4).toString('hex')}:`;
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    // Each on its own PGlite: the bus is what they share.
    const make = async () => {
      const app = await buildApp(testConfig({ redis: { url: REDIS_URL, prefix } }), { logger: false, seed: false });
      await app.ready();
      return app;
    };
    a = await make();
    b = await make();
  }, 180_000);
  afterAll(async () => {
    await Promise.allSettled([a?.close(), b?.close()]);
  });

  it('carries a message to both processes', async () => {
    expect([a.bus.kind, b.bus.kind]).toEqual(['redis', 'redis']);
    await carries(a, b);
  });

  it('reports a gap after CLIENT KILL of its subscriber connection, and the cache is dropped', async () => {
    await gapAfterKill(a, b, async () => {
      const admin = new Redis(REDIS_URL);
      try {
        const name = connectionName(b.bus.processId);
        const list = (await admin.client('LIST')) as string;
        const id = list
          .split('\n')
          .find((line) => line.includes(` name=${name} `))
          ?.match(/^id=(\d+) /)?.[1];
        expect(id).toBeDefined();
        expect(await admin.client('KILL', 'ID', id!)).toBe(1);
      } finally {
        admin.disconnect();
      }
    });
  });
});

describe.skipIf(!pgUp || !redisUp)('two processes on one PostgreSQL database, Redis as the bus', () => {
  const prefix = `${process.env.TEST_REDIS_PREFIX ?? 'mpt-test-'}bus-${randomBytes(4).toString('hex')}:`;
  const both = twoProcessesOnPostgres(PG_URL, 'busr', { redis: { url: REDIS_URL, prefix }, personalReadKeepMs: 10_000 });

  it('each process hears the database’s notices on a LISTEN connection of its own', async () => {
    expect([both.a.bus.kind, both.b.bus.kind]).toEqual(['redis', 'redis']);
    await userWriteReaches(both.a, both.b);
  });
});
