import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DataOf, TopicModule } from '@medportal/contract';
import { api } from '../../../shared/api-client';
import type { Lang } from '../../../shared/i18n';
import { useLang } from '../../../shared/hooks/use-lang';
import type { RouteName } from '@medportal/contract/routes';
import { sharedKeys } from '../../../shared/query-keys';
import { topicKeys } from './keys';
import { useMemberToggle } from '../../../shared/hooks/use-member-toggle';

export type TopicPage = DataOf<'topicList'>;
export type Topic = DataOf<'topicDetail'>;
export type PaperDetail = DataOf<'paperDetail'>;
export type TopicItems = {
  course: DataOf<'topicCourses'>;
  live: DataOf<'topicLives'>;
  news: DataOf<'topicNews'>;
  paper: DataOf<'topicPapers'>;
};

/** Every topic fits on one page of the list in practice; more pages load on demand. */
export const TOPIC_PAGE_SIZE = 50;
export const TOPIC_ITEM_PAGE_SIZE = 8;

const itemRoute = { course: 'topicCourses', live: 'topicLives', news: 'topicNews', paper: 'topicPapers' } as const satisfies Record<TopicModule, RouteName>;

export const getTopics = (page: number, signal?: AbortSignal) => api.call('topicList', { query: { page, page_size: TOPIC_PAGE_SIZE }, signal });
export const getTopic = (id: number, signal?: AbortSignal) => api.call('topicDetail', { params: { id }, signal });
export const getTopicItems = <M extends TopicModule>(id: number, module: M, page: number, signal?: AbortSignal) =>
  api.call(itemRoute[module as TopicModule], { params: { id }, query: { page, page_size: TOPIC_ITEM_PAGE_SIZE }, signal }) as Promise<TopicItems[M]>;
export const getPaper = (id: number, signal?: AbortSignal) => api.call('paperDetail', { params: { id }, signal });

export const topicsQueryOptions = (lang: Lang, page: number) =>
  queryOptions({ queryKey: topicKeys.list(lang, page), queryFn: ({ signal }) => getTopics(page, signal), placeholderData: keepPreviousData });
export const topicQueryOptions = (lang: Lang, id: number) =>
  queryOptions({ queryKey: topicKeys.detail(id, lang), queryFn: ({ signal }) => getTopic(id, signal) });
export const topicItemsQueryOptions = <M extends TopicModule>(lang: Lang, id: number, module: M, page: number) =>
  queryOptions({
    queryKey: topicKeys.items(id, module, page, lang),
    queryFn: ({ signal }) => getTopicItems(id, module, page, signal),
    placeholderData: keepPreviousData,
  });
/** Carries is_favorite, so it is refetched after login changes (no long stale time). */
export const paperQueryOptions = (lang: Lang, id: number) =>
  queryOptions({ queryKey: topicKeys.paper(id, lang), queryFn: ({ signal }) => getPaper(id, signal) });

export const useTopics = (page: number) => useQuery(topicsQueryOptions(useLang(), page));
export const useTopic = (id: number, enabled: boolean) => useQuery({ ...topicQueryOptions(useLang(), id), enabled });
export const useTopicItems = <M extends TopicModule>(id: number, module: M, page: number, enabled: boolean) =>
  useQuery({ ...topicItemsQueryOptions(useLang(), id, module, page), enabled });
export const usePaper = (id: number, enabled: boolean) => useQuery({ ...paperQueryOptions(useLang(), id), enabled });

export const postPaperFavorite = (id: number, on: boolean) =>
  api.call('favoriteSet', { body: { module_name: 'paper', module_id: id, status: on ? 1 : 2 } });

/** Favourite or unfavourite a paper; the cached detail changes only when the server answered code 0. */
export function usePaperFavorite(id: number) {
  return useMemberToggle({
    mutationFn: (on: boolean) => postPaperFavorite(id, on),
    updates: [topicKeys.paperDetails(id)],
    onSuccess: (result, client) => {
      client.setQueriesData<PaperDetail>({ queryKey: topicKeys.paperDetails(id) }, (old) => (old ? { ...old, is_favorite: result.is_favorite } : old));
      void client.invalidateQueries({ queryKey: sharedKeys.favorites });
    },
  });
}
