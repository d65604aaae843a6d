import { type ApiLanguage, type DataOf, HOT_COURSE_LIMIT, SEARCH_RESULT_CAP, SEARCH_SUGGEST_LIMIT, type SearchQuery } from '@medportal/contract';
import type { Db } from '../../db/client.ts';
import { pick } from '../../lib/i18n.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { presentCourse } from '../shared/content.present.ts';
import type { SearchIndexLoader } from './search.loader.ts';
import type { SearchIndex } from './search.memory.ts';
import * as repo from './search.repository.ts';
import { presentResult, presentTabs } from './search.present.ts';
import { isEmptyQuery, parseQuery, suggestKey, type Translation, withTranslations } from './tokenizer.ts';

/** Hot words and hot courses change rarely and are read on every focus of the search box. */
const HOT_TTL_MS = 60_000;
const HAN_CHARACTER = /\p{Script=Han}/u;
/** A keyword ending in a Latin word of one or two letters (`breast c`, `ly`). */
const SHORT_LAST_WORD = /(?:^|[^\p{L}\p{N}])[a-z0-9]{1,2}$/u;
/** Titles starting with the word read per language (in key order) before ranking them by boost. */
const PREFIX_WINDOW = 50;
/**
 * Answers are kept this long per process, keyed on the index generation: a change to the index
 * is seen at once; hot words (part of suggestions) within this time.
 */
const ANSWER_TTL_MS = 30_000;
/** Searches and suggestions repeat (hot words, the first letters everyone types). */
const ANSWER_CACHE_SIZE = 2_000;
/** Result rows kept: a few kilobytes each (titles and the summary source in two languages). */
const ROW_CACHE_SIZE = 20_000;

type ResultRow = Awaited<ReturnType<typeof repo.documentsByIds>>[number];

/** Scans of search_documents at once while the index loads (each reads the whole table). */
const MAX_SCANS = 2;
/** Searches waiting for a scan; more are told to come back (503, Retry-After). */
const MAX_WAITING = 16;
/** Seconds a client is asked to wait when search cannot answer yet. */
export const RETRY_AFTER_S = 5;

/** Search cannot answer now (the index is loading and the slower path is busy, or suggestions). */
export class SearchUnavailable extends Error {
  override name = 'SearchUnavailable';
  constructor(readonly retryAfterS: number) {
    super('search is loading');
  }
}

/** At most `limit` tasks at once, at most `waiting` queued; beyond that, SearchUnavailable. */
class Limiter {
  private running = 0;
  private readonly queue: Array<() => void> = [];

  constructor(
    private readonly limit: number,
    private readonly waiting: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) {
      if (this.queue.length >= this.waiting) throw new SearchUnavailable(RETRY_AFTER_S);
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line.
      const next = this.queue.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

/**
 * Reads rows asked for during one turn of the event loop with one query: concurrent searches
 * share the query's fixed cost (on PGlite, most of it).
 */
class Batcher<R extends { id: number }> {
  private pending: { ids: Set<number>; rows: Promise<Map<number, R>> } | null = null;

  constructor(private readonly read: (ids: number[]) => Promise<R[]>) {}

  load(ids: readonly number[]): Promise<Map<number, R>> {
    if (!this.pending) {
      const batch = new Set<number>();
      const rows = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
        // Later callers start the next batch.
        this.pending = null;
        return new Map((await this.read([...batch])).map((r) => [r.id, r]));
      });
      this.pending = { ids: batch, rows };
    }
    for (const id of ids) this.pending.ids.add(id);
    return this.pending.rows;
  }
}

/** Search, its tabs, hot words, suggestions and hot courses (spec §2 /search, §7 "Home and search"). */
export class SearchService {
  private readonly hotWords = new TtlCache<'all', Awaited<ReturnType<typeof repo.publishedHotWords>>>(HOT_TTL_MS);
  private readonly hotCourseRows = new TtlCache<'all', Awaited<ReturnType<typeof repo.hotCourses>>>(HOT_TTL_MS);
  private readonly searches = new TtlCache<string, DataOf<'search'>>(ANSWER_TTL_MS, Date.now, ANSWER_CACHE_SIZE);
  private readonly suggestions = new TtlCache<string, DataOf<'searchWordRemind'>>(ANSWER_TTL_MS, Date.now, ANSWER_CACHE_SIZE);
  private rows: { generation: number; byId: Map<number, ResultRow> } = { generation: -1, byId: new Map() };
  private readonly rowReads: Batcher<ResultRow>;
  private readonly counts = new TtlCache<string, { titles: number; bodies: number }>(ANSWER_TTL_MS, Date.now, ANSWER_CACHE_SIZE);
  private readonly scans = new Limiter(MAX_SCANS, MAX_WAITING);

