import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataOf, MemberModule } from '@medportal/contract';
import { columnKeys } from './keys';
import { api } from '../../../shared/api-client';
import type { Lang } from '../../../shared/i18n';
import { useLang } from '../../../shared/hooks/use-lang';
import { useMemberToggle } from '../../../shared/hooks/use-member-toggle';

export type ColumnPage = DataOf<'columnList'>;
export type ColumnCard = ColumnPage['items'][number];
export type SubscribeResult = DataOf<'subscribeAdd'>;
export type HistoryPage = DataOf<'historyList'>;
export type HistoryMenu = DataOf<'historyMenu'>;

export const COLUMN_PAGE_SIZE = 12;

/** A module named by the page's URL goes to the API as it is: the API answers an unknown one with its error. */
const urlModule = (module: string) => module as MemberModule;
export const HISTORY_PAGE_SIZE = 20;

export const getColumns = (page: number, signal?: AbortSignal) => api.call('columnList', { query: { page, page_size: COLUMN_PAGE_SIZE }, signal });
export const postSubscribe = (id: number, follow: boolean) =>
  api.call(follow ? 'subscribeAdd' : 'subscribeDel', { body: { sub_id: id } });
export const getHistoryMenu = (signal?: AbortSignal) => api.call('historyMenu', { signal });
export const getHistory = (module: string, page: number, signal?: AbortSignal) =>
  api.call('historyList', { query: { module_name: urlModule(module), page, page_size: HISTORY_PAGE_SIZE }, signal });
export const deleteHistory = (ids: number[]) => api.call('historyDelete', { body: { ids } });
export const clearHistory = () => api.call('historyClear');

export const columnsQueryOptions = (lang: Lang, page: number) =>
  queryOptions({ queryKey: columnKeys.list(lang, page), queryFn: ({ signal }) => getColumns(page, signal), placeholderData: keepPreviousData });

export const useColumns = (page: number) => useQuery(columnsQueryOptions(useLang(), page));

/** Follow or unfollow; the cached card changes only when the server answered code 0. */
export function useSubscribe(id: number) {
  return useMemberToggle({
    mutationFn: (follow: boolean) => postSubscribe(id, follow),
    updates: [columnKeys.lists],
    onSuccess: (result, client) => {
      client.setQueriesData<ColumnPage>({ queryKey: columnKeys.lists }, (old) =>
        old ? { ...old, items: old.items.map((c) => (c.id === id ? { ...c, is_follow: result.is_follow, subscribe_total: result.subscribe_total } : c)) } : old,
      );
    },
  });
}

export const useHistoryMenu = () => useQuery({ queryKey: columnKeys.historyMenu(useLang()), queryFn: ({ signal }) => getHistoryMenu(signal) });
export const useHistory = (module: string, page: number) =>
  useQuery({ queryKey: columnKeys.historyList(useLang(), module, page), queryFn: ({ signal }) => getHistory(module, page, signal), placeholderData: keepPreviousData });

export function useHistoryDelete() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[] | 'all') => (ids === 'all' ? clearHistory() : deleteHistory(ids)),
    onSuccess: () => client.invalidateQueries({ queryKey: columnKeys.history }),
  });
}

// Favourites (/user/collect) ------------------------------------------------------------------

export type FavoritePage = DataOf<'favoriteList'>;
export type FavoriteItem = FavoritePage['items'][number];
export const FAVORITE_PAGE_SIZE = 20;

export const getFavoriteModules = (signal?: AbortSignal) => api.call('favoriteModules', { signal });
export const getFavorites = (module: string, page: number, signal?: AbortSignal) =>
  api.call('favoriteList', { query: { module_name: urlModule(module), page, page_size: FAVORITE_PAGE_SIZE }, signal });
export const removeFavorite = (item: Pick<FavoriteItem, 'module_name' | 'module_id'>) =>
  api.call('favoriteSet', { body: { module_name: item.module_name, module_id: item.module_id, status: 2 } });

export const useFavoriteModules = () => useQuery({ queryKey: columnKeys.favoriteModules(useLang()), queryFn: ({ signal }) => getFavoriteModules(signal) });
export const useFavorites = (module: string, page: number) =>
  useQuery({ queryKey: columnKeys.favoriteList(useLang(), module, page), queryFn: ({ signal }) => getFavorites(module, page, signal), placeholderData: keepPreviousData });

/** Removes a favourite; the tab counts and lists are read again from the server afterwards. */
export function useRemoveFavorite() {
  const client = useQueryClient();
  return useMutation({ mutationFn: removeFavorite, onSuccess: () => client.invalidateQueries({ queryKey: columnKeys.favorites }) });
}
