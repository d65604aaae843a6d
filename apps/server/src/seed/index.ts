import { count, eq, getTableName, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database, Db, Tx } from '../db/client.ts';
import * as s from '../db/schema/index.ts';
import { rebuildSearchIndex } from '../modules/search/search.indexer.ts';
import { legalVersions } from '../modules/pages/index.ts';
import { buildSeed, type SeedRows } from './build.ts';
import { seedCredits } from './credits.ts';
import { ensureDemoAccounts } from './demo-accounts.ts';
import { seedDemoAccounts } from './live-room.ts';
import { seedSupportShowcase } from './support-showcase.ts';
import { seedSelected } from './selected.ts';

const SEED_META_KEY = 'demo_content_seeded_at';
/** What the demo accounts' upkeep last ran for (demoAccountsUpkeep). */
const DEMO_UPKEEP_META_KEY = 'demo_accounts_upkeep';
/** Raise when ensureDemoAccounts does something new, so every database runs it once more. */
const DEMO_UPKEEP_VERSION = 1;

/** Content tables in insert order (parents first). */
const CONTENT: ReadonlyArray<[keyof SeedRows, PgTable, hasIdentity: boolean]> = [
  ['departments', s.departments, true],
  ['regions', s.regions, true],
  ['hospitals', s.hospitals, true],
  ['organizers', s.organizers, true],
  ['tags', s.tags, true],
  ['speakers', s.speakers, true],
  ['speakerDepartments', s.speakerDepartments, false],
  ['courses', s.courses, true],
  ['courseChapters', s.courseChapters, true],
  ['courseTags', s.courseTags, false],
  ['appraiseTags', s.appraiseTags, true],
  ['lives', s.lives, true],
  ['mediaAssets', s.mediaAssets, true],
  ['mediaBindings', s.mediaBindings, false],
  ['newsCategories', s.newsCategories, true],
  ['news', s.news, true],
  ['newsTags', s.newsTags, false],
  ['newsSpeakers', s.newsSpeakers, false],
  ['columns', s.columns, true],
  ['papers', s.papers, true],
  ['columnSpeakers', s.columnSpeakers, false],
  ['paperSpeakers', s.paperSpeakers, false],
  ['specials', s.specials, true],
  ['specialItems', s.specialItems, false],
  ['hotWords', s.hotWords, true],
  ['banners', s.banners, true],
  ['relateSites', s.relateSites, true],
  ['introTexts', s.introTexts, true],
  ['homeBlocks', s.homeBlocks, true],
  ['liveRooms', s.liveRooms, false],
  ['liveSpeakers', s.liveSpeakers, false],
  ['liveSlides', s.liveSlides, false],
  ['liveButtons', s.liveButtons, true],
  ['liveSlideMarks', s.liveSlideMarks, true],
  ['recordings', s.recordings, true],
  ['recordingChapters', s.recordingChapters, false],
  ['congresses', s.congresses, true],
  ['courseAlbums', s.courseAlbums, true],
  ['courseAlbumItems', s.courseAlbumItems, false],
  ['liveAgendaItems', s.liveAgendaItems, true],
  ['authorVoicePapers', s.papers, true],
  ['authorTalks', s.authorTalks, true],
  ['authorLinkups', s.authorLinkups, true],
  ['authorVoiceBindings', s.mediaBindings, false],
];

// A table may appear twice (a second batch of papers or media bindings): each is named once.
export const CONTENT_TABLES: readonly string[] = [...new Set(CONTENT.map(([, table]) => getTableName(table)))];

const BATCH = 200;

export interface SeedOptions {
  now: Date;
  /** Also the demo moderator and audience (never in production). */
  demoAccounts?: boolean;
}

