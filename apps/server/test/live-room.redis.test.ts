import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { LiveSocketClose } from '@medportal/contract';
import { Redis } from 'ioredis';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdentities } from '../src/db/schema/index.ts';
import { buildApp } from '../src/app.ts';
import { testConfig } from './build-test-app.ts';
import { bearer, call, makeUser } from './factories.ts';
import { databaseUrl, withAdmin } from './template.ts';
import { DEMO_MODERATOR, DEMO_ROOMS } from '../src/seed/live-room.ts';
import { type Msg, openRealSocket } from './live-room.helpers.ts';

/**
 * Two API processes (two app instances here, each with its own Redis connections and database
 * pool) on one PostgreSQL database and one Redis: what one process publishes reaches the other's
 * clients, sequence numbers stay one room-wide series, and viewer counts are summed.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function answers(check: () => Promise<unknown>): Promise<boolean> {
  try {
    await check();
    return true;
  } catch {
    return false;
  }
}

const redisUp = await answers(async () => {
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 2000 });
  try {
    await r.connect();
    await r.ping();
  } finally {
    r.disconnect();
  }
});
const pgUp = redisUp && (await answers(() => withAdmin(PG_URL, (c) => c.query('select 1'))));
if (!redisUp) console.warn(`live-room Redis test skipped: no Redis answers at ${REDIS_URL} (set TEST_REDIS_URL)`);
else if (!pgUp) console.warn(`live-room Redis test skipped: no PostgreSQL answers at ${PG_URL} for the two processes to share`);

describe.skipIf(!redisUp || !pgUp)('two API processes through Redis', () => {
  const dbName = `${process.env.TEST_DB_PREFIX ?? 'mpt_'}redis_${randomBytes(5).toString('hex')}`;
  const prefix = `${process.env.TEST_REDIS_PREFIX ?? 'mpt-test-'}${randomBytes(5).toString('hex')}:`;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let baseA: string;
  let baseB: string;
  let modToken: string;

  beforeAll(async () => {
    await withAdmin(PG_URL, (c) => c.query(`create database "${dbName}"`));
    const url = databaseUrl(PG_URL, dbName);
    const make = () =>
      buildApp(testConfig({ db: { driver: 'postgres', url }, redis: { url: REDIS_URL, prefix } }), {
        logger: false,
        liveRoom: { hub: { viewersIntervalMs: 60_000 } },
      });
    // One after the other: the first migrates and seeds, the second finds it done.
    a = await make();
    await a.ready();
    b = await make();
    await b.ready();
    baseA = await a.listen({ port: 0, host: '127.0.0.1' });
    baseB = await b.listen({ port: 0, host: '127.0.0.1' });
    const [identity] = await a.db
      .select({ userId: userIdentities.userId })
      .from(userIdentities)
      .where(and(eq(userIdentities.kind, 'mobile'), eq(userIdentities.value, `+${DEMO_MODERATOR.countryCode}${DEMO_MODERATOR.mobile}`)));
    modToken = (await a.accounts.tokens.open(a.db, identity!.userId, 'web')).access;
  }, 180_000);

  afterAll(async () => {
    await Promise.allSettled([a?.close(), b?.close()]);
    await withAdmin(PG_URL, (c) => c.query(`drop database if exists "${dbName}" with (force)`));
  });

  it('delivers a question asked on one process to a client of the other, in one seq series', async () => {
    const live = DEMO_ROOMS.moderated;
    const d = await call<{ seq: number }>(a, { url: `/v1/live/${live}` });
    const onB = await openRealSocket(baseB, live, { token: modToken, since: d.data.seq });
    const onA = await openRealSocket(baseA, live, { token: modToken, since: d.data.seq });
    await Promise.all([onA.next((m) => m.type === 'hello'), onB.next((m) => m.type === 'hello')]);

    const asker = await makeUser(a, { nickname: 'Asker' });
    const asked = await call<{ id: number }>(a, { method: 'POST', url: `/v1/user/live/${live}/topicstore`, headers: bearer(asker.access), payload: { content: 'Asked on process A' } });
    expect(asked.code).toBe(0);
    const got = await onB.next((m) => m.type === 'question');
    expect((got.topic as { id: number }).id).toBe(asked.data.id);

    // Writers on both processes at once: every client sees one gap-free series.
    const users = await Promise.all([makeUser(a), makeUser(a), makeUser(a), makeUser(a)]);
    await Promise.all(
      users.map((u, i) =>
        call(i % 2 ? a : b, { method: 'POST', url: `/v1/user/live/${live}/topicstore`, headers: bearer(u.access), payload: { content: `Concurrent ${i}` } }),
      ),
    );
    await Promise.all([
      onA.next((m) => m.type === 'question' && m.seq === d.data.seq + 5),
      onB.next((m) => m.type === 'question' && m.seq === d.data.seq + 5),
    ]);
    const series = (msgs: Msg[]) => msgs.filter((m) => m.type === 'question').map((m) => m.seq);
    const expected = [1, 2, 3, 4, 5].map((k) => d.data.seq + k);
    expect(series(onA.msgs)).toEqual(expected);
    expect(series(onB.msgs)).toEqual(expected);
    onA.ws.close();
    onB.ws.close();
    await Promise.all([onA.closed(), onB.closed()]);
  });

  it('keeps one ordered series under concurrent writers on both processes; a client that resumes elsewhere sees each event once', async () => {
    const live = DEMO_ROOMS.moderated;
    const s0 = (await call<{ seq: number }>(a, { url: `/v1/live/${live}` })).data.seq;
    const onA = await openRealSocket(baseA, live, { token: modToken, since: s0 });
    const onB = await openRealSocket(baseB, live, { token: modToken, since: s0 });
    // This one leaves midway and resumes on the other process with since=<its last seq>.
    const first = await openRealSocket(baseB, live, { token: modToken, since: s0 });
    await Promise.all([onA, onB, first].map((s) => s.next((m) => m.type === 'hello')));

    // Questions, slide changes and upvotes, all at once, half on each process: one event each.
    const writes = 36;
    const asked = await call<{ id: number }>(a, { method: 'POST', url: `/v1/user/live/${live}/topicstore`, headers: bearer(modToken), payload: { content: 'To be upvoted' } });
    const likers = await Promise.all(Array.from({ length: writes / 3 }, () => makeUser(a)));
    const pending: Array<Promise<{ code: number }>> = [];
    for (let i = 0; i < writes / 3; i += 1) {
      const [p, q] = i % 2 ? [a, b] : [b, a];
      pending.push(call(p, { method: 'POST', url: `/v1/user/live/${live}/topicstore`, headers: bearer(modToken), payload: { content: `Burst ${i}` } }));
      pending.push(call(q, { method: 'PUT', url: `/v1/user/live/${live}/ppt`, headers: bearer(modToken), payload: { index: i % 8 } }));
      pending.push(call(p, { method: 'PUT', url: `/v1/user/live/topic/${asked.data.id}/like`, headers: bearer(likers[i]!.access), payload: { status: 1 } }));
    }
    // Midway: the resuming client goes, with the writes still coming.
    await first.next((m) => m.type !== 'hello' && (m.seq ?? 0) >= s0 + 8);
    first.ws.close();
    await first.closed();
    const seqs = (msgs: Msg[]) => msgs.filter((m) => typeof m.seq === 'number' && m.type !== 'hello' && m.type !== 'reset').map((m) => m.seq as number);
    const lastSeen = seqs(first.msgs).at(-1) ?? s0;
    const resumed = await openRealSocket(baseA, live, { token: modToken, since: lastSeen });
    expect((await Promise.all(pending)).every((r) => r.code === 0)).toBe(true);

    const end = s0 + 1 + writes;
    await Promise.all([onA, onB, resumed].map((s) => s.next((m) => m.seq === end && m.type !== 'hello')));
    const all = Array.from({ length: writes + 1 }, (_, k) => s0 + 1 + k);
    expect(seqs(onA.msgs)).toEqual(all);
    expect(seqs(onB.msgs)).toEqual(all);
    expect(resumed.msgs.some((m) => m.type === 'reset')).toBe(false);
    // Before leaving plus after resuming: every event exactly once, in order.
    expect([...seqs(first.msgs), ...seqs(resumed.msgs)]).toEqual(all);
    // Upvotes of one question were counted one after another: the series ends at the total.
    const likes = onA.msgs.filter((m) => m.type === 'upvote').map((m) => m.like_count);
    expect(likes).toEqual(Array.from({ length: writes / 3 }, (_, k) => k + 1));
    // The log holds the same series and a resume from the start replays it as delivered.
    const replay = await openRealSocket(baseB, live, { token: modToken, since: s0 });
    await replay.next((m) => m.seq === end && m.type !== 'hello');
    expect(replay.msgs.filter((m) => m.type !== 'hello')).toEqual(onA.msgs.filter((m) => m.type !== 'hello' && m.type !== 'viewers'));
    for (const s of [onA, onB, resumed, replay]) s.ws.close();
    await Promise.all([onA, onB, resumed, replay].map((s) => s.closed()));
  });

  it('closes a moderator’s socket on the other process as soon as they log out', async () => {
    const live = DEMO_ROOMS.moderated;
    const [identity] = await a.db
      .select({ userId: userIdentities.userId })
      .from(userIdentities)
      .where(and(eq(userIdentities.kind, 'mobile'), eq(userIdentities.value, `+${DEMO_MODERATOR.countryCode}${DEMO_MODERATOR.mobile}`)));
    const session = await a.accounts.tokens.open(a.db, identity!.userId, 'web');
    const onB = await openRealSocket(baseB, live, { token: session.access });
    await onB.next((m) => m.type === 'hello');
    expect((await call(a, { url: '/v1/user/logout', headers: bearer(session.access) })).code).toBe(0);
    // Well before process B's own periodic check of logins (10 s): the revocation's message closed it.
    let guard: NodeJS.Timeout | undefined;
    const closed = await Promise.race([
      onB.closed(),
      new Promise<{ code: number }>((resolve) => {
        guard = setTimeout(() => resolve({ code: -1 }), 5000);
      }),
    ]);
    clearTimeout(guard);
    expect(closed.code).toBe(LiveSocketClose.REVOKED);
  });

  it('sums the viewers of both processes', async () => {
    const live = DEMO_ROOMS.recordedQa;
    const one = await openRealSocket(baseA, live);
    const two = await openRealSocket(baseB, live);
    const three = await openRealSocket(baseB, live);
    await Promise.all([one, two, three].map((s) => s.next((m) => m.type === 'hello')));
    // Each process shares its own count, then reads the sum.
    await a.liveHub.tickViewers();
    await b.liveHub.tickViewers();
    await a.liveHub.tickViewers();
    expect(await one.next((m) => m.type === 'viewers' && m.count === 3)).toMatchObject({ count: 3 });
    expect(await two.next((m) => m.type === 'viewers' && m.count === 3)).toMatchObject({ count: 3 });
    expect((await call<{ viewer_count: number }>(b, { url: `/v1/live/${live}` })).data.viewer_count).toBe(3);
    three.ws.close();
    await three.closed();
    await b.liveHub.waitForClients(1);
    await b.liveHub.tickViewers();
    expect((await call<{ viewer_count: number }>(a, { url: `/v1/live/${live}` })).data.viewer_count).toBe(2);
    one.ws.close();
    two.ws.close();
    await Promise.all([one.closed(), two.closed()]);
  });
});
