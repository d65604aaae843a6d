import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DataOf } from '@medportal/contract';
import { api } from '../../../shared/api-client';
import type { Lang } from '../../../shared/i18n';
import { useLang } from '../../../shared/hooks/use-lang';
import { sharedKeys } from '../../../shared/query-keys';
import { chromeKeys } from './keys';


export type HotWords = DataOf<'hotSearchWord'>;
export type Suggestions = DataOf<'searchWordRemind'>;
export type HotCourses = DataOf<'hotCourse'>;

export const getHotWords = (signal?: AbortSignal) => api.call('hotSearchWord', { signal });
export const getSuggestions = (word: string, signal?: AbortSignal) => api.call('searchWordRemind', { query: { word }, signal });
export const getHotCourses = (signal?: AbortSignal) => api.call('hotCourse', { signal });

const BOARD_STALE_MS = 5 * 60_000;

export const hotWordsQueryOptions = (lang: Lang) =>
  queryOptions({ queryKey: sharedKeys.hotWords(lang), queryFn: ({ signal }) => getHotWords(signal), staleTime: BOARD_STALE_MS });

export const hotCoursesQueryOptions = (lang: Lang) =>
  queryOptions({ queryKey: chromeKeys.hotCourses(lang), queryFn: ({ signal }) => getHotCourses(signal), staleTime: BOARD_STALE_MS });

/**
 * Suggestions for a typed word. Reading `signal` lets TanStack Query abort the request once the
 * word has changed and nobody waits for the old answer any more.
 */
export const suggestionsQueryOptions = (lang: Lang, word: string) =>
  queryOptions({
    queryKey: chromeKeys.suggestions(lang, word),
    queryFn: ({ signal }) => getSuggestions(word, signal),
    enabled: word.length > 0,
    placeholderData: keepPreviousData,
    staleTime: BOARD_STALE_MS,
  });

export const useHotWords = (enabled: boolean) => useQuery({ ...hotWordsQueryOptions(useLang()), enabled });
export const useHotCourses = (enabled: boolean) => useQuery({ ...hotCoursesQueryOptions(useLang()), enabled });
export const useSuggestions = (word: string) => useQuery(suggestionsQueryOptions(useLang(), word));
