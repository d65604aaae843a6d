import { type AdminBulkResult, ErrorCode, type LiveTopic, type ModerationItem } from '@medportal/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { news, userRoles } from '../src/db/schema/index.ts';
import { DEMO_ROOMS } from '../src/seed/live-room.ts';
import { buildTestApp } from './build-test-app.ts';
import { bearer, call, makeUser, type MadeUser, testClock } from './factories.ts';

const clock = testClock();
let app: FastifyInstance;
let moderator: MadeUser;
let editor: MadeUser;
let learner: MadeUser;
let newsId: number;
const LIVE = DEMO_ROOMS.moderated;

type Queue = { items: ModerationItem[]; total: number; pending: { comment: number; question: number } };
const queue = (by: MadeUser, query: string) => call<Queue>(app, { url: `/v1/admin/moderation?${query}`, headers: bearer(by.access) });
const act = (by: MadeUser, kind: string, id: number, action: string) =>
  call<{ status: string; changed: boolean }>(app, { method: 'POST', url: `/v1/admin/moderation/${kind}/${id}`, headers: bearer(by.access), payload: { action } });
const publicTopics = async () => (await call<{ items: LiveTopic[] }>(app, { url: `/v1/live/${LIVE}/topiclist?sort=new&page_size=100` })).data.items;
const publicComments = async () => (await call<{ items: Array<{ id: number }>; total: number }>(app, { url: `/v1/news/${newsId}/comments?page_size=100` })).data;

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  moderator = await makeUser(app, { nickname: 'Mo' });
  editor = await makeUser(app);
  learner = await makeUser(app, { nickname: 'Learner' });
  await app.db.insert(userRoles).values([
    { userId: moderator.id, role: 'moderator' },
    { userId: editor.id, role: 'editor' },
  ]);
  const [item] = await app.db.select({ id: news.id }).from(news).where(eq(news.status, 'published')).limit(1);
  newsId = item!.id;
});
afterAll(async () => {
  await app?.close();
});

async function ask(content: string): Promise<number> {
  const r = await call<LiveTopic>(app, { method: 'POST', url: `/v1/user/live/${LIVE}/topicstore`, headers: bearer(learner.access), payload: { content } });
  expect(r.code).toBe(0);
  expect(r.data.status).toBe('pending');
  return r.data.id;
}

/** Each comment from a new reader (one reader may comment every few seconds). */
async function comment(content: string): Promise<number> {
  const by = await makeUser(app);
  const r = await call<{ id: number }>(app, { method: 'POST', url: `/v1/user/news/${newsId}/comments`, headers: bearer(by.access), payload: { content } });
  expect(r.code, JSON.stringify(r)).toBe(0);
  return r.data.id;
}

