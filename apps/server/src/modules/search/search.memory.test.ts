import { CourseType, PriceType, type SearchModule } from '@medportal/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, searchChanges, searchDocuments } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { rebuildSearchIndex, upsertSearchItem } from './search.indexer.ts';
import { SearchIndex } from './search.memory.ts';
import { SearchSnapshot, type SnapshotDocument } from './search.snapshot.ts';
import { documentLexemes, parseQuery } from './tokenizer.ts';

function doc(id: number, title: string, boost: number, opts: { body?: string; module?: SearchModule } = {}): SnapshotDocument {
  return {
    id,
    module: opts.module ?? 'course',
    itemId: id,
    titleZh: title,
    titleEn: null,
    boost,
    titleLexemes: documentLexemes(title),
    bodyLexemes: documentLexemes(opts.body ?? ''),
  };
}

/** Snapshots take documents in result order: boost desc, id desc. */
const ranked = (docs: SnapshotDocument[]) => [...docs].sort((a, b) => b.boost - a.boost || b.id - a.id);

/** Item ids of a query's matches in a tier, in result order; the tier's count must agree. */
function hits(s: SearchSnapshot, keyword: string, tier: 'title' | 'body', module: SearchModule | null = null, keep = 100): number[] {
  const q = parseQuery(keyword);
  const query = s.query(q, q.prefix === null ? [] : s.completions(q.prefix));
  const top = s.top(query, tier, module, keep);
  if (keep === 100) expect(s.count(query, tier, module)).toBe(top.length);
  return top.map((slot) => s.documentId(slot));
}
const titleHits = (s: SearchSnapshot, keyword: string, module: SearchModule | null = null) => hits(s, keyword, 'title', module);

describe('SearchSnapshot', () => {
  const base = ranked([
    doc(1, '淋巴瘤靶向治疗', 10),
    doc(2, '淋巴瘤免疫治疗', 30),
    doc(3, '乳腺癌靶向治疗', 20, { body: '合并淋巴瘤的患者' }),
    doc(4, '淋巴瘤病例分享', 30, { module: 'news' }),
  ]);

  it('ranks matches by boost, then the newer document', () => {
    const s = SearchSnapshot.build(base);
    expect(titleHits(s, '淋巴瘤')).toEqual([4, 2, 1]);
    expect(titleHits(s, '淋巴瘤', 'course')).toEqual([2, 1]);
    expect(titleHits(s, '靶向治疗')).toEqual([3, 1]);
    expect(titleHits(s, '肺癌')).toEqual([]);
  });

  it('tells body-only matches apart from title matches', () => {
    const s = SearchSnapshot.build([...base, doc(5, '病例分享', 1, { body: '淋巴瘤病例' }), doc(6, '淋巴瘤综述', 0, { body: '淋巴瘤' })]);
    expect(hits(s, '淋巴瘤', 'body')).toEqual([3, 5]);
    expect(hits(s, '淋巴瘤', 'title')).toEqual([4, 2, 1, 6]);
    expect(hits(s, '淋巴瘤', 'body', 'news')).toEqual([]);
    expect(hits(s, '淋巴瘤', 'title', null, 2)).toEqual([4, 2]);
  });

  it('keeps the first matches of a page deep in the ranked part and the tail', () => {
    const many = ranked(Array.from({ length: 50 }, (_, i) => doc(i + 1, `鳗鲡专题${i}`, i)));
    const s = SearchSnapshot.build(many);
    s.put(doc(100, '鳗鲡专题新', 24.5));
    s.remove('course', 50);
    const order = hits(s, '鳗鲡', 'title');
    expect(order.length).toBe(50);
    expect(order.slice(0, 3)).toEqual([49, 48, 47]);
    expect(order.indexOf(100)).toBe(order.indexOf(26) + 1);
    expect(hits(s, '鳗鲡', 'title', null, 30)).toEqual(order.slice(0, 30));
  });

  it('merges documents added later into the order, and forgets replaced and removed ones', () => {
    const s = SearchSnapshot.build(base);
    s.put(doc(5, '淋巴瘤指南解读', 25));
    s.put(doc(6, '淋巴瘤年度回顾', 5));
    expect(titleHits(s, '淋巴瘤')).toEqual([4, 2, 5, 1, 6]);
    // An edit: the same item with a new title and boost.
    s.put(doc(1, '淋巴瘤靶向治疗（更新）', 40));
    expect(titleHits(s, '淋巴瘤')).toEqual([1, 4, 2, 5, 6]);
    s.remove('course', 2);
    s.remove('course', 99);
    expect(titleHits(s, '淋巴瘤')).toEqual([1, 4, 5, 6]);
    expect(titleHits(s, '免疫治疗')).toEqual([]);
    expect(s.documents).toBe(5);
    expect(s.drift).toBe(5);
  });

  it('completes a trailing word with the most frequent words first, and finds new words', () => {
    const s = SearchSnapshot.build(
      ranked([doc(1, 'lymphoma outcomes', 3), doc(2, 'lymphoma relapse', 2), doc(3, 'lymphocytic leukaemia', 1), doc(4, 'lymph node', 0)]),
    );
    expect(s.completions('lymph')).toEqual(['lymph', 'lymphoma', 'lymphocytic']);
    expect(titleHits(s, 'lympho')).toEqual([1, 2, 3]);
    expect(titleHits(s, 'relapse lymph')).toEqual([2]);
    s.put(doc(5, 'lymphangioma', 9));
    expect(s.completions('lymphan')).toEqual(['lymphangioma']);
    expect(titleHits(s, 'lymphan')).toEqual([5]);
  });

  it('suggests titles starting with a prefix, most boosted first, without removed ones', () => {
    const s = SearchSnapshot.build(ranked([doc(1, '淋巴瘤概述', 1), doc(2, '淋巴结肿大', 5), doc(3, '肺癌筛查', 9)]));
    expect(s.titlesStartingWith('zh', '淋巴', 10)).toEqual(['淋巴结肿大', '淋巴瘤概述']);
    s.put(doc(4, '淋巴细胞计数', 3));
    s.remove('course', 2);
    expect(s.titlesStartingWith('zh', '淋巴', 10)).toEqual(['淋巴细胞计数', '淋巴瘤概述']);
    expect(s.titlesStartingWith('zh', '淋巴', 1)).toEqual(['淋巴瘤概述']);
    expect(s.titlesStartingWith('zh', '胃', 10)).toEqual([]);
  });
});