  constructor(
    private readonly db: Db,
    private readonly indexes: SearchIndexLoader,
    private readonly now: () => Date,
  ) {
    this.rowReads = new Batcher((ids) => repo.documentsByIds(this.db, ids));
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

  /** Whether searches are answered from the in-memory index yet. */
  get readiness() {
    return this.indexes.readiness;
  }

  search(q: SearchQuery, lang: ApiLanguage): Promise<DataOf<'search'>> {
    const index = this.indexes.current;
    // While the index loads, every search reads the table (nothing kept: the index would be newer).
    if (!index) return this.searchUncached(q, lang);
    const key = JSON.stringify([index.generation, lang, q.type, q.page, q.page_size, q.keyword]);
    return this.searches.get(key, () => this.searchUncached(q, lang));
  }

  /**
   * Title matches first, then body-only matches, each in boost order (recent and popular first).
   * Matching and ranking read the in-memory index (while it loads, a scan of search_documents);
   * only the page's rows come from the database.
   */
  private async searchUncached(q: SearchQuery, lang: ApiLanguage): Promise<DataOf<'search'>> {
    const parsed = withTranslations(parseQuery(q.keyword), await this.glossary());
    const base = { keyword: q.keyword, terms: parsed.terms, page: q.page, page_size: q.page_size };
    // A keyword of punctuation only has nothing to look for.
    if (isEmptyQuery(parsed)) return { ...base, items: [], total: 0, total_exact: true, has_more: false };
    const module = q.type === 'all' ? null : q.type;
    const offset = (q.page - 1) * q.page_size;
    const end = Math.min(offset + q.page_size, SEARCH_RESULT_CAP);
    const index = this.indexes.current;
    let counts: { titles: number; bodies: number };
    let ids: number[];
    if (!index) {
      const scan = await this.scans.run(() => repo.scanDocuments(this.db, parsed, module, Math.max(0, end)));
      counts = scan;
      ids = scan.ids.slice(offset, end);
    } else {
      const snapshot = index.current;
      const query = snapshot.query(parsed, parsed.prefix === null ? [] : snapshot.completions(parsed.prefix));
      // Counting reads every match; the other pages and the other language reuse the counts.
      const countKey = JSON.stringify([index.generation, q.type, parsed.lexemes, parsed.prefix, parsed.either]);
      const known = this.counts.peek(countKey);
      counts = known ?? { titles: snapshot.count(query, 'title', module), bodies: snapshot.count(query, 'body', module) };
      if (!known) this.counts.set(countKey, counts);
      const slots: number[] = [];
      if (offset < end) {
        if (offset < counts.titles) slots.push(...snapshot.top(query, 'title', module, end).slice(offset));
        if (end > counts.titles) slots.push(...snapshot.top(query, 'body', module, end - counts.titles).slice(Math.max(0, offset - counts.titles)));
      }
      ids = slots.map((s) => snapshot.documentId(s));
    }
    const total = counts.titles + counts.bodies;
    const docs = await this.documents(ids, index?.generation ?? -1);
    const items = ids.flatMap((id) => {
      const d = docs.get(id);
      return d ? [presentResult(d, parsed.terms, lang)] : [];
    });
    return { ...base, items, total, total_exact: true, has_more: offset < end && end < Math.min(total, SEARCH_RESULT_CAP) };
  }

  /**
   * Result rows by id. The first results of common keywords come back in many searches, so rows
   * read for one index generation are kept (the most recently used ROW_CACHE_SIZE of them); none
   * while the index loads (generation -1).
   */
  private async documents(ids: number[], generation: number): Promise<Map<number, ResultRow>> {
    if (generation < 0) return this.rowReads.load(ids);
    if (this.rows.generation !== generation) this.rows = { generation, byId: new Map() };
    const cache = this.rows.byId;
    const out = new Map<number, ResultRow>();
    const missing: number[] = [];
    for (const id of ids) {
      const row = cache.get(id);
      if (!row) {
        missing.push(id);
        continue;
      }
      out.set(id, row);
      cache.delete(id);
      cache.set(id, row);
    }
    if (missing.length === 0) return out;
    const read = await this.rowReads.load(missing);
    for (const id of missing) {
      const row = read.get(id);
      if (!row) continue;
      out.set(id, row);
      // Rows read while the index changed belong to the old generation: not kept.
      if (this.rows.byId !== cache) continue;
      cache.set(id, row);
      if (cache.size > ROW_CACHE_SIZE) cache.delete(cache.keys().next().value as number);
    }
    return out;
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
    const index = this.indexes.current;
    // Suggestions come from the index's title lists: none while it loads (the box keeps working).
    if (!index) return Promise.reject(new SearchUnavailable(RETRY_AFTER_S));
    const cacheKey = JSON.stringify([index.generation, lang, suggestKey(word)]);
    return this.suggestions.get(cacheKey, () => this.suggestUncached(index, word, lang));
  }

  private async suggestUncached(index: SearchIndex, word: string, lang: ApiLanguage): Promise<DataOf<'searchWordRemind'>> {
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
    const snapshot = index.current;
    // Titles in the caller's language first; a word with Chinese characters only begins Chinese titles.
    const order: Array<'zh' | 'en'> = HAN_CHARACTER.test(key) ? ['zh'] : lang === 'en' ? ['en', 'zh'] : ['zh', 'en'];
    for (const l of order) for (const term of snapshot.titlesStartingWith(l, key, PREFIX_WINDOW)) add(term);
    const parsed = parseQuery(word);
    // Titles containing the word anywhere, most boosted first. A last word of one or two letters
    // would match a prefix of half the vocabulary: wait for more.
    if (out.size < SEARCH_SUGGEST_LIMIT && !isEmptyQuery(parsed) && !SHORT_LAST_WORD.test(key)) {
      const query = snapshot.query(parsed, parsed.prefix === null ? [] : snapshot.completions(parsed.prefix), ['title']);
      const slots = snapshot.top(query, 'title', null, SEARCH_SUGGEST_LIMIT * 2);
      for (const slot of slots) add(snapshot.title(slot, lang === 'en' ? 'en' : 'zh'));
    }
    return { items: [...out.values()].map((w) => ({ word: w })) };
  }

  async hotCourses(lang: ApiLanguage): Promise<DataOf<'hotCourse'>> {
    const rows = await this.hotCourseRows.get('all', () => repo.hotCourses(this.db, this.now(), HOT_COURSE_LIMIT));
    return { items: rows.map((r) => presentCourse(r, lang)) };
  }
}
