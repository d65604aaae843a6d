import { SEARCH_RESULT_CAP, type SearchModule } from '@medportal/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { courses, hotWords, searchDocuments } from '../../db/schema/index.ts';
import type { CourseRow } from '../shared/content.present.ts';
import { courseColumns, withTags } from '../courses/courses.repository.ts';

/** Reads of the search index. Keywords arrive as tsquery text and are always bind parameters. */

/** Matches counted and paged per search: deeper results are not reachable (decision record 0014). */
export const RESULT_CAP = SEARCH_RESULT_CAP;

/** Both tiers' match counts, each capped at RESULT_CAP. */
export async function countMatches(db: Db, tsquery: string, module: SearchModule | null): Promise<{ title: number; total: number }> {
  const inModule = module ? sql` and module = ${module}` : sql``;
  const [row] = await queryRows<{ title: number | string; total: number | string }>(
    db,
    sql`select
      (select count(*) from (select 1 from search_documents
        where visible and title_tsv @@ ${tsquery}::tsquery${inModule} limit ${RESULT_CAP}) t) as title,
      (select count(*) from (select 1 from search_documents
        where visible and (title_tsv @@ ${tsquery}::tsquery or body_tsv @@ ${tsquery}::tsquery)${inModule} limit ${RESULT_CAP}) a) as total`,
  );
  return { title: Number(row?.title ?? 0), total: Number(row?.total ?? 0) };
}

/**
 * One page of matching document ids, best first: the title matches, then the body-only matches;
 * within each tier `boost desc, id desc`. Each tier is its own ordered, limited query: for a
 * common word PostgreSQL walks the (boost, id) btree and stops after a page, for a rare one it
 * sorts the few GIN matches. (`nulls last` matches the indexes' order, or the btree is not used.)
 */
export async function searchPage(
  db: Db,
  q: { tsquery: string; module: SearchModule | null; limit: number; offset: number; titleCount: number; total: number },
): Promise<number[]> {
  const inModule = q.module ? sql` and module = ${q.module}` : sql``;
  const inTitle = sql`title_tsv @@ ${q.tsquery}::tsquery`;
  const inBody = sql`body_tsv @@ ${q.tsquery}::tsquery`;
  const limit = Math.max(0, Math.min(q.limit, RESULT_CAP - q.offset));
  const ids: number[] = [];
  if (q.offset < q.titleCount && limit > 0) {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`select id from search_documents where visible and ${inTitle}${inModule}
        order by boost desc nulls last, id desc nulls last limit ${limit} offset ${q.offset}`,
    );
    ids.push(...rows.map((r) => r.id));
  }
  const rest = limit - ids.length;
  if (rest > 0 && q.total > q.titleCount && q.offset + ids.length < q.total) {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`select id from search_documents where visible and ${inBody} and not ${inTitle}${inModule}
        order by boost desc nulls last, id desc nulls last limit ${rest} offset ${Math.max(0, q.offset - q.titleCount)}`,
    );
    ids.push(...rows.map((r) => r.id));
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
