import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataOf, Endpoints } from '@medportal/contract';
import { api } from '../../../shared/api-client';
import type { Lang } from '../../../shared/i18n';
import { useLang } from '../../../shared/hooks/use-lang';

/** Method and path of the member endpoints the web calls (`satisfies` keeps them in step with the contract). */
export const memberEndpoints = {
  columnList: { method: 'GET', path: '/v1/user/column' },
  subscribeAdd: { method: 'POST', path: '/v1/user/subscribe/add' },
  subscribeDel: { method: 'POST', path: '/v1/user/subscribe/del' },
  historyMenu: { method: 'GET', path: '/v1/user/history/menu' },
  historyList: { method: 'GET', path: '/v2/user/history' },
  historyDelete: { method: 'DELETE', path: '/v1/user/history' },
  historyClear: { method: 'DELETE', path: '/v1/user/history/all' },
  favoriteModules: { method: 'GET', path: '/v1/user/module' },
  favoriteList: { method: 'GET', path: '/v1/user/favorite' },
  favoriteSet: { method: 'POST', path: '/v1/user/favorite' },
} as const satisfies { [N in keyof Endpoints]?: Pick<Endpoints[N], 'method' | 'path'> };
const ep = memberEndpoints;

export type ColumnPage = DataOf<'columnList'>;
export type ColumnCard = ColumnPage['items'][number];
export type SubscribeResult = DataOf<'subscribeAdd'>;
export type HistoryPage = DataOf<'historyList'>;
export type HistoryMenu = DataOf<'historyMenu'>;

export const COLUMN_PAGE_SIZE = 12;
export const HISTORY_PAGE_SIZE = 20;

export const getColumns = (page: number, signal?: AbortSignal) => api.get<ColumnPage>(ep.columnList.path, { page, page_size: COLUMN_PAGE_SIZE }, { signal });
export const postSubscribe = (id: number, follow: boolean) =>
  api.post<SubscribeResult>(follow ? ep.subscribeAdd.path : ep.subscribeDel.path, { sub_id: id });
export const getHistoryMenu = (signal?: AbortSignal) => api.get<HistoryMenu>(ep.historyMenu.path, undefined, { signal });
export const getHistory = (module: string, page: number, signal?: AbortSignal) =>
  api.get<HistoryPage>(ep.historyList.path, { module_name: module, page, page_size: HISTORY_PAGE_SIZE }, { signal });
export const deleteHistory = (ids: number[]) => api.delete<DataOf<'historyDelete'>>(ep.historyDelete.path, { ids });
export const clearHistory = () => api.delete<DataOf<'historyClear'>>(ep.historyClear.path);

export const columnsQueryOptions = (lang: Lang, page: number) =>
  queryOptions({ queryKey: ['columns', 'list', lang, page], queryFn: ({ signal }) => getColumns(page, signal), placeholderData: keepPreviousData });

export const useColumns = (page: number) => useQuery(columnsQueryOptions(useLang(), page));

/** Follow or unfollow; the cached card changes only when the server answered code 0. */
export function useSubscribe(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => postSubscribe(id, follow),
    onSuccess: (result) => {
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

export const getFavoriteModules = (signal?: AbortSignal) => api.get<DataOf<'favoriteModules'>>(ep.favoriteModules.path, undefined, { signal });
export const getFavorites = (module: string, page: number, signal?: AbortSignal) =>
  api.get<FavoritePage>(ep.favoriteList.path, { module_name: module, page, page_size: FAVORITE_PAGE_SIZE }, { signal });
export const removeFavorite = (item: Pick<FavoriteItem, 'module_name' | 'module_id'>) =>
  api.post<DataOf<'favoriteSet'>>(ep.favoriteSet.path, { module_name: item.module_name, module_id: item.module_id, status: 2 });

export const useFavoriteModules = () => useQuery({ queryKey: ['favorite', 'modules', useLang()], queryFn: ({ signal }) => getFavoriteModules(signal) });
export const useFavorites = (module: string, page: number) =>
  useQuery({ queryKey: ['favorite', 'list', useLang(), module, page], queryFn: ({ signal }) => getFavorites(module, page, signal), placeholderData: keepPreviousData });

/** Removes a favourite; the tab counts and lists are read again from the server afterwards. */
export function useRemoveFavorite() {
  const client = useQueryClient();
  return useMutation({ mutationFn: removeFavorite, onSuccess: () => client.invalidateQueries({ queryKey: ['favorite'] }) });
}
