import { SEARCH_RESULT_CAP, type SearchModule } from '@medportal/contract';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { courses, hotWords, searchDocuments } from '../../db/schema/index.ts';
import type { CourseRow } from '../shared/content.present.ts';
import { courseColumns, withTags } from '../courses/courses.repository.ts';

/** Reads of the search index. Keywords arrive as tsquery text and are always bind parameters. */

/** Matches counted and paged per search: deeper results are not reachable (decision record 0014). */
export const RESULT_CAP = SEARCH_RESULT_CAP;

/**
 * Both tiers' match counts, each capped at RESULT_CAP. When the titles alone reach the cap, so
 * does the total, and the dearer count over titles and bodies is skipped.
 */
export async function countMatches(db: Db, tsquery: string, module: SearchModule | null): Promise<{ title: number; total: number }> {
  const inModule = module ? sql` and module = ${module}` : sql``;
  const capped = async (where: SQL) => {
    const [row] = await queryRows<{ n: number | string }>(
      db,
      sql`select count(*) as n from (select 1 from search_documents where visible and ${where}${inModule} limit ${RESULT_CAP}) m`,
    );
    return Number(row?.n ?? 0);
  };
  const title = await capped(sql`title_tsv @@ ${tsquery}::tsquery`);
  if (title >= RESULT_CAP) return { title, total: title };
  return { title, total: await capped(sql`(title_tsv @@ ${tsquery}::tsquery or body_tsv @@ ${tsquery}::tsquery)`) };
}

/** A tier with at least RESULT_CAP matches is read by walking the boost btree up to this depth. */
const WALK_DEPTH = 200;

/**
 * Ids in `boost desc, id desc` order. A common word (`walk`) is read along the (boost, id) btree,
 * stopping after the page: PostgreSQL underestimates how often bigrams of one word occur together
 * and would otherwise collect and sort every GIN match, so bitmap scans, sequential scans and sorts
 * are turned off for that one statement. A rare word is left to the planner (GIN, then a small sort).
 * (`nulls last` is the indexes' order; plain `desc` could not use them.)
 */
async function orderedIds(db: Db, where: SQL, limit: number, offset: number, walk: boolean): Promise<number[]> {
  const query = sql`select id from search_documents where ${where}
    order by boost desc nulls last, id desc nulls last limit ${limit} offset ${offset}`;
  if (!walk) return (await queryRows<{ id: number }>(db, query)).map((r) => r.id);
  return db.transaction(async (tx) => {
    // With these off, the only plan left is the ordered btree walk that stops after the page.
    await tx.execute(sql`set local enable_bitmapscan = off`);
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_sort = off`);
    return (await queryRows<{ id: number }>(tx as unknown as Db, query)).map((r) => r.id);
  });
}

/** One page of matching document ids, best first: the title matches, then the body-only matches. */
export async function searchPage(
  db: Db,
  q: { tsquery: string; module: SearchModule | null; limit: number; offset: number; titleCount: number; total: number },
): Promise<number[]> {
  const inModule = q.module ? sql` and module = ${q.module}` : sql``;
  const inTitle = sql`title_tsv @@ ${q.tsquery}::tsquery`;
  const inBody = sql`body_tsv @@ ${q.tsquery}::tsquery`;
  const limit = Math.max(0, Math.min(q.limit, RESULT_CAP - q.offset));
  const shallow = q.offset + limit <= WALK_DEPTH;
  const ids: number[] = [];
  if (q.offset < q.titleCount && limit > 0) {
    const walk = shallow && q.titleCount >= RESULT_CAP;
    ids.push(...(await orderedIds(db, sql`visible and ${inTitle}${inModule}`, limit, q.offset, walk)));
  }
  const rest = limit - ids.length;
  if (rest > 0 && q.total > q.titleCount && q.offset + ids.length < q.total) {
    const walk = shallow && q.total >= RESULT_CAP;
    const offset = Math.max(0, q.offset - q.titleCount);
    ids.push(...(await orderedIds(db, sql`visible and ${inBody} and not ${inTitle}${inModule}`, rest, offset, walk)));
  }
  return ids;
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

/** Titles containing the keyword's tokens anywhere (not only at the start), most boosted first. */
export function titlesContaining(db: Db, tsquery: string, limit: number) {
  return queryRows<{ title_zh: string; title_en: string | null }>(
    db,
    sql`select title_zh, title_en from search_documents
      where visible and title_tsv @@ ${tsquery}::tsquery
      order by boost desc nulls last, id desc nulls last
      limit ${limit}`,
  );
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
