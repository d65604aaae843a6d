import { CourseType, PriceType, SearchData } from '@medportal/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.ts';
import { courses } from '../../db/schema/index.ts';
import { buildTestApp, testDbConfig, usingPostgres } from '../../../test/build-test-app.ts';
import { rebuildSearchIndex, upsertSearchItem } from './search.indexer.ts';
import { SearchIndex } from './search.memory.ts';
import { parseQuery } from './tokenizer.ts';

/**
 * Search across connections and processes, on PostgreSQL only: PGlite has one connection per
 * process, so nothing there runs beside an open transaction.
 */
describe.skipIf(!usingPostgres())('search across processes (PostgreSQL)', () => {
  const config = testDbConfig();
  if (config.driver !== 'postgres') return;
  let app: FastifyInstance;
  /** A second process's connections to the same schema. */
  let other: Database;
  /** A plain client, for holding locks and looking at them. */
  let admin: pg.Client;

  beforeAll(async () => {
    app = await buildTestApp({ config: { db: config } });
    other = await openDatabase({ ...config, dropSchemaOnClose: false });
    admin = new pg.Client({ connectionString: config.url, options: `-c search_path=${config.schema}` });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await other?.close();
    await app?.close();
  });

  async function course(titleZh: string): Promise<number> {
    const [row] = await app.db
      .insert(courses)
      .values({ courseType: CourseType.SINGLE, priceType: PriceType.FREE, titleZh, cover: '/media/cover/x.svg', status: 'published', publishedAt: new Date() })
      .returning({ id: courses.id });
    return (row as { id: number }).id;
  }

  const found = (index: SearchIndex, keyword: string) => index.current.count(index.current.query(parseQuery(keyword)), 'title', 'course');

  it('a write in a transaction that commits after later ones, however long it ran, reaches a second index', async () => {
    const index = await SearchIndex.open(other.db, { pollMs: 0 });
    try {
      const slow = await course('鲶鳟长事务测试');
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let entered!: () => void;
      const inside = new Promise<void>((r) => (entered = r));
      const long = app.db.transaction(async (tx) => {
        await upsertSearchItem(tx, 'course', slow);
        // The transaction is held open below while later ones commit and the log is read. Its
        // change row gets what a transaction that began 65 s ago writes (now() is the
        // transaction's start), so the test need not wait 65 s: the former reader, replaying
        // the last 60 s of `at`, skipped exactly this row.
        await tx.execute(sql`update search_changes set at = now() - interval '65 seconds' where module = 'course' and item_id = ${slow}`);
        entered();
        await held;
      });
      await inside;
      const later = await course('鲶鳟后来者测试');
      await upsertSearchItem(app.db, 'course', later);
      await index.sync();
      expect(found(index, '鲶鳟后来者')).toBe(1);
      expect(found(index, '鲶鳟长事务')).toBe(0);
      await index.sync();
      release();
      await long;
      await index.sync();
      expect(found(index, '鲶鳟长事务')).toBe(1);
    } finally {
      await index.close();
    }
  });

  /** Resolves once some connection waits for a lock on `table`. */
  async function waitingOn(table: string, stop: { done: boolean }): Promise<'blocked' | null> {
    while (!stop.done) {
      const { rows } = await admin.query(`select 1 from pg_locks where relation = to_regclass($1) and not granted`, [table]);
      if (rows.length > 0) return 'blocked';
      await new Promise((r) => setTimeout(r, 20));
    }
    return null;
  }

  it('answers searches while a rebuild is under way, and keeps what was written meanwhile', async () => {
    const before = await course('鲷鲈重建期间测试');
    await upsertSearchItem(app.db, 'course', before);
    // Papers are read after courses, lives, news and speakers: the rebuild stops there mid-way.
    await admin.query('begin');
    await admin.query('lock table papers in access exclusive mode');
    // The way a server rebuilds (ensureSearchIndex). The former rebuild emptied the live table
    // first: a search then waited for it to commit, or found nothing.
    const rebuild = rebuildSearchIndex(app.db);
    const stop = { done: false };
    try {
      expect(await waitingOn('papers', stop)).toBe('blocked');
      // A search that reads its rows from search_documents now (a keyword not searched before).
      const search = app.inject({ url: `/v1/pc/search?keyword=${encodeURIComponent('鲷鲈重建')}` }).then((r) => SearchData.parse(r.json().data));
      const first = await Promise.race([search, waitingOn('search_documents', stop)]);
      expect(first, 'the search waited for the rebuild').not.toBe('blocked');
      expect((first as SearchData).items.map((i) => i.item_id)).toEqual([before]);
      // A write while the rebuild runs.
      const during = await course('鲷鲈重建期间新增');
      await upsertSearchItem(app.db, 'course', during);
    } finally {
      stop.done = true;
      await admin.query('rollback');
    }
    expect(await rebuild).toBeGreaterThan(0);
    await expect
      .poll(async () => SearchData.parse((await app.inject({ url: `/v1/pc/search?keyword=${encodeURIComponent('鲷鲈重建期间')}&type=course` })).json().data).total)
      .toBe(2);
  });
});
