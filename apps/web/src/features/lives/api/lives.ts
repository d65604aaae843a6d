import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BodyOf, DataOf, LiveCard } from '@medportal/contract';
import { api } from '../../../shared/api-client';
import { browserTimezone, useTimeZone } from '../../../shared/format/timezone';
import { useLang } from '../../../shared/hooks/use-lang';
import type { Lang } from '../../../shared/i18n';
import { isLoggedIn, useSession, type SessionStatus } from '../../../shared/session';
import { liveKeys } from './keys';
import { useMemberToggle } from '../../../shared/hooks/use-member-toggle';

export type { LiveCard };
/** The days with lives, and the zone (`+08:00`) they are that zone's days in. */
export type LiveDates = DataOf<'liveDate'> & { tz: string };
export type LivePage = DataOf<'dateLives'>;
export type LiveHistoryFilters = DataOf<'liveHistoryFilters'>;
export type LiveCalendar = DataOf<'liveCalendar'>;
export type RemindType = DataOf<'remindTypeGet'>;
export type RemindTypeInput = BodyOf<'remindTypeSet'>;

export const DAY_PAGE_SIZE = 12;
export const HISTORY_PAGE_SIZE = 12;
export const LOOK_BACK_LIMIT = 8;

export interface HistoryFilter {
  year?: number | undefined;
  department_id?: number | undefined;
  page: number;
}

/** Lists carry the caller's is_remind / is_favorite, so logged-in and anonymous answers are kept apart. */
type Who = 'member' | 'visitor';
const who = (): Who => (isLoggedIn() ? 'member' : 'visitor');
const whoOf = (status: SessionStatus): Who => (status === 'authenticated' ? 'member' : 'visitor');

/**
 * While a reader's own answer for another zone or login is on its way, the list the page shows
 * stays (the server page's, just hydrated): same query, same language, same day.
 */
const sameListElsewhere =
  (...at: number[]) =>
  <T>(previous: T | undefined, query: { queryKey: readonly unknown[] } | undefined, key: readonly unknown[]): T | undefined =>
    query && at.every((i) => query.queryKey[i] === key[i]) ? previous : undefined;

// Fetchers ------------------------------------------------------------------------------------

// Days are the zone's the query is keyed by: asked in it, whatever zone the browser is in now.
export const getLiveDates = (timezone: string, signal?: AbortSignal) => api.call('liveDate', { timezone, signal });
export const getDateLives = (date: string, page: number, timezone: string, signal?: AbortSignal) =>
  api.call('dateLives', { query: { date, page, page_size: DAY_PAGE_SIZE }, timezone, signal });
export const getLookBack = (signal?: AbortSignal) => api.call('liveLookBack', { query: { limit: LOOK_BACK_LIMIT }, signal });
export const getLiveHistory = (f: HistoryFilter, signal?: AbortSignal) =>
  api.call('liveHistory', { query: { year: f.year, department_id: f.department_id, page: f.page, page_size: HISTORY_PAGE_SIZE }, signal });
export const getHistoryFilters = (signal?: AbortSignal) => api.call('liveHistoryFilters', { signal });
export const getLiveCalendar = (month: string, signal?: AbortSignal) => api.call('liveCalendar', { query: { month }, signal });
export const getRemindType = (signal?: AbortSignal) => api.call('remindTypeGet', { signal });
export const postRemindType = (body: RemindTypeInput) => api.call('remindTypeSet', { body });
export const putRemind = (id: number, on: boolean) => api.call('liveRemind', { params: { id }, body: { status: on ? 1 : 2 } });
export const putFavorite = (id: number, on: boolean) => api.call('liveFavorite', { params: { id }, body: { status: on ? 1 : 2 } });

// Query options -------------------------------------------------------------------------------

// The days of lives are the caller's time zone's (the API is asked in it): the zone is part of the
// key, so data fetched in another zone is never cached as this one's. A server-rendered page is
// hydrated with the server's zone and login (`tz`, `as`: the hooks pass what the render is in),
// then the reader's own are asked for, the server's answer shown meanwhile (decision record 0075).
export const liveDatesQueryOptions = (lang: Lang, tz: string = browserTimezone()) => {
  const queryKey = liveKeys.dates(lang, tz);
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }): Promise<LiveDates> => ({ ...(await getLiveDates(tz, signal)), tz }),
    placeholderData: (previous, query) => sameListElsewhere(0, 1, 2)(previous, query, queryKey),
  });
};

/**
 * `today`: the list is the one the page opens on (no day chosen). While the reader's own "today"
 * loads, the page keeps the "today" it shows (the server page's, in its zone, when it has just
 * been hydrated), so the list changes once instead of through a skeleton.
 */
