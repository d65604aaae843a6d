import { ErrorCode, SearchData } from '@medportal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, searchReady } from '../../../test/build-test-app.ts';
import { call } from '../../../test/factories.ts';

/**
 * The server answers before its search index is loaded (decision record 0016): /readyz says so,
 * searches come from a scan of search_documents with the same answers, suggestions are 503 with
 * Retry-After, and everything else is served as usual.
 */
describe('search while the index loads', () => {
  let app: FastifyInstance;
  let load!: () => void;
  beforeAll(async () => {
    // The index waits for the gate: the server is looked at while it "loads".
    app = await buildTestApp({ searchIndexGate: new Promise<void>((r) => (load = r)) });
  });
  afterAll(async () => {
    load?.();
    await app?.close();
  });

  const searches = (
    [
    { keyword: '淋巴瘤', page_size: '50' },
    { keyword: '淋巴瘤', type: 'course', page: '2', page_size: '1' },
    { keyword: 'lymphoma', language: 'en' },
    { keyword: 'lymph', language: 'en', page_size: '50' },
    { keyword: '指南', type: 'news' },
    { keyword: 'CAR-T 淋巴瘤' },
    { keyword: 'zzqqxx' },
    ] as Array<Record<string, string>>
  ).map((q) => `/v1/pc/search?${new URLSearchParams(q).toString()}`);

  async function searchAll() {
    const out = [];
    for (const url of searches) {
      const r = await call<unknown>(app, { url });
      expect(r.code, url).toBe(0);
      const d = SearchData.parse(r.data);
      out.push({ url, total: d.total, has_more: d.has_more, items: d.items.map((i) => `${i.module}:${i.item_id}:${i.title}`) });
    }
    return out;
  }

  it('answers every endpoint and search before the index is loaded, and the same once it is', async () => {
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', db: 'ok', search: 'loading' });
    expect((await call(app, { url: '/v1/pc_index' })).code).toBe(0);
    expect((await call(app, { url: '/v1/user/hot_search_word' })).code).toBe(0);

    const suggest = await app.inject({ url: `/v1/user/search_word_remind?word=${encodeURIComponent('淋巴')}&language=en` });
    expect(suggest.statusCode).toBe(503);
    expect(suggest.headers['retry-after']).toBe('5');
    expect(suggest.json()).toMatchObject({ code: ErrorCode.UNAVAILABLE, message: 'The service is temporarily unavailable', data: { retry_after_s: 5 } });

    const scanned = await searchAll();
    expect(scanned[0]?.total).toBeGreaterThan(1);
    expect(scanned[2]?.items.length).toBeGreaterThan(0);
    expect(scanned.at(-1)?.total).toBe(0);

    load();
    await searchReady(app);
    expect((await app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ok', db: 'ok', search: 'ready' });
    expect(await searchAll()).toEqual(scanned);
    expect((await call(app, { url: `/v1/user/search_word_remind?word=${encodeURIComponent('淋巴')}` })).code).toBe(0);
  });
});
