import { sql } from 'drizzle-orm';
import { boolean, check, customType, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';

/** A tsvector built by the search tokenizer (modules/search/tokenizer.ts) and passed as text. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The search index: one row per searchable item (both languages' text in one row), rebuilt from
 * the content tables by modules/search/search.indexer.ts. Rows of unpublished items stay with
 * `visible` false so an item going back online is one flag away; the GIN indexes skip them.
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** contract SearchModule: course, live, news, speaker, paper, column. */
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
    /** Lives: start time; speakers and columns: null. */
    publishedAt: timestamp({ withTimezone: true }),
    /** Learn count, views, followers or subscribers, whichever the module has. */
    popularity: integer().notNull().default(0),
    /**
     * Order within a tier: days since 1970 of the item's date plus 30 per tenfold popularity.
     * Both vectors also hold the item's bucket token (`floor(boost / 28)`) and module token, which
     * let a search read the newest buckets first (decision record 0015).
     */
    boost: doublePrecision().notNull().default(0),
    visible: boolean().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('search_documents_module_item_key').on(t.module, t.itemId),
    // No pending list (fastupdate): every search would scan it in full, and writes are rare.
    index('search_documents_title_tsv_idx').using('gin', t.titleTsv).with({ fastupdate: false }).where(sql`${t.visible}`),
    index('search_documents_body_tsv_idx').using('gin', t.bodyTsv).with({ fastupdate: false }).where(sql`${t.visible}`),
    check('search_documents_module_check', sql`${t.module} in ('course', 'live', 'news', 'speaker', 'paper', 'column')`),
  ],
);

/**
 * Prefix suggestions: one row per visible item and language with the title as shown in that
 * language and its normalised key (lowercase, NFKC). Looked up by key range on a
 * text_pattern_ops btree, which PGlite and PostgreSQL both have (pg_trgm is not built into PGlite).
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** 'zh' or 'en': the language the term is shown in. */
    lang: text().notNull(),
    term: text().notNull(),
    key: text().notNull(),
    weight: doublePrecision().notNull().default(0),
    module: text().notNull(),
    itemId: integer().notNull(),
  },
  (t) => [
    index('search_terms_lang_key_idx').using('btree', t.lang, t.key.op('text_pattern_ops')),
    index('search_terms_item_idx').on(t.module, t.itemId),
  ],
);

/**
 * Visible documents per module and boost bucket (`floor(boost / 28)`), kept by the indexer in the
 * same transaction as the documents. Search plans its bucket rounds and estimates large totals
 * from it; a few hundred rows.
 */
export const searchBuckets = pgTable(
  'search_buckets',
  {
    module: text().notNull(),
    bucket: integer().notNull(),
    docs: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.module, t.bucket] })],
);

/**
 * Every Latin-script word the index holds, for completing the keyword's last word: GIN answers a
 * prefix (`'lymph':*`) by collecting every posting of every word it covers before anything else,
 * so search expands it into a few whole words instead. Only grows: a word whose documents are
 * gone matches nothing.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text().primaryKey(),
  },
  (t) => [index('search_words_prefix_idx').using('btree', t.word.op('text_pattern_ops'))],
);
