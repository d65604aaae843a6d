import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DataOf, TopicModule } from '@medportal/contract';
import { api } from '../../../shared/api-client';
import type { Lang } from '../../../shared/i18n';
import { useLang } from '../../../shared/hooks/use-lang';
import { pathOf, type RouteName } from '@medportal/contract/routes';
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

export const getTopics = (page: number, signal?: AbortSignal) => api.get<TopicPage>(pathOf('topicList'), { page, page_size: TOPIC_PAGE_SIZE }, { signal });
export const getTopic = (id: number, signal?: AbortSignal) => api.get<Topic>(pathOf('topicDetail', { id }), undefined, { signal });
export const getTopicItems = <M extends TopicModule>(id: number, module: M, page: number, signal?: AbortSignal) =>
  api.get<TopicItems[M]>(pathOf(itemRoute[module as TopicModule], { id }), { page, page_size: TOPIC_ITEM_PAGE_SIZE }, { signal });
export const getPaper = (id: number, signal?: AbortSignal) => api.get<PaperDetail>(pathOf('paperDetail', { id }), undefined, { signal });

export const topicsQueryOptions = (lang: Lang, page: number) =>
  queryOptions({ queryKey: ['topic', 'list', lang, page], queryFn: ({ signal }) => getTopics(page, signal), placeholderData: keepPreviousData });
export const topicQueryOptions = (lang: Lang, id: number) =>
  queryOptions({ queryKey: ['topic', 'detail', id, lang], queryFn: ({ signal }) => getTopic(id, signal) });
export const topicItemsQueryOptions = <M extends TopicModule>(lang: Lang, id: number, module: M, page: number) =>
  queryOptions({
    queryKey: ['topic', 'items', id, module, page, lang],
    queryFn: ({ signal }) => getTopicItems(id, module, page, signal),
    placeholderData: keepPreviousData,
  });
/** Carries is_favorite, so it is refetched after login changes (no long stale time). */
export const paperQueryOptions = (lang: Lang, id: number) =>
  queryOptions({ queryKey: ['paper', 'detail', id, lang], queryFn: ({ signal }) => getPaper(id, signal) });

export const useTopics = (page: number) => useQuery(topicsQueryOptions(useLang(), page));
export const useTopic = (id: number, enabled: boolean) => useQuery({ ...topicQueryOptions(useLang(), id), enabled });
export const useTopicItems = <M extends TopicModule>(id: number, module: M, page: number, enabled: boolean) =>
  useQuery({ ...topicItemsQueryOptions(useLang(), id, module, page), enabled });
export const usePaper = (id: number, enabled: boolean) => useQuery({ ...paperQueryOptions(useLang(), id), enabled });

export const postPaperFavorite = (id: number, on: boolean) =>
  api.post<DataOf<'favoriteSet'>>(pathOf('favoriteSet'), { module_name: 'paper', module_id: id, status: on ? 1 : 2 });

/** Favourite or unfavourite a paper; the cached detail changes only when the server answered code 0. */
export function usePaperFavorite(id: number) {
  return useMemberToggle({
    mutationFn: (on: boolean) => postPaperFavorite(id, on),
    onSuccess: (result, client) => {
      client.setQueriesData<PaperDetail>({ queryKey: ['paper', 'detail', id] }, (old) => (old ? { ...old, is_favorite: result.is_favorite } : old));
      void client.invalidateQueries({ queryKey: ['favorite'] });
    },
  });
}