describe('SearchSnapshot against a plain scan', () => {
  // Enough documents that common lexemes get bitsets (more than 512 postings and 1/32 of the
  // slots), from a small vocabulary so that words co-occur in every proportion.
  const VOCAB = ['淋巴瘤', '肺癌', '靶向治疗', '免疫治疗', '指南', '病例', 'lymphoma', 'lymphocytic', 'cancer', 'therapy', 'trial', 'trials'];
  const MODULES: SearchModule[] = ['course', 'news', 'live'];
  let seed = 7;
  const rand = (n: number) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % n;
  };
  const make = (id: number): SnapshotDocument => {
    const pickWords = (k: number) => Array.from({ length: k }, () => VOCAB[rand(VOCAB.length)]).join(' ');
    return doc(id, pickWords(1 + rand(3)), rand(1000) / 10, { body: pickWords(2 + rand(4)), module: MODULES[rand(3)] });
  };
  const docs = Array.from({ length: 3000 }, (_, i) => make(i + 1));
  const live = new Map(docs.map((d) => [`${d.module}:${d.itemId}`, d]));

  /** The expected ids: every live document checked, sorted by the result order. */
  function expected(keyword: string, tier: 'title' | 'body', module: SearchModule | null, s: SearchSnapshot): number[] {
    const q = parseQuery(keyword);
    const completions = q.prefix === null ? [] : s.completions(q.prefix);
    const holds = (lexemes: Set<string>) => q.lexemes.every((l) => lexemes.has(l)) && (q.prefix === null || completions.some((w) => lexemes.has(w)));
    return [...live.values()]
      .filter((d) => !module || d.module === module)
      .filter((d) => {
        const inTitle = holds(new Set(d.titleLexemes));
        return tier === 'title' ? inTitle : !inTitle && holds(new Set(d.bodyLexemes));
      })
      .sort((a, b) => b.boost - a.boost || b.id - a.id)
      .map((d) => d.id);
  }

  function compare(s: SearchSnapshot) {
    for (const keyword of ['淋巴瘤', '肺癌 靶向治疗', '指南 病例', 'lymphoma', 'cancer therap', 'lymphoma trial', '免疫', 'tri', 'lymph', 'cancer trial']) {
      for (const module of [null, ...MODULES]) {
        for (const tier of ['title', 'body'] as const) {
          const q = parseQuery(keyword);
          const query = s.query(q, q.prefix === null ? [] : s.completions(q.prefix));
          const want = expected(keyword, tier, module, s);
          expect(s.count(query, tier, module), `${keyword} ${tier} ${module}`).toBe(want.length);
          expect(s.top(query, tier, module, 25).map((slot) => s.documentId(slot)), `${keyword} ${tier} ${module}`).toEqual(want.slice(0, 25));
        }
      }
    }
  }

  it('finds and counts what a scan of every document finds, before and after changes', () => {
    const s = SearchSnapshot.build(ranked(docs));
    compare(s);
    for (let i = 0; i < 200; i++) {
      const d = make(rand(4000) + 1);
      const key = `${d.module}:${d.itemId}`;
      if (rand(4) === 0) {
        s.remove(d.module, d.itemId);
        live.delete(key);
      } else {
        s.put(d);
        live.set(key, d);
      }
    }
    compare(s);
  });
});