describe('moderation queue', () => {
  it('approving a live question in the console shows it in the room’s public list, audited', async () => {
    const id = await ask('Console approval: does the dose change with age?');
    expect((await publicTopics()).some((t) => t.id === id)).toBe(false);
    const pending = await queue(moderator, `kind=question&live_id=${LIVE}&q=${encodeURIComponent('Console approval')}`);
    expect(pending.code).toBe(0);
    expect(pending.data.items.map((i) => i.id)).toEqual([id]);
    expect(pending.data.items[0]).toMatchObject({ kind: 'question', status: 'pending', author: { id: learner.id, nickname: 'Learner' }, target: { id: LIVE } });
    expect(pending.data.pending.question).toBeGreaterThanOrEqual(1);

    const done = await act(moderator, 'question', id, 'approve');
    expect(done.data).toMatchObject({ status: 'approved', changed: true });
    expect((await publicTopics()).some((t) => t.id === id)).toBe(true);
    expect((await queue(moderator, `kind=question&status=approved&live_id=${LIVE}`)).data.items.some((i) => i.id === id)).toBe(true);

    const log = await call<{ items: Array<{ action: string; actor_id: number; before: unknown; after: unknown }> }>(app, {
      url: `/v1/admin/audit_log?target=question:${id}`,
      headers: bearer((await adminUser()).access),
    });
    expect(log.data.items).toEqual([expect.objectContaining({ action: 'question.approve', actor_id: moderator.id, before: { status: 'pending' }, after: { status: 'approved' } })]);

    // Hide takes it off the public list; restore puts it back in the queue.
    expect((await act(moderator, 'question', id, 'hide')).data.status).toBe('hidden');
    expect((await publicTopics()).some((t) => t.id === id)).toBe(false);
    expect((await act(moderator, 'question', id, 'restore')).data.status).toBe('pending');
    expect((await act(moderator, 'question', id, 'restore')).data.changed).toBe(false);
  });

  it('a concurrent approve of the same question is applied once (one event, one audit row)', async () => {
    const id = await ask('Two moderators click at once');
    const results = await Promise.all(Array.from({ length: 6 }, () => act(moderator, 'question', id, 'approve')));
    expect(results.every((r) => r.code === 0 && r.data.status === 'approved')).toBe(true);
    expect(results.filter((r) => r.data.changed)).toHaveLength(1);
    const log = await call<{ total: number }>(app, { url: `/v1/admin/audit_log?target=question:${id}`, headers: bearer((await adminUser()).access) });
    expect(log.data.total).toBe(1);
  });

  it('bulk hides comments: readers no longer see them and the count drops; a missing id fails alone', async () => {
    const ids = [await comment('first comment to hide'), await comment('second comment to hide')];
    const kept = await comment('a comment that stays');
    const before = await publicComments();
    expect(ids.every((id) => before.items.some((c) => c.id === id))).toBe(true);
    const listed = await queue(moderator, `kind=comment&news_id=${newsId}`);
    expect(listed.data.items.map((i) => i.id)).toEqual(expect.arrayContaining([...ids, kept]));

    const bulk = await call<AdminBulkResult>(app, {
      method: 'POST',
      url: '/v1/admin/moderation/bulk',
      headers: bearer(moderator.access),
      payload: { kind: 'comment', ids: [...ids, 2_000_000_000], action: 'hide' },
    });
    expect(bulk.code).toBe(0);
    expect(bulk.data.done.sort()).toEqual([...ids].sort());
    expect(bulk.data.failed).toEqual([expect.objectContaining({ id: 2_000_000_000, code: ErrorCode.NOT_FOUND })]);
    const after = await publicComments();
    expect(after.items.some((c) => ids.includes(c.id))).toBe(false);
    expect(after.items.some((c) => c.id === kept)).toBe(true);
    expect(after.total).toBe(before.total - 2);
    expect((await queue(moderator, `kind=comment&status=hidden&news_id=${newsId}`)).data.items.map((i) => i.id).sort()).toEqual([...ids].sort());
    // Approve applies from any state; restore only brings back what was hidden.
    expect((await act(moderator, 'comment', kept, 'approve')).data.status).toBe('approved');
    expect((await act(moderator, 'comment', kept, 'restore')).code).toBe(ErrorCode.ADMIN_BAD_STATE);
  });

  it('refuses the queue to roles outside moderation, before reading the body', async () => {
    for (const who of [editor, learner]) {
      expect((await queue(who, 'kind=question')).code).toBe(ErrorCode.FORBIDDEN);
      expect((await act(who, 'question', 1, 'approve')).code).toBe(ErrorCode.FORBIDDEN);
      expect((await call(app, { method: 'POST', url: '/v1/admin/moderation/bulk', headers: bearer(who.access), payload: {} })).code).toBe(ErrorCode.FORBIDDEN);
    }
    expect((await call(app, { url: '/v1/admin/moderation' })).code).toBe(ErrorCode.NOT_LOGGED_IN);
  });
});

let admin: MadeUser | undefined;
async function adminUser(): Promise<MadeUser> {
  if (admin) return admin;
  admin = await makeUser(app);
  await app.db.insert(userRoles).values({ userId: admin.id, role: 'administrator' });
  const [check] = await app.db.select().from(userRoles).where(and(eq(userRoles.userId, admin.id), eq(userRoles.role, 'administrator')));
  expect(check).toBeDefined();
  return admin;
}
