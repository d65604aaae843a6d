import type { SearchModule } from '@medportal/contract';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { courses, hotWords, searchDocuments } from '../../db/schema/index.ts';
import type { CourseRow } from '../shared/content.present.ts';
import { courseColumns, withTags } from '../courses/courses.repository.ts';

/** Reads of the search index. Keywords arrive as tsquery text and are always bind parameters. */

export interface Hit extends Record<string, unknown> {
  id: number;
  total: number | string;
}

/**
 * One page of matching document ids, best first: title matches, then body-only matches; within
 * each, the stored boost (recency and popularity), then the id. The total comes with the page
 * (window count); an empty page past the end counts separately.
 */
export async function searchPage(
  db: Db,
  q: { tsquery: string; module: SearchModule | null; limit: number; offset: number },
): Promise<{ ids: number[]; total: number }> {
  const where: SQL[] = [sql`d.visible`, sql`(d.title_tsv @@ ${q.tsquery}::tsquery or d.body_tsv @@ ${q.tsquery}::tsquery)`];
  if (q.module) where.push(sql`d.module = ${q.module}`);
  const cond = sql.join(where, sql` and `);
  const rows = await queryRows<Hit>(
    db,
    sql`select d.id, count(*) over () as total
      from search_documents d
      where ${cond}
      order by (d.title_tsv @@ ${q.tsquery}::tsquery) desc, d.boost desc, d.id desc
      limit ${q.limit} offset ${q.offset}`,
  );
  if (rows.length > 0) return { ids: rows.map((r) => r.id), total: Number(rows[0]?.total ?? 0) };
  if (q.offset === 0) return { ids: [], total: 0 };
  const [count] = await queryRows<{ n: number | string }>(db, sql`select count(*) as n from search_documents d where ${cond}`);
  return { ids: [], total: Number(count?.n ?? 0) };
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
      order by boost desc, id desc
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
