import { CourseType, PriceType, SEARCH_RESULT_CAP, SearchData, type SearchModule } from '@medportal/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { courses } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { call } from '../../../test/factories.ts';
import { countingDb } from '../../../test/statements.ts';
import { rebuildSearchIndex, upsertSearchItem } from './search.indexer.ts';
import * as repo from './search.repository.ts';
import { boostAbove, SearchService } from './search.service.ts';
import { parseQuery } from './tokenizer.ts';

/**
 * Search reads a tier's page one of two ways (search.repository.ts): the matches from the GIN
 * index sorted, or the rows in result order checked one by one. Both are checked here against the
 * plainest statement that can answer (every match, sorted), over a corpus where some keywords are
 * common and some rare, and through HTTP where the count passes the cap.
 */
let app: FastifyInstance;
let clock = new Date();
const DAY = 86_400_000;

beforeAll(async () => {
  app = await buildTestApp({ now: () => clock });
  // 1,200 courses on 鲭鲅 (common), fewer on the others; dates and popularity spread so boosts differ and tie.
  await app.db.execute(sql`insert into courses (course_type, price_type, title_zh, title_en, summary_zh, cover, learn_count, status, published_at)
    select ${CourseType.SINGLE}, ${PriceType.FREE},
      case when g % 10 < 8 then '鲭鲅' else '鲳鲷' end || '专题第' || g || '讲' || case when g % 7 = 0 then '鲂鲌' else '' end,
      'Mackerel lecture ' || g, case when g % 3 = 0 then '鲂鲌摘要' else '摘要' end, '/media/cover/x.svg',
      (g * 37) % 500, case when g % 50 = 0 then 'draft'::content_status else 'published'::content_status end,
      timestamptz '2025-01-01' + ((g * 13) % 90) * interval '1 day'
    from generate_series(1, 1500) g`);
  await rebuildSearchIndex(app.db);
});
afterAll(async () => {
  await app?.close();
});

async function search(qs: string) {
  const r = await call<unknown>(app, { url: `/v1/pc/search?${qs}` });
  expect(r.code, JSON.stringify(r)).toBe(0);
  return SearchData.parse(r.data);
}

