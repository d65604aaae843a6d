import { z } from 'zod';
import type { EndpointSchemas } from './api.ts';
import { Page, PageQuery } from './common.ts';
import { Course, HotWord, SearchHint, SearchItem } from './entities.ts';
import { LocalDate } from './lives.ts';

/**
 * Search (spec §2 /search, §3 Search item / Hot search word / Search hint, §4 search box, §7 "Home
 * and search"). One index over every searchable module; `all` mixes them by rank.
 */

export const SEARCH_MODULES = ['course', 'live', 'news', 'speaker', 'paper', 'column', 'congress'] as const;
export const SearchModule = z.enum(SEARCH_MODULES);
export type SearchModule = z.infer<typeof SearchModule>;

export const SearchTypeValue = z.enum(['all', ...SEARCH_MODULES]);
export type SearchTypeValue = z.infer<typeof SearchTypeValue>;

/** Longest keyword accepted; longer input is a VALIDATION error, not silently cut. */
export const SEARCH_KEYWORD_MAX = 50;
/** Most suggestions the search box shows. */
export const SEARCH_SUGGEST_LIMIT = 10;
/**
 * Most results a search pages through: pages beyond are empty (a common word can match hundreds
 * of thousands of items; nobody pages that far). `total` still says how many match.
 */
export const SEARCH_RESULT_CAP = 1000;
/** Most hot courses on the search board. */
export const HOT_COURSE_LIMIT = 10;

const Keyword = z
  .string()
  .trim()
  .min(1)
  .max(SEARCH_KEYWORD_MAX);

export const SearchQuery = PageQuery.extend({
  keyword: Keyword,
  type: SearchTypeValue.default('all'),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

export const SearchType = z.object({ type: SearchTypeValue, title: z.string() });
export type SearchType = z.infer<typeof SearchType>;
export const SearchTypeData = z.object({ items: z.array(SearchType) });

/** A search hit: the spec's Search item plus what the result list shows under the title. */
export const SearchResult = SearchItem.extend({
  module: SearchModule,
  /** Plain-text excerpt around the first body match (or the start of the body); may be empty. */
  summary: z.string(),
  /** ISO time the item was published (lives: start time); null for speakers and congresses. */
  published_at: z.string().nullable(),
  /** A congress of the meeting calendar: its local days (inclusive) and where; null for other modules. */
  event: z
    .object({
      start_date: LocalDate,
      end_date: LocalDate,
      city: z.string(),
      /** ISO 3166-1 alpha-2. */
      country: z.string(),
    })
    .nullable(),
});
export type SearchResult = z.infer<typeof SearchResult>;

export const SearchData = Page(SearchResult).extend({
  keyword: z.string(),
  /** The keyword as the index split it: the web highlights these in titles and summaries. */
  terms: z.array(z.string()),
  /**
   * Whether `total` is an exact count. The server counts every match today (true); a client that
   * gets false shows the total as an estimate and pages with `has_more`.
   */
  total_exact: z.boolean(),
});
export type SearchData = z.infer<typeof SearchData>;

export const SearchWordRemindQuery = z.object({ word: Keyword });
export const SearchWordRemindData = z.object({ items: z.array(SearchHint) });
export const HotSearchWordData = z.object({ items: z.array(HotWord) });
export const HotCourseData = z.object({ items: z.array(Course) });

const define = <const E extends EndpointSchemas>(e: E) => e;

export const searchSchemas = {
  search: define({
    summary:
      'Search published content. Title matches rank above body matches, then recent and popular items; ties by id desc',
    tags: ['search'],
    query: SearchQuery,
    data: SearchData,
  }),
  searchType: define({
    summary: 'Result tabs of the search page, in display order, titled in the caller’s language',
    tags: ['search'],
    data: SearchTypeData,
  }),
  hotSearchWord: define({
    summary: 'Hot search words for the search board and the empty result state',
    tags: ['search'],
    data: HotSearchWordData,
  }),
  searchWordRemind: define({
    summary: 'Suggestions for a partly typed word: titles and hot words starting with or containing it',
    tags: ['search'],
    query: SearchWordRemindQuery,
    data: SearchWordRemindData,
  }),
  hotCourse: define({
    summary: 'Most learned published courses for the search board',
    tags: ['search'],
    data: HotCourseData,
  }),
} as const;