describe('SearchIndex', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  async function course(titleZh: string, status: 'published' | 'draft' = 'published'): Promise<number> {
    const [row] = await app.db
      .insert(courses)
      .values({ courseType: CourseType.SINGLE, priceType: PriceType.FREE, titleZh, cover: '/media/cover/x.svg', status, publishedAt: new Date() })
      .returning({ id: courses.id });
    return (row as { id: number }).id;
  }

  /** An index of the test database, closed after `use`. */
  async function withIndex(use: (index: SearchIndex) => Promise<void>): Promise<void> {
    const index = await SearchIndex.open(app.db, { pollMs: 0 });
    try {
      await use(index);
    } finally {
      await index.close();
    }
  }

  const found = (index: SearchIndex, keyword: string) => index.current.count(index.current.query(parseQuery(keyword)), 'title', 'course');

  it('sees a write through this process at once', () =>
    withIndex(async (index) => {
      const before = index.generation;
      const id = await course('鲯鳅同步测试');
      expect(found(index, '鲯鳅')).toBe(0);
      await upsertSearchItem(app.db, 'course', id);
      expect(found(index, '鲯鳅')).toBe(1);
      expect(index.generation).toBeGreaterThan(before);
      // The same item written several times at once is one document.
      await Promise.all(Array.from({ length: 6 }, () => upsertSearchItem(app.db, 'course', id)));
      expect(found(index, '鲯鳅')).toBe(1);
      await app.db.update(courses).set({ status: 'offline' }).where(eq(courses.id, id));
      await upsertSearchItem(app.db, 'course', id);
      expect(found(index, '鲯鳅')).toBe(0);
    }));

  it('replays writes another process logged, also those committed out of sequence order', () =>
    withIndex(async (index) => {
      const id = await course('鲱鳕跨进程测试');
      // Another process's upsert, written without telling this one: the row and its change.
      await app.db.transaction(async (tx) => {
        await upsertSearchItem(tx, 'course', id);
      });
      expect(found(index, '鲱鳕')).toBe(0);
      await index.sync();
      expect(found(index, '鲱鳕')).toBe(1);
      // A change whose sequence number is below one already read still counts.
      const [{ seq } = { seq: 0 }] = await app.db.select({ seq: searchChanges.seq }).from(searchChanges).orderBy(sql`seq desc`).limit(1);
      await app.db.update(searchDocuments).set({ visible: false }).where(eq(searchDocuments.itemId, id));
      await app.db.execute(sql`insert into search_changes (seq, module, item_id) overriding system value values (${seq - 100_000}, 'course', ${id})`);
      await index.sync();
      expect(found(index, '鲱鳕')).toBe(0);
    }));

  it('loads everything again after a rebuild', () =>
    withIndex(async (index) => {
      const id = await course('鲭鲹重建测试');
      expect(found(index, '鲭鲹')).toBe(0);
      await app.db.transaction((tx) => rebuildSearchIndex(tx));
      await index.sync();
      expect(found(index, '鲭鲹')).toBe(1);
      expect(index.current.drift).toBe(0);
      // An index opened after the rebuild has it already: no second load, nothing to apply.
      const later = await SearchIndex.open(app.db, { pollMs: 0 });
      expect(later.generation).toBe(0);
      expect(found(later, '鲭鲹')).toBe(1);
      await later.close();
      await app.db.delete(courses).where(eq(courses.id, id));
      await upsertSearchItem(app.db, 'course', id);
      expect(found(index, '鲭鲹')).toBe(0);
    }));

  it('builds a fresh snapshot once enough has changed, keeping every result', () =>
    withIndex(async (index) => {
      const first = index.current;
      const ids: number[] = [];
      // Changed slots pass a tenth of the documents.
      const n = Math.ceil(first.documents / 5);
      for (let i = 0; i < n; i++) ids.push(await course(`鲳鲂刷新测试${i}`));
      for (const id of ids) await upsertSearchItem(app.db, 'course', id);
      await expect.poll(() => index.current !== first, { timeout: 5_000 }).toBe(true);
      expect(index.current.drift).toBeLessThan(n);
      expect(found(index, '鲳鲂')).toBe(n);
      const s = index.current;
      const order = s.top(s.query(parseQuery('鲳鲂')), 'title', 'course', 50).map((slot) => s.documentId(slot));
      expect(order).toEqual([...order].sort((a, b) => b - a));
    }));
});
