import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DataOf } from '@medportal/contract';
import { api } from '../../../shared/api-client';
import type { Lang } from '../../../shared/i18n';
import { useLang } from '../../../shared/hooks/use-lang';
import type { RouteName } from '@medportal/contract/routes';
import { speakerKeys } from './keys';
import { useMemberToggle } from '../../../shared/hooks/use-member-toggle';

export type SpeakerDetail = DataOf<'speakerDetail'>;
export type SpeakerCoursePage = DataOf<'speakerCourses'>;
export type SpeakerLivePage = DataOf<'speakerLives'>;
export type SpeakerNewsPage = DataOf<'speakerNews'>;
export type SpeakerColumnPage = DataOf<'speakerColumns'>;
export type SpeakerDocPage = DataOf<'speakerDocs'>;
export type SpeakerListPage = DataOf<'speakerList'>;
export type RegionList = DataOf<'regionList'>;
export type HospitalPage = DataOf<'hospitalList'>;
export type FollowResult = DataOf<'speakerFollow'>;
export type FollowedPage = DataOf<'myFollows'>;

export const SPEAKER_PAGE_SIZE = 12;

// Fetchers ------------------------------------------------------------------------------------

export const getSpeakerDetail = (id: number, signal?: AbortSignal) => api.call('speakerDetail', { params: { id }, signal });
export const getSpeakerCourses = (id: number, page: number, signal?: AbortSignal) =>
  api.call('speakerCourses', { params: { id }, query: { page, page_size: SPEAKER_PAGE_SIZE }, signal });
export const getSpeakerLives = (id: number, year: number | undefined, page: number, signal?: AbortSignal) =>
  api.call('speakerLives', { params: { id }, query: { year, page, page_size: SPEAKER_PAGE_SIZE }, signal });
/** The speaker's news, columns and documents share one shape of call. */
export type SpeakerContent = 'news' | 'column' | 'doc';
type ContentPage<C extends SpeakerContent> = C extends 'news' ? SpeakerNewsPage : C extends 'column' ? SpeakerColumnPage : SpeakerDocPage;
const contentRoute = { news: 'speakerNews', column: 'speakerColumns', doc: 'speakerDocs' } as const satisfies Record<SpeakerContent, RouteName>;
export const getSpeakerContent = <C extends SpeakerContent>(id: number, content: C, page: number, signal?: AbortSignal) =>
  api.call(contentRoute[content as SpeakerContent], { params: { id }, query: { page, page_size: SPEAKER_PAGE_SIZE }, signal }) as Promise<ContentPage<C>>;

export interface SpeakerFilter {
  regionId?: number | undefined;
  hospitalId?: number | undefined;
}
export const getSpeakerList = (filter: SpeakerFilter, page: number, signal?: AbortSignal) =>
  api.call('speakerList', { query: { region_id: filter.regionId, hospital_id: filter.hospitalId, page, page_size: SPEAKER_PAGE_SIZE }, signal });
export const getRegions = (signal?: AbortSignal) => api.call('regionList', { signal });
/** Hospitals of a region; page_size is the API maximum so one call fills a selector. */
export const HOSPITAL_PAGE_SIZE = 100;
export const getHospitals = (regionId: number | undefined, page: number, pageSize: number, signal?: AbortSignal) =>
  api.call('hospitalList', { query: { region_id: regionId, page, page_size: pageSize }, signal });
export const getSpeakerLiveYears = (id: number, signal?: AbortSignal) =>
  api.call('speakerLiveYears', { params: { id }, signal });
export const getMyFollows = (page: number, signal?: AbortSignal) =>
  api.call('myFollows', { query: { page, page_size: SPEAKER_PAGE_SIZE }, signal });
export const putSpeakerFollow = (id: number, follow: boolean) => api.call('speakerFollow', { params: { id }, body: { status: follow ? 1 : 2 } });

// Query options -------------------------------------------------------------------------------

/** Detail carries is_follow, so it is refetched after login changes (no long stale time). */
export const speakerDetailQueryOptions = (lang: Lang, id: number) =>
  queryOptions({ queryKey: speakerKeys.detail(id, lang), queryFn: ({ signal }) => getSpeakerDetail(id, signal) });

export const speakerCoursesQueryOptions = (lang: Lang, id: number, page: number) =>
  queryOptions({
    queryKey: speakerKeys.courses(id, lang, page),
    queryFn: ({ signal }) => getSpeakerCourses(id, page, signal),
    placeholderData: keepPreviousData,
  });

export const speakerLivesQueryOptions = (lang: Lang, id: number, year: number | undefined, page: number) =>
  queryOptions({
    queryKey: speakerKeys.lives(id, lang, year, page),
    queryFn: ({ signal }) => getSpeakerLives(id, year, page, signal),
    placeholderData: keepPreviousData,
  });

export const speakerLiveYearsQueryOptions = (id: number) =>
  queryOptions({ queryKey: speakerKeys.liveYears(id), queryFn: ({ signal }) => getSpeakerLiveYears(id, signal) });