describe('the two read paths', () => {
  /** Every visible match of the tier in result order: what both paths must page through. */
  async function expected(m: repo.Match, tier: repo.Tier): Promise<Array<{ id: number; boost: number }>> {
    const cond = tier === 'title' ? sql`title_tsv @@ ${m.tsquery}::tsquery` : sql`body_tsv @@ ${m.tsquery}::tsquery and not title_tsv @@ ${m.tsquery}::tsquery`;
    const rows = await queryRows<{ id: number; boost: number }>(
      app.db,
      sql`select id, boost from search_documents where visible_from <= ${m.now.toISOString()}::timestamptz
        and (${m.module}::text is null or module = ${m.module}::text) and ${cond} order by boost desc, id desc`,
    );
    return rows.map((r) => ({ id: Number(r.id), boost: Number(r.boost) }));
  }

  it('page every tier the same as a plain sorted read, whatever the keyword, tab, page and budget', async () => {
    const keywords = ['鲭鲅', '鲳鲷', '鲂鲌', '鲭鲅 鲂鲌', 'mackerel', 'macker', 'lecture 12', 'mackerel lect', '鲂鲌 lect', '专题', '摘要', '鲭鲅 nothinghere'];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    for (const keyword of keywords) {
      for (const module of [null, 'course', 'news'] as Array<SearchModule | null>) {
        const parsed = parseQuery(keyword);
        const m: repo.Match = { tsquery: repo.tsqueryOf(parsed), module, now: clock };
        // A trailing prefix, or all lexemes but one, may be checked on the rows the rest finds (the same matches).
        // The facet may be left to the module column, with nothing else left to check.
        const rest = parsed.lexemes.slice(1);
        const one = { look: repo.tsqueryOf({ ...parsed, lexemes: parsed.lexemes.slice(0, 1) }), check: rest.length > 0 ? repo.allOf(rest) : null };
        const title = parsed.prefix !== null ? { look: repo.tsqueryOf({ ...parsed, prefix: null }), check: m.tsquery } : one;
        const split = parsed.lexemes.length > 0 ? { ...m, indexPart: { title, body: one } } : m;
        for (const tier of ['title', 'body'] as const) {
          const matches = await expected(m, tier);
          const all = matches.map((x) => x.id);
          const capped = await repo.matchesPage(app.db, m, tier, 0, 5, SEARCH_RESULT_CAP);
          expect(capped.count, keyword).toBe(Math.min(all.length, SEARCH_RESULT_CAP + 1));
          expect((await repo.matchesPage(app.db, split, tier, 0, 5, SEARCH_RESULT_CAP)).count, keyword).toBe(capped.count);
          expect(await repo.countTier(app.db, split, tier, SEARCH_RESULT_CAP), keyword).toBe(capped.count);
          for (let i = 0; i < 4; i++) {
            const offset = random(Math.max(1, Math.min(all.length + 3, 1000)));
            const limit = 1 + random(20);
            const want = all.slice(offset, offset + limit);
            const label = `${keyword} ${module} ${tier} ${offset}+${limit}`;
            expect((await repo.matchesPage(app.db, m, tier, offset, limit, null)).rows.map((r) => r.id), label).toEqual(want);
            expect((await repo.matchesPage(app.db, split, tier, offset, limit, null)).rows.map((r) => r.id), label).toEqual(want);
            const ordered = await repo.orderedPage(app.db, m, tier, offset, limit, 100_000);
            expect(ordered.rows.map((r) => r.id), label).toEqual(want);
            expect(ordered.hits, label).toBe(Math.min(all.length, offset + limit + 1));
            // With a small budget the read stops early: what it finds is still the start of the right order.
            const short = await repo.orderedPage(app.db, m, tier, offset, limit, 50);
            expect(want.slice(0, short.rows.length), label).toEqual(short.rows.map((r) => r.id));
            // A band (the matches boosted at least as much as some match): its page is the page
            // whenever it holds the page's end, and it counts exactly its own matches.
            if (all.length > 0) {
              const minBoost = (matches[random(matches.length)] as { boost: number }).boost;
              const inBand = matches.filter((x) => x.boost >= minBoost);
              const band = await repo.matchesPage(app.db, split, tier, offset, limit, null, minBoost);
              expect(band.count, label).toBe(inBand.length);
              expect(band.rows.map((r) => r.id), label).toEqual(all.slice(offset, Math.min(offset + limit, inBand.length)));
            }
          }
        }
      }
    }
  });
});

describe('band reads', () => {
  it('answer every page as the counted and ordered reads do, and are what deep pages and words found together take', async () => {
    const counting = countingDb(app.db);
    const plain = new SearchService(app.db, () => clock, { bandMinRows: Number.POSITIVE_INFINITY, orderedWalk: 2_000 });
    const banded = new SearchService(counting.db, () => clock, { bandMinRows: 0, orderedWalk: 100 });
    try {
      for (const keyword of ['鲭鲅', '鲭鲅 专题', 'mackerel lecture', '专题 鲂鲌', '鲳鲷', 'macker']) {
        for (const type of ['all', 'course'] as const) {
          for (const page of [1, 3, 12, 19, 21]) {
            const q = { keyword, type, page, page_size: 50 };
            const [want, got] = [await plain.search(q, 'zh_CN'), await banded.search(q, 'zh_CN')];
            const label = `${keyword} ${type} ${page}`;
            expect(got.items.map((i) => i.id), label).toEqual(want.items.map((i) => i.id));
            expect(got.has_more, label).toBe(want.has_more);
          }
        }
      }
    } finally {
      plain.close();
      banded.close();
    }
    expect(counting.statements.filter((s) => s.includes('d.boost >=')).length).toBeGreaterThan(10);
  });

  it("take a narrow band's lowest boost from the tab's own rows", async () => {
    // The whole table's statistics put a tab's narrow band above all of its rows when other tabs
    // hold the most boosted ones (news under a few congresses); the rank index gives the tab's own.
    for (const module of [null, 'course', 'news'] as Array<SearchModule | null>) {
      const rows = await queryRows<{ boost: number }>(
        app.db,
        sql`select boost from search_documents where visible_from is not null and (${module}::text is null or module = ${module}::text)
          order by boost desc nulls last, id desc nulls last`,
      );
      for (const rank of [1, 64, rows.length, rows.length + 1]) {
        const want = rows[rank - 1]?.boost;
        expect(await repo.boostAtRank(app.db, module, rank), `${module} ${rank}`).toBe(want === undefined ? null : Number(want));
      }
    }
  });

  it('take the boost above which a share of the rows lie from the column statistics', () => {
    const stats: repo.BoostStats = { common: [], bounds: [0, 25, 50, 75, 100], bucketShare: 1 };
    expect(boostAbove(stats, 0.25)).toBeCloseTo(75, 3);
    expect(boostAbove(stats, 0.1)).toBeCloseTo(90, 3);
    expect(boostAbove(stats, 1)).toBeNull();
    // A common value holding half the rows, at the top.
    const skewed: repo.BoostStats = { common: [{ value: 200, share: 0.5 }], bounds: [0, 50, 100], bucketShare: 0.5 };
    expect(boostAbove(skewed, 0.3)).toBeGreaterThan(100);
    expect(boostAbove(skewed, 0.75)).toBeCloseTo(50, 3);
  });
});

