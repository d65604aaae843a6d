import { SUPPORT_AGENT_SOCKET_PATH, SUPPORT_SOCKET_PATH, SupportMessage, SupportSessionData, type SupportSocketEvent } from '@medportal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { userRoles } from '../src/db/schema/index.ts';
import { buildTestApp } from './build-test-app.ts';
import { bearer, call, makeUser, testClock, type MadeUser } from './factories.ts';

// 10:00 in +08:00 on a Wednesday: inside the default working hours.
const clock = testClock(Date.parse('2025-07-02T02:00:00Z'));
let app: FastifyInstance;
let base: string;
let agent: MadeUser;
beforeAll(async () => {
  app = await buildTestApp({ seed: false, now: clock.now });
  base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
  agent = await makeUser(app, { nickname: 'Agent Zhou' });
  await app.db.insert(userRoles).values({ userId: agent.id, role: 'service' });
});
afterAll(async () => {
  await app?.close();
});

/** A socket with a queue of its frames; resolves once the server says it is subscribed. */
async function open(path: string) {
  const ws = new WebSocket(`${base}${path}`);
  const frames: SupportSocketEvent[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (d: Buffer) => {
    frames.push(JSON.parse(d.toString()) as SupportSocketEvent);
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  /** The first frame (from now on or already queued) that matches. */
  const next = async <T extends SupportSocketEvent>(match: (e: SupportSocketEvent) => e is T, ms = 3_000): Promise<T> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const i = frames.findIndex(match);
      if (i >= 0) return frames.splice(i, 1)[0] as T;
      if (Date.now() > deadline) throw new Error(`no matching frame on ${path}: ${JSON.stringify(frames)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  };
  return { ws, frames, closed, next };
}
const isReady = (e: SupportSocketEvent): e is { type: 'ready' } => e.type === 'ready';
const isMessage = (e: SupportSocketEvent): e is Extract<SupportSocketEvent, { type: 'message' }> => e.type === 'message';
const isTyping = (e: SupportSocketEvent): e is Extract<SupportSocketEvent, { type: 'typing' }> => e.type === 'typing';
const isRead = (e: SupportSocketEvent): e is Extract<SupportSocketEvent, { type: 'read' }> => e.type === 'read';

describe('online service sockets', () => {
  it('carry a visitor message to the agents, the reply, typing and reading back to that visitor only', async () => {
    const session = SupportSessionData.parse((await call<unknown>(app, { url: '/v1/support/session' })).data);
    const token = session.visitor_token ?? '';
    const other = SupportSessionData.parse((await call<unknown>(app, { url: '/v1/support/session', remoteAddress: '10.0.0.9' })).data);

    const desk = await open(`${SUPPORT_AGENT_SOCKET_PATH}?access_token=${agent.access}`);
    const visitor = await open(`${SUPPORT_SOCKET_PATH}?visitor=${token}`);
    const stranger = await open(`${SUPPORT_SOCKET_PATH}?visitor=${other.visitor_token ?? ''}`);
    await Promise.all([desk.next(isReady), visitor.next(isReady), stranger.next(isReady)]);

    // The visitor types, then sends: the desk sees both.
    visitor.ws.send(JSON.stringify({ type: 'typing' }));
    expect(await desk.next(isTyping)).toEqual({ type: 'typing', conversation_id: session.conversation_id, sender: 'visitor' });
    const sent = await call<unknown>(app, { method: 'POST', url: '/v1/support/messages', headers: { 'x-support-visitor': token }, payload: { body: '直播回放在哪里看？' } });
    expect(sent.code, sent.message).toBe(0);
    const arrived = await desk.next(isMessage);
    expect(arrived.message).toMatchObject({ conversation_id: session.conversation_id, sender: 'visitor', body: '直播回放在哪里看？' });

    // The agent types in that conversation and replies: the visitor gets both live.
    desk.ws.send(JSON.stringify({ type: 'typing', conversation_id: session.conversation_id }));
    expect(await visitor.next(isTyping)).toEqual({ type: 'typing', conversation_id: session.conversation_id, sender: 'agent' });
    const reply = await call<unknown>(app, {
      method: 'POST',
      url: `/v1/support/agent/conversations/${session.conversation_id}/messages`,
      headers: bearer(agent.access),
      payload: { body: 'Under "Past lives" on the live page.' },
    });
    expect(reply.code, reply.message).toBe(0);
    // The visitor's own message came back on its socket too (another tab of theirs shows it).
    expect((await visitor.next(isMessage)).message.sender).toBe('visitor');
    const back = await visitor.next(isMessage);
    expect(back.message.id).toBe(SupportMessage.parse(reply.data).id);
    expect(back.message).toMatchObject({ sender: 'agent', agent_name: 'Agent Zhou', body: 'Under "Past lives" on the live page.' });

    // The visitor reads it: the desk hears so.
    await call(app, { method: 'POST', url: '/v1/support/read', headers: { 'x-support-visitor': token } });
    expect(await desk.next(isRead)).toEqual({ type: 'read', conversation_id: session.conversation_id, reader: 'visitor' });

    // Another visitor's socket heard none of it.
    await new Promise((r) => setTimeout(r, 100));
    expect(stranger.frames).toEqual([]);
    for (const s of [desk, visitor, stranger]) s.ws.close();
  });

  it('closes sockets of forged visitors and of users without the service role', async () => {
    const forged = await open(`${SUPPORT_SOCKET_PATH}?visitor=${'a'.repeat(24)}.${'b'.repeat(43)}`);
    expect(await forged.closed).toBe(4401);
    const anonymous = await open(SUPPORT_AGENT_SOCKET_PATH);
    expect(await anonymous.closed).toBe(4403);
    const plain = await makeUser(app);
    const notAgent = await open(`${SUPPORT_AGENT_SOCKET_PATH}?access_token=${plain.access}`);
    expect(await notAgent.closed).toBe(4403);
  });
});
