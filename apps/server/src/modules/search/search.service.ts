import { type ApiLanguage, type DataOf, HOT_COURSE_LIMIT, SEARCH_RESULT_CAP, SEARCH_SUGGEST_LIMIT, type SearchQuery } from '@medportal/contract';
import type { Db } from '../../db/client.ts';
import { pick } from '../../lib/i18n.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { presentCourse } from '../shared/content.present.ts';
import type { SearchIndex } from './search.memory.ts';
import * as repo from './search.repository.ts';
import { presentResult, presentTabs } from './search.present.ts';
import { isEmptyQuery, parseQuery, suggestKey } from './tokenizer.ts';

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

  constructor(
    private readonly db: Db,
    private readonly index: SearchIndex,
  ) {
    this.rowReads = new Batcher((ids) => repo.documentsByIds(this.db, ids));
  }

  search(q: SearchQuery, lang: ApiLanguage): Promise<DataOf<'search'>> {
    const key = JSON.stringify([this.index.generation, lang, q.type, q.page, q.page_size, q.keyword]);
    return this.searches.get(key, () => this.searchUncached(q, lang));
  }

  /**
   * Title matches first, then body-only matches, each in boost order (recent and popular first).
   * Matching and ranking read the in-memory index; only the page's rows come from the database.
   */
  private async searchUncached(q: SearchQuery, lang: ApiLanguage): Promise<DataOf<'search'>> {
    const parsed = parseQuery(q.keyword);
    const base = { keyword: q.keyword, terms: parsed.terms, page: q.page, page_size: q.page_size };
    // A keyword of punctuation only has nothing to look for.
    if (isEmptyQuery(parsed)) return { ...base, items: [], total: 0, total_exact: true, has_more: false };
    const snapshot = this.index.current;
    const module = q.type === 'all' ? null : q.type;
    const query = snapshot.query(parsed, parsed.prefix === null ? [] : snapshot.completions(parsed.prefix));
    // Counting reads every match; the other pages and the other language reuse the counts.
    const countKey = JSON.stringify([this.index.generation, q.type, parsed.lexemes, parsed.prefix]);
    let counts = this.counts.peek(countKey);
    if (!counts) {
      counts = { titles: snapshot.count(query, 'title', module), bodies: snapshot.count(query, 'body', module) };
      this.counts.set(countKey, counts);
    }
    const total = counts.titles + counts.bodies;
    const offset = (q.page - 1) * q.page_size;
    const end = Math.min(offset + q.page_size, SEARCH_RESULT_CAP);
    const slots: number[] = [];
    if (offset < end) {
      if (offset < counts.titles) slots.push(...snapshot.top(query, 'title', module, end).slice(offset));
      if (end > counts.titles) slots.push(...snapshot.top(query, 'body', module, end - counts.titles).slice(Math.max(0, offset - counts.titles)));
    }
    const ids = slots.map((s) => snapshot.documentId(s));
    const docs = await this.documents(ids);
    const items = ids.flatMap((id) => {
      const d = docs.get(id);
      return d ? [presentResult(d, parsed.terms, lang)] : [];
    });
    return { ...base, items, total, total_exact: true, has_more: offset < end && end < Math.min(total, SEARCH_RESULT_CAP) };
  }

  /**
   * Result rows by id. The first results of common keywords come back in many searches, so rows
   * read for one index generation are kept (the most recently used ROW_CACHE_SIZE of them).
   */
  private async documents(ids: number[]): Promise<Map<number, ResultRow>> {
    const generation = this.index.generation;
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
    const cacheKey = JSON.stringify([this.index.generation, lang, suggestKey(word)]);
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
    const snapshot = this.index.current;
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
    const rows = await this.hotCourseRows.get('all', () => repo.hotCourses(this.db, HOT_COURSE_LIMIT));
    return { items: rows.map((r) => presentCourse(r, lang)) };
  }
}
