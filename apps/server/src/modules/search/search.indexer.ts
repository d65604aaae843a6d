import type { SearchModule } from '@medportal/contract';
import { SEARCH_MODULES } from '@medportal/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { searchBuckets, searchDocuments, searchTerms } from '../../db/schema/index.ts';
import { BUCKET_DAYS, bucketOf, bucketToken, documentVector, htmlToText, latinWords, moduleToken, suggestKey } from './tokenizer.ts';

/**
 * Keeps the search index (search_documents, search_terms) in step with the content tables.
 * `rebuildSearchIndex` rebuilds everything (seed, first start of an older database, benchmarks);
 * `upsertSearchItem` refreshes one item and is what every writer of searchable content calls after
 * its write (decision record 0014).
 */

type Conn = Db | Tx;

let generation = 0;
/** Bumped by every index write in this process; caches of match counts key on it. */
export const indexGeneration = (): number => generation;

/** One searchable item as read from its content table. */
interface SourceRow extends Record<string, unknown> {
  item_id: number;
  title_zh: string;
  title_en: string | null;
  /** Shown in result summaries. */
  text_zh: string | null;
  text_en: string | null;
  /** Indexed only (speaker, hospital, journal names...). */
  extra_zh: string | null;
  extra_en: string | null;
  cover: string | null;
  published_at: Date | string | null;
  ranked_at: Date | string | null;
  popularity: number | string | null;
  visible: boolean;
  /** News bodies arrive as HTML. */
  html: boolean;
}

/** Longest stored summary source per language, and longest text indexed per field. */
const STORED_TEXT = 1500;
const INDEXED_TEXT = 6000;
const BATCH = 500;

/** One SELECT per module, all answering the SourceRow columns; `cond` filters on the item id `x.id`. */
function sourceQuery(module: SearchModule, cond: SQL): SQL {
  switch (module) {
    case 'course':
      return sql`select x.id as item_id, x.title_zh, x.title_en, x.summary_zh as text_zh, x.summary_en as text_en,
          concat_ws(' ', sp.name_zh, d.name_zh) as extra_zh, concat_ws(' ', sp.name_en, d.name_en) as extra_en,
          x.cover, x.published_at, coalesce(x.published_at, x.created_at) as ranked_at, x.learn_count as popularity,
          x.status = 'published' as visible, false as html
        from courses x left join speakers sp on sp.id = x.speaker_id left join departments d on d.id = x.department_id
        where ${cond} order by x.id limit ${BATCH}`;
    case 'live':
      return sql`select x.id as item_id, x.title_zh, x.title_en, x.sub_title_zh as text_zh, x.sub_title_en as text_en,
          concat_ws(' ', sp.name_zh, o.name_zh, d.name_zh) as extra_zh, concat_ws(' ', sp.name_en, o.name_en, d.name_en) as extra_en,
          x.banner as cover, x.start_at as published_at, x.start_at as ranked_at, 0 as popularity,
          x.status = 'published' as visible, false as html
        from lives x left join speakers sp on sp.id = x.speaker_id left join organizers o on o.id = x.organizer_id
          left join departments d on d.id = x.department_id
        where ${cond} order by x.id limit ${BATCH}`;
    case 'news':
      return sql`select x.id as item_id, x.title_zh, x.title_en,
          concat_ws(' ', x.description_zh, left(x.body_zh, ${INDEXED_TEXT})) as text_zh,
          case when x.body_en is null and x.description_en is null then null
            else concat_ws(' ', x.description_en, left(x.body_en, ${INDEXED_TEXT})) end as text_en,
          concat_ws(' ', x.author_zh, x.source_zh, c.title_zh) as extra_zh, concat_ws(' ', x.author_en, x.source_en, c.title_en) as extra_en,
          x.cover, x.published_at, coalesce(x.published_at, x.created_at) as ranked_at, x.view_count as popularity,
          x.status = 'published' and c.status = 'published' as visible, true as html
        from news x join news_categories c on c.id = x.category_id
        where ${cond} order by x.id limit ${BATCH}`;
    case 'speaker':
      return sql`select x.id as item_id, x.name_zh as title_zh, x.name_en as title_en, x.intro_zh as text_zh, x.intro_en as text_en,
          concat_ws(' ', x.title_zh, h.name_zh, o.name_zh) as extra_zh, concat_ws(' ', x.title_en, h.name_en, o.name_en) as extra_en,
          x.avatar as cover, null::timestamptz as published_at, x.created_at as ranked_at, x.follower_count as popularity,
          x.status = 'published' as visible, false as html
        from speakers x left join hospitals h on h.id = x.hospital_id left join organizers o on o.id = x.organization_id
        where ${cond} order by x.id limit ${BATCH}`;
    case 'paper':
      return sql`select x.id as item_id, x.title_zh, x.title_en, x.abstract_zh as text_zh, x.abstract_en as text_en,
          concat_ws(' ', x.full_journal, x.doi) as extra_zh, null as extra_en,
          '' as cover, x.published_at, coalesce(x.published_at, x.created_at) as ranked_at, 0 as popularity,
          x.status = 'published' as visible, false as html
        from papers x
        where ${cond} order by x.id limit ${BATCH}`;
    case 'column':
      return sql`select x.id as item_id, x.title_zh, x.title_en, x.desc_zh as text_zh, x.desc_en as text_en,
          null as extra_zh, null as extra_en,
          x.cover, null::timestamptz as published_at, x.created_at as ranked_at,
          (select count(*) from column_subscriptions s where s.column_id = x.id) as popularity,
          x.status = 'published' as visible, false as html
        from columns x
        where ${cond} order by x.id limit ${BATCH}`;
  }
}

