import { ErrorCode, SUPPORT_VISITOR_HEADER, SUPPORT_VISITOR_RATE, SupportConversationsData, SupportMessage, SupportSessionData } from '@medportal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { bearer, call, makeUser, type MadeUser, testClock } from '../../../test/factories.ts';
import { isOpen, parseHours } from './support.service.ts';

// 10:00 in +08:00 on a Wednesday: inside the default working hours.
const clock = testClock(Date.parse('2025-07-02T02:00:00Z'));
let app: FastifyInstance;
let agent: MadeUser;
beforeAll(async () => {
  app = await buildTestApp({ seed: false, now: clock.now });
  agent = await makeUser(app, { nickname: 'Agent Li' });
  await app.db.insert(userRoles).values({ userId: agent.id, role: 'service' });
});
afterAll(async () => {
  await app?.close();
});

async function newVisitor(ip = '10.0.0.1') {
  const res = await call<unknown>(app, { url: '/v1/support/session', remoteAddress: ip });
  expect(res.code, res.message).toBe(0);
  const data = SupportSessionData.parse(res.data);
  expect(data.visitor_token).toBeTruthy();
  return { ...data, headers: { [SUPPORT_VISITOR_HEADER]: data.visitor_token ?? '' } };
}

const send = (headers: Record<string, string>, text: string, ip = '10.0.0.1') =>
  call<unknown>(app, { method: 'POST', url: '/v1/support/messages', headers, payload: { body: text }, remoteAddress: ip });

