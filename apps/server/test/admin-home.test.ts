import { type AdminHomeLayout, ErrorCode } from '@medportal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, courses } from '../src/db/schema/index.ts';
import { accountsApp, call } from './factories.ts';
import { staffUser, standInWebDist } from './admin-content.helpers.ts';

let app: FastifyInstance;
let editor: { id: number; headers: Record<string, string> };

beforeAll(async () => {
  ({ app } = await accountsApp({ seed: true, config: { webDist: standInWebDist() } }));
  editor = await staffUser(app, 'editor');
});
afterAll(async () => {
  await app?.close();
});

type Block = AdminHomeLayout['blocks'][number];
const layout = () => call<AdminHomeLayout>(app, { url: '/v1/admin/home', headers: editor.headers });
const saveDraft = (blocks: Block[], updatedAt: string | null) =>
  call<AdminHomeLayout>(app, { method: 'PUT', url: '/v1/admin/home/draft', headers: editor.headers, payload: { blocks, updated_at: updatedAt } });
const publicTitles = async (language: string) =>
  (await call<{ blocks: Array<{ header: { title: string; hide: boolean } }> }>(app, { url: `/v1/pc_index?language=${language}` })).data.blocks
    .filter((b) => !b.header.hide)
    .map((b) => b.header.title);