export const dateLivesQueryOptions = (lang: Lang, date: string, tz: string = browserTimezone(), as: Who = who(), today = false) => {
  const queryKey = liveKeys.day(lang, as, date, tz);
  const sameDay = sameListElsewhere(0, 1, 2, 4);
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ signal, pageParam }) => getDateLives(date, pageParam, tz, signal),
    initialPageParam: 1,
    getNextPageParam: (last: LivePage) => (last.has_more ? last.page + 1 : undefined),
    meta: { today },
    placeholderData: (previous, query) =>
      today && query?.meta?.today === true && query.queryKey[2] === lang ? previous : sameDay(previous, query, queryKey),
  });
};

export const lookBackQueryOptions = (lang: Lang, as: Who = who()) => {
  const queryKey = liveKeys.lookBack(lang, as);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => getLookBack(signal),
    placeholderData: (previous, query) => sameListElsewhere(0, 1, 2)(previous, query, queryKey),
  });
};

export const liveHistoryQueryOptions = (lang: Lang, f: HistoryFilter, as: Who = who()) =>
  queryOptions({
    queryKey: liveKeys.history(lang, as, f),
    queryFn: ({ signal }) => getLiveHistory(f, signal),
    placeholderData: keepPreviousData,
  });

export const historyFiltersQueryOptions = (lang: Lang) =>
  queryOptions({ queryKey: liveKeys.historyFilters(lang), queryFn: ({ signal }) => getHistoryFilters(signal) });

export const liveCalendarQueryOptions = (lang: Lang, month: string) =>
  queryOptions({ queryKey: liveKeys.calendar(lang, month), queryFn: ({ signal }) => getLiveCalendar(month, signal), placeholderData: keepPreviousData });

export const remindTypeQueryOptions = (lang: Lang) =>
  queryOptions({ queryKey: liveKeys.remindType(lang), queryFn: ({ signal }) => getRemindType(signal) });

// Hooks ---------------------------------------------------------------------------------------

/** Who the lists are asked for: re-keys member-aware lists when the login state changes (anonymous while hydrating). */
const useWho = () => whoOf(useSession().status);

export const useLiveDates = () => useQuery(liveDatesQueryOptions(useLang(), useTimeZone().offset));
/** `tz`: the zone of the days the page shows (LiveDates.tz), so a day is asked for in its own zone. */
export function useDateLives(date: string, tz: string, today: boolean) {
  const as = useWho();
  return useInfiniteQuery(dateLivesQueryOptions(useLang(), date, tz, as, today));
}
export function useLookBack() {
  const as = useWho();
  return useQuery(lookBackQueryOptions(useLang(), as));
}
export function useLiveHistory(f: HistoryFilter) {
  const as = useWho();
  return useQuery(liveHistoryQueryOptions(useLang(), f, as));
}
export const useHistoryFilters = () => useQuery(historyFiltersQueryOptions(useLang()));
export const useLiveCalendar = (month: string, enabled: boolean) => useQuery({ ...liveCalendarQueryOptions(useLang(), month), enabled });
export const useRemindType = (enabled: boolean) => useQuery({ ...remindTypeQueryOptions(useLang()), enabled });

/** Every cached shape that holds live cards: pages, infinite pages, look-back, calendar days. */
function patchCards(data: unknown, id: number, patch: Partial<LiveCard>): unknown {
  if (!data || typeof data !== 'object') return data;
  const d = data as Record<string, unknown>;
  if (Array.isArray(d.pages)) return { ...d, pages: d.pages.map((p) => patchCards(p, id, patch)) };
  if (Array.isArray(d.days)) return { ...d, days: d.days.map((day) => patchCards(day, id, patch)) };
  if (Array.isArray(d.items)) {
    return { ...d, items: (d.items as LiveCard[]).map((c) => (c && typeof c === 'object' && c.id === id && 'is_remind' in c ? { ...c, ...patch } : c)) };
  }
  return data;
}

export function patchCachedLive(client: QueryClient, id: number, patch: Partial<LiveCard>): void {
  client.setQueriesData({ queryKey: liveKeys.all }, (old: unknown) => patchCards(old, id, patch));
}

/** Remind / favourite: the cached cards change only when the server answered code 0. */
export function useLiveToggle(kind: 'remind' | 'favorite', id: number) {
  return useMemberToggle({
    mutationFn: (on: boolean): Promise<Partial<LiveCard>> => (kind === 'remind' ? putRemind(id, on) : putFavorite(id, on)),
    updates: [liveKeys.all],
    onSuccess: (result, client) => {
      patchCachedLive(client, id, result);
      void client.invalidateQueries({ queryKey: liveKeys.calendars });
    },
  });
}

export function useSaveRemindType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postRemindType,
    onSuccess: (result) => {
      client.setQueriesData<RemindType>({ queryKey: liveKeys.remindTypes }, () => result);
    },
  });
}
