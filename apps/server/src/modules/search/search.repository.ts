import { SEARCH_RESULT_CAP, type SearchModule } from '@medportal/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { courses, hotWords, searchDocuments } from '../../db/schema/index.ts';
import type { CourseRow } from '../shared/content.present.ts';
import { courseColumns, withTags } from '../courses/courses.repository.ts';
import { BUCKET_DAYS, forTitles, moduleToken } from './tokenizer.ts';

/** Reads of the search index. Keywords arrive as tsquery text and are always bind parameters. */

/** Matches a search pages through: deeper results are not reachable (decision record 0015). */
export const RESULT_CAP = SEARCH_RESULT_CAP;

export interface BucketRow extends Record<string, unknown> {
  module: SearchModule;
  bucket: number;
  docs: number;
}

/** Every non-empty bucket, newest first. */
export async function bucketCounts(db: Db): Promise<BucketRow[]> {
  const rows = await queryRows<BucketRow>(db, sql`select module, bucket, docs from search_buckets where docs > 0 order by bucket desc, module`);
  return rows.map((r) => ({ module: r.module, bucket: Number(r.bucket), docs: Number(r.docs) }));
}

/**
 * One round of a tier: the documents of some buckets (`tokens`: the buckets' tokens, one of which
 * a document must hold; GIN reads only those buckets' postings) or of every bucket below `below`.
 */
export interface RoundScope {
  tokens: string[] | null;
  below: number | null;
}

export interface TierQuery {
  /** `title`: the keyword is in the title; `body`: in the body and not in the title. */
  tier: 'title' | 'body';
  tsquery: string;
  module: SearchModule | null;
}

export interface RoundRead {
  /** The first `limit` matches of the round in result order (boost desc, id desc). */
  ids: number[];
  /** The round's matches in all. */
  matched: number;
  /** Title rounds read with `withBody`: the round's body-only matches. */
  bodyOnly: number;
}

/**
 * Reads one round of a tier. There is no btree on boost: a round's GIN scan is small and every
 * match is read anyway to count it. `withBody` (title tier) also counts the round's body-only
 * matches in the same scan, the sample their total is estimated from.
 */
export async function tierRound(db: Db, q: TierQuery, round: RoundScope, limit: number, withBody = false): Promise<RoundRead> {
  if (withBody && q.tier !== 'title') throw new Error('only a title round samples the body tier');
  let match = round.tokens ? `(${q.tsquery}) & (${round.tokens.join(' | ')})` : q.tsquery;
  // Unbounded rounds of one module: GIN starts from the module's postings when they are the fewest.
  if (!round.tokens && q.module) match = `(${match}) & ${moduleToken(q.module)}`;
  const scope = [sql`visible`];
  if (q.module) scope.push(sql`module = ${q.module}`);
  if (round.below !== null) scope.push(sql`boost < ${round.below * BUCKET_DAYS}`);
  const inScope = sql.join(scope, sql` and `);
  const inTitle = sql`title_tsv @@ ${forTitles(match)}::tsquery`;
  const inBody = sql`body_tsv @@ ${match}::tsquery`;
  if (!withBody) {
    const inTier = q.tier === 'body' ? sql`${inBody} and not ${inTitle}` : inTitle;
    const rows = await queryRows<{ id: number; n: number | string }>(
      db,
      sql`select id, count(*) over () as n from search_documents where ${inScope} and ${inTier}
        order by boost desc, id desc limit ${limit}`,
    );
    return { ids: rows.map((r) => r.id), matched: Number(rows[0]?.n ?? 0), bodyOnly: 0 };
  }
  // Title matches first; body-only rows that fill up the limit are only there to carry the counts.
  const rows = await queryRows<{ id: number; in_title: boolean; titles: number | string; bodies: number | string }>(
    db,
    sql`select id, in_title, count(*) filter (where in_title) over () as titles, count(*) filter (where not in_title) over () as bodies
      from (select id, boost, ${inTitle} as in_title from search_documents where ${inScope} and (${inTitle} or ${inBody})) m
      order by in_title desc, boost desc, id desc limit ${Math.max(1, limit)}`,
  );
  return {
    ids: rows.filter((r) => r.in_title).map((r) => r.id),
    matched: Number(rows[0]?.titles ?? 0),
    bodyOnly: Number(rows[0]?.bodies ?? 0),
  };
}

export function documentsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: searchDocuments.id,
      module: searchDocuments.module,
      itemId: searchDocuments.itemId,
      titleZh: searchDocuments.titleZh,
      titleEn: searchDocuments.titleEn,
      bodyZh: searchDocuments.bodyZh,
      bodyEn: searchDocuments.bodyEn,
      cover: searchDocuments.cover,
      publishedAt: searchDocuments.publishedAt,
    })
    .from(searchDocuments)
    .where(inArray(searchDocuments.id, ids));
}

export interface TermRow extends Record<string, unknown> {
  term: string;
  key: string;
  weight: number;
}

/**
 * Titles whose normalised key starts with `prefix`, read as a range of the
 * (lang, key text_pattern_ops) btree in key order and cut at `limit` rows.
 */
export function termsByPrefix(db: Db, lang: 'zh' | 'en', prefix: string, limit: number): Promise<TermRow[]> {
  return queryRows<TermRow>(
    db,
    sql`select term, key, weight from search_terms
      where lang = ${lang} and key ~>=~ ${prefix} and key ~<~ ${`${prefix}\u{10FFFF}`}
      order by lang, key using ~<~
      limit ${limit}`,
  );
}

export function titlesOf(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: searchDocuments.id, titleZh: searchDocuments.titleZh, titleEn: searchDocuments.titleEn })
    .from(searchDocuments)
    .where(inArray(searchDocuments.id, ids));
}

/** Words of the word list that start with `prefix`, in key order, at most `limit`. */
export async function wordsByPrefix(db: Db, prefix: string, limit: number): Promise<string[]> {
  const rows = await queryRows<{ word: string }>(
    db,
    sql`select word from search_words where word ~>=~ ${prefix} and word ~<~ ${`${prefix}\u{10FFFF}`}
      order by word using ~<~ limit ${limit}`,
  );
  return rows.map((r) => r.word);
}

export function publishedHotWords(db: Db) {
  return db
    .select({ id: hotWords.id, wordZh: hotWords.wordZh, wordEn: hotWords.wordEn })
    .from(hotWords)
    .where(eq(hotWords.status, 'published'))
    .orderBy(asc(hotWords.sort), asc(hotWords.id));
}

export async function hotCourses(db: Db, limit: number): Promise<CourseRow[]> {
  const rows = await db
    .select(courseColumns)
    .from(courses)
    .where(and(eq(courses.status, 'published')))
    .orderBy(desc(courses.learnCount), desc(courses.id))
    .limit(limit);
  return withTags(db, rows);
}
