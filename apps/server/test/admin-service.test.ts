import { ErrorCode } from '@medportal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../src/db/schema/index.ts';
import { buildTestApp } from './build-test-app.ts';
import { bearer, call, makeUser, type MadeUser } from './factories.ts';

let app: FastifyInstance;
let agent: MadeUser;
let finance: MadeUser;
let admin: MadeUser;

beforeAll(async () => {
  app = await buildTestApp();
  agent = await makeUser(app);
  finance = await makeUser(app);
  admin = await makeUser(app);
  await app.db.insert(userRoles).values([
    { userId: agent.id, role: 'service' },
    { userId: finance.id, role: 'finance' },
    { userId: admin.id, role: 'administrator' },
  ]);
});
afterAll(async () => {
  await app?.close();
});

type Msg = { id: number; status: string; message: string; handled_by: number | null; handled_note: string | null };

describe('customer service: the contact inbox', () => {
  it('lists a form message, marks it handled once with a note, and audits it', async () => {
    const text = `Please call me back about my certificate ${Date.now()}`;
    const sent = await call(app, { method: 'POST', url: '/v1/user/contact_form', payload: { name: 'Dr Wang', contact: 'wang@example.com', message: text } });
    expect(sent.code).toBe(0);
    const inbox = await call<{ items: Msg[] }>(app, { url: `/v1/admin/contact_messages?status=new&q=${encodeURIComponent(text)}`, headers: bearer(agent.access) });
    expect(inbox.data.items).toHaveLength(1);
    const id = inbox.data.items[0]!.id;

    const handle = () => call<Msg>(app, { method: 'POST', url: `/v1/admin/contact_messages/${id}/handle`, headers: bearer(agent.access), payload: { note: 'Called back, resent the certificate' } });
    const [first, second] = await Promise.all([handle(), handle()]);
    expect([first.code, second.code].sort()).toEqual([0, ErrorCode.ADMIN_BAD_STATE].sort());
    const one = await call<Msg>(app, { url: `/v1/admin/contact_messages/${id}`, headers: bearer(agent.access) });
    expect(one.data).toMatchObject({ status: 'handled', handled_by: agent.id, handled_note: 'Called back, resent the certificate' });
    const log = await call<{ total: number }>(app, { url: `/v1/admin/audit_log?target=contact_message:${id}`, headers: bearer(admin.access) });
    expect(log.data.total).toBe(1);
  });

  it('refuses the inbox to other roles; the agent desk stays the service area’s', async () => {
    expect((await call(app, { url: '/v1/admin/contact_messages', headers: bearer(finance.access) })).code).toBe(ErrorCode.FORBIDDEN);
    expect((await call(app, { url: '/v1/support/agent/conversations', headers: bearer(agent.access) })).code).toBe(0);
  });
});