async function insertAll(tx: Tx, rows: SeedRows, opts: SeedOptions): Promise<void> {
  for (const [key, table, hasIdentity] of CONTENT) {
    const list = rows[key] as Array<Record<string, unknown>>;
    for (let i = 0; i < list.length; i += BATCH) {
      await tx.insert(table).values(list.slice(i, i + BATCH));
    }
    if (hasIdentity) {
      // Rows carry explicit ids: move the identity past them so later inserts do not collide.
      const name = getTableName(table);
      await tx.execute(
        sql.raw(`select setval(pg_get_serial_sequence('"${name}"', 'id'), coalesce((select max(id) from "${name}"), 0) + 1, false)`),
      );
    }
  }
  // The search index is derived from the content just written (decision record 0014).
  await rebuildSearchIndex(tx);
  await seedCredits(tx, rows, opts.now);
  await seedSupportShowcase(tx, opts.now);
  await seedSelected(tx, opts.now);
  if (opts.demoAccounts) await seedDemoAccounts(tx, opts.now);
  await tx
    .insert(s.appMeta)
    .values({ key: SEED_META_KEY, value: new Date().toISOString() })
    .onConflictDoUpdate({ target: s.appMeta.key, set: { value: new Date().toISOString() } });
}

/**
 * Loads the demo content into an empty database, once: under the cross-process lock and in one
 * transaction, and only if it was never seeded and holds no content (an operator who deletes the
 * demo content does not get it back on restart). Returns whether it seeded.
 */
export async function seedIfEmpty(database: Database, opts: SeedOptions): Promise<boolean> {
  return database.exclusive('seed', (db: Db) =>
    db.transaction(async (tx) => {
      const [meta] = await tx.select().from(s.appMeta).where(eq(s.appMeta.key, SEED_META_KEY));
      if (meta) return false;
      const [blocks] = await tx.select({ n: count() }).from(s.homeBlocks);
      const [courses] = await tx.select({ n: count() }).from(s.courses);
      if ((blocks?.n ?? 0) > 0 || (courses?.n ?? 0) > 0) return false;
      await insertAll(tx, buildSeed(opts.now), opts);
      return true;
    }),
  );
}

/** Empties every content table and loads the demo content again (`seed --reset`). */
export async function resetAndSeed(database: Database, opts: SeedOptions): Promise<void> {
  await database.exclusive('seed', (db: Db) =>
    db.transaction(async (tx) => {
      // selected_channels is not referenced by the content tables: its cascade empties the rest of the selected module.
      await tx.execute(sql.raw(`truncate ${[...CONTENT_TABLES, 'selected_channels'].map((t) => `"${t}"`).join(', ')} restart identity cascade`));
      await tx.delete(s.appMeta).where(eq(s.appMeta.key, SEED_META_KEY));
      await insertAll(tx, buildSeed(opts.now), opts);
    }),
  );
}

/** Row counts per content table, for the CLI summary and tests. */
export async function contentCounts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [, table] of CONTENT) {
    const [row] = await db.select({ n: count() }).from(table);
    out[getTableName(table)] = row?.n ?? 0;
  }
  return out;
}

/**
 * The demo accounts' upkeep (ensureDemoAccounts) at a development start, when its inputs changed
 * since it last ran: the demo content (seeded again), the legal texts the accounts agree to, or
 * what the upkeep does (DEMO_UPKEEP_VERSION). Its marker row names them: a restart with the same
 * reads two small tables where the upkeep took a dozen statements in a transaction, a tenth to a
 * third of a second of a PGlite restart (decision record 0077). Like the demo content, a demo
 * role, meeting or coupon campaign that someone deleted is not made again by a restart; a reseed
 * makes it again. Returns whether the upkeep ran.
 */
export async function demoAccountsUpkeep(database: Database, now: Date): Promise<boolean> {
  return database.exclusive('seed', async (db: Db) => {
    const meta = await db
      .select({ key: s.appMeta.key, value: s.appMeta.value })
      .from(s.appMeta)
      .where(inArray(s.appMeta.key, [SEED_META_KEY, DEMO_UPKEEP_META_KEY]));
    const legal = await legalVersions(db);
    const seeded = meta.find((m) => m.key === SEED_META_KEY)?.value ?? '';
    const inputs = JSON.stringify({ version: DEMO_UPKEEP_VERSION, seeded, legal });
    if (meta.find((m) => m.key === DEMO_UPKEEP_META_KEY)?.value === inputs) return false;
    if (!(await ensureDemoAccounts(db, now))) return true;
    await db.insert(s.appMeta).values({ key: DEMO_UPKEEP_META_KEY, value: inputs }).onConflictDoUpdate({ target: s.appMeta.key, set: { value: inputs } });
    return true;
  });
}
