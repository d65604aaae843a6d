import { sql } from 'drizzle-orm';
import { check, customType, doublePrecision, index, integer, jsonb, pgSequence, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';

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
 * the content tables by modules/search/search.indexer.ts and matched in SQL (decision record
 * 0073). Rows of unpublished items stay, with `visible_from` null, so an item going back online is
 * one column away.
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
    /** The titles as suggestions match them by prefix (tokenizer suggestKey: NFKC, lowercase, single spaces). */
    titleKeyZh: text().notNull().default(''),
    titleKeyEn: text(),
    /** Lives: start time; speakers, columns and congresses: null. */
    publishedAt: timestamp({ withTimezone: true }),
    /** Congresses: their local days and place, shown on the result (they have no instant). */
    event: jsonb().$type<SearchEvent>(),
    /** Learn count, views, followers or subscribers, whichever the module has. */
    popularity: integer().notNull().default(0),
    /** Order within a tier: days since 1970 of the item's date plus 30 per tenfold popularity. */
    boost: doublePrecision().notNull().default(0),
    /**
     * When the item becomes visible to searches (its scheduled publication time; the epoch for
     * items shown at once); null: not shown (draft, offline). Compared with the clock at query time.
     */
    visibleFrom: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The writing transaction: a rebuild copies rows written since it began into the new table. */
    writtenXid: xid8().notNull().default(sql`pg_current_xact_id()`),
  },
  (t) => [
    unique('search_documents_module_item_key').on(t.module, t.itemId),
    check('search_documents_module_check', sql`${t.module} in ('course', 'live', 'news', 'speaker', 'paper', 'column', 'congress')`),
    // No pending list: without autovacuum (PGlite) every search would scan it (a rebuild turns it on while it loads).
    index('search_documents_title_tsv_idx').using('gin', t.titleTsv).with({ fastupdate: false }),
    index('search_documents_body_tsv_idx').using('gin', t.bodyTsv).with({ fastupdate: false }),
    // Result order, read in order by common keywords (search.repository.ts).
    index('search_documents_rank_idx').on(t.boost.desc(), t.id.desc()).where(sql`${t.visibleFrom} is not null`),
    index('search_documents_module_rank_idx').on(t.module, t.boost.desc(), t.id.desc()).where(sql`${t.visibleFrom} is not null`),
    index('search_documents_title_key_zh_idx').using('btree', t.titleKeyZh.op('text_pattern_ops')).where(sql`${t.visibleFrom} is not null`),
    index('search_documents_title_key_en_idx').using('btree', t.titleKeyEn.op('text_pattern_ops')).where(sql`${t.visibleFrom} is not null`),
  ],
);

/**
 * Every Latin lexeme of the index's vectors, titles and bodies, written in the same transaction as
 * the documents that hold it: a trailing prefix (`canc`) is searched as its completions, which GIN
 * intersects skipping ahead, where `canc:*` gathers every posting of every completion first
 * (decision record 0073). A superset: the words of removed documents stay.
 */
export const searchWords = pgTable('search_words', { word: text().notNull() }, (t) => [
  // Byte order: a prefix is a range of it whatever the database's collation.
  uniqueIndex('search_words_word_idx').using('btree', t.word.op('text_pattern_ops')),
]);

/**
 * Moves on every write to search_documents (a value, not a row: writers never wait on each other
 * for it). Processes key their cached answers on it (search.service.ts).
 */
export const searchGeneration = pgSequence('search_generation');
