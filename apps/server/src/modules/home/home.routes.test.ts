import { BlockLayout, HomeBlock, LiveStatus, PcIndexData, type HomeBlockOf } from '@medportal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function pcIndex(query = '', headers: Record<string, string> = {}) {
  const res = await app.inject({ url: `/v1/pc_index${query}`, headers });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body).toMatchObject({ code: 0, message: '' });
  return PcIndexData.parse(body.data);
}

const byLayout = <L extends HomeBlock['layout']>(blocks: HomeBlock[], layout: L) =>
  blocks.filter((b): b is HomeBlockOf<L> => b.layout === layout && !b.header.hide);

describe('GET /v1/pc_index', () => {
  it('returns every block layout, banner first, each block valid against the contract', async () => {
    const { blocks } = await pcIndex();
    expect(blocks[0]?.layout).toBe('banner');
    const visible = blocks.filter((b) => !b.header.hide);
    expect(new Set(visible.map((b) => b.layout))).toEqual(new Set(Object.values(BlockLayout)));
    for (const block of blocks) expect(() => HomeBlock.parse(block)).not.toThrow();
    for (const block of visible) expect(block.data.items.length, `items of ${block.layout}`).toBeGreaterThan(0);
    // Order follows the configuration: ids ascend with the configured sort.
    expect(blocks.map((b) => b.id)).toEqual([...blocks.map((b) => b.id)].sort((a, b) => a - b));
  });

  it('speaks the request language: zh by default, en with language=en or Accept-Language', async () => {
    const zh = await pcIndex();
    const en = await pcIndex('?language=en');
    const viaHeader = await pcIndex('', { 'accept-language': 'en-US,en;q=0.9' });
    expect(zh.blocks[0]?.header.title).toBe('焦点推荐');
    expect(en.blocks[0]?.header.title).toBe('Featured');
    expect(viaHeader.blocks[0]?.header.title).toBe('Featured');
    zh.blocks.forEach((b, i) => expect(b.header.title).not.toBe(en.blocks[i]?.header.title));
    const zhLive = byLayout(zh.blocks, 'today_live')[0]?.data.items.find((l) => l.live_status === LiveStatus.LIVE);
    const enLive = byLayout(en.blocks, 'today_live')[0]?.data.items.find((l) => l.live_status === LiveStatus.LIVE);
    expect(zhLive?.live_status_text).toBe('直播中');
    expect(enLive?.live_status_text).toBe('Live now');
  });

  it("has exactly one live now in today's live and in live meetings", async () => {
    const { blocks } = await pcIndex();
    for (const layout of ['today_live', 'live_meetings'] as const) {
      const items = byLayout(blocks, layout).flatMap((b) => b.data.items);
      expect(items.filter((l) => l.live_status === LiveStatus.LIVE)).toHaveLength(1);
      for (const l of items) expect(l.action).toMatchObject({ type: 7, data: { id: l.id } });
    }
    const upcoming = byLayout(blocks, 'live_meetings')[0]?.data.items.filter((l) => l.live_status === LiveStatus.UPCOMING);
    expect(upcoming?.length).toBeGreaterThan(2);
  });

  it('sends a hidden block with hide: true and no items', async () => {
    const { blocks } = await pcIndex();
    const hidden = blocks.filter((b) => b.header.hide);
    expect(hidden).toHaveLength(1);
    expect(hidden[0]?.data.items).toEqual([]);
  });

  it('shapes course cards: prices in fen, struck original price, series counts, per-language learn counts', async () => {
    const zh = await pcIndex();
    const en = await pcIndex('?language=en');
    const courses = zh.blocks.flatMap((b) =>
      b.layout === 'courses' || b.layout === 'big_courses' || b.layout === 'course_series' || b.layout === 'left_image_courses'
        ? b.data.items
        : [],
    );
    expect(courses.some((c) => c.price_type === 1 && c.price === 0)).toBe(true);
    expect(courses.some((c) => c.price_type === 2 && c.original_price > c.price)).toBe(true);
    const series = byLayout(zh.blocks, 'course_series')[0]?.data.items ?? [];
    expect(series.every((c) => c.course_type === 2 && c.course_updated_count > 0)).toBe(true);
    for (const c of courses) expect(c.action).toEqual({ type: 5, data: { id: c.id }, target: '_self' });
    const big = courses.find((c) => c.learn_count >= 10_000);
    expect(big?.learn_count_show).toMatch(/^\d+(\.\d)?万$/);
    const bigEn = en.blocks.flatMap((b) => (b.layout === 'courses' || b.layout === 'big_courses' || b.layout === 'course_series' || b.layout === 'left_image_courses' ? b.data.items : [])).find((c) => c.id === big?.id);
    expect(bigEn?.learn_count_show).toMatch(/^\d+(\.\d)?k$/);
  });

  it('gives the course series block a COURSE_LIST more action titled by the block', async () => {
    const zh = await pcIndex();
    const block = byLayout(zh.blocks, 'course_series')[0];
    expect(block?.header.more_action).toMatchObject({ type: 6, data: { title: '系列课程', dep_val: '' } });
    const dept = byLayout(zh.blocks, 'left_image_courses')[0];
    expect(dept?.header.more_action).toMatchObject({ type: 6, data: { dep_val: 'hematology' } });
  });

  it('gives every card a skip action of the right type', async () => {
    const { blocks } = await pcIndex();
    expect(byLayout(blocks, 'news')[0]?.data.items.every((n) => n.action.type === 9 && n.action.data.id === n.id)).toBe(true);
    expect(byLayout(blocks, 'speakers')[0]?.data.items.every((s) => s.action.type === 4 && s.is_follow === false)).toBe(true);
    expect(byLayout(blocks, 'columns')[0]?.data.items.every((c) => c.action.type === 1 && c.action.data.url === '/column/index')).toBe(true);
    const banners = byLayout(blocks, 'banner')[0]?.data.items ?? [];
    expect(banners.some((b) => b.action.type === 2 && b.action.target === '_blank')).toBe(true);
    const tabs = byLayout(blocks, 'news_menu')[0]?.data.items ?? [];
    expect(tabs.length).toBeGreaterThanOrEqual(5);
    for (const tab of tabs) {
      expect(tab.action).toMatchObject({ type: 3, data: { category_id: tab.id } });
      expect(tab.items.every((n) => n.category?.id === tab.id)).toBe(true);
    }
    const search = byLayout(blocks, 'search_items')[0]?.data.items ?? [];
    expect(new Set(search.map((s) => s.id)).size).toBe(search.length);
    expect(new Set(search.map((s) => s.action.type))).toEqual(new Set([5, 7, 9]));
  });

  it('never shows drafts', async () => {
    const res = await app.inject({ url: '/v1/pc_index' });
    expect(res.body).not.toContain('草稿');
    expect(res.body).not.toContain('999999');
  });

  it('serves the cached body compressed when asked, identical to the plain one', async () => {
    const plain = await app.inject({ url: '/v1/pc_index' });
    const br = await app.inject({ url: '/v1/pc_index', headers: { 'accept-encoding': 'br' } });
    const gz = await app.inject({ url: '/v1/pc_index', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(String(plain.headers.vary)).toContain('Accept-Encoding');
  });
});
