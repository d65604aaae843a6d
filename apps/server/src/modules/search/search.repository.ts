import type { SearchModule } from '@medportal/contract';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { courses, hotWords, searchDocuments } from '../../db/schema/index.ts';
import type { CourseRow } from '../shared/content.present.ts';
import { courseColumns, withTags } from '../courses/courses.repository.ts';

/** Reads of the search index. Keywords arrive as tsquery text and are always bind parameters. */

/**
 * One page of matching document ids, best first: every title match, then the body-only matches;
 * within each tier the stored boost (recency and popularity), then the id. Each tier is its own
 * `order by boost desc, id desc limit` query, so PostgreSQL can either walk the boost btree and
 * stop after a page of matches (common words) or collect the few GIN matches and sort them (rare
 * words), and never ranks every match of a common word.
 */
export async function searchPage(
  db: Db,
  q: { tsquery: string; module: SearchModule | null; limit: number; offset: number },
): Promise<{ ids: number[]; total: number }> {
  const inModule = q.module ? sql` and module = ${q.module}` : sql``;
  const inTitle = sql`title_tsv @@ ${q.tsquery}::tsquery`;
  const inBody = sql`body_tsv @@ ${q.tsquery}::tsquery`;
  const [counts] = await queryRows<{ title: number | string; total: number | string }>(
    db,
    sql`select (select count(*) from search_documents where visible and ${inTitle}${inModule}) as title,
      (select count(*) from search_documents where visible and (${inTitle} or ${inBody})${inModule}) as total`,
  );
  const titleCount = Number(counts?.title ?? 0);
  const total = Number(counts?.total ?? 0);
  const ids: number[] = [];
  if (q.offset < titleCount) {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`select id from search_documents where visible and ${inTitle}${inModule}
        order by boost desc, id desc limit ${q.limit} offset ${q.offset}`,
    );
    ids.push(...rows.map((r) => r.id));
  }
  const rest = q.limit - ids.length;
  if (rest > 0 && total > titleCount && q.offset + ids.length < total) {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`select id from search_documents where visible and ${inBody} and not ${inTitle}${inModule}
        order by boost desc, id desc limit ${rest} offset ${Math.max(0, q.offset - titleCount)}`,
    );
    ids.push(...rows.map((r) => r.id));
  }
  return { ids, total };
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
