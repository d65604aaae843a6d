import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DataOf, SEARCH_KEYWORD_MAX, SearchTypeValue } from '@medportal/contract';
import { api } from '../../../shared/api-client';
import type { Lang } from '../../../shared/i18n';
import { useLang } from '../../../shared/hooks/use-lang';
import { searchKeys } from './keys';


export type SearchData = DataOf<'search'>;
export type SearchResultItem = SearchData['items'][number];
export type SearchTypes = DataOf<'searchType'>;
export type HotWords = DataOf<'hotSearchWord'>;

/** Longest term the API accepts (typed against the contract's value). */
export const TERM_MAX: typeof SEARCH_KEYWORD_MAX = 50;
export const SEARCH_PAGE_SIZE = 10;

/** Every tab value the API knows; the check below fails when the contract adds one. */
export const SEARCH_TYPES = ['all', 'course', 'live', 'news', 'speaker', 'paper', 'column', 'congress'] as const satisfies readonly SearchTypeValue[];
type Unlisted = Exclude<SearchTypeValue, (typeof SEARCH_TYPES)[number]>;
const everyTypeListed: Unlisted extends never ? true : false = true;
void everyTypeListed;

export const isSearchType = (value: string | null): value is SearchTypeValue =>
  value !== null && (SEARCH_TYPES as readonly string[]).includes(value);

export interface SearchParams {
  txt: string;
  type: SearchTypeValue;
  page: number;
}

export const getSearch = ({ txt, type, page }: SearchParams, signal?: AbortSignal) =>
  api.call('search', { query: { keyword: txt, type, page, page_size: SEARCH_PAGE_SIZE }, signal });
export const getSearchTypes = (signal?: AbortSignal) => api.call('searchType', { signal });
export const getHotWords = (signal?: AbortSignal) => api.call('hotSearchWord', { signal });

export const searchQueryOptions = (lang: Lang, params: SearchParams) =>
  queryOptions({
    queryKey: searchKeys.results(lang, params),
    queryFn: ({ signal }) => getSearch(params, signal),
    enabled: params.txt.length > 0,
    // Paging keeps the old page on screen until the next arrives; a new term or tab does not.
    placeholderData: (previous, previousQuery) => {
      const key = previousQuery?.queryKey;
      return key && key[3] === params.txt && key[4] === params.type ? previous : undefined;
    },
  });

export const searchTypesQueryOptions = (lang: Lang) =>
  queryOptions({ queryKey: searchKeys.types(lang), queryFn: ({ signal }) => getSearchTypes(signal), staleTime: 10 * 60_000 });

/** Same key as the navigation board's hot words, so both share one request. */
export const hotWordsQueryOptions = (lang: Lang) =>
  queryOptions({ queryKey: searchKeys.hotWords(lang), queryFn: ({ signal }) => getHotWords(signal), staleTime: 5 * 60_000 });

export const useSearch = (params: SearchParams) => useQuery(searchQueryOptions(useLang(), params));
export const useSearchTypes = () => useQuery(searchTypesQueryOptions(useLang()));
export const useHotWords = (enabled = true) => useQuery({ ...hotWordsQueryOptions(useLang()), enabled });
