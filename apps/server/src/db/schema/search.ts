import { sql } from 'drizzle-orm';
import { bigint, boolean, check, customType, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

/** A tsvector built by the search tokenizer (modules/search/tokenizer.ts) and passed as text. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** A 64-bit transaction id (never wraps around); read back as text. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/** What a congress's result shows besides its title: local days (inclusive) and place. */
export interface SearchEvent {
  startDate: string;
  endDate: string;
  cityZh: string;
  cityEn: string;
  country: string;
}

/**
 * The search index: one row per searchable item (both languages' text in one row), rebuilt from
 * the content tables by modules/search/search.indexer.ts. Rows of unpublished items stay with
 * `visible` false so an item going back online is one flag away. Every API process holds the
 * visible rows' lexemes in memory and matches there (search.memory.ts, decision record 0015).
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** contract SearchModule: course, live, news, speaker, paper, column, congress. */
    module: text().notNull(),
    itemId: integer().notNull(),
    titleZh: text().notNull(),
    titleEn: text(),
    /** Plain text the result summary is cut from (HTML stripped, shortened). */
    bodyZh: text().notNull().default(''),
    bodyEn: text(),
    cover: text().notNull(),
    /** Tokens of both titles; a match here ranks above a body-only match. */
    titleTsv: tsvector().notNull(),
    /** Tokens of both bodies (summary, description, abstract, speaker, journal, ...). */
    bodyTsv: tsvector().notNull(),
    /** Lives: start time; speakers, columns and congresses: null. */
    publishedAt: timestamp({ withTimezone: true }),
    /** Congresses: their local days and place, shown on the result (they have no instant). */
    event: jsonb().$type<SearchEvent>(),
    /** Learn count, views, followers or subscribers, whichever the module has. */
    popularity: integer().notNull().default(0),
    /** Order within a tier: days since 1970 of the item's date plus 30 per tenfold popularity. */
    boost: doublePrecision().notNull().default(0),
    visible: boolean().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('search_documents_module_item_key').on(t.module, t.itemId),
    check('search_documents_module_check', sql`${t.module} in ('course', 'live', 'news', 'speaker', 'paper', 'column', 'congress')`),
  ],
);

/**
 * Changes to search_documents, for every process's in-memory index to replay: one row per item
 * written (`module`, `item_id`), or module `*` after a rebuild (load everything again). `xid` is
 * the writing transaction's id: a reader that saw every transaction below its snapshot's horizon
 * (`pg_snapshot_xmin`) as finished reads from that horizon on next time, so a transaction that
 * commits late, however long it ran, is never skipped (search.memory.ts). Rows older than a day
 * are pruned by the writers.
 */
export const searchChanges = pgTable(
  'search_changes',
  {
    seq: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    module: text().notNull(),
    itemId: integer().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    xid: xid8().notNull().default(sql`pg_current_xact_id()`),
  },
  (t) => [index('search_changes_at_idx').on(t.at), index('search_changes_xid_idx').on(t.xid)],
);
