import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataOf, QueryOf } from '@medportal/contract';
import { api } from '../../../shared/api-client';
import { useLang } from '../../../shared/hooks/use-lang';
import { useMemberToggle } from '../../../shared/hooks/use-member-toggle';
import type { Lang } from '../../../shared/i18n';
import { useSession } from '../../../shared/session';
import { calendarKeys } from './keys';

export type CongressPage = DataOf<'calendarList'>;
export type Congress = CongressPage['items'][number];
export type CongressDetail = DataOf<'calendarDetail'>;
export type CalendarFilters = DataOf<'calendarFilters'>;
export type CalendarFeed = DataOf<'calendarFeed'>;
export type CalendarQuery = Omit<QueryOf<'calendarList'>, 'page_size'>;

export const CALENDAR_PAGE_SIZE = 20;
/** A month shows all its congresses at once (a few dozen at most), for the month grid. */
export const MONTH_PAGE_SIZE = 100;

const clean = (q: CalendarQuery) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ''));

export const calendarQueryOptions = (lang: Lang, q: CalendarQuery) =>
  queryOptions({
    queryKey: calendarKeys.list(lang, clean(q)),
    queryFn: ({ signal }) => api.call('calendarList', { query: { ...clean(q), page_size: q.month ? MONTH_PAGE_SIZE : CALENDAR_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
export const calendarFiltersQueryOptions = (lang: Lang) =>
  queryOptions({ queryKey: calendarKeys.filters(lang), queryFn: ({ signal }) => api.call('calendarFilters', { signal }), staleTime: 3_600_000 });
export const congressQueryOptions = (lang: Lang, id: number) =>
  queryOptions({ queryKey: calendarKeys.detail(id, lang), queryFn: ({ signal }) => api.call('calendarDetail', { params: { id }, signal }) });
export const favoritesQueryOptions = (lang: Lang, page: number) =>
  queryOptions({
    queryKey: calendarKeys.favorites(lang, page),
    queryFn: ({ signal }) => api.call('calendarFavorites', { query: { page, page_size: CALENDAR_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

export const useCalendar = (q: CalendarQuery) => useQuery(calendarQueryOptions(useLang(), q));
export const useCalendarFilters = () => useQuery(calendarFiltersQueryOptions(useLang()));
export const useCongress = (id: number, enabled: boolean) => useQuery({ ...congressQueryOptions(useLang(), id), enabled });
export const useCalendarFavorites = (page: number) => useQuery(favoritesQueryOptions(useLang(), page));

/** Favourite or unfavourite a congress; cached cards and the detail change once the server agreed. */
export function useCongressFavorite(id: number) {
  return useMemberToggle({
    mutationFn: (on: boolean) => api.call('calendarFavorite', { params: { id }, body: { status: on ? 1 : 2 } }),
    updates: [calendarKeys.details(id), calendarKeys.lists],
    onSuccess: (result, client) => {
      client.setQueriesData<CongressDetail>({ queryKey: calendarKeys.details(id) }, (old) => (old ? { ...old, is_favorite: result.is_favorite } : old));
      client.setQueriesData<CongressPage>({ queryKey: calendarKeys.lists }, (old) =>
        old ? { ...old, items: old.items.map((c) => (c.id === id ? { ...c, is_favorite: result.is_favorite } : c)) } : old,
      );
      void client.invalidateQueries({ queryKey: calendarKeys.allFavorites });
    },
  });
}

/** My feed's URL (made on the first ask); only for a logged-in user. */
export function useCalendarFeed(enabled: boolean) {
  const lang = useLang();
  const session = useSession();
  return useQuery({
    queryKey: calendarKeys.feed(lang, session.token),
    queryFn: ({ signal }) => api.call('calendarFeed', { signal }),
    enabled: enabled && session.status === 'authenticated',
    staleTime: Infinity,
  });
}

export function useRenewFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.call('calendarFeedRenew'),
    onSuccess: (feed) => client.setQueriesData<CalendarFeed>({ queryKey: calendarKeys.feeds }, () => feed),
  });
}

export function useRevokeFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.call('calendarFeedRevoke'),
    onSuccess: () => client.removeQueries({ queryKey: calendarKeys.feeds }),
  });
}
