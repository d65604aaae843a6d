import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speakers, users } from '../src/db/schema/index.ts';
import { buildTestApp } from './build-test-app.ts';
import { bearer, call, makeUser, type MadeUser } from './factories.ts';

/**
 * Identical logged-in reads of one login share an answer (decision record 0076): while it is
 * built, and for PERSONAL_READ_KEEP_MS after; the user's own writes end that at once, another
 * user never gets it, and a revoked token is refused whatever is kept.
 */
let app: FastifyInstance;
let alice: MadeUser;
let bob: MadeUser;
/** Handler runs of the test route, by user. */
const runs = new Map<number, number>();
let failNext = false;

beforeAll(async () => {
  app = await buildTestApp({
    // Long enough that nothing below outlives it by accident.
    config: { personalReadKeepMs: 60_000 },
    configure: (a) => {
      a.get('/v1/test/personal', { config: { auth: 'required' } }, async (req, reply) => {
        const id = req.ctx.user?.id ?? 0;
        runs.set(id, (runs.get(id) ?? 0) + 1);
        // Lets concurrent requests arrive while this one is being built.
        await new Promise((r) => setTimeout(r, 20));
        if (failNext) {
          failNext = false;
          return { code: 50000, message: 'failed', data: null };
        }
        reply.header('x-test', 'set by the handler');
        return { code: 0, message: 'ok', data: { user: id, run: runs.get(id) } };
      });
    },
  });
  alice = await makeUser(app, { nickname: 'Alice' });
  bob = await makeUser(app, { nickname: 'Bob' });
});
afterAll(async () => {
  await app?.close();
});

const read = (url: string, user: MadeUser) => app.inject({ url, headers: bearer(user.access) });

describe('logged-in reads', () => {
  it('arriving together are built once per login, and the answer is kept for the next ones', async () => {
    const answers = await Promise.all([...Array.from({ length: 5 }, () => read('/v1/test/personal?x=1', alice)), read('/v1/test/personal?x=1', bob)]);
    const bodies = answers.map((r) => r.json() as { data: { user: number; run: number } });
    expect(bodies.slice(0, 5).map((b) => b.data)).toEqual(Array.from({ length: 5 }, () => ({ user: alice.id, run: 1 })));
    // Another user never shares it.
    expect(bodies[5]?.data).toEqual({ user: bob.id, run: 1 });
    // Headers the handler set go with every answer shared.
    expect(answers.every((r) => r.headers['x-test'] === 'set by the handler')).toBe(true);
    expect(answers.every((r) => r.headers['cache-control'] === 'private, no-store')).toBe(true);

    const later = await read('/v1/test/personal?x=1', alice);
    expect(later.json()).toMatchObject({ data: { user: alice.id, run: 1 } });
    // Another URL is another read.
    expect((await read('/v1/test/personal?x=2', alice)).json()).toMatchObject({ data: { run: 2 } });
    expect(runs.get(alice.id)).toBe(2);
  });

  it('keep no failure', async () => {
    failNext = true;
    expect((await read('/v1/test/personal?fail=1', bob)).json()).toMatchObject({ code: 50000 });
    expect((await read('/v1/test/personal?fail=1', bob)).json()).toMatchObject({ code: 0 });
  });

  it("show the user's own write at once", async () => {
    const [speaker] = await app.db.select({ id: speakers.id }).from(speakers).where(eq(speakers.status, 'published')).orderBy(asc(speakers.id)).limit(1);
    if (!speaker) throw new Error('no published speaker');
    const follows = async () => (await call<{ items: Array<{ id: number }> }>(app, { url: '/v1/user/follow', headers: bearer(alice.access) })).data.items.map((s) => s.id);
    expect(await follows()).not.toContain(speaker.id);
    const res = await call(app, { method: 'PUT', url: `/v1/user/speaker/${speaker.id}/follow`, headers: bearer(alice.access), payload: { status: 1 } });
    expect(res.code).toBe(0);
    expect(await follows()).toContain(speaker.id);
  });

  it('refuse a token revoked while its answer is kept', async () => {
    const carol = await makeUser(app, { nickname: 'Carol' });
    expect((await read('/v1/user/login_info', carol)).json()).toMatchObject({ code: 0, data: { user_id: carol.id } });
    expect((await call(app, { url: '/v1/user/logout', headers: bearer(carol.access) })).code).toBe(0);
    expect((await read('/v1/user/login_info', carol)).json()).toMatchObject({ code: 200203 });
  });

  it('show what others changed once the answer lapses', async () => {
    const short = await buildTestApp({ config: { personalReadKeepMs: 50 } });
    try {
      const dave = await makeUser(short, { nickname: 'Dave' });
      const nickname = async () => (await call<{ nickname: string }>(short, { url: '/v1/user/login_info', headers: bearer(dave.access) })).data.nickname;
      expect(await nickname()).toBe('Dave');
      // An operator's change, which no request of Dave's announces.
      await short.db.update(users).set({ nickname: 'David' }).where(eq(users.id, dave.id));
      await new Promise((r) => setTimeout(r, 60));
      expect(await nickname()).toBe('David');
    } finally {
      await short.close();
    }
  });
});
