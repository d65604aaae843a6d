import { Course, ErrorCode, LiveItem, NewsItem, Page, PlaceHeader, Speaker } from '@medportal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { call } from '../../../test/factories.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

const get = <T>(url: string) => call<T>(app, { url });

describe.each(['hospital', 'organizer', 'keyword'] as const)('%s pages', (kind) => {
  it('answers the shared header whose counts match the lists', async () => {
    const res = await get<unknown>(`/v1/${kind}/1`);
    expect(res.code).toBe(0);
    const h = PlaceHeader.parse(res.data);
    expect(h).toMatchObject({ id: 1, kind });
    expect(h.name.length).toBeGreaterThan(0);
    const lists = [
      ['course', Page(Course), h.counts.courses],
      ['live', Page(LiveItem), h.counts.lives],
      ['news', Page(NewsItem), h.counts.news],
      ['speaker', Page(Speaker), h.counts.speakers],
    ] as const;
    for (const [path, schema, n] of lists) {
      const data = schema.parse((await get(`/v1/${kind}/1/${path}?page_size=100`)).data);
      expect(data.total, path).toBe(n);
      expect(data.items.length, path).toBe(Math.min(n, 100));
    }
    expect(h.counts.courses + h.counts.speakers).toBeGreaterThan(0);
  });

  it('pages without overlap', async () => {
    const seen: number[] = [];
    let total = 0;
    for (let p = 1; p <= 100; p++) {
      const data = Page(Course).parse((await get(`/v1/${kind}/1/course?page=${p}&page_size=2`)).data);
      total = data.total;
      seen.push(...data.items.map((c) => c.id));
      if (!data.has_more) break;
    }
    expect(seen.length).toBe(total);
    expect(new Set(seen).size).toBe(total);
  });

  it('answers NOT_FOUND for an unknown id and VALIDATION for bad paging', async () => {
    expect((await get(`/v1/${kind}/999999`)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await get(`/v1/${kind}/999999/course`)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await get(`/v1/${kind}/1/speaker?page=0`)).code).toBe(ErrorCode.VALIDATION);
    expect((await get(`/v1/${kind}/abc`)).code).toBe(ErrorCode.VALIDATION);
  });
});
