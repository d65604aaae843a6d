import type { SearchModule } from '@medportal/contract';
import { asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { courses, hotWords, type SearchEvent } from '../../db/schema/index.ts';
import { courseListed } from '../courses/index.ts';
import type { CourseRow } from '../shared/content.present.ts';
import { courseColumns, withTags } from '../shared/course.columns.ts';
import type { ParsedQuery } from './tokenizer.ts';

/** Reads of search_documents and of what the search box shows before a keyword. */

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

/** What a search looks for: the keyword as a tsquery, the tab, and the clock visibility is checked against. */
export interface Match {
  tsquery: string;
  module: SearchModule | null;
  now: Date;
}

/** Title matches, or body matches that are not title matches (the two result tiers). */
export type Tier = 'title' | 'body';

/** The visible rows of the tab; `visible_from is not null` names the result-order indexes' predicate. */
function visible(m: Match): SQL {
  const shown = sql`d.visible_from is not null and d.visible_from <= ${m.now.toISOString()}::timestamptz`;
  return m.module ? sql`${shown} and d.module = ${m.module}` : shown;
}

/** The tier's condition, written so PostgreSQL reads it from the GIN indexes. */
function indexed(tier: Tier, q: SQL): SQL {
  return tier === 'title' ? sql`d.title_tsv @@ ${q}` : sql`d.body_tsv @@ ${q} and not (d.title_tsv @@ ${q})`;
}

const tsquery = (m: Match) => sql`${m.tsquery}::tsquery`;

/**
 * The tier's matches, counted up to `cap + 1` (a common keyword matches most of the table: an
 * exact count would read every match).
 */
export async function countTier(db: Db, m: Match, tier: Tier, cap: number): Promise<number> {
  const [r] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from (select 1 from search_documents d where ${visible(m)} and ${indexed(tier, tsquery(m))} limit ${cap + 1}) x`,
  );
  return Number(r?.n ?? 0);
}

/** The planner's estimate of the tier's matches (from the lexeme statistics ANALYZE keeps). */
export async function estimateTier(db: Db, m: Match, tier: Tier): Promise<number> {
  const [r] = await queryRows<{ plan: unknown }>(
    db,
    sql`explain (format json) select 1 from search_documents d where ${visible(m)} and ${indexed(tier, tsquery(m))}`,
  );
  const plan = r ? (Object.values(r)[0] as unknown) : null;
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan: { 'Plan Rows': number } }> | null;
  return parsed?.[0]?.Plan['Plan Rows'] ?? 0;
}

const RESULT_COLUMNS = sql`d.id, d.module, d.item_id as "itemId", d.title_zh as "titleZh", d.title_en as "titleEn", d.body_zh as "bodyZh",
  d.body_en as "bodyEn", d.cover, d.published_at as "publishedAt", d.event`;

export interface ResultRow extends Record<string, unknown> {
  id: number;
  module: string;
  itemId: number;
  titleZh: string;
  titleEn: string | null;
  bodyZh: string;
  bodyEn: string | null;
  cover: string;
  publishedAt: Date | null;
  event: SearchEvent | null;
}

/**
 * How a tier's page is read (decision record 0073):
 * - `matches`: the tier's matches from the GIN index, then sorted by boost. Cheap when they are
 *   few; sorting tens of thousands of them is what made a common word slow.
 * - `ordered`: the visible rows in result order (the rank index), each checked against the
 *   tsquery until the page is full. Reads about page end ÷ share of rows matching: cheap for
 *   common keywords, a scan of the table for rare ones. The condition is wrapped in coalesce()
 *   so the planner cannot take the GIN path and sort.
 */
export type Path = 'matches' | 'ordered';

/** A page of the tier's matches in result order: boost desc, id desc. */
export async function tierPage(db: Db, m: Match, tier: Tier, path: Path, offset: number, limit: number): Promise<ResultRow[]> {
  if (limit <= 0) return [];
  const q = tsquery(m);
  const rows =
    path === 'matches'
      ? await queryRows<ResultRow>(
          db,
          sql`with m as materialized (select d.id, d.boost from search_documents d where ${visible(m)} and ${indexed(tier, q)}),
            page as (select id, boost from m order by boost desc, id desc limit ${limit} offset ${offset})
          select ${RESULT_COLUMNS} from page join search_documents d on d.id = page.id order by page.boost desc, page.id desc`,
        )
      : await queryRows<ResultRow>(
          db,
          sql`select ${RESULT_COLUMNS} from search_documents d where ${visible(m)} and coalesce(${indexed(tier, q)}, false)
          order by d.boost desc nulls last, d.id desc nulls last limit ${limit} offset ${offset}`,
        );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    itemId: Number(r.itemId),
    publishedAt: r.publishedAt === null ? null : new Date(r.publishedAt as unknown as string),
    event: typeof r.event === 'string' ? (JSON.parse(r.event) as SearchEvent) : r.event,
  }));
}

/**
 * Titles (in `lang`) of visible items whose suggestion key starts with `key`: the first `window`
 * in key order, then the most boosted first. A range on the key (text_pattern_ops compares bytes),
 * so the index is read whatever the key holds.
 */
export async function titlesStartingWith(db: Db, lang: 'zh' | 'en', key: string, now: Date, window: number): Promise<string[]> {
  const m: Match = { tsquery: '', module: null, now };
  const [title, column] = lang === 'zh' ? [sql`d.title_zh`, sql`d.title_key_zh`] : [sql`d.title_en`, sql`d.title_key_en`];
  const rows = await queryRows<{ title: string }>(
    db,
    sql`select title from (select ${title} as title, d.boost from search_documents d
        where ${visible(m)} and ${column} ~>=~ ${key} and ${column} ~<~ ${`${key}\u{10FFFF}`}
        order by ${column} using ~<~ limit ${window}) s
      order by boost desc`,
  );
  return rows.map((r) => r.title);
}

/** Rows the searches look through (the planner's count, kept by ANALYZE and autovacuum). */
export async function visibleRows(db: Db): Promise<number> {
  const [r] = await queryRows<{ n: number | string }>(db, sql`select greatest(reltuples, 1) as n from pg_class where oid = 'search_documents'::regclass`);
  return Number(r?.n ?? 1);
}
