import { CourseType, PriceType, SEARCH_RESULT_CAP } from '@medportal/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { courses } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { BucketRow } from './search.repository.ts';
import { planRounds } from './search.rounds.ts';
import { roughly, SearchService } from './search.service.ts';
import { upsertSearchItem } from './search.indexer.ts';

const row = (module: BucketRow['module'], bucket: number, docs: number): BucketRow => ({ module, bucket, docs });

describe('planRounds', () => {
  const buckets = [row('course', 30, 3), row('news', 30, 2), row('course', 29, 4), row('course', 28, 6), row('news', 27, 1), row('course', 20, 9)];

  it('covers the newest buckets first, growing, then every older bucket with the plain keyword', () => {
    const plan = planRounds(buckets, null, { whole: 0, docs: [5, 12], maxTokens: 10 });
    expect(plan.docs).toBe(25);
    expect(plan.rounds).toEqual([
      { tokens: ["'~b30'"], below: null, docs: 5, last: 30, span: 5 },
      { tokens: ["'~b29'", "'~b28'"], below: null, docs: 10, last: 28, span: 10 },
      { tokens: null, below: 28, docs: 10, last: null, span: 0 },
    ]);
  });

  it('counts only the documents of the searched module', () => {
    const plan = planRounds(buckets, 'news', { whole: 0, docs: [2, 5], maxTokens: 10 });
    expect(plan).toEqual({
      docs: 3,
      rounds: [
        { tokens: ["'~b30'"], below: null, docs: 2, last: 30, span: 5 },
        { tokens: ["'~b27'"], below: null, docs: 1, last: 27, span: 1 },
      ],
    });
  });

  it('cuts a round at the token limit and needs no plain round when the buckets run out', () => {
    const plan = planRounds(buckets, 'course', { whole: 0, docs: [100, 200], maxTokens: 2 });
    expect(plan.rounds.map((r) => r.tokens)).toEqual([["'~b30'", "'~b29'"], ["'~b28'", "'~b20'"]]);
    expect(planRounds([], null).rounds).toEqual([]);
    // A small scope is one exact round.
    expect(planRounds(buckets, null, { whole: 25, docs: [5, 12], maxTokens: 10 }).rounds).toEqual([
      { tokens: null, below: null, docs: 25, last: null, span: 0 },
    ]);
  });
});

describe('roughly', () => {
  it('keeps two significant digits', () => {
    expect([7, 99, 147, 1049, 18_256, 123_456].map(roughly)).toEqual([7, 99, 150, 1000, 18_000, 120_000]);
  });
});

