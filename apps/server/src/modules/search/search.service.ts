import { type ApiLanguage, type DataOf, HOT_COURSE_LIMIT, SEARCH_SUGGEST_LIMIT, type SearchModule, type SearchQuery } from '@medportal/contract';
import type { Db } from '../../db/client.ts';
import { pick } from '../../lib/i18n.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { presentCourse } from '../shared/content.present.ts';
import { indexGeneration } from './search.indexer.ts';
import * as repo from './search.repository.ts';
import { presentResult, presentTabs } from './search.present.ts';
import { DEFAULT_ROUND_LIMITS, type RoundLimits, type RoundPlan, planRounds, readTier, type TierRead, tierCount } from './search.rounds.ts';
import { completePrefix, parseQuery, suggestKey, trailingPrefix } from './tokenizer.ts';

/** Hot words and hot courses change rarely and are read on every focus of the search box. */
const HOT_TTL_MS = 60_000;
const HAN_CHARACTER = /\p{Script=Han}/u;
/** A keyword ending in a Latin word of one or two letters (`breast c`, `ly`). */
const SHORT_LAST_WORD = /(?:^|[^\p{L}\p{N}])[a-z0-9]{1,2}$/u;
/** Words starting with the keyword's last word read (in key order), and how many of the shortest are searched. */
const COMPLETION_WINDOW = 64;
const COMPLETIONS = 8;
/** Prefix rows read per language before ranking them by boost. */
const PREFIX_WINDOW = 50;
/**
 * Answers and bucket counts are kept this long per process, keyed on the index generation: a
 * write through this process is seen at once, other processes' writes within this time.
 */
const ANSWER_TTL_MS = 30_000;
/** Searches and suggestions repeat (hot words, the first letters everyone types). */
const ANSWER_CACHE_SIZE = 2_000;

