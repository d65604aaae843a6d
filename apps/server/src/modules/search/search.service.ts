import { type ApiLanguage, type DataOf, HOT_COURSE_LIMIT, SEARCH_RESULT_CAP, SEARCH_SUGGEST_LIMIT, type SearchQuery } from '@medportal/contract';
import { sql } from 'drizzle-orm';
import { type Db, isEmbedded, queryRows } from '../../db/client.ts';
import { pick } from '../../lib/i18n.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { presentCourse } from '../shared/content.present.ts';
import { onIndexWrite } from './search.indexer.ts';
import * as repo from './search.repository.ts';
import { presentResult, presentTabs } from './search.present.ts';
import { isEmptyQuery, isHan, moduleFacet, type ParsedQuery, parseQuery, suggestKey, type Translation, withTranslations } from './tokenizer.ts';

/** Hot words and hot courses change rarely and are read on every focus of the search box. */
const HOT_TTL_MS = 60_000;
const HAN_CHARACTER = /\p{Script=Han}/u;
/** A keyword ending in a Latin word of one or two letters (`breast c`, `ly`). */
const SHORT_LAST_WORD = /(?:^|[^\p{L}\p{N}])[a-z0-9]{1,2}$/u;
/** Titles starting with the word read per language (in key order) before ranking them by boost. */
const PREFIX_WINDOW = 50;
/**
 * Answers are kept this long per process, keyed on the search generation: a write through this
 * process is seen at once, one through another within GENERATION_POLL_MS; a scheduled item within
 * the minute of its publication.
 */
const ANSWER_TTL_MS = 30_000;
const MINUTE_MS = 60_000;
/** Searches and suggestions repeat (hot words, the first letters everyone types). */
const ANSWER_CACHE_SIZE = 2_000;
/** How often a process on PostgreSQL reads the generation other processes move. */
const GENERATION_POLL_MS = 1_000;
/** How long the table's row count (for choosing a read path) is trusted. */
const ROWS_TTL_MS = 60_000;
/**
 * Most rows an ordered read looks at (a few microseconds each) before the matches are counted and
 * sorted instead; and how many times the expected number it may look at (estimates err).
 */
const ORDERED_BUDGET = 20_000;
/**
 * Matches are counted up to this many (and the page sorted from them in the same statement):
 * past the result cap too, since knowing there are 2,000 rather than "over 1,000" tells the
 * reads apart (in order it would look at 300 rows a match there; sorting 2,000 is cheaper).
 */
const COUNT_CAP = 5 * SEARCH_RESULT_CAP;
const ORDERED_MARGIN = 3;
/**
 * Most matches expected for reading every one and sorting them when a page is too deep for the
 * ordered read's budget (heap rows in bitmap order, about 10 µs each out of cache).
 */
const SORT_ALL_MAX = 12_000;
/**
 * Most rows an ordered read may expect to look at; a deeper page is read as a band (the matches
 * boosted above a threshold, from the GIN index ANDed with the rank index's, sorted): about 2.5 µs
 * a row in order against a bitmap and the band's matches only.
 */
const ORDERED_WALK = 2_000;
/** Fewest visible rows of a tab worth reading in bands: below, counting every match costs little. */
const BAND_MIN_ROWS = 20_000;
/** A band is sized to hold this many times the matches the page needs (estimates err). */
const BAND_MARGIN = 3;
/** Largest band, as a share of the tab's rows: past it, counting every match reads little more. */
const BAND_MAX_SHARE = 0.7;
/** Bands tried (each next one sized by what the last found) before counting every match. */
const BAND_ATTEMPTS = 2;
/**
 * Most rows of a band whose lowest boost is read from the tab's rank index; a wider band's comes
 * from the column's statistics. Those are the whole table's, and their top bucket is bent by a few
 * outliers (the 25 most boosted rows were congresses, so the news tab's narrow bands held no row).
 */
const BAND_PROBE_MAX = 8_192;
/** Fewest rows a probed band is rounded up to (a power of two: a few floors serve every band). */
const BAND_PROBE_MIN = 64;

/**
 * Most indexed words a trailing prefix is searched as (search_words); a prefix of more completions
 * is looked up by GIN's own prefix match.
 */
const MAX_COMPLETIONS = 32;
/** A lexeme in at least this share of a field's rows is checked on the rows GIN finds, not looked up (matchOf). */
const COMMON_SHARE = 0.3;

/** A Han bigram's characters (other lexemes: none). */
function bigramEnds(lexeme: string): [string, string] | null {
  const chars = [...lexeme];
  return chars.length === 2 && isHan(lexeme) ? [chars[0] as string, chars[1] as string] : null;
}