export const speakerContentQueryOptions = <C extends SpeakerContent>(lang: Lang, id: number, content: C, page: number) =>
  queryOptions({
    queryKey: speakerKeys.content(content, id, lang, page),
    queryFn: ({ signal }) => getSpeakerContent(id, content, page, signal),
    placeholderData: keepPreviousData,
  });

export const myFollowsQueryOptions = (lang: Lang, page: number) =>
  queryOptions({
    queryKey: speakerKeys.follows(lang, page),
    queryFn: ({ signal }) => getMyFollows(page, signal),
    placeholderData: keepPreviousData,
  });

// Hooks ---------------------------------------------------------------------------------------

export const useSpeakerDetail = (id: number) => useQuery(speakerDetailQueryOptions(useLang(), id));
export const useSpeakerCourses = (id: number, page: number) => useQuery(speakerCoursesQueryOptions(useLang(), id, page));
export const useSpeakerLives = (id: number, year: number | undefined, page: number) => useQuery(speakerLivesQueryOptions(useLang(), id, year, page));
export const useSpeakerLiveYears = (id: number) => useQuery(speakerLiveYearsQueryOptions(id));
export const useMyFollows = (page: number) => useQuery(myFollowsQueryOptions(useLang(), page));
export const useSpeakerContent = <C extends SpeakerContent>(id: number, content: C, page: number) =>
  useQuery(speakerContentQueryOptions(useLang(), id, content, page));

/** Region names change with the language only. */
export const useRegions = () => {
  const lang = useLang();
  return useQuery({ queryKey: speakerKeys.regions(lang), queryFn: ({ signal }) => getRegions(signal), staleTime: 10 * 60_000 });
};
export const useHospitals = (regionId: number | undefined, page: number, pageSize: number, enabled = true) => {
  const lang = useLang();
  return useQuery({
    queryKey: speakerKeys.hospitals(lang, regionId, page, pageSize),
    queryFn: ({ signal }) => getHospitals(regionId, page, pageSize, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
};
export const useSpeakerList = (filter: SpeakerFilter, page: number) => {
  const lang = useLang();
  return useQuery({
    queryKey: speakerKeys.list(lang, filter.regionId, filter.hospitalId, page),
    queryFn: ({ signal }) => getSpeakerList(filter, page, signal),
    placeholderData: keepPreviousData,
  });
};

/** Follow or unfollow; the cached detail changes only when the server answered code 0. */
export function useFollowSpeaker(id: number) {
  return useMemberToggle({
    mutationFn: (follow: boolean) => putSpeakerFollow(id, follow),
    updates: [speakerKeys.details(id)],
    onSuccess: (result, client) => {
      client.setQueriesData<SpeakerDetail>({ queryKey: speakerKeys.details(id) }, (old) =>
        old ? { ...old, is_follow: result.is_follow, follower_count: result.follower_count } : old,
      );
      void client.invalidateQueries({ queryKey: speakerKeys.allFollows });
      void client.invalidateQueries({ queryKey: speakerKeys.lists });
    },
  });
}

// Hospitals, organisers, keywords (one screen) -------------------------------------------------

export type PlaceKind = 'hospital' | 'organizer' | 'keyword';
export type PlaceHeader = DataOf<'hospitalDetail'>;
export type PlaceList = 'course' | 'live' | 'news' | 'speaker';
export type PlacePage<L extends PlaceList> = L extends 'course'
  ? DataOf<'hospitalCourses'>
  : L extends 'live'
    ? DataOf<'hospitalLives'>
    : L extends 'news'
      ? DataOf<'hospitalNews'>
      : DataOf<'hospitalSpeakers'>;

const placeListRoute = { course: 'Courses', live: 'Lives', news: 'News', speaker: 'Speakers' } as const satisfies Record<PlaceList, string>;

export const getPlace = (kind: PlaceKind, id: number, signal?: AbortSignal) => api.call(`${kind}Detail`, { params: { id }, signal });
/** Every kind has the same four lists: `hospitalCourses`, `organizerLives`, ... */
export const getPlaceList = <L extends PlaceList>(kind: PlaceKind, id: number, list: L, page: number, signal?: AbortSignal) =>
  api.call(`${kind}${placeListRoute[list as PlaceList]}`, { params: { id }, query: { page, page_size: SPEAKER_PAGE_SIZE }, signal }) as Promise<PlacePage<L>>;

export const usePlace = (kind: PlaceKind, id: number) => {
  const lang = useLang();
  return useQuery({ queryKey: speakerKeys.place(kind, id, lang), queryFn: ({ signal }) => getPlace(kind, id, signal) });
};
export const usePlaceList = <L extends PlaceList>(kind: PlaceKind, id: number, list: L, page: number) => {
  const lang = useLang();
  return useQuery({
    queryKey: speakerKeys.placeList(kind, id, lang, list, page),
    queryFn: ({ signal }) => getPlaceList(kind, id, list, page, signal),
    placeholderData: keepPreviousData,
  });
};