const DAY_MS = 86_400_000;

/** Newer first; each tenfold popularity is worth 30 days. Static, so it can be stored. */
export function boostOf(rankedAt: Date | null, popularity: number): number {
  const days = rankedAt ? rankedAt.getTime() / DAY_MS : 0;
  return days + 30 * Math.log10(1 + Math.max(0, popularity));
}

const toDate = (v: Date | string | null): Date | null => (v === null ? null : v instanceof Date ? v : new Date(v));
const clip = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);

type DocumentRow = typeof searchDocuments.$inferInsert & { words: string[] };

function documentOf(module: SearchModule, r: SourceRow): DocumentRow {
  const plain = (s: string | null) => (s === null ? null : clip(r.html ? htmlToText(clip(s, INDEXED_TEXT * 2)) : s, INDEXED_TEXT));
  const textZh = plain(r.text_zh) ?? '';
  const textEn = plain(r.text_en);
  const popularity = Number(r.popularity ?? 0);
  const titles = [r.title_zh, r.title_en ?? ''].join('\n');
  const bodies = [textZh, r.extra_zh ?? '', textEn ?? '', r.extra_en ?? ''].join('\n');
  const boost = boostOf(toDate(r.ranked_at), popularity);
  const tokens = `${bucketToken(bucketOf(boost))} ${moduleToken(module)}`;
  const withToken = (vector: string) => (vector ? `${vector} ${tokens}` : tokens);
  return {
    module,
    itemId: r.item_id,
    titleZh: r.title_zh,
    titleEn: r.title_en || null,
    bodyZh: clip(textZh, STORED_TEXT),
    bodyEn: textEn ? clip(textEn, STORED_TEXT) : null,
    cover: r.cover ?? '',
    titleTsv: withToken(documentVector(titles, { unigrams: true })),
    bodyTsv: withToken(documentVector(bodies)),
    publishedAt: toDate(r.published_at),
    popularity,
    boost,
    visible: r.visible,
    updatedAt: new Date(),
    words: r.visible ? latinWords(`${titles}\n${bodies}`) : [],
  };
}