/**
 * Parts of a keyword (pieces, glossary groups) grouped where their Han bigrams continue one
 * another (性卒 and 卒中 of 缺血性卒中, 胞肺 and the 肺癌 group of 非小细胞肺癌): one word cut in parts,
 * whose parts come together, so a chain is as common as its rarest part. Taken as independent,
 * 非小细胞肺癌 was estimated at 560 titles for its 9,400, and its first page counted 5,001 matches
 * from the heap before reading them in order.
 */
function hanChains<T extends { lexemes: readonly string[] }>(units: readonly T[]): T[][] {
  const ends = units.map((u) => u.lexemes.map(bigramEnds).filter((e) => e !== null));
  const root = units.map((_, i) => i);
  const find = (i: number): number => (root[i] === i ? i : (root[i] = find(root[i] as number)));
  for (let a = 0; a < units.length; a++) {
    for (let b = a + 1; b < units.length; b++) {
      const linked = (ends[a] ?? []).some(([x0, x1]) => (ends[b] ?? []).some(([y0, y1]) => x1 === y0 || y1 === x0));
      if (linked) root[find(a)] = find(b);
    }
  }
  const chains = new Map<number, T[]>();
  units.forEach((u, i) => chains.set(find(i), [...(chains.get(find(i)) ?? []), u]));
  return [...chains.values()];
}

/**
 * Parts an estimate takes as independent and multiplies: a keyword of one is not underestimated
 * for words that come together, nor overestimated for words that do not.
 */
const partsOf = (q: ParsedQuery) =>
  hanChains([...q.pieces.map((lexemes) => ({ lexemes })), ...(q.either ?? []).map((g) => ({ lexemes: g.flat() }))]).length + (q.prefix === null ? 0 : 1);

/**
 * The boost above which about `share` of the rows lie, from ANALYZE's statistics of the column
 * (null: the whole table). Bisection over the statistics' range: the share above is monotone.
 */
export function boostAbove(stats: repo.BoostStats, share: number): number | null {
  const { bounds, common, bucketShare } = stats;
  const n = bounds.length - 1;
  const above = (x: number) => {
    const s = common.reduce((sum, c) => sum + (c.value >= x ? c.share : 0), 0);
    if (x <= (bounds[0] as number)) return s + bucketShare;
    for (let i = 0; i < n; i++) {
      const [lo, hi] = [bounds[i] as number, bounds[i + 1] as number];
      if (x < hi) return s + (bucketShare * (n - i - 1 + (hi > lo ? (hi - x) / (hi - lo) : 0))) / n;
    }
    return s;
  };
  let [lo, hi] = [Math.min(bounds[0] as number, ...common.map((c) => c.value)), Math.max(bounds[n] as number, ...common.map((c) => c.value))];
  if (share >= above(lo)) return null;
  for (let i = 0; i < 50; i++) {
    const mid = (lo + hi) / 2;
    if (above(mid) >= share) lo = mid;
    else hi = mid;
  }
  return lo;
}

/**
 * What GIN looks up of a keyword in one field: its lexemes but those in at least COMMON_SHARE of
 * the field's rows (and the tab's facet likewise), which are checked on the rows found; at least
 * one lexeme is kept. Null when that leaves out nothing.
 */
function indexPart(q: ParsedQuery, completions: string[] | null, module: repo.Match['module'], stats: repo.LexemeStats): repo.IndexPart | null {
  const share = (l: string) => stats.share.get(l) ?? 0;
  const rare = q.lexemes.filter((l) => share(l) < COMMON_SHARE);
  const others = q.prefix !== null || (q.either?.length ?? 0) > 0;
  const [rarest] = [...q.lexemes].sort((a, b) => share(a) - share(b));
  const lexemes = rare.length > 0 || others || rarest === undefined ? rare : [rarest];
  const facet = module !== null && share(moduleFacet(module)) < COMMON_SHARE;
  if (lexemes.length === q.lexemes.length && (module === null || facet)) return null;
  const part = repo.tsqueryOf({ ...q, lexemes }, completions ?? undefined);
  const left = q.lexemes.filter((l) => !lexemes.includes(l));
  return { look: facet ? repo.inModule(part, module) : part, check: left.length > 0 ? repo.allOf(left) : null };
}