describe('console home page editor', () => {
  it('edits a draft readers do not see, previews it in zh and en, and publishes it at once', async () => {
    const start = await layout();
    expect(start.data.draft).toBe(false);
    expect(start.data.blocks.length).toBeGreaterThan(2);
    const publishedZh = await publicTitles('zh_CN');

    // Rename the second block, move it to the top, and add a block of chosen courses.
    const [first, second, ...rest] = start.data.blocks;
    const picked = await app.db.select({ id: courses.id }).from(courses).where(eq(courses.status, 'published')).limit(2);
    const chosen = picked.map((c) => c.id).reverse();
    const blocks: Block[] = [
      { ...second!, title_zh: '编辑推荐', title_en: "Editors' picks", hide: false },
      first!,
      ...rest,
      { id: null, layout: 'courses', title_zh: '精选课程', title_en: null, more_action: null, hide: false, source: { limit: 8, order: 'latest', item_ids: chosen } },
    ];
    const saved = await saveDraft(blocks, null);
    expect(saved.code, saved.message).toBe(0);
    expect(saved.data.draft).toBe(true);
    // Readers still see the published home.
    expect(await publicTitles('zh_CN')).toEqual(publishedZh);

    for (const [lang, title, added] of [
      ['zh', '编辑推荐', '精选课程'],
      ['en', "Editors' picks", '精选课程'],
    ] as const) {
      const preview = await call<{ url: string }>(app, { method: 'POST', url: '/v1/admin/preview', headers: editor.headers, payload: { kind: 'home', id: 0, lang } });
      const page = await app.inject({ url: preview.data.url });
      expect(page.statusCode).toBe(200);
      const main = /<main>(.*?)<\/main>/.exec(page.body)?.[1] ?? '';
      expect(main.startsWith(`<h2>${title}</h2>`), main).toBe(true);
      expect(main).toContain(`<h2>${added}</h2>`);
      // Without the grant: the published home.
      const bare = await app.inject({ url: `/?lang=${lang}` });
      expect(bare.body).not.toContain(`<h2>${added}</h2>`);
    }

    const published = await call<AdminHomeLayout>(app, { method: 'POST', url: '/v1/admin/home/publish', headers: editor.headers, payload: { updated_at: saved.data.updated_at } });
    expect(published.code, published.message).toBe(0);
    expect(published.data.draft).toBe(false);
    const zh = await publicTitles('zh_CN');
    expect(zh[0]).toBe('编辑推荐');
    expect(zh).toContain('精选课程');
    expect((await publicTitles('en'))[0]).toBe("Editors' picks");
    // The chosen courses, in the chosen order.
    const index = await call<{ blocks: Array<{ header: { title: string }; data: { items: Array<{ id: number }> } }> }>(app, { url: '/v1/pc_index' });
    const block = index.data.blocks.find((b) => b.header.title === '精选课程');
    expect(block?.data.items.map((i) => i.id)).toEqual(chosen);

    const [audit] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'home.publish'));
    expect((audit!.before as Block[])[0]?.title_zh).toBe(first!.title_zh);
    expect((audit!.after as Block[])[0]?.title_zh).toBe('编辑推荐');
  });

  it('refuses a stale draft save, unknown items, and publishing or discarding without a draft', async () => {
    const start = await layout();
    const first = await saveDraft(start.data.blocks, null);
    expect(first.code).toBe(0);
    // A second operator who also started from the published layout.
    expect((await saveDraft(start.data.blocks, null)).code).toBe(ErrorCode.ADMIN_EDIT_CONFLICT);
    const again = await saveDraft(start.data.blocks.slice(1), first.data.updated_at);
    expect(again.code).toBe(0);
    expect((await saveDraft(start.data.blocks, first.data.updated_at)).code).toBe(ErrorCode.ADMIN_EDIT_CONFLICT);
    const stalePublish = await call(app, { method: 'POST', url: '/v1/admin/home/publish', headers: editor.headers, payload: { updated_at: first.data.updated_at } });
    expect(stalePublish.code).toBe(ErrorCode.ADMIN_EDIT_CONFLICT);

    const bad: Block = { id: null, layout: 'news', title_zh: '资讯', title_en: null, more_action: null, hide: false, source: { limit: 4, order: 'latest', item_ids: [999_999] } };
    expect((await saveDraft([bad], again.data.updated_at)).code).toBe(ErrorCode.CONTENT_REFERENCE_MISSING);
    const unknownBlock = { ...start.data.blocks[0]!, id: 999_999 };
    expect((await saveDraft([unknownBlock], again.data.updated_at)).code).toBe(ErrorCode.CONTENT_REFERENCE_MISSING);

    const discarded = await call<AdminHomeLayout>(app, { method: 'POST', url: '/v1/admin/home/discard', headers: editor.headers, payload: { updated_at: again.data.updated_at } });
    expect(discarded.data.draft).toBe(false);
    expect(discarded.data.blocks.length).toBe(start.data.blocks.length);
    expect((await call(app, { method: 'POST', url: '/v1/admin/home/publish', headers: editor.headers, payload: { updated_at: again.data.updated_at } })).code).toBe(ErrorCode.HOME_NO_DRAFT);
  });

  it('finds items for the pickers by title or id', async () => {
    const [course] = await app.db.select({ id: courses.id, titleZh: courses.titleZh }).from(courses).limit(1);
    const byId = await call<{ items: Array<{ id: number; title_zh: string }> }>(app, { url: `/v1/admin/home/items?kind=course&ids=${course!.id}`, headers: editor.headers });
    expect(byId.data.items).toEqual([expect.objectContaining({ id: course!.id, title_zh: course!.titleZh })]);
    const byText = await call<{ items: Array<{ id: number }> }>(app, { url: `/v1/admin/home/items?kind=course&q=${encodeURIComponent(course!.titleZh)}`, headers: editor.headers });
    expect(byText.data.items.map((i) => i.id)).toContain(course!.id);
  });

  it('refuses roles outside content', async () => {
    for (const role of ['moderator', 'finance', 'service', 'live_producer'] as const) {
      const other = await staffUser(app, role);
      expect((await call(app, { url: '/v1/admin/home', headers: other.headers })).code, role).toBe(ErrorCode.FORBIDDEN);
      expect((await call(app, { method: 'PUT', url: '/v1/admin/home/draft', headers: other.headers, payload: {} })).code, role).toBe(ErrorCode.FORBIDDEN);
    }
  });
});