/** Suggestion rows of one visible item: its title as shown in each language. */
function termsOf(d: typeof searchDocuments.$inferInsert): Array<typeof searchTerms.$inferInsert> {
  if (!d.visible) return [];
  const zh = d.titleZh;
  const en = d.titleEn || d.titleZh;
  const base = { weight: d.boost ?? 0, module: d.module, itemId: d.itemId };
  return [
    { ...base, lang: 'zh', term: zh, key: suggestKey(zh) },
    { ...base, lang: 'en', term: en, key: suggestKey(en) },
  ].filter((t) => t.key.length > 0);
}

/** An array as one bind parameter (drizzle would otherwise spread it into a list). */
const col = <T>(rows: T[], pick: (r: T) => unknown) => sql.param(rows.map(pick));

/**
 * Bulk insert with one array parameter per column (`unnest`): a 500-row batch is one short
 * statement instead of thousands of parameters, several times faster to send and plan.
 */
async function insertBatch(db: Conn, docs: DocumentRow[]): Promise<void> {
  if (docs.length === 0) return;
  await db.execute(sql`insert into search_documents
      (module, item_id, title_zh, title_en, body_zh, body_en, cover, title_tsv, body_tsv, published_at, popularity, boost, visible)
    select * from unnest(${col(docs, (d) => d.module)}::text[], ${col(docs, (d) => d.itemId)}::int[],
      ${col(docs, (d) => d.titleZh)}::text[], ${col(docs, (d) => d.titleEn)}::text[], ${col(docs, (d) => d.bodyZh)}::text[],
      ${col(docs, (d) => d.bodyEn)}::text[], ${col(docs, (d) => d.cover)}::text[], ${col(docs, (d) => d.titleTsv)}::tsvector[],
      ${col(docs, (d) => d.bodyTsv)}::tsvector[], ${col(docs, (d) => d.publishedAt?.toISOString() ?? null)}::timestamptz[],
      ${col(docs, (d) => d.popularity)}::int[], ${col(docs, (d) => d.boost)}::float8[], ${col(docs, (d) => d.visible)}::bool[])`);
  await insertWords(db, docs.flatMap((d) => d.words));
  const terms = docs.flatMap(termsOf);
  if (terms.length === 0) return;
  await db.execute(sql`insert into search_terms (lang, term, key, weight, module, item_id)
    select * from unnest(${col(terms, (t) => t.lang)}::text[], ${col(terms, (t) => t.term)}::text[], ${col(terms, (t) => t.key)}::text[],
      ${col(terms, (t) => t.weight)}::float8[], ${col(terms, (t) => t.module)}::text[], ${col(terms, (t) => t.itemId)}::int[])`);
}

/** Adds words to the word list (those already there stay). */
async function insertWords(db: Conn, words: string[]): Promise<void> {
  const distinct = [...new Set(words)];
  for (let i = 0; i < distinct.length; i += 5_000) {
    await db.execute(sql`insert into search_words (word) select unnest(${sql.param(distinct.slice(i, i + 5_000))}::text[]) on conflict do nothing`);
  }
}

const GIN_INDEXES = ['search_documents_title_tsv_idx', 'search_documents_body_tsv_idx'];

