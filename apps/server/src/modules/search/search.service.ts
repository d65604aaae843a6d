import { type ApiLanguage, type DataOf, HOT_COURSE_LIMIT, SEARCH_SUGGEST_LIMIT, type SearchQuery } from '@medportal/contract';
import type { Db } from '../../db/client.ts';
import { pick } from '../../lib/i18n.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { presentCourse } from '../shared/content.present.ts';
import { indexGeneration } from './search.indexer.ts';
import * as repo from './search.repository.ts';
import { presentResult, presentTabs } from './search.present.ts';
import { parseQuery, suggestKey } from './tokenizer.ts';

/** Hot words and hot courses change rarely and are read on every focus of the search box. */
const HOT_TTL_MS = 60_000;
/** Prefix rows read per language before ranking them by boost. */
const PREFIX_WINDOW = 100;
/**
 * Answers and match counts are kept this long per process, keyed on the index generation: a
 * write through this process is seen at once, other processes' writes within this time.
 */
const ANSWER_TTL_MS = 30_000;
/** Counting a common word's matches reads up to RESULT_CAP rows; pages 2, 3, ... reuse the count. */
const COUNT_CACHE_SIZE = 1_000;
/** Searches and suggestions repeat (hot words, the first letters everyone types). */
const ANSWER_CACHE_SIZE = 2_000;

/** A small map whose entries expire and whose oldest entry goes when it is full. */
class BoundedTtlMap<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();
  constructor(
    private readonly max: number,
    private readonly ttlMs: number,
  ) {}

  get(key: K): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expiresAt > Date.now()) return hit.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: Date.now() + this.ttlMs });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as K);
  }
}

/** Search, its tabs, hot words, suggestions and hot courses (spec §2 /search, §7 "Home and search"). */
export class SearchService {
  private readonly hotWords = new TtlCache<'all', Awaited<ReturnType<typeof repo.publishedHotWords>>>(HOT_TTL_MS);
  private readonly hotCourseRows = new TtlCache<'all', Awaited<ReturnType<typeof repo.hotCourses>>>(HOT_TTL_MS);
  /** Match counts per (index generation, module, query): paging a keyword counts it once. */
  private readonly counts = new BoundedTtlMap<string, { title: number; total: number }>(COUNT_CACHE_SIZE, ANSWER_TTL_MS);
  private readonly searches = new BoundedTtlMap<string, DataOf<'search'>>(ANSWER_CACHE_SIZE, ANSWER_TTL_MS);
  private readonly suggestions = new BoundedTtlMap<string, DataOf<'searchWordRemind'>>(ANSWER_CACHE_SIZE, ANSWER_TTL_MS);

  constructor(private readonly db: Db) {}

  async search(q: SearchQuery, lang: ApiLanguage): Promise<DataOf<'search'>> {
    const key = JSON.stringify([indexGeneration(), lang, q.type, q.page, q.page_size, q.keyword]);
    const hit = this.searches.get(key);
    if (hit) return hit;
    const answer = await this.searchUncached(q, lang);
    this.searches.set(key, answer);
    return answer;
  }

  private async searchUncached(q: SearchQuery, lang: ApiLanguage): Promise<DataOf<'search'>> {
    const { tsquery, terms } = parseQuery(q.keyword);
    const base = { keyword: q.keyword, terms, page: q.page, page_size: q.page_size };
    // A keyword of punctuation only has nothing to look for.
    if (!tsquery) return { ...base, items: [], total: 0, has_more: false };
    const module = q.type === 'all' ? null : q.type;
    const countKey = `${indexGeneration()}|${module ?? ''}|${tsquery}`;
    let counts = this.counts.get(countKey);
    if (!counts) {
      counts = await repo.countMatches(this.db, tsquery, module);
      this.counts.set(countKey, counts);
    }
    const total = counts.total;
    const ids = await repo.searchPage(this.db, {
      tsquery,
      module,
      limit: q.page_size,
      offset: (q.page - 1) * q.page_size,
      titleCount: counts.title,
      total,
    });
    const docs = new Map((await repo.documentsByIds(this.db, ids)).map((d) => [d.id, d]));
    const items = ids.flatMap((id) => {
      const d = docs.get(id);
      return d ? [presentResult(d, terms, lang)] : [];
    });
    return { ...base, items, total, has_more: q.page * q.page_size < total };
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
  async suggest(word: string, lang: ApiLanguage): Promise<DataOf<'searchWordRemind'>> {
    const cacheKey = JSON.stringify([indexGeneration(), lang, suggestKey(word)]);
    const hit = this.suggestions.get(cacheKey);
    if (hit) return hit;
    const answer = await this.suggestUncached(word, lang);
    this.suggestions.set(cacheKey, answer);
    return answer;
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
    const mine = lang === 'en' ? 'en' : 'zh';
    for (const l of [mine, mine === 'en' ? 'zh' : 'en'] as const) {
      if (out.size >= SEARCH_SUGGEST_LIMIT) break;
      const rows = await repo.termsByPrefix(this.db, l, key, PREFIX_WINDOW);
      rows.sort((a, b) => Number(b.weight) - Number(a.weight) || (a.key < b.key ? -1 : 1));
      for (const r of rows) add(r.term);
    }
    if (out.size < SEARCH_SUGGEST_LIMIT) {
      const { tsquery } = parseQuery(word);
      if (tsquery) {
        for (const r of await repo.titlesContaining(this.db, tsquery, SEARCH_SUGGEST_LIMIT * 2)) add(pick(lang, r.title_zh, r.title_en));
      }
    }
    return { items: [...out.values()].map((w) => ({ word: w })) };
  }

  async hotCourses(lang: ApiLanguage): Promise<DataOf<'hotCourse'>> {
    const rows = await this.hotCourseRows.get('all', () => repo.hotCourses(this.db, HOT_COURSE_LIMIT));
    return { items: rows.map((r) => presentCourse(r, lang)) };
  }
}
