import { type AdminNewsDetail, type AdminNewsRow, ErrorCode, type Page } from '@medportal/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, newsCategories, tags } from '../src/db/schema/index.ts';
import { accountsApp, call, type TestClock } from './factories.ts';
import { multipart, png, staffUser, standInWebDist } from './admin-content.helpers.ts';

let app: FastifyInstance;
let clock: TestClock;
let editor: { id: number; headers: Record<string, string> };
let categoryId: number;
let tagId: number;

beforeAll(async () => {
  ({ app, clock } = await accountsApp({ config: { webDist: standInWebDist() } }));
  editor = await staffUser(app, 'editor');
  const [c] = await app.db.insert(newsCategories).values({ titleZh: '测试分类', titleEn: 'Test category', sort: 1 }).returning();
  categoryId = c!.id;
  const [t] = await app.db.insert(tags).values({ titleZh: '心血管', titleEn: 'Cardiology' }).returning();
  tagId = t!.id;
});
afterAll(async () => {
  await app?.close();
});

async function upload(headers: Record<string, string>, content: Buffer, url = '/v1/admin/images', type = 'image/png') {
  return call<{ url: string; width: number; height: number }>(app, { method: 'POST', url, ...multipart(headers, 'picture.png', content, type) });
}

const article = (over: Record<string, unknown> = {}) => ({
  category_id: categoryId,
  title_zh: '草稿标题',
  title_en: 'Draft title',
  summary_zh: '摘要',
  body_zh: '<p>正文</p>',
  cover: 'https://img.example.org/cover.jpg',
  ...over,
});

async function create(over: Record<string, unknown> = {}) {
  const res = await call<AdminNewsDetail>(app, { method: 'POST', url: '/v1/admin/news', headers: editor.headers, payload: article(over) });
  expect(res.code, res.message).toBe(0);
  return res.data;
}

const publicDetail = (id: number, language = 'zh_CN') => call<{ title: string; body_html: string }>(app, { url: `/v1/news/${id}?language=${language}` });