/** Empties the index and builds it again from every searchable table. Returns documents written. */
export async function rebuildSearchIndex(db: Conn, modules: readonly SearchModule[] = SEARCH_MODULES): Promise<number> {
  generation += 1;
  await db.execute(sql`truncate search_terms, search_documents, search_buckets, search_words restart identity`);
  // Bulk loads go through GIN's pending list (merged in large sorted batches, twice as fast); the
  // list is emptied at the end so that searches never scan it.
  for (const gin of GIN_INDEXES) await db.execute(sql`alter index ${sql.identifier(gin)} set (fastupdate = on)`);
  let written = 0;
  for (const module of modules) {
    let after = 0;
    for (;;) {
      const rows = await queryRows<SourceRow>(db as Db, sourceQuery(module, sql`x.id > ${after}`));
      if (rows.length === 0) break;
      await insertBatch(
        db,
        rows.map((r) => documentOf(module, r)),
      );
      written += rows.length;
      after = (rows[rows.length - 1] as SourceRow).item_id;
      if (rows.length < BATCH) break;
    }
  }
  await db.execute(sql`insert into search_buckets (module, bucket, docs)
    select module, floor(boost / ${BUCKET_DAYS})::int, count(*) from search_documents where visible group by 1, 2`);
  for (const gin of GIN_INDEXES) {
    await db.execute(sql`select gin_clean_pending_list(${gin}::regclass)`);
    await db.execute(sql`alter index ${sql.identifier(gin)} set (fastupdate = off)`);
  }
  // Fresh planner statistics for the new rows (PGlite has no autovacuum to gather them).
  await db.execute(sql`analyze search_documents`);
  return written;
}

/** Adds `delta` visible documents to a bucket's count. */
function countInBucket(db: Conn, module: string, bucket: number, delta: number) {
  return db
    .insert(searchBuckets)
    .values({ module, bucket, docs: delta })
    .onConflictDoUpdate({ target: [searchBuckets.module, searchBuckets.bucket], set: { docs: sql`${searchBuckets.docs} + ${delta}` } });
}

/**
 * Brings one item's index rows up to date after it was created, edited, published, unpublished or
 * deleted. Safe to call twice or concurrently: one transaction per call, serialised per item by
 * an advisory lock, so the bucket counts move once per change.
 */
export async function upsertSearchItem(db: Conn, module: SearchModule, itemId: number): Promise<void> {
  generation += 1;
  await (db as Db).transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('search_documents'), hashtext(${`${module}:${itemId}`}))`);
    const [old] = await tx
      .select({ boost: searchDocuments.boost, visible: searchDocuments.visible })
      .from(searchDocuments)
      .where(and(eq(searchDocuments.module, module), eq(searchDocuments.itemId, itemId)));
    if (old?.visible) await countInBucket(tx, module, bucketOf(old.boost), -1);
    const [row] = await queryRows<SourceRow>(tx as unknown as Db, sourceQuery(module, sql`x.id = ${itemId}`));
    await tx.delete(searchTerms).where(and(eq(searchTerms.module, module), eq(searchTerms.itemId, itemId)));
    if (!row) {
      await tx.delete(searchDocuments).where(and(eq(searchDocuments.module, module), eq(searchDocuments.itemId, itemId)));
      return;
    }
    const { words, ...doc } = documentOf(module, row);
    const { module: _m, itemId: _i, ...changes } = doc;
    await tx.insert(searchDocuments).values(doc).onConflictDoUpdate({ target: [searchDocuments.module, searchDocuments.itemId], set: changes });
    if (doc.visible) await countInBucket(tx, module, bucketOf(doc.boost ?? 0), 1);
    await insertWords(tx, words);
    const terms = termsOf(doc);
    if (terms.length > 0) await tx.insert(searchTerms).values(terms);
  });
}

/**
 * Builds the index of a database that has content but no index yet (seeded before the index
 * existed, or restored from a dump without it). Cheap when the index is already there.
 */
export async function ensureSearchIndex(db: Db): Promise<boolean> {
  const [doc] = await queryRows<{ n: number }>(db, sql`select 1 as n from search_documents limit 1`);
  if (doc) return false;
  const [content] = await queryRows<{ n: number }>(
    db,
    sql`select 1 as n where exists (select 1 from courses) or exists (select 1 from news) or exists (select 1 from lives)
      or exists (select 1 from speakers) or exists (select 1 from papers) or exists (select 1 from columns)`,
  );
  if (!content) return false;
  await db.transaction((tx) => rebuildSearchIndex(tx));
  return true;
}
