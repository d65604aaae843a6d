import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataOf } from '@medportal/contract';
import { pathOf } from '@medportal/contract/routes';
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
export const HISTORY_PAGE_SIZE = 20;

export const getColumns = (page: number, signal?: AbortSignal) => api.get<ColumnPage>(pathOf('columnList'), { page, page_size: COLUMN_PAGE_SIZE }, { signal });
export const postSubscribe = (id: number, follow: boolean) =>
  api.post<SubscribeResult>(follow ? pathOf('subscribeAdd') : pathOf('subscribeDel'), { sub_id: id });
export const getHistoryMenu = (signal?: AbortSignal) => api.get<HistoryMenu>(pathOf('historyMenu'), undefined, { signal });
export const getHistory = (module: string, page: number, signal?: AbortSignal) =>
  api.get<HistoryPage>(pathOf('historyList'), { module_name: module, page, page_size: HISTORY_PAGE_SIZE }, { signal });
export const deleteHistory = (ids: number[]) => api.delete<DataOf<'historyDelete'>>(pathOf('historyDelete'), { ids });
export const clearHistory = () => api.delete<DataOf<'historyClear'>>(pathOf('historyClear'));

export const columnsQueryOptions = (lang: Lang, page: number) =>
  queryOptions({ queryKey: ['columns', 'list', lang, page], queryFn: ({ signal }) => getColumns(page, signal), placeholderData: keepPreviousData });

export const useColumns = (page: number) => useQuery(columnsQueryOptions(useLang(), page));

/** Follow or unfollow; the cached card changes only when the server answered code 0. */
export function useSubscribe(id: number) {
  return useMemberToggle({
    mutationFn: (follow: boolean) => postSubscribe(id, follow),
    onSuccess: (result, client) => {
      client.setQueriesData<ColumnPage>({ queryKey: ['columns', 'list'] }, (old) =>
        old ? { ...old, items: old.items.map((c) => (c.id === id ? { ...c, is_follow: result.is_follow, subscribe_total: result.subscribe_total } : c)) } : old,
      );
    },
  });
}

export const useHistoryMenu = () => useQuery({ queryKey: ['history', 'menu', useLang()], queryFn: ({ signal }) => getHistoryMenu(signal) });
export const useHistory = (module: string, page: number) =>
  useQuery({ queryKey: ['history', 'list', useLang(), module, page], queryFn: ({ signal }) => getHistory(module, page, signal), placeholderData: keepPreviousData });

export function useHistoryDelete() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[] | 'all') => (ids === 'all' ? clearHistory() : deleteHistory(ids)),
    onSuccess: () => client.invalidateQueries({ queryKey: ['history'] }),
  });
}

// Favourites (/user/collect) ------------------------------------------------------------------

export type FavoritePage = DataOf<'favoriteList'>;
export type FavoriteItem = FavoritePage['items'][number];
export const FAVORITE_PAGE_SIZE = 20;

export const getFavoriteModules = (signal?: AbortSignal) => api.get<DataOf<'favoriteModules'>>(pathOf('favoriteModules'), undefined, { signal });
export const getFavorites = (module: string, page: number, signal?: AbortSignal) =>
  api.get<FavoritePage>(pathOf('favoriteList'), { module_name: module, page, page_size: FAVORITE_PAGE_SIZE }, { signal });
export const removeFavorite = (item: Pick<FavoriteItem, 'module_name' | 'module_id'>) =>
  api.post<DataOf<'favoriteSet'>>(pathOf('favoriteSet'), { module_name: item.module_name, module_id: item.module_id, status: 2 });

export const useFavoriteModules = () => useQuery({ queryKey: ['favorite', 'modules', useLang()], queryFn: ({ signal }) => getFavoriteModules(signal) });
export const useFavorites = (module: string, page: number) =>
  useQuery({ queryKey: ['favorite', 'list', useLang(), module, page], queryFn: ({ signal }) => getFavorites(module, page, signal), placeholderData: keepPreviousData });

/** Removes a favourite; the tab counts and lists are read again from the server afterwards. */
export function useRemoveFavorite() {
  const client = useQueryClient();
  return useMutation({ mutationFn: removeFavorite, onSuccess: () => client.invalidateQueries({ queryKey: ['favorite'] }) });
}
