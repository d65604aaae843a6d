import type { SearchModule } from '@medportal/contract';
import { asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { courses, hotWords, type SearchEvent } from '../../db/schema/index.ts';
import { courseListed } from '../courses/index.ts';
import type { CourseRow } from '../shared/content.present.ts';
import { courseColumns, withTags } from '../shared/course.columns.ts';
import { moduleFacet, type ParsedQuery } from './tokenizer.ts';
import type { DocumentRow } from './search.present.ts';

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

/**
 * The indexed Latin words starting with `prefix` (search_words), or null when there are more than
 * `max` (a short prefix: GIN's own prefix match is then no dearer than their alternatives).
 */
export async function completions(db: Db, prefix: string, max: number): Promise<string[] | null> {
  const rows = await queryRows<{ word: string }>(
    db,
    sql`select word from search_words where word ~>=~ ${prefix} and word ~<~ ${`${prefix}\u{10FFFF}`} order by word using ~<~ limit ${max + 1}`,
  );
  return rows.length > max ? null : rows.map((r) => r.word);
}

/** A lexeme as a tsquery operand (they are letters and digits; quoting stays as a safety net). */
const operand = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * The keyword as a tsquery over the stored vectors: every lexeme required, a trailing word being
 * typed as a prefix: any of its `completions` when known, else `lymph:*` (every word starting with it).
 */
export function tsqueryOf(q: ParsedQuery, completions?: readonly string[]): string {
  const parts = q.lexemes.map(operand);
  if (q.prefix !== null) {
    if (!completions?.length) parts.push(`${operand(q.prefix)}:*`);
    else parts.push(completions.length === 1 ? operand(completions[0] as string) : `(${completions.map(operand).join(' | ')})`);
  }
  for (const group of q.either ?? []) parts.push(`(${group.map((lexemes) => `(${lexemes.map(operand).join(' & ')})`).join(' | ')})`);
  return parts.join(' & ');
}

/** A tab's tsquery: its module's facet required too (moduleFacet), so GIN leaves out other modules' rows. */
export function inModule(tsquery: string, module: SearchModule | null): string {
  return module === null ? tsquery : `${tsquery} & ${operand(moduleFacet(module))}`;
}

/** What a search looks for: the keyword as a tsquery, the tab, and the clock visibility is checked against. */
export interface Match {
  tsquery: string;
  module: SearchModule | null;
  now: Date;
  /**
   * Per tier, what the GIN index looks up when not the whole tsquery, and what is left to check
   * on the rows found (the same matches). A lexeme in most rows (研究, a big module's facet) makes
   * GIN read a long posting list (about 1.5 ms warm, 10–30 ms on a connection that touches its
   * pages for the first time), and a prefix (`cancer:*`) gathers every posting of its
   * completions before intersecting.
   */
  indexPart?: Partial<Record<Tier, IndexPart>>;
}

/**
 * What GIN looks up of a tier's tsquery, and what is left to check on the rows it finds: `check`
 * on the tier's own vector (null when only the tab's facet was left out, which the module column
 * already checks: a body's vector then is not read from TOAST at all).
 */
export interface IndexPart {
  look: string;
  check: string | null;
}

/** Every one of the lexemes, as a tsquery. */
export const allOf = (lexemes: readonly string[]): string => lexemes.map(operand).join(' & ');

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
 * The tier's condition for a read from the GIN index: the whole tsquery, or its index part there
 * and the whole checked on the rows. `opaque`: the tsquery in a sub-select, which the planner
 * cannot see into, so it takes PostgreSQL's default share of matches instead of multiplying the
 * lexemes' (words that come together look a thousand times rarer than they are, and a band read
 * would then skip the rank index and read every match from the heap).
 */
function fromIndex(tier: Tier, m: Match, opaque = false): SQL {
  const q = (text: string) => (opaque ? sql`(select ${text}::tsquery)` : sql`${text}::tsquery`);
  const part = m.indexPart?.[tier];
  if (!part) return indexed(tier, q(m.tsquery));
  const vector = tier === 'title' ? sql`d.title_tsv` : sql`d.body_tsv`;
  const checked = part.check === null ? sql`` : sql`and coalesce(${vector} @@ ${part.check}::tsquery, false)`;
  // A body match that is a title match too belongs to the title tier (the title's vector is inline).
  const notTitle = tier === 'body' ? sql`and coalesce(not (d.title_tsv @@ ${tsquery(m)}), false)` : sql``;
  return sql`${vector} @@ ${q(part.look)} ${checked} ${notTitle}`;
}

/**
 * The tier's matches, counted up to `cap + 1` (a common keyword matches most of the table: an
 * exact count would read every match).
 */
