import { ErrorCode } from '@medportal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../src/db/schema/index.ts';
import { bearer, call, makeUser } from './factories.ts';
import { buildTestApp } from './build-test-app.ts';

type Item = Record<string, unknown> & { id: number; updated_at: string; state?: string };

/**
 * The console's catalog (decision record 0068): for each resource, create → edit → the public API
 * shows it → take it offline or delete it → the public API no longer does; stale edits, validation,
 * site page versions and the hot words.
 */
describe('admin catalog', () => {
  let app: FastifyInstance;
  let editor: { authorization: string };

  const admin = async <T = Item>(method: string, url: string, payload?: unknown) => call<T>(app, { method: method as 'GET', url, payload: payload as never, headers: editor });
  const pub = async <T = Record<string, unknown>>(url: string, lang = 'zh') => call<T>(app, { method: 'GET', url, headers: { 'accept-language': lang === 'en' ? 'en' : 'zh-CN' } });

  beforeAll(async () => {
    app = await buildTestApp();
    const u = await makeUser(app);
    await app.db.insert(userRoles).values({ userId: u.id, role: 'editor' });
    editor = bearer(u.access);
  });
  afterAll(() => app.close());

  /** Creates, publishes when the resource has publication, edits, and returns the edited item. */
  async function createAndEdit(path: string, body: Record<string, unknown>, change: Record<string, unknown>, publish: boolean): Promise<Item> {
    const created = await admin('POST', `/v1/admin/${path}`, body);
    expect(created.code, JSON.stringify(created)).toBe(0);
    let item = created.data;
    if (publish) {
      expect(item.state).toBe('draft');
      const published = await admin('POST', `/v1/admin/${path}/${item.id}/publish`, {});
      expect(published.code).toBe(0);
      expect(published.data.state).toBe('published');
      item = published.data;
    }
    const edited = await admin('PUT', `/v1/admin/${path}/${item.id}`, { ...body, ...change, updated_at: item.updated_at });
    expect(edited.code, JSON.stringify(edited)).toBe(0);
    for (const [k, v] of Object.entries(change)) expect(edited.data[k]).toEqual(v);
    // The stale version is refused now.
    const stale = await admin('PUT', `/v1/admin/${path}/${item.id}`, { ...body, updated_at: item.updated_at });
    expect(stale.code).toBe(ErrorCode.ADMIN_EDIT_CONFLICT);
    const got = await admin('GET', `/v1/admin/${path}/${item.id}`);
    expect(got.data.updated_at).toBe(edited.data.updated_at);
    return edited.data;
  }

  async function remove(path: string, id: number) {
    const res = await admin('DELETE', `/v1/admin/${path}/${id}`);
    expect(res.code, JSON.stringify(res)).toBe(0);
  }

  it('speakers: a published speaker shows on the public page and is gone once taken offline, audited', async () => {
    const s = await createAndEdit('speakers', { name_zh: '目录专家甲', avatar: '/img/a.png', title_zh: '主任医师', department_ids: [3, 1] }, { name_en: 'Catalog Expert A', intro_zh: '简介' }, true);
    // Departments linked on create stay through an edit that does not send them; one that names nothing is refused.
    expect((await admin('GET', `/v1/admin/speakers/${s.id}`)).data.department_ids).toEqual([1, 3]);
    expect((await admin('PUT', `/v1/admin/speakers/${s.id}`, { ...s, department_ids: [999999] })).code).toBe(ErrorCode.CATALOG_MISSING_REFERENCE);
    const shown = await pub<{ name: string }>(`/v1/user/speaker/${s.id}`, 'en');
    expect(shown.code).toBe(0);
    expect(shown.data.name).toBe('Catalog Expert A');
    const list = await admin<{ items: Item[]; total: number }>('GET', '/v1/admin/speakers?q=%E7%9B%AE%E5%BD%95%E4%B8%93%E5%AE%B6');
    expect(list.data.items.map((i) => i.id)).toContain(s.id);
    await remove('speakers', s.id);
    expect((await pub(`/v1/user/speaker/${s.id}`)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await admin('GET', `/v1/admin/speakers/${s.id}`)).data.state).toBe('offline');
    const audit = await call<{ items: Array<{ action: string; before: unknown; after: unknown }> }>(app, {
      method: 'GET',
      url: `/v1/admin/audit_log?target=speaker:${s.id}`,
      headers: bearer((await adminUser()).access),
    });
    expect(audit.data.items.map((a) => a.action)).toEqual(['speaker.offline', 'speaker.edit', 'speaker.publish', 'speaker.create']);
    const edit = audit.data.items[1] as { before: { name_en: unknown }; after: { name_en: unknown } };
    expect([edit.before.name_en, edit.after.name_en]).toEqual([null, 'Catalog Expert A']);
  });

  it('hospitals, organizers and keywords: shown on their public pages, gone once deleted', async () => {
    for (const [path, pubPath, body, change, nameKey] of [
      ['hospitals', 'hospital', { name_zh: '目录医院', city_zh: '北京', logo: '/img/h.png' }, { name_zh: '目录医院二' }, 'name'],
      ['organizers', 'organizer', { name_zh: '目录学会', logo: '/img/o.png' }, { name_zh: '目录学会二' }, 'name'],
      ['keywords', 'keyword', { title_zh: '目录关键词' }, { title_zh: '目录关键词二' }, 'title'],
    ] as const) {
      const item = await createAndEdit(path, body, change, false);
      const shown = await pub<Record<string, unknown>>(`/v1/${pubPath}/${item.id}`);
      expect(shown.code, path).toBe(0);
      expect(JSON.stringify(shown.data), path).toContain(Object.values(change)[0]);
      expect(nameKey).toBeTruthy();
      await remove(path, item.id);
      expect((await pub(`/v1/${pubPath}/${item.id}`)).code, path).toBe(ErrorCode.NOT_FOUND);
      expect((await admin('GET', `/v1/admin/${path}/${item.id}`)).code).toBe(ErrorCode.NOT_FOUND);
    }
  });

  it('papers: a scheduled paper stays hidden until its instant; published it shows; offline it is gone', async () => {
    const p = await createAndEdit('papers', { title_zh: '目录论文', full_journal: 'Blood', doi: '10.1000/xyz123' }, { title_en: 'Catalog paper' }, false);
    const future = new Date(Date.now() + 3600_000).toISOString();
    const scheduled = await admin('POST', `/v1/admin/papers/${p.id}/publish`, { at: future });
    expect(scheduled.data.state).toBe('scheduled');
    expect((await pub(`/v1/paper/${p.id}`)).code).toBe(ErrorCode.NOT_FOUND);
    await admin('POST', `/v1/admin/papers/${p.id}/publish`, {});
    const shown = await pub<{ title: string }>(`/v1/paper/${p.id}`, 'en');
    expect(shown.data.title).toBe('Catalog paper');
    await remove('papers', p.id);
    expect((await pub(`/v1/paper/${p.id}`)).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('congresses: published they are on the calendar, offline they are not; bad dates are refused', async () => {
    const body = {
      acronym: 'CATA 2031',
      title_zh: '目录大会',
      title_en: 'Catalog Congress',
      organizer_zh: '目录学会',
      organizer_en: 'Catalog Society',
      start_date: '2031-03-10',
      end_date: '2031-03-12',
      country: 'US',
      field: 'oncology',
      region: 'north_america',
      url: 'https://example.org/cata',
      logo: '/img/c.png',
    };
    const bad = await admin('POST', '/v1/admin/congresses', { ...body, end_date: '2031-03-01' });
    expect(bad.code).toBe(ErrorCode.VALIDATION);
    const c = await createAndEdit('congresses', body, { city_en: 'Boston' }, true);
    const month = await pub<{ items: Array<{ id: number }> }>('/v1/meeting/calendar?month=2031-03');
    expect(month.data.items.map((i) => i.id)).toContain(c.id);
    expect((await pub(`/v1/meeting/calendar/${c.id}`)).code).toBe(0);
    await remove('congresses', c.id);
    const after = await pub<{ items: Array<{ id: number }> }>('/v1/meeting/calendar?month=2031-03');
    expect(after.data.items.map((i) => i.id)).not.toContain(c.id);
  });

  it('columns and special topics: published they are listed, offline they are not', async () => {
    const col = await createAndEdit('columns', { title_zh: '目录栏目', cover: '/img/col.png' }, { desc_zh: '栏目介绍' }, true);
    const cols = await pub<{ items: Array<{ id: number }> }>('/v1/user/column?page_size=100');
    expect(cols.data.items.map((i) => i.id)).toContain(col.id);
    const off = await admin('POST', `/v1/admin/columns/${col.id}/offline`);
    expect(off.data.state).toBe('offline');
    const colsAfter = await pub<{ items: Array<{ id: number }> }>('/v1/user/column?page_size=100');
    expect(colsAfter.data.items.map((i) => i.id)).not.toContain(col.id);

    const t = await createAndEdit('specials', { kind: 'topic', title_zh: '目录专题', cover: '/img/t.png' }, { title_en: 'Catalog topic' }, true);
    expect((await pub(`/v1/topic/${t.id}`)).code).toBe(0);

    // The topic's courses, in the operator's order; an edit that leaves them out keeps them.
    const published = await pub<{ items: Array<{ id: number }> }>('/v1/pc/course?page_size=3');
    const courseIds = published.data.items.map((c) => c.id).reverse();
    expect(courseIds.length).toBe(3);
    const withCourses = await admin('PUT', `/v1/admin/specials/${t.id}`, { ...t, course_ids: courseIds });
    expect(withCourses.code, withCourses.message).toBe(0);
    expect(withCourses.data.course_ids).toEqual(courseIds);
    expect(withCourses.data.news_ids).toEqual([]);
    const onTopic = await pub<{ items: Array<{ id: number }> }>(`/v1/topic/${t.id}/course`);
    expect(onTopic.data.items.map((c) => c.id)).toEqual(courseIds);
    const renamed = await admin('PUT', `/v1/admin/specials/${t.id}`, { ...withCourses.data, course_ids: undefined, title_zh: '目录专题二' });
    expect(renamed.data.course_ids).toEqual(courseIds);
    const cleared = await admin('PUT', `/v1/admin/specials/${t.id}`, { ...renamed.data, course_ids: [] });
    expect((await admin('GET', `/v1/admin/specials/${t.id}`)).data.course_ids).toEqual([]);
    expect(cleared.code).toBe(0);
    await remove('specials', t.id);
    expect((await pub(`/v1/topic/${t.id}`)).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('sister products: published they are in the top bar, offline they are not; the introduction is sanitised; a taken key is refused', async () => {
    const body = { key: 'catalog_product', title_zh: '目录产品', icon: '/img/p.png', url: '/catalog_product', intro_zh: '<p>介绍<script>alert(1)</script></p>' };
    const r = await createAndEdit('relate_sites', body, { title_zh: '目录产品二' }, true);
    expect(String(r.intro_zh)).not.toContain('script');
    const dup = await admin('POST', '/v1/admin/relate_sites', body);
    expect(dup.code).toBe(ErrorCode.CATALOG_DUPLICATE);
    const bar = await pub('/v1/relate_site');
    expect(JSON.stringify(bar.data)).toContain('目录产品二');
    // The landing page's cards and buttons, in order; a button is a site path or an https address.
    const features = [
      { title_zh: '卡片一', title_en: 'Card one', text_zh: '说明一', text_en: null },
      { title_zh: '卡片二', title_en: null, text_zh: '', text_en: null },
    ];
    const links = [
      { title_zh: '进入', title_en: 'Open', url: '/catalog_product/start' },
      { title_zh: '官网', title_en: null, url: 'https://example.org/product' },
    ];
    const withLists = await admin('PUT', `/v1/admin/relate_sites/${r.id}`, { ...r, features, links });
    expect(withLists.code, withLists.message).toBe(0);
    expect(withLists.data.features).toEqual(features);
    expect(withLists.data.links).toEqual(links);
    const landing = await pub<{ features: Array<{ title: string }>; links: Array<{ title: string; action: { data: { url?: string }; target: string } }> }>('/v1/relate_site/catalog_product', 'en');
    expect(landing.data.features.map((f) => f.title)).toEqual(['Card one', '卡片二']);
    expect(landing.data.links.map((l) => [l.title, l.action.data.url, l.action.target])).toEqual([
      ['Open', '/catalog_product/start', '_self'],
      ['官网', 'https://example.org/product', '_blank'],
    ]);
    // A protocol-relative or script address is refused.
    expect((await admin('PUT', `/v1/admin/relate_sites/${r.id}`, { ...withLists.data, links: [{ title_zh: 'x', url: '//evil.example' }] })).code).toBe(ErrorCode.VALIDATION);
    expect((await admin('PUT', `/v1/admin/relate_sites/${r.id}`, { ...withLists.data, links: [{ title_zh: 'x', url: 'javascript:alert(1)' }] })).code).toBe(ErrorCode.VALIDATION);
    await remove('relate_sites', r.id);
    expect(JSON.stringify((await pub('/v1/relate_site')).data)).not.toContain('目录产品二');
  });

  it('hot words: a new word is in the public hot words at once and in English; offline it is gone', async () => {
    const before = await pub<{ items: Array<{ word: string }> }>('/v1/user/hot_search_word');
    expect(before.code).toBe(0);
    const w = await createAndEdit('hot_words', { word_zh: '目录热词' }, { word_en: 'catalogword' }, true);
    const zh = await pub<{ items: Array<{ word: string }> }>('/v1/user/hot_search_word');
    expect(zh.data.items.map((i) => i.word)).toContain('目录热词');
    const en = await pub<{ items: Array<{ word: string }> }>('/v1/user/hot_search_word', 'en');
    expect(en.data.items.map((i) => i.word)).toContain('catalogword');
    await remove('hot_words', w.id);
    const after = await pub<{ items: Array<{ word: string }> }>('/v1/user/hot_search_word');
    expect(after.data.items.map((i) => i.word)).not.toContain('目录热词');
  });

  it('site pages: an edit makes a version the public page shows; restoring an old one brings its text back, audited', async () => {
    const list = await admin<{ items: Item[] }>('GET', '/v1/admin/site_pages?q=about');
    const about = list.data.items.find((i) => i.slug === 'about');
    expect(about).toBeDefined();
    const page = about as Item;
    const first = await admin('PUT', `/v1/admin/site_pages/${page.id}`, { ...pick(page), body_zh: '<p>第一版关于我们</p>', updated_at: page.updated_at });
    expect(first.code, JSON.stringify(first)).toBe(0);
    const second = await admin('PUT', `/v1/admin/site_pages/${page.id}`, { ...pick(page), body_zh: '<p>第二版关于我们</p><img src=x onerror=alert(1)>', updated_at: first.data.updated_at });
    expect(second.code).toBe(0);
    expect(String(second.data.body_zh)).not.toContain('onerror');
    expect(JSON.stringify((await pub('/v1/site/page/about')).data)).toContain('第二版关于我们');

    const versions = await admin<{ items: Array<{ id: number; number: number; body_zh: string; restored_from: number | null }> }>('GET', `/v1/admin/site_pages/${page.id}/versions`);
    expect(versions.data.items.length).toBe(2);
    const [v2, v1] = versions.data.items;
    expect([v2?.number, v1?.number]).toEqual([2, 1]);
    expect(v1?.body_zh).toContain('第一版');

    const staleRestore = await admin('POST', `/v1/admin/site_pages/${page.id}/versions/${v1?.id}/restore`, { updated_at: first.data.updated_at });
    expect(staleRestore.code).toBe(ErrorCode.ADMIN_EDIT_CONFLICT);
    const restored = await admin('POST', `/v1/admin/site_pages/${page.id}/versions/${v1?.id}/restore`, { updated_at: second.data.updated_at });
    expect(restored.code).toBe(0);
    expect(JSON.stringify((await pub('/v1/site/page/about')).data)).toContain('第一版关于我们');
    const after = await admin<{ items: Array<{ number: number; restored_from: number | null }> }>('GET', `/v1/admin/site_pages/${page.id}/versions`);
    expect(after.data.items[0]).toMatchObject({ number: 3, restored_from: 1 });
    const audit = await call<{ items: Array<{ action: string }> }>(app, { method: 'GET', url: `/v1/admin/audit_log?target=site_page:${page.id}`, headers: bearer((await adminUser()).access) });
    expect(audit.data.items[0]?.action).toBe('site_page.restore');
  });

  it('journal-channel items and albums: published they are on the channel and the album page, gone once taken down', async () => {
    // The console's picker lists the channels by name.
    const channels = await admin<{ items: Array<{ id: number; slug: string; name_zh: string }> }>('GET', '/v1/admin/selected_channels');
    expect(channels.code).toBe(0);
    const channel = channels.data.items.find((c) => c.slug === 'vjhemonc');
    expect(channel?.name_zh).toBeTruthy();
    const channelId = channel?.id ?? 0;
    const v = await createAndEdit(
      'selected_videos',
      { channel_id: channelId, kind: 'interview', title_zh: '目录访谈', cover: '/img/v.png', speakers: [{ name_zh: '专家', org_zh: '医院' }] },
      { title_en: 'Catalog interview' },
      true,
    );
    expect(v.speakers).toEqual([{ name_zh: '专家', name_en: '', org_zh: '医院', org_en: '' }]);
    expect((await pub(`/v1/selected/vjhemonc/videos/${v.id}`)).code).toBe(0);
    await remove('selected_videos', v.id);
    expect((await pub(`/v1/selected/vjhemonc/videos/${v.id}`)).code).toBe(ErrorCode.NOT_FOUND);

    const album = (await admin('POST', '/v1/admin/specials', { kind: 'album', theme_id: 1, title_zh: '目录专辑', cover: '/img/al.png' })).data;
    await admin('POST', `/v1/admin/specials/${album.id}/publish`, {});
    const config = { special_id: album.id, channel_id: channelId, subtitle_zh: '副标题', banner: '/img/b.png', primary_color: '#112233', accent_color: '#445566', menus: ['topic', 'about'] };
    const c = await createAndEdit('album_configs', config, { subtitle_zh: '新副标题' }, false);
    expect(c.id).toBe(album.id);
    const shown = await pub(`/v1/special/1/${album.id}/config`);
    expect(JSON.stringify(shown.data)).toContain('新副标题');
    await remove('album_configs', album.id);
    expect((await pub(`/v1/special/1/${album.id}/config`)).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('searchable kinds reach the search index: a published speaker is found, taken offline it is not', async () => {
    const s = (await admin('POST', '/v1/admin/speakers', { name_zh: '索引专家', name_en: 'Zyxwvindexed', avatar: '/a.png', title_zh: '教授' })).data;
    const find = async () => (await pub<{ items: Array<{ item_id: number; module: string }> }>('/v1/pc/search?keyword=Zyxwvindexed&type=speaker')).data.items.map((i) => i.item_id);
    expect(await find()).not.toContain(s.id);
    await admin('POST', `/v1/admin/speakers/${s.id}/publish`, {});
    expect(await find()).toContain(s.id);
    await remove('speakers', s.id);
    expect(await find()).not.toContain(s.id);
  });

  it('answers clear codes: validation, a reference to nothing, a missing row, an unknown bulk action', async () => {
    const invalid = await admin('POST', '/v1/admin/speakers', { name_zh: '', avatar: '' });
    expect(invalid.code).toBe(ErrorCode.VALIDATION);
    const noHospital = await admin('POST', '/v1/admin/speakers', { name_zh: '甲', avatar: '/a.png', title_zh: '医师', hospital_id: 999999 });
    expect(noHospital.code).toBe(ErrorCode.CATALOG_MISSING_REFERENCE);
    expect((await admin('PUT', '/v1/admin/hospitals/999999', { name_zh: 'x', city_zh: 'y', logo: '/l.png', updated_at: new Date().toISOString() })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await admin('POST', '/v1/admin/hospitals/bulk', { ids: [1], action: 'publish' })).code).toBe(ErrorCode.ADMIN_BAD_STATE);
    expect((await admin('GET', '/v1/admin/speakers?sort=nonsense')).code).toBe(ErrorCode.VALIDATION);
    expect((await admin('POST', '/v1/admin/speakers/1/publish', { at: new Date(Date.now() + 1000).toISOString() })).code).toBe(ErrorCode.CATALOG_NO_SCHEDULE);
  });

  it('bulk: publishes and takes offline many rows, reporting the missing ones', async () => {
    const ids: number[] = [];
    for (const w of ['批量一', '批量二']) ids.push((await admin('POST', '/v1/admin/hot_words', { word_zh: w })).data.id);
    const res = await admin<{ done: number[]; failed: Array<{ id: number; code: number }> }>('POST', '/v1/admin/hot_words/bulk', { ids: [...ids, 999999], action: 'publish' });
    expect(res.data.done).toEqual(ids);
    expect(res.data.failed).toEqual([expect.objectContaining({ id: 999999, code: ErrorCode.NOT_FOUND })]);
    expect((await pub<{ items: Array<{ word: string }> }>('/v1/user/hot_search_word')).data.items.map((i) => i.word)).toEqual(expect.arrayContaining(['批量一', '批量二']));
    const off = await admin<{ done: number[] }>('POST', '/v1/admin/hot_words/bulk', { ids, action: 'offline' });
    expect(off.data.done).toEqual(ids);
    const words = (await pub<{ items: Array<{ word: string }> }>('/v1/user/hot_search_word')).data.items.map((i) => i.word);
    expect(words).not.toContain('批量一');
    const listed = await admin<{ items: Item[] }>('GET', '/v1/admin/hot_words?state=offline&q=%E6%89%B9%E9%87%8F');
    expect(listed.data.items.map((i) => i.id).sort()).toEqual([...ids].sort());
  });

  it('concurrent edits from the same version: exactly one wins', async () => {
    const k = (await admin('POST', '/v1/admin/keywords', { title_zh: '并发词' })).data;
    const results = await Promise.all(
      ['甲', '乙', '丙', '丁'].map((s) => admin('PUT', `/v1/admin/keywords/${k.id}`, { title_zh: `并发词${s}`, updated_at: k.updated_at })),
    );
    expect(results.filter((r) => r.code === 0).length).toBe(1);
    expect(results.filter((r) => r.code === ErrorCode.ADMIN_EDIT_CONFLICT).length).toBe(3);
  });

  async function adminUser() {
    const u = await makeUser(app);
    await app.db.insert(userRoles).values({ userId: u.id, role: 'administrator' });
    return u;
  }
});

/** The body fields of a site page item. */
function pick(p: Item) {
  return { slug: p.slug, title_zh: p.title_zh, title_en: p.title_en, body_en: p.body_en, version: p.version, effective_on: p.effective_on };
}