describe('online service', () => {
  it('keeps a visitor message, counts it unread for the agents and delivers the reply back', async () => {
    const v = await newVisitor();
    expect(v.online).toBe(true);
    expect((await send(v.headers, '请问如何申请学分？')).code).toBe(0);

    const list = SupportConversationsData.parse((await call<unknown>(app, { url: '/v1/support/agent/conversations', headers: bearer(agent.access) })).data);
    const conv = list.items.find((c) => c.id === v.conversation_id);
    expect(conv?.unread).toBe(1);
    expect(conv?.last_message?.body).toBe('请问如何申请学分？');

    const reply = await call<unknown>(app, {
      method: 'POST',
      url: `/v1/support/agent/conversations/${v.conversation_id}/messages`,
      headers: bearer(agent.access),
      payload: { body: 'Open the credit page and claim it.' },
    });
    expect(reply.code, reply.message).toBe(0);
    expect(SupportMessage.parse(reply.data).agent_name).toBe('Agent Li');

    // The same token sees its conversation again, the reply persisted and unread.
    const again = SupportSessionData.parse((await call<unknown>(app, { url: '/v1/support/session', headers: v.headers })).data);
    expect(again.conversation_id).toBe(v.conversation_id);
    expect(again.messages.map((m) => m.sender)).toEqual(['visitor', 'agent']);
    expect(again.unread).toBe(1);
    await call(app, { method: 'POST', url: '/v1/support/read', headers: v.headers });
    expect(SupportSessionData.parse((await call<unknown>(app, { url: '/v1/support/session', headers: v.headers })).data).unread).toBe(0);
    // Answering read the visitor's messages.
    const after = SupportConversationsData.parse((await call<unknown>(app, { url: '/v1/support/agent/conversations', headers: bearer(agent.access) })).data);
    expect(after.items.find((c) => c.id === v.conversation_id)?.unread).toBe(0);
  });

  it('tells agents from other users for the user centre, with the unread total', async () => {
    const plain = await makeUser(app);
    expect((await call(app, { url: '/v1/support/agent/me' })).code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await call(app, { url: '/v1/support/agent/me', headers: bearer(plain.access) })).data).toEqual({ agent: false, total_unread: 0 });
    const v = await newVisitor('10.0.0.5');
    await send(v.headers, 'one', '10.0.0.5');
    await send(v.headers, 'two', '10.0.0.5');
    const list = SupportConversationsData.parse((await call<unknown>(app, { url: '/v1/support/agent/conversations', headers: bearer(agent.access) })).data);
    const me = await call(app, { url: '/v1/support/agent/me', headers: bearer(agent.access) });
    expect(me.data).toEqual({ agent: true, total_unread: list.total_unread });
    expect(list.total_unread).toBeGreaterThanOrEqual(2);
  });

  it('refuses a forged visitor token and images that were not uploaded', async () => {
    const forged = await send({ [SUPPORT_VISITOR_HEADER]: `${'a'.repeat(24)}.${'b'.repeat(43)}` }, 'hi');
    expect(forged.code).toBe(ErrorCode.NOT_LOGGED_IN);
    const v = await newVisitor('10.0.0.2');
    const image = await call(app, { method: 'POST', url: '/v1/support/messages', headers: v.headers, payload: { kind: 'image', body: 'https://evil.example/x.png' }, remoteAddress: '10.0.0.2' });
    expect(image.code).toBe(ErrorCode.VALIDATION);
    const long = await send(v.headers, 'x'.repeat(1001), '10.0.0.2');
    expect(long.code).toBe(ErrorCode.VALIDATION);
  });

  it('lets at most the per-visitor limit through a concurrent burst', async () => {
    const v = await newVisitor('10.0.0.3');
    const burst = await Promise.all(Array.from({ length: SUPPORT_VISITOR_RATE.max + 10 }, (_, i) => send(v.headers, `m${i}`, '10.0.0.3')));
    expect(burst.filter((r) => r.code === 0)).toHaveLength(SUPPORT_VISITOR_RATE.max);
    expect(burst.filter((r) => r.code === ErrorCode.RATE_LIMITED)).toHaveLength(10);
    const stored = SupportSessionData.parse((await call<unknown>(app, { url: '/v1/support/session', headers: v.headers })).data);
    expect(stored.messages).toHaveLength(SUPPORT_VISITOR_RATE.max);
  });

  it('keeps the agent endpoints to users with the service role', async () => {
    const plain = await makeUser(app);
    const v = await newVisitor('10.0.0.4');
    expect((await call(app, { url: '/v1/support/agent/conversations' })).code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await call(app, { url: '/v1/support/agent/conversations', headers: bearer(plain.access) })).code).toBe(ErrorCode.FORBIDDEN);
    const answer = await call(app, { method: 'POST', url: `/v1/support/agent/conversations/${v.conversation_id}/messages`, headers: bearer(plain.access), payload: { body: 'x' } });
    expect(answer.code).toBe(ErrorCode.FORBIDDEN);
    expect((await call(app, { url: `/v1/support/agent/conversations/${v.conversation_id}`, headers: bearer(plain.access) })).code).toBe(ErrorCode.FORBIDDEN);
  });

  it('gives a logged-in visitor one conversation by account, without a visitor token', async () => {
    const user = await makeUser(app, { nickname: 'Dr Wang' });
    const first = SupportSessionData.parse((await call<unknown>(app, { url: '/v1/support/session', headers: bearer(user.access) })).data);
    expect(first.visitor_token).toBeNull();
    await call(app, { method: 'POST', url: '/v1/support/messages', headers: bearer(user.access), payload: { body: 'hello' } });
    const view = await call<{ conversation: { visitor_name: string; logged_in: boolean } }>(app, { url: `/v1/support/agent/conversations/${first.conversation_id}`, headers: bearer(agent.access) });
    expect(view.data.conversation).toMatchObject({ visitor_name: 'Dr Wang', logged_in: true });
  });

  it('reads working hours from "days hours" and tells open from closed in +08:00', () => {
    const h = parseHours('1-5 09:00-18:00');
    expect(isOpen(h, new Date('2025-07-02T02:00:00Z'))).toBe(true); // Wed 10:00
    expect(isOpen(h, new Date('2025-07-02T11:00:00Z'))).toBe(false); // Wed 19:00
    expect(isOpen(h, new Date('2025-07-05T02:00:00Z'))).toBe(false); // Sat 10:00
  });
});
