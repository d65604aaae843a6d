import { ErrorCode, Page, PaperCard, PaperDetail } from '@medportal/contract';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { papers } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { bearer, call, makeUser, type MadeUser } from '../../../test/factories.ts';

const PaperPage = Page(PaperCard);

let app: FastifyInstance;
let user: MadeUser;
let draft: { id: number; uuid: string };

beforeAll(async () => {
  app = await buildTestApp();
  user = await makeUser(app);
  const [row] = await app.db
    .insert(papers)
    .values({ uuid: '0f8e2b6a-1c3d-4e5f-8a9b-0c1d2e3f4a5b', titleZh: '草稿文献', fullJournal: 'J', status: 'draft', publishedAt: new Date() })
    .returning();
  draft = { id: row!.id, uuid: row!.uuid };
});
afterAll(async () => {
  await app?.close();
});

const get = <T = unknown>(url: string, token?: string) => call<T>(app, { url, headers: token ? bearer(token) : {} });

describe('GET /v1/paper', () => {
  it('pages published papers newest first, stable and without drafts', async () => {
    const seen: number[] = [];
    const dates: string[] = [];
    let total = 0;
    for (let p = 1; p <= 20; p++) {
      const res = await get(`/v1/paper?page=${p}&page_size=4`);
      expect(res.code).toBe(0);
      const data = PaperPage.parse(res.data);
      total = data.total;
      seen.push(...data.items.map((i) => i.id));
      dates.push(...data.items.map((i) => i.published_at ?? ''));
      if (!data.has_more) break;
    }
    expect(total).toBeGreaterThan(4);
    expect(seen.length).toBe(total);
    expect(new Set(seen).size).toBe(total);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(seen).not.toContain(draft.id);
  });

  it('answers in the caller language', async () => {
    const zh = PaperPage.parse((await get('/v1/paper?language=zh_CN')).data).items[0]!;
    const en = PaperPage.parse((await get('/v1/paper?language=en')).data).items[0]!;
    expect(zh.id).toBe(en.id);
    expect(zh.title).toMatch(/[\u4e00-\u9fff]/);
    expect(en.title).not.toMatch(/[\u4e00-\u9fff]/);
    expect(en.full_journal).toBeTruthy();
  });

  it('rejects bad paging', async () => {
    for (const q of ['page=0', 'page_size=101', 'page=x']) expect((await get(`/v1/paper?${q}`)).code).toBe(ErrorCode.VALIDATION);
  });
});

describe('GET /v1/paper/:id', () => {
  it('finds a paper by integer id and by uuid, with the same content', async () => {
    const [newest] = await app.db.select().from(papers).where(eq(papers.status, 'published')).orderBy(desc(papers.publishedAt)).limit(1);
    const byId = await get(`/v1/paper/${newest!.id}?language=en`);
    expect(byId.code).toBe(0);
    const a = PaperDetail.parse(byId.data);
    const b = PaperDetail.parse((await get(`/v1/paper/${newest!.uuid.toUpperCase()}?language=en`)).data);
    expect(a).toEqual(b);
    expect(a.uuid).toBe(newest!.uuid);
    expect(a.abstract).toBeTruthy();
    expect(a.doi).toBe(newest!.doi);
    expect(a.is_favorite).toBe(false);
    expect(a.action.data).toEqual({ module: 'paper', module_id: newest!.id });
  });

  it('is not found for a missing or draft paper; a malformed key is a validation error', async () => {
    expect((await get('/v1/paper/2000000')).code).toBe(ErrorCode.NOT_FOUND);
    expect((await get(`/v1/paper/${draft.id}`)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await get(`/v1/paper/${draft.uuid}`)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await get('/v1/paper/7d1c2f3a-0000-4000-8000-000000000000')).code).toBe(ErrorCode.NOT_FOUND);
    for (const bad of ['abc', '-1', '0', "1'%20or%20'1'='1"]) expect((await get(`/v1/paper/${bad}`)).code).toBe(ErrorCode.VALIDATION);
  });

  it('tells a logged-in caller whether the paper is a favourite', async () => {
    const [p] = await app.db.select().from(papers).where(eq(papers.status, 'published')).limit(1);
    const fav = await call(app, { method: 'POST', url: '/v1/user/favorite', headers: bearer(user.access), payload: { module_name: 'paper', module_id: p!.id, status: 1 } });
    expect(fav.code).toBe(0);
    expect(PaperDetail.parse((await get(`/v1/paper/${p!.id}`, user.access)).data).is_favorite).toBe(true);
    expect(PaperDetail.parse((await get(`/v1/paper/${p!.id}`)).data).is_favorite).toBe(false);
    // The favourites page lists it with a generated cover and the paper's module target.
    const favs = await get<{ items: Array<{ module_id: number; cover: string; action: { data: unknown } }> }>('/v1/user/favorite?module_name=paper', user.access);
    expect(favs.data.items[0]?.module_id).toBe(p!.id);
    expect(favs.data.items[0]?.cover).toMatch(/^\/media\/cover\/paper\//);
    expect(favs.data.items[0]?.action.data).toEqual({ module: 'paper', module_id: p!.id });
    const other = await makeUser(app);
    expect(PaperDetail.parse((await get(`/v1/paper/${p!.id}`, other.access)).data).is_favorite).toBe(false);
  });
});