export async function countTier(db: Db, m: Match, tier: Tier, cap: number): Promise<number> {
  const [r] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from (select 1 from search_documents d where ${visible(m)} and ${fromIndex(tier, m)} limit ${cap + 1}) x`,
  );
  return Number(r?.n ?? 0);
}

/** The share of rows holding each of the commonest lexemes of a field, as ANALYZE counted them. */
export interface LexemeStats {
  share: Map<string, number>;
  /** The share of the least common lexeme counted: every other lexeme is rarer. */
  floor: number;
}

/** Lexeme statistics of the title and body vectors (PostgreSQL keeps the most common ones). */
export async function lexemeStats(db: Db): Promise<Record<Tier, LexemeStats>> {
  const rows = await queryRows<{ field: string; elems: string[] | string | null; freqs: number[] | string | null }>(
    db,
    sql`select attname as field, most_common_elems::text::text[] as elems, most_common_elem_freqs as freqs from pg_stats
      where schemaname = current_schema() and tablename = 'search_documents' and attname in ('title_tsv', 'body_tsv')`,
  );
  const parse = <T>(v: T[] | string | null, f: (x: string) => T): T[] =>
    v === null ? [] : Array.isArray(v) ? v : v.replace(/^\{|\}$/g, '').split(',').filter(Boolean).map((x) => f(x.replace(/^"|"$/g, '')));
  const out: Record<Tier, LexemeStats> = { title: { share: new Map(), floor: DEFAULT_SHARE }, body: { share: new Map(), floor: DEFAULT_SHARE } };
  for (const r of rows) {
    const elems = parse(r.elems, (x) => x);
    const freqs = parse(r.freqs, Number).map(Number);
    const stats: LexemeStats = { share: new Map(elems.map((e, i) => [e, freqs[i] ?? 0])), floor: freqs[elems.length] ?? DEFAULT_SHARE };
    out[r.field === 'title_tsv' ? 'title' : 'body'] = stats;
  }
  return out;
}

/**
 * How `boost` is spread over the table, as ANALYZE saw it: its most common values with their
 * shares, and the bounds of equal-share buckets over the rest (ascending).
 */
export interface BoostStats {
  common: Array<{ value: number; share: number }>;
  bounds: number[];
  /** The share of rows the buckets hold (neither common values nor null). */
  bucketShare: number;
}

export async function boostStats(db: Db): Promise<BoostStats | null> {
  const [r] = await queryRows<{ vals: number[] | string | null; freqs: number[] | string | null; bounds: number[] | string | null; nulls: number | string }>(
    db,
    sql`select most_common_vals::text::float8[] as vals, most_common_freqs as freqs, histogram_bounds::text::float8[] as bounds, null_frac as nulls
      from pg_stats where schemaname = current_schema() and tablename = 'search_documents' and attname = 'boost'`,
  );
  if (!r) return null;
  const numbers = (v: number[] | string | null): number[] =>
    v === null ? [] : (Array.isArray(v) ? v : v.replace(/^\{|\}$/g, '').split(',').filter(Boolean)).map(Number);
  const vals = numbers(r.vals);
  const freqs = numbers(r.freqs);
  const bounds = numbers(r.bounds);
  if (bounds.length < 2) return null;
  const common = vals.map((value, i) => ({ value, share: freqs[i] ?? 0 }));
  return { common, bounds, bucketShare: Math.max(0, 1 - Number(r.nulls) - common.reduce((s, c) => s + c.share, 0)) };
}

/**
 * The boost of the tab's `rank`-th most boosted row (1-based) from the rank indexes, scheduled
 * rows included; null when the tab has fewer rows.
 */
export async function boostAtRank(db: Db, module: SearchModule | null, rank: number): Promise<number | null> {
  const [r] = await queryRows<{ boost: number | string | null }>(
    db,
    sql`select d.boost from search_documents d where d.visible_from is not null ${module === null ? sql`` : sql`and d.module = ${module}`}
      order by d.boost desc nulls last, d.id desc nulls last offset ${rank - 1} limit 1`,
  );
  return r?.boost == null ? null : Number(r.boost);
}

/** PostgreSQL's own guess for a text match without statistics. */
const DEFAULT_SHARE = 0.005;

/** Visible rows of the tab (the planner's estimate: module has ordinary statistics). */
export async function visibleRows(db: Db, m: Match): Promise<number> {
  const [r] = await queryRows<Record<string, unknown>>(db, sql`explain (format json) select 1 from search_documents d where ${visible(m)}`);
  const plan = r ? Object.values(r)[0] : null;
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan: { 'Plan Rows': number } }> | null;
  return Math.max(1, parsed?.[0]?.Plan['Plan Rows'] ?? 1);
}

const RESULT_COLUMNS = sql`d.id, d.module, d.item_id as "itemId", d.title_zh as "titleZh", d.title_en as "titleEn", d.body_zh as "bodyZh",
  d.body_en as "bodyEn", d.cover, d.published_at as "publishedAt", d.event`;

/** A result's row as read for the page (the presenter's DocumentRow). */
export interface ResultRow extends DocumentRow, Record<string, unknown> {}

const mapRow = (r: ResultRow): ResultRow => ({
  ...r,
  id: Number(r.id),
  itemId: Number(r.itemId),
  publishedAt: r.publishedAt === null ? null : new Date(r.publishedAt as unknown as string),
  event: typeof r.event === 'string' ? (JSON.parse(r.event) as SearchEvent) : r.event,
});

export interface MatchesPage {
  rows: ResultRow[];
  /** The tier's matches, counted up to `cap` + 1 (the rows are the page only when no more). */
  count: number;
}

/**
 * A page of the tier's matches in result order (boost desc, id desc), from the GIN index: every
 * match is read and sorted, so this is for a tier of few matches. With `cap`, at most cap + 1
 * matches are read and counted in the same statement; past the cap the rows are not the page.
 *
 * With `minBoost`, only the band of matches boosted at least that much (PostgreSQL ANDs the GIN
 * bitmap with the rank index's, so only the band's matches are read from the heap): they come
 * first in result order, so the page is right when the band holds its end (`count` >= offset + limit).
 */
export async function matchesPage(
  db: Db,
  m: Match,
  tier: Tier,
  offset: number,
  limit: number,
  cap: number | null,
  minBoost: number | null = null,
): Promise<MatchesPage> {
  const band = minBoost === null ? sql`` : sql`and d.boost >= ${minBoost}::float8`;
  const rows = await queryRows<ResultRow & { count: number | string }>(
    db,
    sql`with m as materialized (select d.id, d.boost from search_documents d where ${visible(m)} and ${fromIndex(tier, m, minBoost !== null)} ${band}
        ${cap === null ? sql`` : sql`limit ${cap + 1}`}),
      page as (select id, boost from m order by boost desc, id desc limit ${Math.max(0, limit)} offset ${offset})
    select (select count(*) from m) as count, ${RESULT_COLUMNS}
    from (select 1) one left join (page join search_documents d on d.id = page.id) on true
    order by page.boost desc, page.id desc`,
  );
  return { count: Number(rows[0]?.count ?? 0), rows: rows.filter((r) => r.id !== null).map(mapRow) };
}

export interface OrderedPage {
  rows: ResultRow[];
  /** Matches found up to the page's end and one beyond it (has_more), at most offset + limit + 1. */
  hits: number;
  /** Visible rows looked at to find them (the last hit's place in result order). */
  looked: number;
}

/**
 * A page of the tier's matches read the other way: the visible rows in result order (the rank
 * index), each checked against the tsquery, until the page's end and one more match are found or
 * `budget` rows were looked at. About page end ÷ share of rows matching rows are read: cheap for a
 * common keyword, however many items it matches, where reading and sorting every match was what
 * made it slow. The condition is wrapped in coalesce() so the planner cannot take the GIN path.
 * `hits` below offset + limit + 1 means the tier ended or the budget ran out first.
 */
export async function orderedPage(db: Db, m: Match, tier: Tier, offset: number, limit: number, budget: number): Promise<OrderedPage> {
  const order = sql`d.boost desc nulls last, d.id desc nulls last`;
  const rows = await queryRows<ResultRow & { n: number | string; rn: number | string; hits: number | string }>(
    db,
    sql`with hits as materialized (
        select x.rn, x.id from (
          select row_number() over (order by ${order}) as rn, d.id, coalesce(${indexed(tier, tsquery(m))}, false) as hit
          from search_documents d where ${visible(m)} order by ${order} limit ${budget}) x
        where x.hit limit ${offset + limit + 1}),
      numbered as (select rn, id, row_number() over (order by rn) as n from hits),
      tally as (select count(*) as hits, max(rn) as looked from hits)
    select t.hits, t.looked as rn, p.n, ${RESULT_COLUMNS}
    from tally t left join numbered p on p.n > ${offset} and p.n <= ${offset + limit} left join search_documents d on d.id = p.id
    order by p.n`,
  );
  const first = rows[0];
  return {
    rows: rows.filter((r) => r.n !== null).map(mapRow),
    hits: Number(first?.hits ?? 0),
    looked: Number(first?.rn ?? 0),
  };
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
