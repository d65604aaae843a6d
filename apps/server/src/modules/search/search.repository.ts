import type { SearchModule } from '@medportal/contract';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { courses, hotWords, searchDocuments } from '../../db/schema/index.ts';
import { courseListed } from '../courses/index.ts';
import type { CourseRow } from '../shared/content.present.ts';
import { courseColumns, withTags } from '../shared/course.columns.ts';
import type { ParsedQuery } from './tokenizer.ts';

/** Reads of search_documents and of what the search box shows before a keyword. */

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
      event: searchDocuments.event,
    })
    .from(searchDocuments)
    .where(sql`${searchDocuments.id} = any(${sql.param(ids)}::int[])`);
}

export function publishedHotWords(db: Db) {
  return db
    .select({ id: hotWords.id, wordZh: hotWords.wordZh, wordEn: hotWords.wordEn })
    .from(hotWords)
    .where(eq(hotWords.status, 'published'))
    .orderBy(asc(hotWords.sort), asc(hotWords.id));
}

export async function hotCourses(db: Db, now: Date, limit: number): Promise<CourseRow[]> {
  const rows = await db
    .select(courseColumns)
    .from(courses)
    .where(courseListed(now))
    .orderBy(desc(courses.learnCount), desc(courses.id))
    .limit(limit);
  return withTags(db, rows);
}

/** A lexeme as a tsquery operand (they are letters and digits; quoting stays as a safety net). */
const operand = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * The keyword as a tsquery over the stored vectors: every lexeme required, a trailing word being
 * typed as a prefix (`lymph:*`: every word starting with it).
 */
export function tsqueryOf(q: ParsedQuery): string {
  const parts = q.lexemes.map(operand);
  if (q.prefix !== null) parts.push(`${operand(q.prefix)}:*`);
  for (const group of q.either ?? []) parts.push(`(${group.map((lexemes) => `(${lexemes.map(operand).join(' & ')})`).join(' | ')})`);
  return parts.join(' & ');
}

/** Ids scanned per statement: on PGlite other requests are answered between them. */
const SCAN_CHUNK = 20_000;

export interface ScanResult {
  titles: number;
  bodies: number;
  /** The first `keep` matches in result order: title matches, then body-only ones, each by boost desc, id desc. */
  ids: number[];
}

/**
 * Search without the in-memory index (while it loads): every visible row of search_documents
 * checked against the tsquery, in chunks of ids. The same matches, tiers and order as the index,
 * and exact counts; a trailing prefix matches all its completions (the index takes the most
 * frequent ones).
 */
export async function scanDocuments(db: Db, q: ParsedQuery, module: SearchModule | null, keep: number): Promise<ScanResult> {
  const query = tsqueryOf(q);
  const [range] = await queryRows<{ lo: number | null; hi: number | null }>(db, sql`select min(id) as lo, max(id) as hi from search_documents`);
  const out: ScanResult = { titles: 0, bodies: 0, ids: [] };
  if (!range || range.lo === null || range.hi === null) return out;
  const top: Array<{ id: number; t: boolean; boost: number }> = [];
  for (let from = Number(range.lo); from <= Number(range.hi); from += SCAN_CHUNK) {
    const [r] = await queryRows<{ titles: number | string; bodies: number | string; top: Array<{ id: number; t: boolean; boost: number }> | string | null }>(
      db,
      sql`with q as (select ${query}::tsquery as q),
        m as (select d.id, d.boost, d.title_tsv @@ q.q as t from search_documents d, q
          where d.id >= ${from} and d.id < ${from + SCAN_CHUNK} and d.visible
            and (${module}::text is null or d.module = ${module}::text) and (d.title_tsv @@ q.q or d.body_tsv @@ q.q))
      select count(*) filter (where t) as titles, count(*) filter (where not t) as bodies,
        (select json_agg(x) from (select id, t, boost from m order by t desc, boost desc, id desc limit ${keep}) x) as top
      from m`,
    );
    if (!r) continue;
    out.titles += Number(r.titles);
    out.bodies += Number(r.bodies);
    const rows = r.top === null ? [] : typeof r.top === 'string' ? JSON.parse(r.top) : r.top;
    top.push(...(rows as typeof top));
  }
  top.sort((a, b) => Number(b.t) - Number(a.t) || b.boost - a.boost || b.id - a.id);
  out.ids = top.slice(0, keep).map((r) => r.id);
  return out;
}