/** What is known of a keyword's matches per tier: estimates, counts up to COUNT_CAP + 1. */
interface Facts {
  parsed: ParsedQuery;
  estimates: Partial<Record<repo.Tier, number>>;
  /** The estimate were the keyword's parts always found together (an upper bound). */
  upper: Partial<Record<repo.Tier, number>>;
  counts: Partial<Record<repo.Tier, number>>;
  /** The total shown for a tier past the cap, judged at its first ordered read (every page says the same). */
  judged: Partial<Record<repo.Tier, number>>;
}

interface TierPage {
  rows: repo.ResultRow[];
  /** The tier's matches: exact up to COUNT_CAP, else an estimate. */
  count: number;
  exact: boolean;
}

/** Search, its tabs, hot words, suggestions and hot courses (spec §2 /search, §7 "Home and search"). */
export class SearchService {
  private readonly hotWords = new TtlCache<'all', Awaited<ReturnType<typeof repo.publishedHotWords>>>(HOT_TTL_MS);
  private readonly hotCourseRows = new TtlCache<'all', Awaited<ReturnType<typeof repo.hotCourses>>>(HOT_TTL_MS);
  private readonly searches = new TtlCache<string, DataOf<'search'>>(ANSWER_TTL_MS, Date.now, ANSWER_CACHE_SIZE);
  private readonly suggestions = new TtlCache<string, DataOf<'searchWordRemind'>>(ANSWER_TTL_MS, Date.now, ANSWER_CACHE_SIZE);
  private readonly facts = new TtlCache<string, Facts>(ANSWER_TTL_MS, Date.now, ANSWER_CACHE_SIZE);
  private readonly rowCount = new TtlCache<string, number>(ROWS_TTL_MS);
  private readonly lexemeStats = new TtlCache<'all', Record<repo.Tier, repo.LexemeStats>>(ROWS_TTL_MS);
  private readonly boostStats = new TtlCache<'all', repo.BoostStats | null>(ROWS_TTL_MS);
  private readonly bandFloors = new TtlCache<string, number | null>(ROWS_TTL_MS, Date.now, 256);
  private readonly completions = new TtlCache<string, string[] | null>(ANSWER_TTL_MS, Date.now, ANSWER_CACHE_SIZE);
  /** The database's generation as last read, and writes through this process since. */
  private stored = '0';
  private local = 0;
  /** Searches being answered by this process (not from the cache). */
  private inFlight = 0;
  private readonly unsubscribe: () => void;
  private readonly poll: NodeJS.Timeout | null;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    /** The read paths' thresholds (tests take small ones to exercise the band read on a small table). */
    private readonly tuning: { bandMinRows: number; orderedWalk: number } = { bandMinRows: BAND_MIN_ROWS, orderedWalk: ORDERED_WALK },
  ) {
    this.unsubscribe = onIndexWrite(() => {
      this.local += 1;
    });
    // One process owns an embedded database: every write goes through it and is heard above.
    this.poll = isEmbedded(db) ? null : setInterval(() => void this.readGeneration(), GENERATION_POLL_MS).unref();
  }

  close(): void {
    this.unsubscribe();
    if (this.poll) clearInterval(this.poll);
  }

  private async readGeneration(): Promise<void> {
    try {
      const [r] = await queryRows<{ v: string }>(this.db, sql`select last_value::text as v from search_generation`);
      if (r) this.stored = r.v;
    } catch {
      // The next poll tries again; answers stay keyed on the last generation read.
    }
  }

  /**
   * Part of every cached answer's key (and of the public response cache's): moves with every
   * index write, and every minute of the clock searches check publication times against.
   */
  get generation(): string {
    return `${this.stored}.${this.local}.${this.minute().getTime()}`;
  }

  /** The clock, to the minute: answers of one minute agree (a scheduled item shows up in its minute). */
  private minute(): Date {
    const t = this.now().getTime();
    return new Date(t - (t % MINUTE_MS));
  }

  /**
   * After the editors change the hot words: they are the glossary searches translate with and the
   * first suggestions, so what was answered with the old ones is dropped in this process (others
   * within HOT_TTL_MS).
   */
  hotWordsChanged(): void {
    this.hotWords.clear();
    this.searches.clear();
    this.suggestions.clear();
  }

  search(q: SearchQuery, lang: ApiLanguage): Promise<DataOf<'search'>> {
    const key = JSON.stringify([this.generation, lang, q.type, q.page, q.page_size, q.keyword]);
    return this.searches.get(key, async () => {
      this.inFlight += 1;
      try {
        return await this.searchUncached(q, lang);
      } finally {
        this.inFlight -= 1;
      }
    });
  }

  /**
   * Title matches first, then body-only matches, each in boost order (recent and popular first),
   * matched and ranked in SQL; only the page's rows are read.
   */
  private async searchUncached(q: SearchQuery, lang: ApiLanguage): Promise<DataOf<'search'>> {
    const parsed = withTranslations(parseQuery(q.keyword), await this.glossary());
    const base = { keyword: q.keyword, terms: parsed.terms, page: q.page, page_size: q.page_size };
    // A keyword of punctuation only has nothing to look for.
    if (isEmptyQuery(parsed)) return { ...base, items: [], total: 0, total_exact: true, has_more: false };
    const m = await this.matchOf(parsed, q.type === 'all' ? null : q.type);
    const offset = (q.page - 1) * q.page_size;
    const end = Math.min(offset + q.page_size, SEARCH_RESULT_CAP);
    if (offset >= end) {
      // Past the cap: no rows, only the total.
      const [titles, bodies] = [await this.countOrEstimate(m, 'title', this.factsOf(m, parsed)), await this.countOrEstimate(m, 'body', this.factsOf(m, parsed))];
      return { ...base, items: [], total: titles.count + bodies.count, total_exact: titles.exact && bodies.exact, has_more: false };
    }
    const facts = this.factsOf(m, parsed);
    // A first page of a keyword with a few hundred titles or fewer expected: the body tier is
    // read too (its first page, or its count for the total), and its first page does not depend
    // on how many titles there are, so it is read beside the titles on another connection instead
    // of after them. Titles that fill the page after all (words that come together) waste it, so
    // only a search alone in this process does so: under load the cores are better spent on others.
    const estimate = (facts.estimates.title ??= await this.estimate(m, facts, 'title'));
    const alone = this.inFlight === 1 && !isEmbedded(this.db);
    const bodyFirst = alone && offset === 0 && estimate <= SEARCH_RESULT_CAP ? this.readTier(m, 'body', 0, end, facts) : null;
    bodyFirst?.catch(() => undefined);
    const titles = await this.readTier(m, 'title', offset, end - offset, facts);
    const rows = [...titles.rows];
    let total: number;
    let exact = titles.exact;
    if (!titles.exact) {
      // A common keyword: the title matches fill every page; the total is an estimate (the body
      // matches that are not title matches at least as many as the body's beyond the titles').
      facts.estimates.body ??= await this.estimate(m, facts, 'body');
      total = titles.count + Math.max(0, Math.round(facts.estimates.body - estimate));
    } else if (end > titles.count) {
      const limit = end - offset - rows.length;
      const bodies = bodyFirst ? await bodyFirst : await this.readTier(m, 'body', Math.max(0, offset - titles.count), limit, facts);
      rows.push(...bodies.rows.slice(0, limit));
      total = titles.count + bodies.count;
      exact = bodies.exact;
    } else {
      const bodies = bodyFirst ? await bodyFirst : await this.countOrEstimate(m, 'body', facts);
      total = titles.count + bodies.count;
      exact = bodies.exact;
    }
    const items = rows.map((r) => presentResult(r, parsed.terms, lang));
    // An estimated total says nothing sure of the next page: a full page says there may be one.
    const more = exact ? end < total : rows.length === end - offset;
    return { ...base, items, total, total_exact: exact, has_more: offset < end && end < SEARCH_RESULT_CAP && more };
  }

  /**
   * The keyword as SQL matches it. A trailing prefix is searched as the indexed words it completes
   * to: GIN gathers every posting of `canc:*` before it intersects (30–60 ms for `cancer:*`), and
   * skips ahead through exact words. A prefix of too many completions, after other words, is
   * looked up on the rows the other words find in titles when they are not many. Lexemes in most
   * rows are left to that check too (`indexPart`).
   */
  private async matchOf(parsed: ParsedQuery, module: repo.Match['module']): Promise<repo.Match> {
    const m: repo.Match = { tsquery: repo.inModule(repo.tsqueryOf(parsed), module), module, now: this.minute() };
    let words: string[] | null = null;
    let titleQuery = parsed;
    if (parsed.prefix !== null) {
      const prefix = parsed.prefix;
      words = await this.completions.get(JSON.stringify([this.generation, prefix]), () => repo.completions(this.db, prefix, MAX_COMPLETIONS));
      if (words !== null) m.tsquery = repo.inModule(repo.tsqueryOf(parsed, words), module);
      else if (parsed.pieces.length > 0 || parsed.either?.length) {
        const exact: ParsedQuery = { ...parsed, prefix: null };
        const facts: Facts = { parsed: exact, estimates: {}, upper: {}, counts: {}, judged: {} };
        // Titles only, and only when the other words are few even if they always come together:
        // checking the prefix reads each of their rows (a body's vector from TOAST).
        if ((await this.estimate(m, facts, 'title', true)) <= COUNT_CAP) titleQuery = exact;
      }
    }
    const stats = await this.lexemeStats.get('all', () => repo.lexemeStats(this.db));
    const title = indexPart(titleQuery, words, module, stats.title);
    const body = indexPart(parsed, words, module, stats.body);
    // Titles looked up without the prefix are checked against the whole keyword.
    const titlePart: repo.IndexPart | null =
      titleQuery === parsed ? title : { look: title?.look ?? repo.inModule(repo.tsqueryOf(titleQuery, words ?? undefined), module), check: m.tsquery };
    if (titlePart === null && body === null) return m;
    return { ...m, indexPart: { ...(titlePart === null ? {} : { title: titlePart }), ...(body === null ? {} : { body }) } };
  }

  /** What is known of a keyword's matches: the other pages and the other language reuse it. */
  private factsOf(m: repo.Match, parsed: ParsedQuery): Facts {
    const key = JSON.stringify([this.generation, m.module, m.tsquery]);
    const known = this.facts.peek(key);
    if (known) return known;
    const facts: Facts = { parsed, estimates: {}, upper: {}, counts: {}, judged: {} };
    this.facts.set(key, facts);
    return facts;
  }

  /**
   * The tier's matches judged after an ordered read: the estimate, or the share of matches among
   * the rows it looked at if larger (those are the most boosted rows, so the share is only a hint).
   */
  private sampledCount(page: repo.OrderedPage, estimate: number, rows: number): number {
    const sampled = page.looked > 0 ? Math.round((page.hits * rows) / page.looked) : 0;
    return Math.max(page.hits, Math.round(estimate), sampled);
  }

  private visibleRows(m: repo.Match): Promise<number> {
    return this.rowCount.get(m.module ?? '*', () => repo.visibleRows(this.db, m));
  }

  /**
   * The matches to expect, from the lexeme statistics ANALYZE keeps: the bigrams of one word go
   * together (the word is as common as its rarest bigram), words are independent, a prefix is as
   * common as its completions together, a glossary group as its alternatives. The planner counts
   * every lexeme as independent, which makes 淋巴瘤 (淋巴 & 巴瘤) a tenth as common as it is.
   * `together`: as if every part came with every other (the rarest part's matches), an upper bound.
   */
  private async estimate(m: repo.Match, facts: Facts, tier: repo.Tier, together = false): Promise<number> {
    const stats = await this.lexemeStats.get('all', () => repo.lexemeStats(this.db));
    const rows = await this.visibleRows(m);
    const q = facts.parsed;
    const share = (s: repo.LexemeStats) => {
      const of = (l: string) => s.share.get(l) ?? s.floor / 2;
      const word = (lexemes: readonly string[]) => Math.min(...lexemes.map(of));
      const units = [
        ...q.pieces.map((piece) => ({ lexemes: piece, share: word(piece) })),
        ...(q.either ?? []).map((group) => ({ lexemes: group.flat(), share: Math.min(1, group.reduce((sum, alt) => sum + word(alt), 0)) })),
      ];
      const parts = hanChains(units).map((chain) => Math.min(...chain.map((u) => u.share)));
      if (q.prefix !== null) {
        let completions = 0;
        for (const [l, f] of s.share) if (l.startsWith(q.prefix)) completions += f;
        parts.push(Math.min(1, completions || s.floor / 2));
      }
      return together ? Math.min(1, ...parts) : parts.reduce((p, x) => p * x, 1);
    };
    return rows * share(stats[tier]);
  }

  /** The tier's exact count when few matches are expected, else its estimate. */
  private async countOrEstimate(m: repo.Match, tier: repo.Tier, facts: Facts): Promise<{ count: number; exact: boolean }> {
    if (facts.counts[tier] === undefined) {
      const estimate = (facts.estimates[tier] ??= await this.estimate(m, facts, tier));
      if (estimate > SEARCH_RESULT_CAP) return { count: Math.round(estimate), exact: false };
      const upper = (facts.upper[tier] ??= await this.estimate(m, facts, tier, true));
      if (upper > COUNT_CAP && (await this.visibleRows(m)) >= this.tuning.bandMinRows) {
        // Parts that may come together (gastric cancer): counting could read thousands of rows
        // (bodies' vectors from TOAST). The estimate is scaled as the titles' proved wrong.
        const [found, guessed] = [facts.counts.title ?? facts.judged.title, facts.estimates.title];
        const ratio = found !== undefined && guessed ? Math.min(Math.max(1, found / guessed), upper / Math.max(1, estimate)) : 1;
        return { count: Math.round(estimate * ratio), exact: false };
      }
      facts.counts[tier] = await repo.countTier(this.db, m, tier, COUNT_CAP);
    }
    const n = facts.counts[tier];
    return n <= COUNT_CAP ? { count: n, exact: true } : { count: Math.max(n, Math.round(facts.estimates[tier] ?? 0)), exact: false };
  }

  /**
   * A page of one tier, read the cheaper of two ways (decision record 0073). When many matches
   * are expected, in result order until the page is full (repo.orderedPage, no count: a common
   * keyword's page costs about the page's end ÷ its share of rows). Otherwise, or when that read
   * gives up, the matches are counted up to COUNT_CAP and, if no more, read from the GIN index and
   * sorted in the same statement (repo.matchesPage). `count` is exact up to COUNT_CAP, else an estimate.
   */
  private async readTier(m: repo.Match, tier: repo.Tier, offset: number, limit: number, facts: Facts): Promise<TierPage> {
    if (limit <= 0) return { rows: [], count: 0, exact: true };
    const rows = await this.visibleRows(m);
    const toLook = (matches: number) => ORDERED_MARGIN * Math.ceil(((offset + limit + 1) * rows) / Math.max(1, matches));
    if (facts.counts[tier] === undefined) {
      const estimate = (facts.estimates[tier] ??= await this.estimate(m, facts, tier));
      const walk = ((offset + limit + 1) * rows) / Math.max(1, estimate);
      // A body tier's vectors come from TOAST, several times dearer a row.
      const walkMax = tier === 'title' ? this.tuning.orderedWalk : this.tuning.orderedWalk / 8;
      // A common keyword's early page: in order, about `walk` rows.
      if (estimate > SEARCH_RESULT_CAP && walk <= walkMax) {
        const page = await repo.orderedPage(this.db, m, tier, offset, limit, Math.min(ORDERED_MARGIN * Math.ceil(walk), ORDERED_BUDGET));
        if (page.hits > offset + limit) return { rows: page.rows, count: (facts.judged[tier] ??= this.sampledCount(page, estimate, rows)), exact: false };
      }
      // A deeper page, or parts that may come together (gastric cancer: estimated 2,200 as
      // independent words, 9,000 found): the band of the most boosted matches that holds the page.
      const upper = (facts.upper[tier] ??= await this.estimate(m, facts, tier, true));
      let banded: Awaited<ReturnType<SearchService['bandRead']>> = null;
      if (upper > SEARCH_RESULT_CAP && rows >= this.tuning.bandMinRows) {
        // Sized as if the parts came together: when they don't, the band holds too few and the
        // next is sized by what it held.
        banded = await this.bandRead(m, tier, offset, limit, upper, rows);
        if (banded !== null && banded !== 'few') return { rows: banded.rows, count: (facts.judged[tier] ??= Math.max(banded.matches, Math.round(estimate))), exact: false };
      }
      // Without a band (no statistics): in order when the rows expected fit the budget. After
      // bands that held too few, the matches are fewer than expected: counted below.
      if (banded === null && estimate > SEARCH_RESULT_CAP && walk > walkMax && toLook(estimate) / (partsOf(facts.parsed) <= 1 ? ORDERED_MARGIN : 1) <= ORDERED_BUDGET) {
        const page = await repo.orderedPage(this.db, m, tier, offset, limit, Math.min(toLook(estimate), ORDERED_BUDGET));
        if (page.hits > offset + limit) return { rows: page.rows, count: (facts.judged[tier] ??= this.sampledCount(page, estimate, rows)), exact: false };
      }
      if (banded === null && estimate > COUNT_CAP && estimate <= SORT_ALL_MAX && toLook(estimate) / ORDERED_MARGIN > ORDERED_BUDGET) return this.sortAll(m, tier, offset, limit, facts, estimate);
      // Fewer matches expected (or the ordered read gave up): counted and paged in one statement.
      const few = await repo.matchesPage(this.db, m, tier, offset, limit, COUNT_CAP);
      facts.counts[tier] = few.count;
      if (few.count <= COUNT_CAP) return { rows: few.rows, count: few.count, exact: true };
    }
    const n = facts.counts[tier] ?? 0;
    if (n > SEARCH_RESULT_CAP && n <= COUNT_CAP && rows >= this.tuning.bandMinRows) {
      // Known to be some thousands (another page of the keyword): the band that holds the page.
      const banded = await this.bandRead(m, tier, offset, limit, n, rows);
      if (banded !== null && banded !== 'few') return { rows: banded.rows, count: n, exact: true };
    }
    // Known matches (another page of the keyword): in order when that reads less, else sorted.
    if (n <= COUNT_CAP && (n <= SEARCH_RESULT_CAP || toLook(n) > ORDERED_BUDGET)) {
      return { rows: (await repo.matchesPage(this.db, m, tier, offset, limit, null)).rows, count: n, exact: true };
    }
    // Past the count's cap, though fewer were expected: in order up to the budget, else every match sorted.
    const expected = Math.max(n, facts.estimates[tier] ?? 0);
    if (n > COUNT_CAP && expected <= SORT_ALL_MAX && toLook(expected) / ORDERED_MARGIN > ORDERED_BUDGET) return this.sortAll(m, tier, offset, limit, facts, expected);
    const page = await repo.orderedPage(this.db, m, tier, offset, limit, n <= COUNT_CAP ? toLook(n) : ORDERED_BUDGET);
    const exact = n <= COUNT_CAP;
    const estimate = exact ? n : (facts.judged[tier] ??= Math.max(n, this.sampledCount(page, facts.estimates[tier] ?? 0, rows)));
    if (page.hits > offset + limit) return { rows: page.rows, count: estimate, exact };
    return { rows: (await repo.matchesPage(this.db, m, tier, offset, limit, null)).rows, count: estimate, exact };
  }

  /**
   * The page from the band of the tier's most boosted matches (repo.matchesPage with a minimum
   * boost): the band is sized from the matches expected to hold BAND_MARGIN times the page's end,
   * and, if it held too few, sized again by what it held. Only the band's matches are read from
   * the heap, where counting and sorting every match read them all (5,000 rows, 60–250 ms for
   * the pages deep in 结直肠癌 or for `prostate cancer`). Null when no band would do (the statistics
   * are missing, or the band would be most of the table), 'few' when the bands held too few
   * (fewer matches than expected): the caller counts instead. `matches`:
   * the band's share of matches for the whole tab (the most boosted rows: a hint, as the share an
   * ordered read saw).
   */
  private async bandRead(m: repo.Match, tier: repo.Tier, offset: number, limit: number, expected: number, rows: number): Promise<{ rows: repo.ResultRow[]; matches: number } | 'few' | null> {
    const stats = await this.boostStats.get('all', () => repo.boostStats(this.db));
    if (!stats) return null;
    const need = offset + limit + 1;
    // The page's end past most of the rows: no band is worth it.
    if (need / Math.max(1, expected) > BAND_MAX_SHARE / 2) return null;
    let share = Math.min(BAND_MAX_SHARE, (BAND_MARGIN * need) / Math.max(1, expected));
    let tried = false;
    for (let attempt = 0; attempt < BAND_ATTEMPTS; attempt++) {
      const minBoost = await this.bandFloor(m, share, rows, stats);
      if (minBoost === null) return null;
      const page = await repo.matchesPage(this.db, m, tier, offset, limit, null, minBoost);
      if (page.count >= need) return { rows: page.rows, matches: Math.max(page.count, Math.min(Math.round(page.count / share), rows)) };
      tried = true;
      // None among the most boosted: far fewer matches than expected (words that do not come
      // together), which counting finds in one more statement where a wider band would take two.
      if (share >= BAND_MAX_SHARE || page.count === 0) break;
      share = Math.min(BAND_MAX_SHARE, page.count > 0 ? Math.min(share * 16, (BAND_MARGIN * need * share) / page.count) : share * 16);
    }
    return tried ? 'few' : null;
  }

  /**
   * The lowest boost of the band of the tab's most boosted `share` of its rows: a narrow band's
   * read from the tab's rank index (rounded up to a power of two and kept a minute), a wide one's
   * from the column's statistics. Null: no band (the tab has fewer rows, or no statistics).
   */
  private async bandFloor(m: repo.Match, share: number, rows: number, stats: repo.BoostStats): Promise<number | null> {
    const wanted = Math.ceil(share * rows);
    if (wanted > BAND_PROBE_MAX) return boostAbove(stats, share);
    const rank = 2 ** Math.ceil(Math.log2(Math.max(wanted, BAND_PROBE_MIN)));
    return this.bandFloors.get(`${m.module ?? '*'}:${rank}`, () => repo.boostAtRank(this.db, m.module, rank));
  }

  /**
   * A page deep in a tier of some thousands of matches, too deep to reach in order within the
   * budget: every match read and sorted at once. Counting up to COUNT_CAP first, then an ordered
   * read that gives up, then this sort read them about three times over (250 ms for 乳腺癌 page 41).
   * A total past COUNT_CAP stays what the keyword's other pages say (an estimate).
   */
  private async sortAll(m: repo.Match, tier: repo.Tier, offset: number, limit: number, facts: Facts, expected: number): Promise<TierPage> {
    const all = await repo.matchesPage(this.db, m, tier, offset, limit, null);
    facts.counts[tier] = Math.max(all.count, facts.counts[tier] ?? 0);
    if (all.count <= COUNT_CAP) return { rows: all.rows, count: all.count, exact: true };
    return { rows: all.rows, count: (facts.judged[tier] ??= Math.max(all.count, Math.round(expected))), exact: false };
  }

  searchTypes(lang: ApiLanguage): DataOf<'searchType'> {
    return presentTabs(lang);
  }

  /**
   * Terms with a translation, searched in both languages: every item has Chinese text and not
   * every one English, so without them an English word misses what is written in Chinese only
   * (lymphoma and the 弥漫大B细胞淋巴瘤 course titled "DLBCL" in English). The hot words are
   * such pairs, kept by the editors in both languages.
   */
  private async glossary(): Promise<Translation[]> {
    const rows = await this.hotWords.get('all', () => repo.publishedHotWords(this.db));
    return rows.flatMap((r) => (r.wordEn ? [{ zh: r.wordZh, en: r.wordEn }] : []));
  }

  async hotSearchWords(lang: ApiLanguage): Promise<DataOf<'hotSearchWord'>> {
    const rows = await this.hotWords.get('all', () => repo.publishedHotWords(this.db));
    return { items: rows.map((r) => ({ id: r.id, word: pick(lang, r.wordZh, r.wordEn) })) };
  }

  /**
   * Up to SEARCH_SUGGEST_LIMIT distinct suggestions in the caller's language: hot words starting
   * with the word, then titles starting with it (most boosted first), then titles in the other
   * language, then titles containing it anywhere.
   */
  suggest(word: string, lang: ApiLanguage): Promise<DataOf<'searchWordRemind'>> {
    const cacheKey = JSON.stringify([this.generation, lang, suggestKey(word)]);
    return this.suggestions.get(cacheKey, () => this.suggestUncached(word, lang));
  }

  private async suggestUncached(word: string, lang: ApiLanguage): Promise<DataOf<'searchWordRemind'>> {
    const key = suggestKey(word);
    const out = new Map<string, string>();
    const add = (term: string) => {
      const k = suggestKey(term);
      if (k && !out.has(k) && out.size < SEARCH_SUGGEST_LIMIT) out.set(k, term);
    };
    const hot = await this.hotWords.get('all', () => repo.publishedHotWords(this.db));
    for (const h of hot) {
      const w = pick(lang, h.wordZh, h.wordEn);
      if (suggestKey(w).startsWith(key)) add(w);
    }
    const now = this.minute();
    // Titles in the caller's language first; a word with Chinese characters only begins Chinese titles.
    const order: Array<'zh' | 'en'> = HAN_CHARACTER.test(key) ? ['zh'] : lang === 'en' ? ['en', 'zh'] : ['zh', 'en'];
    for (const l of order) {
      if (out.size >= SEARCH_SUGGEST_LIMIT) break;
      for (const term of await repo.titlesStartingWith(this.db, l, key, now, PREFIX_WINDOW)) add(term);
    }
    const parsed: ParsedQuery = parseQuery(word);
    // Titles containing the word anywhere, most boosted first. A last word of one or two letters
    // would match a prefix of half the vocabulary: wait for more.
    if (out.size < SEARCH_SUGGEST_LIMIT && !isEmptyQuery(parsed) && !SHORT_LAST_WORD.test(key)) {
      const m = await this.matchOf(parsed, null);
      const { rows } = await this.readTier(m, 'title', 0, SEARCH_SUGGEST_LIMIT * 2, this.factsOf(m, parsed));
      for (const r of rows) add(pick(lang, r.titleZh, r.titleEn));
    }
    return { items: [...out.values()].map((w) => ({ word: w })) };
  }

  async hotCourses(lang: ApiLanguage): Promise<DataOf<'hotCourse'>> {
    const rows = await this.hotCourseRows.get('all', () => repo.hotCourses(this.db, this.now(), HOT_COURSE_LIMIT));
    return { items: rows.map((r) => presentCourse(r, lang)) };
  }
}