describe('GET /v1/pc/search past the result cap', () => {
  it('estimates the total of a common keyword and pages it in result order up to the cap', async () => {
    const first = await search(`keyword=${encodeURIComponent('鲭鲅')}&type=course&page_size=50`);
    // 1,200 titles, 24 of them drafts: more than the cap, so the total is an estimate.
    expect(first.total).toBeGreaterThan(SEARCH_RESULT_CAP);
    expect(first.total_exact).toBe(false);
    expect(first.has_more).toBe(true);
    const seen: number[] = [];
    for (let page = 1; page <= SEARCH_RESULT_CAP / 50; page++) {
      const d = await search(`keyword=${encodeURIComponent('鲭鲅')}&type=course&page=${page}&page_size=50`);
      expect(d.items.length).toBe(50);
      expect(d.has_more).toBe(page < SEARCH_RESULT_CAP / 50);
      seen.push(...d.items.map((i) => i.id));
    }
    expect(new Set(seen).size).toBe(SEARCH_RESULT_CAP);
    const rows = await queryRows<{ id: number }>(
      app.db,
      sql`select id from search_documents where visible_from is not null and module = 'course' and title_zh like '鲭鲅%'
        order by boost desc, id desc limit ${SEARCH_RESULT_CAP}`,
    );
    expect(seen).toEqual(rows.map((r) => Number(r.id)));
    const beyond = await search(`keyword=${encodeURIComponent('鲭鲅')}&type=course&page=${SEARCH_RESULT_CAP / 50 + 1}&page_size=50`);
    expect(beyond.items).toEqual([]);
    expect(beyond.has_more).toBe(false);
  });

  it('counts a rare keyword exactly, title matches before body matches', async () => {
    const d = await search(`keyword=${encodeURIComponent('鲂鲌')}&type=course&page_size=50`);
    // Titles of every 7th course, summaries of every 3rd; drafts excluded.
    const [n] = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from courses where status = 'published' and (title_zh like '%鲂鲌%' or summary_zh like '%鲂鲌%')`,
    );
    expect(d.total).toBe(n?.n);
    expect(d.total_exact).toBe(true);
    const titled = d.items.map((i) => i.title.includes('鲂鲌'));
    expect(titled.indexOf(false) === -1 || titled.slice(titled.indexOf(false)).every((t) => !t)).toBe(true);
  });
});

describe('scheduled items', () => {
  it('are found from their publication time on, by the clock searches run with', async () => {
    const at = new Date(clock.getTime() + 2 * DAY);
    const [row] = await app.db
      .insert(courses)
      .values({ courseType: CourseType.SINGLE, priceType: PriceType.FREE, titleZh: '鲱鳀定时发布课程', cover: '/media/cover/x.svg', status: 'published', publishedAt: at })
      .returning({ id: courses.id });
    const id = (row as { id: number }).id;
    await upsertSearchItem(app.db, 'course', id);
    expect((await search(`keyword=${encodeURIComponent('鲱鳀')}`)).total).toBe(0);
    const before = clock;
    // Searches check publication against the clock to the minute.
    clock = new Date(at.getTime() + 60_000);
    try {
      const d = await search(`keyword=${encodeURIComponent('鲱鳀')}`);
      expect(d.items.map((i) => i.item_id)).toEqual([id]);
      await app.db.update(courses).set({ status: 'offline' }).where(eq(courses.id, id));
      await upsertSearchItem(app.db, 'course', id);
      expect((await search(`keyword=${encodeURIComponent('鲱鳀')}`)).total).toBe(0);
    } finally {
      clock = before;
    }
  });
});
