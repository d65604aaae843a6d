import { LiveSocketClose } from '@medportal/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions, liveModerators } from '../src/db/schema/index.ts';
import { DEMO_ROOMS } from '../src/seed/live-room.ts';
import { buildTestApp } from './build-test-app.ts';
import { bearer, call, makeUser, type MadeUser, smsCode, testClock } from './factories.ts';
import { type Msg, openSocket } from './live-room.helpers.ts';

/**
 * A moderator's socket receives questions waiting for approval. Revoking the login it was opened
 * with (logout, password change, cancellation, an operator's SQL) closes it at once; removing the
 * moderator drops the privilege before the next such question.
 */
const clock = testClock();
let app: FastifyInstance;
const LIVE = DEMO_ROOMS.moderated;

/** A user who moderates the moderated demo live. */
async function moderator(opts: Parameters<typeof makeUser>[1] = {}): Promise<MadeUser> {
  const u = await makeUser(app, opts);
  await app.db.insert(liveModerators).values({ liveId: LIVE, userId: u.id });
  return u;
}

let asked = 0;
/** Has `author` ask a question (it waits for approval) and resolves once their own socket has it. */
async function pendingQuestion(author: MadeUser, authorSocket: Awaited<ReturnType<typeof openSocket>>): Promise<string> {
  const content = `pending question ${++asked} ${Date.now()}`;
  const res = await call(app, { method: 'POST', url: `/v1/user/live/${LIVE}/topicstore`, headers: bearer(author.access), payload: { content } });
  expect(res.code).toBe(0);
  await authorSocket.next((m) => m.type === 'question' && (m.topic as { content: string }).content === content);
  return content;
}
const hasQuestion = (msgs: Msg[], content: string) => msgs.some((m) => m.type === 'question' && (m.topic as { content: string }).content === content);

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now, liveRoom: { hub: { viewersIntervalMs: 60_000, recheckIntervalMs: 100 } } });
});
afterAll(async () => {
  await app?.close();
});

describe('revoking a moderator’s login', () => {
  it('logout closes their socket at once; what comes later never reaches it', async () => {
    const mod = await moderator();
    const asker = await makeUser(app);
    const [modSocket, askerSocket] = await Promise.all([openSocket(app, LIVE, { token: mod.access }), openSocket(app, LIVE, { token: asker.access })]);
    await modSocket.next((m) => m.type === 'hello');
    await askerSocket.next((m) => m.type === 'hello');
    const first = await pendingQuestion(asker, askerSocket);
    await modSocket.next((m) => hasQuestion([m], first));

    expect((await call(app, { url: '/v1/user/logout', headers: bearer(mod.access) })).code).toBe(0);
    expect(modSocket.ws.readyState).not.toBe(modSocket.ws.OPEN);
    expect((await modSocket.closed()).code).toBe(LiveSocketClose.REVOKED);
    const second = await pendingQuestion(asker, askerSocket);
    expect(hasQuestion(modSocket.msgs, second)).toBe(false);
    askerSocket.ws.close();
  });

  it('a password change and an account cancellation close their sockets at once', async () => {
    const byPassword = await moderator({ password: 'Old-pass-12' });
    const byCancel = await moderator();
    const [a, b] = await Promise.all([openSocket(app, LIVE, { token: byPassword.access }), openSocket(app, LIVE, { token: byCancel.access })]);
    await Promise.all([a.next((m) => m.type === 'hello'), b.next((m) => m.type === 'hello')]);

    const changed = await call(app, { method: 'POST', url: '/v1/user/reset_password', headers: bearer(byPassword.access), payload: { old_password: 'Old-pass-12', password: 'New-pass-34' } });
    expect(changed.code).toBe(0);
    expect(a.ws.readyState).not.toBe(a.ws.OPEN);
    expect((await a.closed()).code).toBe(LiveSocketClose.REVOKED);

    const code = await smsCode(app, byCancel.mobile ?? '', 'cancel');
    const cancelled = await call(app, { method: 'POST', url: '/v1/user/account/cancel', headers: bearer(byCancel.access), payload: { code, confirm: true } });
    expect(cancelled.code).toBe(0);
    expect(b.ws.readyState).not.toBe(b.ws.OPEN);
    expect((await b.closed()).code).toBe(LiveSocketClose.REVOKED);
  });

  it('a session revoked in SQL, with no message, is closed within the recheck interval', async () => {
    const mod = await moderator();
    const s = await openSocket(app, LIVE, { token: mod.access });
    await s.next((m) => m.type === 'hello');
    await app.db.update(authSessions).set({ revokedAt: clock.now(), revokeReason: 'operator' }).where(eq(authSessions.userId, mod.id));
    expect((await s.closed()).code).toBe(LiveSocketClose.REVOKED);
  });
});

describe('removing the moderator role', () => {
  it('stops questions waiting for approval from reaching their socket; the other moderators still get them', async () => {
    const removed = await moderator();
    const kept = await moderator();
    const asker = await makeUser(app);
    const [r, k, a] = await Promise.all([openSocket(app, LIVE, { token: removed.access }), openSocket(app, LIVE, { token: kept.access }), openSocket(app, LIVE, { token: asker.access })]);
    await Promise.all([r, k, a].map((s) => s.next((m) => m.type === 'hello')));
    const before = await pendingQuestion(asker, a);
    await r.next((m) => hasQuestion([m], before));

    await app.db.delete(liveModerators).where(and(eq(liveModerators.liveId, LIVE), eq(liveModerators.userId, removed.id)));
    const after = await pendingQuestion(asker, a);
    await k.next((m) => hasQuestion([m], after));
    expect(hasQuestion(r.msgs, after)).toBe(false);
    // Still a viewer: public events keep coming.
    expect(r.ws.readyState).toBe(r.ws.OPEN);
    for (const s of [r, k, a]) s.ws.close();
  });
});
