import { ColumnCard, ErrorCode, MemberItem, ModuleCountData, Page, SubscribeCard, SubscribeData, memberSchemas, routes } from '@medportal/contract';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnSubscriptions, columns, userFavorites, userHistory } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { bearer, call, makeUser, type MadeUser, testClock } from '../../../test/factories.ts';

const ItemPage = Page(MemberItem);

let app: FastifyInstance;
const clock = testClock(Date.parse('2026-03-01T00:00:00Z'));
let alice: MadeUser;
let bob: MadeUser;
let colA: number;
let colB: number;
let colC: number;

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  alice = await makeUser(app, { nickname: 'Alice' });
  bob = await makeUser(app, { nickname: 'Bob' });
  const base = { cover: '/col.svg', status: 'published' as const, sort: 900 };
  const rows = await app.db
    .insert(columns)
    .values([
      { ...base, titleZh: '栏目甲', titleEn: 'Column A' },
      { ...base, titleZh: '栏目乙', titleEn: 'Column B' },
      { ...base, titleZh: '栏目丙', titleEn: 'Column C' },
    ])
    .returning({ id: columns.id });
  [colA, colB, colC] = rows.map((r) => r.id) as [number, number, number];
});
afterAll(async () => {
  await app?.close();
});

const send = <T>(method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  call<T>(app, { method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('member endpoints need login', () => {
  const samples: Record<string, unknown> = {
    favoriteSet: { module_name: 'column', module_id: 1, status: 1 },
    historyRecord: { module_name: 'column', module_id: 1 },
    historyDelete: { ids: [1] },
    subscribeAdd: { sub_id: 1 },
    subscribeDel: { sub_id: 1 },
  };
  const publicReads = new Set(['columnList', 'subscribeList']);
  for (const name of Object.keys(memberSchemas) as (keyof typeof memberSchemas)[]) {
    if (publicReads.has(name)) continue;
    const def: { method: 'GET' | 'POST' | 'DELETE'; path: string; auth?: true } = routes[name];
    it(`${def.method} ${def.path} answers 200203 without a token`, async () => {
      const res = await send(def.method, def.path, undefined, samples[name]);
      expect(def.auth).toBe(true);
      expect(res.code).toBe(ErrorCode.NOT_LOGGED_IN);
    });
  }
});

describe('history', () => {
  it('upserts one row per item and moves its time', async () => {
    expect((await send('POST', '/v1/user/history', alice.access, { module_name: 'column', module_id: colA })).code).toBe(0);
    const [first] = await app.db.select().from(userHistory).where(and(eq(userHistory.userId, alice.id), eq(userHistory.moduleId, colA)));
    clock.advance(60);
    expect((await send('POST', '/v1/user/history', alice.access, { module_name: 'column', module_id: colA })).code).toBe(0);
    const rows = await app.db.select().from(userHistory).where(and(eq(userHistory.userId, alice.id), eq(userHistory.moduleId, colA)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(first!.id);
    expect(rows[0]!.lastViewedAt.getTime()).toBe(first!.lastViewedAt.getTime() + 60_000);
  });

  it('lists newest first with resolved items, and the menu counts them', async () => {
    clock.advance(1);
    await send('POST', '/v1/user/history', alice.access, { module_name: 'column', module_id: colB });
    const list = ItemPage.parse((await send('GET', '/v2/user/history?module_name=column', alice.access)).data);
    expect(list.items.map((i) => i.module_id)).toEqual([colB, colA]);
    expect(list.items[0]).toMatchObject({ title: '栏目乙', cover: '/col.svg', module_name: 'column' });
    const menu = ModuleCountData.parse((await send('GET', '/v1/user/history/menu', alice.access)).data);
    expect(menu.items.find((m) => m.module_name === 'column')?.count).toBe(2);
    expect(menu.items.map((m) => m.module_name)).toEqual(['course', 'news', 'live', 'speaker', 'column', 'paper', 'vod']);
  });

  it('never shows or deletes another user’s rows', async () => {
    await send('POST', '/v1/user/history', bob.access, { module_name: 'column', module_id: colC });
    const bobList = ItemPage.parse((await send('GET', '/v2/user/history', bob.access)).data);
    expect(bobList.items.map((i) => i.module_id)).toEqual([colC]);
    const aliceList = ItemPage.parse((await send('GET', '/v2/user/history', alice.access)).data);
    expect(aliceList.items.some((i) => i.module_id === colC)).toBe(false);
    // Alice names Bob's row id: nothing of Bob's is deleted.
    const res = await send<{ deleted: number }>('DELETE', '/v1/user/history', alice.access, { ids: [bobList.items[0]!.id] });
    expect(res).toMatchObject({ code: 0, data: { deleted: 0 } });
    expect(ItemPage.parse((await send('GET', '/v2/user/history', bob.access)).data).total).toBe(1);
  });

  it('deletes by ids and clears all (own rows only)', async () => {
    const list = ItemPage.parse((await send('GET', '/v2/user/history', alice.access)).data);
    const res = await send<{ deleted: number }>('DELETE', '/v1/user/history', alice.access, { ids: [list.items[0]!.id] });
    expect(res.data.deleted).toBe(1);
    expect(ItemPage.parse((await send('GET', '/v2/user/history', alice.access)).data).total).toBe(1);
    expect((await send<{ deleted: number }>('DELETE', '/v1/user/history/all', alice.access)).data.deleted).toBe(1);
    expect(ItemPage.parse((await send('GET', '/v2/user/history', alice.access)).data).total).toBe(0);
    expect(ItemPage.parse((await send('GET', '/v2/user/history', bob.access)).data).total).toBe(1);
  });

  it('rejects bad input', async () => {
    const bad = [
      ['POST', '/v1/user/history', { module_name: 'nope', module_id: colA }],
      ['POST', '/v1/user/history', { module_name: 'column', module_id: -1 }],
      ['DELETE', '/v1/user/history', { ids: Array.from({ length: 101 }, (_, i) => i + 1) }],
      ['DELETE', '/v1/user/history', { ids: [-3] }],
      ['DELETE', '/v1/user/history', { ids: [] }],
      ['GET', '/v2/user/history?module_name=nope', undefined],
      ['POST', '/v1/user/favorite', { module_name: 'column', module_id: colA, status: 3 }],
      ['POST', '/v1/user/subscribe/add', { sub_id: 0 }],
    ] as const;
    for (const [method, url, payload] of bad) {
      const res = await send(method, url, alice.access, payload);
      expect(res.code, `${method} ${url} ${JSON.stringify(payload)}`).toBe(ErrorCode.VALIDATION);
    }
    expect((await send('POST', '/v1/user/history', alice.access, { module_name: 'column', module_id: 2_000_000_000 })).code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('favourites', () => {
  it('adds idempotently (also concurrently), lists per user and removes', async () => {
    const body = { module_name: 'column', module_id: colA, status: 1 };
    const results = await Promise.all(Array.from({ length: 5 }, () => send('POST', '/v1/user/favorite', alice.access, body)));
    expect(results.every((r) => r.code === 0)).toBe(true);
    const [n] = await app.db.select({ n: count() }).from(userFavorites).where(eq(userFavorites.userId, alice.id));
    expect(n!.n).toBe(1);
    const list = ItemPage.parse((await send('GET', '/v1/user/favorite?module_name=column', alice.access)).data);
    expect(list.items.map((i) => i.module_id)).toEqual([colA]);
    expect(ItemPage.parse((await send('GET', '/v1/user/favorite', bob.access)).data).total).toBe(0);
    const modules = ModuleCountData.parse((await send('GET', '/v1/user/module', alice.access)).data);
    expect(modules.items.find((m) => m.module_name === 'column')).toMatchObject({ count: 1, title_zh: '栏目', title_en: 'Columns' });
    expect((await send('POST', '/v1/user/favorite', alice.access, { ...body, status: 2 })).data).toEqual({ is_favorite: false });
    expect((await send('POST', '/v1/user/favorite', alice.access, { ...body, status: 2 })).code).toBe(0);
    expect(ItemPage.parse((await send('GET', '/v1/user/favorite', alice.access)).data).total).toBe(0);
  });
});

describe('columns and subscriptions', () => {
  const subRows = async (columnId: number) =>
    (await app.db.select({ n: count() }).from(columnSubscriptions).where(eq(columnSubscriptions.columnId, columnId)))[0]!.n;

  it('concurrent adds make one row and the count equals the rows', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => send<unknown>('POST', '/v1/user/subscribe/add', alice.access, { sub_id: colB })));
    for (const r of results) expect(r.code).toBe(0);
    expect(await subRows(colB)).toBe(1);
    const last = SubscribeData.parse((await send('POST', '/v1/user/subscribe/add', bob.access, { sub_id: colB })).data);
    expect(last).toEqual({ is_follow: true, subscribe_total: 2 });
    expect(await subRows(colB)).toBe(2);
  });

  it('lists is_follow per caller and my subscriptions per user', async () => {
    const page = Page(ColumnCard).parse((await send('GET', '/v1/user/column?page_size=100', alice.access)).data);
    const b = page.items.find((c) => c.id === colB)!;
    expect(b).toMatchObject({ is_follow: true, subscribe_total: 2, subscribe_logo: '/col.svg', url: '/column/index' });
    expect(page.items.find((c) => c.id === colA)?.is_follow).toBe(false);
    const subs = Page(SubscribeCard).parse((await send('GET', '/v1/user/subscribe?page_size=100', alice.access)).data);
    expect(subs.items.find((c) => c.id === colB)?.is_follow).toBe(true);
    const mine = Page(SubscribeCard).parse((await send('GET', '/v1/user/my/subscribe', bob.access)).data);
    expect(mine.items.map((c) => c.id)).toEqual([colB]);
  });

  it('shows the card lists to anonymous visitors with is_follow false', async () => {
    const page = Page(ColumnCard).parse((await send('GET', '/v1/user/column?page_size=100')).data);
    expect(page.items.find((c) => c.id === colB)).toMatchObject({ is_follow: false, subscribe_total: 2 });
    const subs = Page(SubscribeCard).parse((await send('GET', '/v1/user/subscribe?page_size=100')).data);
    expect(subs.items.every((c) => !c.is_follow)).toBe(true);
  });

  it('unsubscribes idempotently; unknown column is NOT_FOUND', async () => {
    const del = await Promise.all([1, 2, 3].map(() => send('POST', '/v1/user/subscribe/del', alice.access, { sub_id: colB })));
    for (const r of del) expect(r.code).toBe(0);
    expect((await send('POST', '/v1/user/subscribe/del', alice.access, { sub_id: colB })).data).toEqual({ is_follow: false, subscribe_total: 1 });
    expect(await subRows(colB)).toBe(1);
    expect((await send('POST', '/v1/user/subscribe/add', alice.access, { sub_id: 2_000_000_000 })).code).toBe(ErrorCode.NOT_FOUND);
  });
});
