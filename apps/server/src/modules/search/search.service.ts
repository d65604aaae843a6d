import { type ApiLanguage, type DataOf, HOT_COURSE_LIMIT, SEARCH_RESULT_CAP, SEARCH_SUGGEST_LIMIT, type SearchQuery } from '@medportal/contract';
import { sql } from 'drizzle-orm';
import { type Db, isEmbedded, queryRows } from '../../db/client.ts';
import { pick } from '../../lib/i18n.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { presentCourse } from '../shared/content.present.ts';
import { onIndexWrite } from './search.indexer.ts';
import * as repo from './search.repository.ts';
import { presentResult, presentTabs } from './search.present.ts';
import { isEmptyQuery, type ParsedQuery, parseQuery, suggestKey, type Translation, withTranslations } from './tokenizer.ts';

/** Hot words and hot courses change rarely and are read on every focus of the search box. */
const HOT_TTL_MS = 60_000;
const HAN_CHARACTER = /\p{Script=Han}/u;
/** A keyword ending in a Latin word of one or two letters (`breast c`, `ly`). */
const SHORT_LAST_WORD = /(?:^|[^\p{L}\p{N}])[a-z0-9]{1,2}$/u;
/** Titles starting with the word read per language (in key order) before ranking them by boost. */
const PREFIX_WINDOW = 50;
/**
 * Answers are kept this long per process, keyed on the search generation: a write through this
 * process is seen at once, one through another within GENERATION_POLL_MS; a scheduled item shows
 * up within this time of its publication.
 */
const ANSWER_TTL_MS = 30_000;
/** Searches and suggestions repeat (hot words, the first letters everyone types). */
const ANSWER_CACHE_SIZE = 2_000;
/** How often a process on PostgreSQL reads the generation other processes move. */
const GENERATION_POLL_MS = 1_000;
/** How long the table's row count (for choosing a read path) is trusted. */
const ROWS_TTL_MS = 60_000;
/**
 * The ordered read costs about this many times the matches read per row it looks at (random
 * reads in result order and a tsquery check, against a bitmap read and a sort): see pathFor.
 */
const ORDERED_ROW_COST = 2;

interface TierCount {
  /** Exact up to SEARCH_RESULT_CAP, else the planner's estimate. */
  n: number;
  exact: boolean;
}

/** Search, its tabs, hot words, suggestions and hot courses (spec §2 /search, §7 "Home and search"). */
export class SearchService {
  private readonly hotWords = new TtlCache<'all', Awaited<ReturnType<typeof repo.publishedHotWords>>>(HOT_TTL_MS);
  private readonly hotCourseRows = new TtlCache<'all', Awaited<ReturnType<typeof repo.hotCourses>>>(HOT_TTL_MS);
  private readonly searches = new TtlCache<string, DataOf<'search'>>(ANSWER_TTL_MS, Date.now, ANSWER_CACHE_SIZE);
  private readonly suggestions = new TtlCache<string, DataOf<'searchWordRemind'>>(ANSWER_TTL_MS, Date.now, ANSWER_CACHE_SIZE);
  private readonly counts = new TtlCache<string, { titles: TierCount; bodies: TierCount }>(ANSWER_TTL_MS, Date.now, ANSWER_CACHE_SIZE);
  private readonly rowCount = new TtlCache<'all', number>(ROWS_TTL_MS);
  /** The database's generation as last read, and writes through this process since. */
  private stored = '0';
  private local = 0;
  private readonly unsubscribe: () => void;
  private readonly poll: NodeJS.Timeout | null;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
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

  /** Part of every cached answer's key (and of the public response cache's): moves with every index write. */
  get generation(): string {
    return `${this.stored}.${this.local}`;
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
    return this.searches.get(key, () => this.searchUncached(q, lang));
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
    const m: repo.Match = { tsquery: repo.tsqueryOf(parsed), module: q.type === 'all' ? null : q.type, now: this.now() };
    const offset = (q.page - 1) * q.page_size;
    const end = Math.min(offset + q.page_size, SEARCH_RESULT_CAP);
    // Counting is the costly part; the other pages and the other language reuse it.
    const countKey = JSON.stringify([this.generation, m.module, m.tsquery]);
    const counts = await this.counts.get(countKey, async () => {
      const [titles, bodies] = await Promise.all([this.countTier(m, 'title'), this.countTier(m, 'body')]);
      return { titles, bodies };
    });
    const rows: repo.ResultRow[] = [];
    if (offset < end) {
      const { titles, bodies } = counts;
      const limit = end - offset;
      if (offset < titles.n) rows.push(...(await repo.tierPage(this.db, m, 'title', await this.pathFor(titles, end), offset, limit)));
      // Past the cap the title matches alone fill every page there is.
      if (titles.exact && end > titles.n) {
        const skip = Math.max(0, offset - titles.n);
        rows.push(...(await repo.tierPage(this.db, m, 'body', await this.pathFor(bodies, end - titles.n), skip, limit - rows.length)));
      }
    }
    const exact = counts.titles.exact && counts.bodies.exact;
    const total = counts.titles.n + counts.bodies.n;
    const items = rows.map((r) => presentResult(r, parsed.terms, lang));
    return { ...base, items, total, total_exact: exact, has_more: offset < end && end < Math.min(total, SEARCH_RESULT_CAP) };
  }

  /** The tier's matches: exact up to SEARCH_RESULT_CAP, past it the planner's estimate (at least the cap + 1). */
  private async countTier(m: repo.Match, tier: repo.Tier): Promise<TierCount> {
    const n = await repo.countTier(this.db, m, tier, SEARCH_RESULT_CAP);
    if (n <= SEARCH_RESULT_CAP) return { n, exact: true };
    return { n: Math.max(n, Math.round(await repo.estimateTier(this.db, m, tier))), exact: false };
  }

  /**
   * How to read a tier's page ending at `end` (repo.Path): few matches (an exact count) are read
   * from the GIN index and sorted. For more, the estimate E of the matches among N visible rows
   * says which reads less: the ordered read looks at about end × N / E rows, the matches read at
   * all E of them (and sorts them).
   */
  private async pathFor(count: TierCount, end: number): Promise<repo.Path> {
    if (count.exact) return 'matches';
    const rows = await this.rowCount.get('all', () => repo.visibleRows(this.db));
    return ORDERED_ROW_COST * end * (rows / count.n) < count.n ? 'ordered' : 'matches';
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
    const now = this.now();
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
      const m: repo.Match = { tsquery: repo.tsqueryOf(parsed), module: null, now };
      const count = await this.countTier(m, 'title');
      const rows = await repo.tierPage(this.db, m, 'title', await this.pathFor(count, SEARCH_SUGGEST_LIMIT * 2), 0, SEARCH_SUGGEST_LIMIT * 2);
      for (const r of rows) add(pick(lang, r.titleZh, r.titleEn));
    }
    return { items: [...out.values()].map((w) => ({ word: w })) };
  }

  async hotCourses(lang: ApiLanguage): Promise<DataOf<'hotCourse'>> {
    const rows = await this.hotCourseRows.get('all', () => repo.hotCourses(this.db, this.now(), HOT_COURSE_LIMIT));
    return { items: rows.map((r) => presentCourse(r, lang)) };
  }
}
