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

/** Item ids of a query's title matches, in result order. */
function titleHits(s: SearchSnapshot, keyword: string, module: SearchModule | null = null): number[] {
  const q = parseQuery(keyword);
  const slots = s.match(q, 'title', module, q.prefix === null ? [] : s.completions(q.prefix));
  return s.top(slots, 100).map((slot) => s.documentId(slot));
}

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
    const s = SearchSnapshot.build(base);
    const q = parseQuery('淋巴瘤');
    const titles = s.match(q, 'title', null);
    const bodyOnly = SearchSnapshot.without(s.match(q, 'body', null), titles);
    expect(s.top(bodyOnly, 10).map((slot) => s.documentId(slot))).toEqual([3]);
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

  const found = (index: SearchIndex, keyword: string) => {
    const s = index.current;
    return s.top(s.match(parseQuery(keyword), 'title', 'course'), 50).length;
  };

  it('sees a write through this process at once', async () => {
    const index = await SearchIndex.open(app.db, { pollMs: 0 });
    try {
      const before = index.generation;
      const id = await course('鲯鳅同步测试');
      expect(found(index, '鲯鳅')).toBe(0);
      await upsertSearchItem(app.db, 'course', id);
      expect(found(index, '鲯鳅')).toBe(1);
      expect(index.generation).toBeGreaterThan(before);
      await app.db.update(courses).set({ status: 'offline' }).where(eq(courses.id, id));
      await upsertSearchItem(app.db, 'course', id);
      expect(found(index, '鲯鳅')).toBe(0);
    } finally {
      await index.close();
    }
  });

  it('replays writes another process logged, also those committed out of sequence order', async () => {
    const index = await SearchIndex.open(app.db, { pollMs: 0 });
    try {
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
    } finally {
      await index.close();
    }
  });

  it('loads everything again after a rebuild', async () => {
    const index = await SearchIndex.open(app.db, { pollMs: 0 });
    try {
      const id = await course('鲭鲹重建测试');
      expect(found(index, '鲭鲹')).toBe(0);
      await app.db.transaction((tx) => rebuildSearchIndex(tx));
      await index.sync();
      expect(found(index, '鲭鲹')).toBe(1);
      expect(index.current.drift).toBe(0);
      await app.db.delete(courses).where(eq(courses.id, id));
      await upsertSearchItem(app.db, 'course', id);
      expect(found(index, '鲭鲹')).toBe(0);
    } finally {
      await index.close();
    }
  });

  it('builds a fresh snapshot once enough has changed, keeping every result', async () => {
    const index = await SearchIndex.open(app.db, { pollMs: 0 });
    try {
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
      const order = s.top(s.match(parseQuery('鲳鲂'), 'title', 'course'), 50).map((slot) => s.documentId(slot));
      expect(order).toEqual([...order].sort((a, b) => b - a));
    } finally {
      await index.close();
    }
  });
});