describe('console image upload', () => {
  it('stores an image checked by its content, answers its size and audits it', async () => {
    const res = await upload(editor.headers, png(4, 5));
    expect(res.code, res.message).toBe(0);
    expect(res.data.url).toMatch(/^\/uploads\/\d{6}\/[A-Za-z0-9_-]+\.png$/);
    expect([res.data.width, res.data.height]).toEqual([4, 5]);
    const file = await app.inject({ url: res.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    const [audit] = await app.db.select().from(auditLog).where(and(eq(auditLog.action, 'image.upload'), eq(auditLog.actorId, editor.id)));
    expect(audit?.after).toMatchObject({ url: res.data.url, width: 4, height: 5 });
  });

  it('refuses what is not an image, whatever its name and declared type, and a request without the file', async () => {
    const script = await upload(editor.headers, Buffer.from('<svg onload="alert(1)"></svg>'), '/v1/admin/images', 'image/png');
    expect(script.code).toBe(ErrorCode.VALIDATION);
    const text = await upload(editor.headers, Buffer.from('just text, not a PNG at all'));
    expect(text.code).toBe(ErrorCode.VALIDATION);
    const wrongField = await call(app, { method: 'POST', url: '/v1/admin/images', ...multipart(editor.headers, 'a.png', png(), 'image/png', 'picture') });
    expect(wrongField.code).toBe(ErrorCode.VALIDATION);
  });

  it('lets live producers upload through the lives route only; other roles are refused', async () => {
    const producer = await staffUser(app, 'live_producer');
    expect((await upload(producer.headers, png())).code).toBe(ErrorCode.FORBIDDEN);
    expect((await upload(producer.headers, png(), '/v1/admin/live_images')).code).toBe(0);
    expect((await upload(editor.headers, png(), '/v1/admin/live_images')).code).toBe(ErrorCode.FORBIDDEN);
    const moderator = await staffUser(app, 'moderator');
    expect((await upload(moderator.headers, png())).code).toBe(ErrorCode.FORBIDDEN);
  });
});

describe('console news', () => {
  it('sanitises bodies: scripts and handlers go, DOI links and our own images stay, other sites\' images are dropped', async () => {
    const ours = (await upload(editor.headers, png())).data.url;
    const body =
      `<p onclick="steal()">Trial <script>alert(1)</script><a href="https://doi.org/10.1056/NEJMoa2034577">NEJM</a></p>` +
      `<img src="${ours}" alt="figure" onerror="alert(2)"><img src="https://tracker.example.com/pixel.png" alt="x"><img src="javascript:alert(3)">`;
    const made = await create({ body_zh: body, body_en: body });
    for (const stored of [made.body_zh, made.body_en ?? '']) {
      expect(stored).not.toMatch(/script|onclick|onerror|javascript|tracker\.example/);
      expect(stored).toContain('<a href="https://doi.org/10.1056/NEJMoa2034577" rel="noopener noreferrer" target="_blank">NEJM</a>');
      expect(stored).toContain(`<img src="${ours}" alt="figure">`);
    }
    expect(made.state).toBe('draft');
  });

  it('keeps drafts from readers, shows them to a preview link, and cites the DOI on the published page', async () => {
    const made = await create({ title_zh: '预览中的草稿', doi: '10.1000/xyz.123', tag_ids: [tagId] });
    expect(made.tag_ids).toEqual([tagId]);
    expect((await publicDetail(made.id)).code).toBe(ErrorCode.NOT_FOUND);

    const preview = await call<{ url: string }>(app, { method: 'POST', url: '/v1/admin/preview', headers: editor.headers, payload: { kind: 'news', id: made.id } });
    expect(preview.code).toBe(0);
    const page = await app.inject({ url: preview.data.url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>预览中的草稿</h1>');
    expect(page.body).toContain('noindex');
    // The same page without the grant, and with a grant for another article, is what readers get.
    const bare = await app.inject({ url: preview.data.url.split('?')[0]! });
    expect(bare.body).not.toContain('预览中的草稿');
    const other = await call<{ url: string }>(app, { method: 'POST', url: '/v1/admin/preview', headers: editor.headers, payload: { kind: 'news', id: made.id + 1000 } });
    const token = new URL(other.data.url, 'http://x').searchParams.get('preview')!;
    const wrong = await app.inject({ url: `/news/${made.id}?lang=zh&preview=${encodeURIComponent(token)}` });
    expect(wrong.body).not.toContain('预览中的草稿');

    const published = await call<AdminNewsDetail>(app, { method: 'POST', url: `/v1/admin/news/${made.id}/publish`, headers: editor.headers, payload: {} });
    expect(published.data.state).toBe('published');
    const detail = await publicDetail(made.id);
    expect(detail.data.title).toBe('预览中的草稿');
    expect(detail.data.body_html).toContain('<p>DOI: 10.1000/xyz.123</p>');
  });

  it('refuses a malformed DOI, an unknown category and an unknown tag', async () => {
    const bad = await call(app, { method: 'POST', url: '/v1/admin/news', headers: editor.headers, payload: article({ doi: 'doi:abc' }) });
    expect(bad.code).toBe(ErrorCode.VALIDATION);
    const cat = await call(app, { method: 'POST', url: '/v1/admin/news', headers: editor.headers, payload: article({ category_id: 999_999 }) });
    expect(cat.code).toBe(ErrorCode.CONTENT_REFERENCE_MISSING);
    const tag = await call(app, { method: 'POST', url: '/v1/admin/news', headers: editor.headers, payload: article({ tag_ids: [999_999] }) });
    expect(tag.code).toBe(ErrorCode.CONTENT_REFERENCE_MISSING);
  });

  it('publishes on schedule: hidden from readers until the instant, then shown without anything running', async () => {
    const made = await create({ title_zh: '定时发布的资讯' });
    const at = new Date(clock.now().getTime() + 3_600_000).toISOString();
    const scheduled = await call<AdminNewsDetail>(app, { method: 'POST', url: `/v1/admin/news/${made.id}/publish`, headers: editor.headers, payload: { at } });
    expect(scheduled.data.state).toBe('scheduled');
    expect((await publicDetail(made.id)).code).toBe(ErrorCode.NOT_FOUND);
    const listed = await call<Page<AdminNewsRow>>(app, { url: `/v1/admin/news?state=scheduled&category_id=${categoryId}`, headers: editor.headers });
    expect(listed.data.items.map((r) => r.id)).toEqual([made.id]);
    const home = await call<Page<{ id: number }>>(app, { url: `/v1/news?category_id=${categoryId}&page_size=50` });
    expect(home.data.items.map((r) => r.id)).not.toContain(made.id);
    clock.advance(3601);
    expect((await publicDetail(made.id)).data.title).toBe('定时发布的资讯');
    const after = await call<Page<{ id: number }>>(app, { url: `/v1/news?category_id=${categoryId}&page_size=50` });
    expect(after.data.items.map((r) => r.id)).toContain(made.id);
  });

  it('refuses a stale edit instead of overwriting another operator\'s save, and audits each save', async () => {
    const made = await create();
    const first = await call<AdminNewsDetail>(app, {
      method: 'PUT',
      url: `/v1/admin/news/${made.id}`,
      headers: editor.headers,
      payload: { ...article({ title_zh: '第一次修改' }), updated_at: made.updated_at },
    });
    expect(first.code, first.message).toBe(0);
    expect(first.data.title_zh).toBe('第一次修改');
    clock.advance(1);
    const stale = await call(app, {
      method: 'PUT',
      url: `/v1/admin/news/${made.id}`,
      headers: editor.headers,
      payload: { ...article({ title_zh: '过时的修改' }), updated_at: made.updated_at },
    });
    expect(stale.code).toBe(ErrorCode.ADMIN_EDIT_CONFLICT);
    expect((await call<AdminNewsDetail>(app, { url: `/v1/admin/news/${made.id}`, headers: editor.headers })).data.title_zh).toBe('第一次修改');
    const audits = await app.db.select().from(auditLog).where(eq(auditLog.target, `news:${made.id}`));
    expect(audits.map((a) => a.action).sort()).toEqual(['news.create', 'news.update']);
    const update = audits.find((a) => a.action === 'news.update')!;
    expect(update.before).toMatchObject({ title_zh: '草稿标题' });
    expect(update.after).toMatchObject({ title_zh: '第一次修改' });
  });

  it('lists with search, state and category filters, and acts on many at once', async () => {
    const a = await create({ title_zh: '批量操作甲' });
    const b = await create({ title_zh: '批量操作乙' });
    const found = await call<Page<AdminNewsRow>>(app, { url: `/v1/admin/news?q=${encodeURIComponent('批量操作')}&state=draft`, headers: editor.headers });
    expect(found.data.items.map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    const bulk = await call<{ done: number[]; failed: Array<{ id: number; code: number }> }>(app, {
      method: 'POST',
      url: '/v1/admin/news/bulk',
      headers: editor.headers,
      payload: { ids: [a.id, b.id, 999_999], action: 'publish' },
    });
    expect(bulk.data.done).toEqual([a.id, b.id]);
    expect(bulk.data.failed).toEqual([expect.objectContaining({ id: 999_999, code: ErrorCode.NOT_FOUND })]);
    const offline = await call<{ done: number[] }>(app, { method: 'POST', url: '/v1/admin/news/bulk', headers: editor.headers, payload: { ids: [a.id], action: 'offline' } });
    expect(offline.data.done).toEqual([a.id]);
    expect((await publicDetail(a.id)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await publicDetail(b.id)).code).toBe(0);
    const onlyOffline = await call<Page<AdminNewsRow>>(app, { url: `/v1/admin/news?q=${encodeURIComponent('批量操作')}&state=offline`, headers: editor.headers });
    expect(onlyOffline.data.items.map((r) => r.id)).toEqual([a.id]);
  });

  it('manages categories: rename and reorder, delete only when empty', async () => {
    const made = await call<{ id: number; news_count: number }>(app, {
      method: 'POST',
      url: '/v1/admin/news/categories',
      headers: editor.headers,
      payload: { title_zh: '新分类', title_en: null, sort: 5 },
    });
    expect(made.data.news_count).toBe(0);
    const renamed = await call<{ title_en: string | null }>(app, {
      method: 'PUT',
      url: `/v1/admin/news/categories/${made.data.id}`,
      headers: editor.headers,
      payload: { title_zh: '新分类', title_en: 'New category', sort: 2 },
    });
    expect(renamed.data.title_en).toBe('New category');
    const article1 = await create({ category_id: made.data.id });
    const refused = await call(app, { method: 'DELETE', url: `/v1/admin/news/categories/${made.data.id}`, headers: editor.headers });
    expect(refused.code).toBe(ErrorCode.NEWS_CATEGORY_NOT_EMPTY);
    expect((await call(app, { method: 'DELETE', url: `/v1/admin/news/${article1.id}`, headers: editor.headers })).code).toBe(0);
    expect((await call(app, { method: 'DELETE', url: `/v1/admin/news/categories/${made.data.id}`, headers: editor.headers })).code).toBe(0);
    const list = await call<{ items: Array<{ id: number }> }>(app, { url: '/v1/admin/news/categories', headers: editor.headers });
    expect(list.data.items.map((c) => c.id)).not.toContain(made.data.id);
  });

  it('refuses roles outside content on these routes, and learners', async () => {
    const learner = await staffUser(app);
    for (const role of ['moderator', 'finance', 'service', 'live_producer'] as const) {
      const other = await staffUser(app, role);
      for (const headers of [other.headers, learner.headers]) {
        expect((await call(app, { method: 'POST', url: '/v1/admin/news', headers, payload: article() })).code, role).toBe(ErrorCode.FORBIDDEN);
        expect((await call(app, { url: '/v1/admin/news', headers })).code, role).toBe(ErrorCode.FORBIDDEN);
        expect((await call(app, { method: 'POST', url: '/v1/admin/news/categories', headers, payload: { title_zh: 'x' } })).code, role).toBe(ErrorCode.FORBIDDEN);
      }
    }
    const admin = await staffUser(app, 'administrator');
    expect((await call(app, { url: '/v1/admin/news', headers: admin.headers })).code).toBe(0);
  });
});