/** An estimate to two significant digits: 18,256 reads as 18,000, 147 as 150. */
export function roughly(n: number): number {
  if (n < 100) return n;
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
}

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
  /** Bucket counts of one index generation, shared by concurrent searches while they load. */
  private buckets: { generation: number; rows: Promise<repo.BucketRow[]>; expiresAt: number } | null = null;
  private readonly searches = new BoundedTtlMap<string, DataOf<'search'>>(ANSWER_CACHE_SIZE, ANSWER_TTL_MS);
  private readonly suggestions = new BoundedTtlMap<string, DataOf<'searchWordRemind'>>(ANSWER_CACHE_SIZE, ANSWER_TTL_MS);

  constructor(
    private readonly db: Db,
    private readonly limits: RoundLimits = DEFAULT_ROUND_LIMITS,
  ) {}

  private async plan(module: SearchModule | null): Promise<RoundPlan> {
    const generation = indexGeneration();
    const cached = this.buckets;
    if (!cached || cached.generation !== generation || cached.expiresAt <= Date.now()) {
      const rows = repo.bucketCounts(this.db);
      this.buckets = { generation, rows, expiresAt: Date.now() + ANSWER_TTL_MS };
      // A failed read is not kept: the next search reads again.
      rows.catch(() => {
        if (this.buckets?.rows === rows) this.buckets = null;
      });
    }
    return planRounds(await (this.buckets as { rows: Promise<repo.BucketRow[]> }).rows, module, this.limits);
  }

  async search(q: SearchQuery, lang: ApiLanguage): Promise<DataOf<'search'>> {
    const key = JSON.stringify([indexGeneration(), lang, q.type, q.page, q.page_size, q.keyword]);
    const hit = this.searches.get(key);
    if (hit) return hit;
    const answer = await this.searchUncached(q, lang);
    this.searches.set(key, answer);
    return answer;
  }

  /**
   * Title matches first, then body-only matches, each newest bucket first (search.rounds.ts). Only
   * the rounds that hold the page (and one more result, for `has_more`) are read; a tier that was
   * not read to its end has its count estimated from the rounds that were (`total_exact` false).
   */
  private async searchUncached(q: SearchQuery, lang: ApiLanguage): Promise<DataOf<'search'>> {
    const { tsquery: parsed, terms } = parseQuery(q.keyword);
    const tsquery = parsed && (await this.completed(parsed));
    const offset = (q.page - 1) * q.page_size;
    const base = { keyword: q.keyword, terms, page: q.page, page_size: q.page_size };
    // A keyword of punctuation only has nothing to look for.
    if (!tsquery) return { ...base, items: [], total: 0, total_exact: true, has_more: false };
    const module = q.type === 'all' ? null : q.type;
    const plan = await this.plan(module);
    const end = Math.min(offset + q.page_size, repo.RESULT_CAP);
    // One result past the page tells whether there is a next one.
    const need = end + 1;
    const title = await readTier(this.db, { tier: 'title', tsquery, module }, plan, need, true);
    // The page ends among the titles: the body-only total is estimated from the title rounds'
    // sample (or, when they had none, from the body tier's first round).
    const bodyQuery = { tier: 'body', tsquery, module } as const;
    let body: TierRead;
    if (title.ids.length < need) body = await readTier(this.db, bodyQuery, plan, need - title.ids.length);
    else if (title.bodyCovered > 0) {
      const whole = title.bodyCovered >= plan.docs;
      body = { ids: [], matched: title.bodyOnly, bodyOnly: 0, bodyCovered: 0, covered: title.bodyCovered, exhausted: whole };
    }
    else body = { ...(await readTier(this.db, bodyQuery, plan, 1)), ids: [] };
    const ranked = [...title.ids, ...body.ids];
    const pageIds = ranked.slice(offset, end);
    const docs = new Map((await repo.documentsByIds(this.db, pageIds)).map((d) => [d.id, d]));
    const items = pageIds.flatMap((id) => {
      const d = docs.get(id);
      return d ? [presentResult(d, terms, lang)] : [];
    });
    const exact = title.exhausted && body.exhausted;
    const counted = tierCount(title, plan.docs) + tierCount(body, plan.docs);
    const total = exact ? counted : Math.max(ranked.length, roughly(counted));
    return { ...base, items, total, total_exact: exact, has_more: ranked.length > end };
  }

  /**
   * The keyword's last word as itself or one of its shortest completions (`lymph` → lymph,
   * lymphoma, lymphocytic, ...) instead of a GIN prefix, which reads every posting of every word
   * it covers.
   */
  private async completed(tsquery: string): Promise<string> {
    const prefix = trailingPrefix(tsquery);
    if (!prefix) return tsquery;
    const words = await repo.wordsByPrefix(this.db, prefix, COMPLETION_WINDOW);
    words.sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
    return completePrefix(tsquery, prefix, words.slice(0, COMPLETIONS));
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
    // Titles in the caller's language first; a word with Chinese characters only begins Chinese titles.
    const order: Array<'zh' | 'en'> = HAN_CHARACTER.test(key) ? ['zh'] : lang === 'en' ? ['en', 'zh'] : ['zh', 'en'];
    for (const l of order) {
      if (out.size >= SEARCH_SUGGEST_LIMIT) break;
      const rows = await repo.termsByPrefix(this.db, l, key, PREFIX_WINDOW);
      rows.sort((a, b) => Number(b.weight) - Number(a.weight) || (a.key < b.key ? -1 : 1));
      for (const r of rows) add(r.term);
    }
    const parsed = parseQuery(word).tsquery;
    // A last word of one or two letters matches as a prefix of half the vocabulary: wait for more.
    if (out.size < SEARCH_SUGGEST_LIMIT && parsed && !SHORT_LAST_WORD.test(key)) {
      const tsquery = await this.completed(parsed);
      // Titles containing the word anywhere, most boosted first.
      const plan = await this.plan(null);
      // The first bucket round only (about the newest thousand documents): a suggestion need not
      // be exhaustive, and each further round is another scan. A small index is one round over
      // everything, and that one is cheap.
      const first = plan.rounds[0];
      const recent = first ? { ...plan, rounds: [first] } : plan;
      const { ids } = await readTier(this.db, { tier: 'title', tsquery, module: null }, recent, SEARCH_SUGGEST_LIMIT * 2);
      const titles = new Map((await repo.titlesOf(this.db, ids)).map((t) => [t.id, t]));
      for (const id of ids) {
        const t = titles.get(id);
        if (t) add(pick(lang, t.titleZh, t.titleEn));
      }
    }
    return { items: [...out.values()].map((w) => ({ word: w })) };
  }

  async hotCourses(lang: ApiLanguage): Promise<DataOf<'hotCourse'>> {
    const rows = await this.hotCourseRows.get('all', () => repo.hotCourses(this.db, HOT_COURSE_LIMIT));
    return { items: rows.map((r) => presentCourse(r, lang)) };
  }
}
