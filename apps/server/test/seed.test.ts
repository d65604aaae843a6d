import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { BlockLayout } from '@medportal/contract';
import { asc, getTableName, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { DbConfig } from '../src/config.ts';
import { type Database, openDatabase, queryRows } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import * as s from '../src/db/schema/index.ts';
import { buildSeed } from '../src/seed/build.ts';
import { CONTENT_TABLES, contentCounts, resetAndSeed, seedIfEmpty } from '../src/seed/index.ts';
import { restartDbConfigs, templateDbConfig, testDbConfig, usingPostgres } from './build-test-app.ts';

const NOW = new Date('2025-07-01T06:30:00Z');
const opened: Database[] = [];
const tempDirs: string[] = [];

/** A migrated, unseeded database (a copy of the run's migrated template when there is one). */
async function freshDatabase(config?: DbConfig): Promise<Database> {
  const db = await openDatabase(config ?? (await templateDbConfig(false, NOW)) ?? testDbConfig());
  opened.push(db);
  await runMigrations(db);
  return db;
}

afterAll(async () => {
  for (const db of opened) await db.close().catch(() => undefined);
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/** All content rows, ordered, without the insert timestamps. */
async function dump(database: Database): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of CONTENT_TABLES) {
    const rows = await queryRows(database.db, sql.raw(`select * from "${table}" order by 1, 2`));
    out[table] = rows.map(({ created_at: _c, updated_at: _u, ...rest }) => rest);
  }
  return out;
}

describe('seed', () => {
  it('is deterministic: the same clock gives the same rows', () => {
    expect(JSON.stringify(buildSeed(NOW))).toBe(JSON.stringify(buildSeed(new Date(NOW))));
    // Only live times follow the clock.
    const later = buildSeed(new Date(NOW.getTime() + 86_400_000));
    expect(later.courses).toEqual(buildSeed(NOW).courses);
    expect(later.lives[0]?.startAt).not.toEqual(buildSeed(NOW).lives[0]?.startAt);
  });

  it('has the promised amount of bilingual content', () => {
    const rows = buildSeed(NOW);
    const published = <T extends { status?: string | null }>(list: T[]) => list.filter((r) => r.status === 'published');
    expect(published(rows.courses).length).toBeGreaterThanOrEqual(40);
    expect(published(rows.courses).filter((c) => c.courseType === 2).length).toBeGreaterThanOrEqual(5);
    expect(published(rows.lives).length).toBeGreaterThanOrEqual(12);
    expect(published(rows.news).length).toBeGreaterThanOrEqual(40);
    expect(new Set(published(rows.news).map((n) => n.categoryId)).size).toBeGreaterThanOrEqual(5);
    expect(rows.news.filter((n) => /10\.\d{4,9}\//.test(n.bodyZh)).length).toBeGreaterThanOrEqual(5);
    expect(rows.speakers.length).toBeGreaterThanOrEqual(20);
    expect(rows.columns.length).toBeGreaterThanOrEqual(6);
    expect(rows.papers.length).toBeGreaterThanOrEqual(12);
    expect(rows.specials.length).toBeGreaterThanOrEqual(6);
    expect(rows.hotWords.length).toBeGreaterThanOrEqual(15);
    expect(rows.relateSites).toHaveLength(6);
    expect(new Set(rows.homeBlocks.map((b) => b.layout))).toEqual(new Set(Object.values(BlockLayout)));
    expect(rows.homeBlocks[0]?.layout).toBe('banner');
    for (const c of rows.courses) expect(c.titleEn, c.titleZh).toBeTruthy();
    // Exactly one published live is on air at the seed clock.
    const onAir = published(rows.lives).filter((l) => l.startAt <= NOW && NOW < l.endAt);
    expect(onAir).toHaveLength(1);
    // The meeting calendar: 40+ congresses over two years, with their official sites (links to follow).
    expect(published(rows.congresses).length).toBeGreaterThanOrEqual(40);
    expect(new Set(rows.congresses.map((c) => c.startDate.slice(0, 4))).size).toBe(2);
    expect(rows.congresses.every((c) => c.url.startsWith('https://') && c.logo.startsWith('/media/cover/logo/'))).toBe(true);
    // Images are generated locally, never fetched: the only absolute addresses are the sister products' sites.
    const urls = JSON.stringify({ ...rows, congresses: rows.congresses.map(({ url: _u, ...rest }) => rest) }).match(/https?:\/\/[^"\\]+/g) ?? [];
    expect(urls.every((u) => /^https:\/\/[a-z]+\.medportal\.cn\/$/.test(u)), urls.join(' ')).toBe(true);
  });

  it('loads identical content into two fresh databases', async () => {
    const [a, b] = await Promise.all([freshDatabase(), freshDatabase()]);
    expect(await seedIfEmpty(a, { now: NOW })).toBe(true);
    expect(await seedIfEmpty(b, { now: NOW })).toBe(true);
    expect(await dump(a)).toEqual(await dump(b));
  });

  it('is idempotent across restarts: no duplicate rows, and an emptied database is not refilled', async () => {
    const config = await restartDbConfigs(false, NOW);
    if (config.second.driver === 'pglite' && config.second.dataDir) tempDirs.push(dirname(config.second.dataDir));
    const first = await freshDatabase(config.first);
    expect(await seedIfEmpty(first, { now: NOW })).toBe(true);
    const counts = await contentCounts(first.db);
    await first.close();
    opened.splice(opened.indexOf(first), 1);

    const again = await freshDatabase(config.second);
    expect(await seedIfEmpty(again, { now: new Date() })).toBe(false);
    expect(await contentCounts(again.db)).toEqual(counts);
    await again.db.delete(s.homeBlocks);
    expect(await seedIfEmpty(again, { now: NOW })).toBe(false);
  });

  it('--reset empties and reloads the content, ids starting again at 1, new rows insertable', async () => {
    const database = await freshDatabase();
    await seedIfEmpty(database, { now: NOW });
    const before = await contentCounts(database.db);
    await database.db.delete(s.courseTags);
    await resetAndSeed(database, { now: NOW });
    expect(await contentCounts(database.db)).toEqual(before);
    const first = await database.db.select({ id: s.courses.id }).from(s.courses).orderBy(asc(s.courses.id)).limit(1);
    expect(first[0]?.id).toBe(1);
    // The identity sequence was moved past the explicit ids.
    const [row] = await database.db.insert(s.tags).values({ titleZh: '新标签' }).returning({ id: s.tags.id });
    expect(row?.id).toBe(before[getTableName(s.tags)]! + 1);
  });

  it.runIf(usingPostgres())('seeds once when two processes start together on one PostgreSQL', async () => {
    const config = testDbConfig();
    if (config.driver !== 'postgres') throw new Error('PostgreSQL only');
    const a = await freshDatabase(config);
    const b = await openDatabase({ ...config, dropSchemaOnClose: false });
    try {
      await runMigrations(b);
      const results = await Promise.all([seedIfEmpty(a, { now: NOW }), seedIfEmpty(b, { now: NOW })]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect((await contentCounts(a.db)).courses).toBe(buildSeed(NOW).courses.length);
    } finally {
      await b.close();
    }
  });
});