describe('SearchService bucket rounds', () => {
  let app: FastifyInstance;
  const DAY = 86_400_000;
  const titled: number[] = [];
  const bodied: number[] = [];

  beforeAll(async () => {
    app = await buildTestApp();
    // 40 title matches and 25 body-only matches, one a month over five years after the seed's
    // content, so the rounds below cover a few months of them each.
    const start = Date.UTC(2030, 0, 1);
    for (let i = 0; i < 65; i++) {
      const inTitle = i % 13 < 8;
      const [c] = await app.db
        .insert(courses)
        .values({
          courseType: CourseType.SINGLE,
          priceType: PriceType.FREE,
          titleZh: inTitle ? `鲯鳅专题第${i}讲` : `海洋生物第${i}讲`,
          summaryZh: inTitle ? '' : '本讲介绍鲯鳅的习性。',
          cover: '/media/cover/test.svg',
          learnCount: (i * 37) % 500,
          status: 'published',
          publishedAt: new Date(start + i * 29 * DAY),
        })
        .returning({ id: courses.id });
      if (!c) throw new Error('no course');
      await upsertSearchItem(app.db, 'course', c.id);
      (inTitle ? titled : bodied).push(c.id);
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  /** The order the rounds must reproduce, read straight from the content and index tables. */
  async function expected(): Promise<number[]> {
    const rows = await queryRows<{ item_id: number; in_title: boolean }>(
      app.db,
      sql`select item_id, title_zh like '%鲯鳅%' as in_title from search_documents
        where visible and module = 'course' and (title_zh like '%鲯鳅%' or body_zh like '%鲯鳅%')
        order by title_zh like '%鲯鳅%' desc, boost desc, id desc`,
    );
    return rows.map((r) => r.item_id);
  }

  const keyword = '鲯鳅';

  it('pages through both tiers in result order, each result once, with an estimate until the end is read', async () => {
    const svc = new SearchService(app.db, { whole: 0, docs: [6, 20], maxTokens: 8 });
    const want = await expected();
    expect(want).toHaveLength(65);
    const seen: number[] = [];
    const exactness: boolean[] = [];
    for (let page = 1; page <= 10; page++) {
      const r = await svc.search({ keyword, type: 'course', page, page_size: 7 }, 'zh_CN');
      seen.push(...r.items.map((i) => i.item_id));
      exactness.push(r.total_exact);
      expect(r.has_more).toBe(page * 7 < 65);
      if (r.total_exact) expect(r.total).toBe(65);
      else expect(r.total).toBeGreaterThanOrEqual(page * 7);
    }
    expect(seen).toEqual(want);
    // The first page reads only the newest rounds; the last one reads everything.
    expect(exactness[0]).toBe(false);
    expect(exactness[9]).toBe(true);
  });

  it('gives the same pages as a search that reads every round at once', async () => {
    const small = new SearchService(app.db, { whole: 0, docs: [3, 9], maxTokens: 2 });
    const whole = new SearchService(app.db, { whole: 0, docs: [1_000_000, 2_000_000], maxTokens: 100_000 });
    for (const type of ['all', 'course'] as const) {
      for (const page of [1, 2, 4, 6]) {
        const a = await small.search({ keyword, type, page, page_size: 11 }, 'en');
        const b = await whole.search({ keyword, type, page, page_size: 11 }, 'en');
        expect(a.items).toEqual(b.items);
        expect(a.has_more).toBe(b.has_more);
        expect(b.total_exact).toBe(true);
      }
    }
  });

  it('estimates a large total from the rounds it read', async () => {
    const svc = new SearchService(app.db, { whole: 0, docs: [20, 40], maxTokens: 100 });
    const r = await svc.search({ keyword, type: 'course', page: 1, page_size: 5 }, 'zh_CN');
    expect(r.total_exact).toBe(false);
    // 65 match; the estimate comes from the newest months only, so it is close, not equal.
    expect(r.total).toBeGreaterThan(65 / 3);
    expect(r.total).toBeLessThan(65 * 3);
  });

  it('stops at the result cap', async () => {
    const svc = new SearchService(app.db, { whole: 0, docs: [6, 20], maxTokens: 8 });
    const r = await svc.search({ keyword, type: 'all', page: SEARCH_RESULT_CAP / 50 + 1, page_size: 50 }, 'zh_CN');
    expect(r.items).toEqual([]);
    expect(r.has_more).toBe(false);
  });

  it('keeps bucket counts equal to the visible documents through edits, unpublishing and concurrent upserts', async () => {
    const id = titled[3] as number;
    await app.db.update(courses).set({ publishedAt: new Date(Date.UTC(2029, 5, 1)) }).where(eq(courses.id, id));
    await Promise.all(Array.from({ length: 6 }, () => upsertSearchItem(app.db, 'course', id)));
    await app.db.update(courses).set({ status: 'offline' }).where(eq(courses.id, bodied[0] as number));
    await upsertSearchItem(app.db, 'course', bodied[0] as number);
    await upsertSearchItem(app.db, 'course', bodied[0] as number);
    await app.db.delete(courses).where(eq(courses.id, bodied[1] as number));
    await upsertSearchItem(app.db, 'course', bodied[1] as number);
    const mismatched = await queryRows(
      app.db,
      sql`select coalesce(b.module, d.module) as module, coalesce(b.bucket, d.bucket) as bucket, b.docs, d.n
        from (select module, bucket, docs from search_buckets where docs <> 0) b
        full join (select module, floor(boost / 28)::int as bucket, count(*)::int as n from search_documents where visible group by 1, 2) d
          on d.module = b.module and d.bucket = b.bucket
        where b.docs is distinct from d.n`,
    );
    expect(mismatched).toEqual([]);
    const svc = new SearchService(app.db, { whole: 0, docs: [6, 20], maxTokens: 8 });
    const all = await svc.search({ keyword, type: 'course', page: 1, page_size: 100 }, 'zh_CN');
    expect(all.total).toBe(63);
    expect(all.items.at(-1 - 23)?.item_id).toBe(id);
  });
});
