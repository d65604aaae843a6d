import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataOf } from '@medportal/contract';
import { api } from '../../../shared/api-client';
import type { Lang } from '../../../shared/i18n';
import { useLang } from '../../../shared/hooks/use-lang';
import { speakerEndpoints as ep, withId } from './endpoints';

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

export const getSpeakerDetail = (id: number, signal?: AbortSignal) => api.get<SpeakerDetail>(withId(ep.speakerDetail.path, id), undefined, { signal });
export const getSpeakerCourses = (id: number, page: number, signal?: AbortSignal) =>
  api.get<SpeakerCoursePage>(withId(ep.speakerCourses.path, id), { page, page_size: SPEAKER_PAGE_SIZE }, { signal });
export const getSpeakerLives = (id: number, year: number | undefined, page: number, signal?: AbortSignal) =>
  api.get<SpeakerLivePage>(withId(ep.speakerLives.path, id), { year, page, page_size: SPEAKER_PAGE_SIZE }, { signal });
/** The speaker's news, columns and documents share one shape of call. */
export type SpeakerContent = 'news' | 'column' | 'doc';
type ContentPage<C extends SpeakerContent> = C extends 'news' ? SpeakerNewsPage : C extends 'column' ? SpeakerColumnPage : SpeakerDocPage;
const contentPath: Record<SpeakerContent, string> = {
  news: ep.speakerNews.path,
  column: ep.speakerColumns.path,
  doc: ep.speakerDocs.path,
};
export const getSpeakerContent = <C extends SpeakerContent>(id: number, content: C, page: number, signal?: AbortSignal) =>
  api.get<ContentPage<C>>(withId(contentPath[content], id), { page, page_size: SPEAKER_PAGE_SIZE }, { signal });

export interface SpeakerFilter {
  regionId?: number | undefined;
  hospitalId?: number | undefined;
}
export const getSpeakerList = (filter: SpeakerFilter, page: number, signal?: AbortSignal) =>
  api.get<SpeakerListPage>(ep.speakerList.path, { region_id: filter.regionId, hospital_id: filter.hospitalId, page, page_size: SPEAKER_PAGE_SIZE }, { signal });
export const getRegions = (signal?: AbortSignal) => api.get<RegionList>(ep.regionList.path, undefined, { signal });
/** Hospitals of a region; page_size is the API maximum so one call fills a selector. */
export const HOSPITAL_PAGE_SIZE = 100;
export const getHospitals = (regionId: number | undefined, page: number, pageSize: number, signal?: AbortSignal) =>
  api.get<HospitalPage>(ep.hospitalList.path, { region_id: regionId, page, page_size: pageSize }, { signal });
export const getSpeakerLiveYears = (id: number, signal?: AbortSignal) =>
  api.get<DataOf<'speakerLiveYears'>>(withId(ep.speakerLiveYears.path, id), undefined, { signal });
export const getMyFollows = (page: number, signal?: AbortSignal) =>
  api.get<FollowedPage>(ep.myFollows.path, { page, page_size: SPEAKER_PAGE_SIZE }, { signal });
export const putSpeakerFollow = (id: number, follow: boolean) => api.put<FollowResult>(withId(ep.speakerFollow.path, id), { status: follow ? 1 : 2 });

// Query options -------------------------------------------------------------------------------

/** Detail carries is_follow, so it is refetched after login changes (no long stale time). */
export const speakerDetailQueryOptions = (lang: Lang, id: number) =>
  queryOptions({ queryKey: ['speaker', 'detail', id, lang], queryFn: ({ signal }) => getSpeakerDetail(id, signal) });

export const speakerCoursesQueryOptions = (lang: Lang, id: number, page: number) =>
  queryOptions({
    queryKey: ['speaker', 'courses', id, lang, page],
    queryFn: ({ signal }) => getSpeakerCourses(id, page, signal),
    placeholderData: keepPreviousData,
  });

export const speakerLivesQueryOptions = (lang: Lang, id: number, year: number | undefined, page: number) =>
  queryOptions({
    queryKey: ['speaker', 'lives', id, lang, year ?? 'all', page],
    queryFn: ({ signal }) => getSpeakerLives(id, year, page, signal),
    placeholderData: keepPreviousData,
  });

export const speakerLiveYearsQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['speaker', 'live-years', id], queryFn: ({ signal }) => getSpeakerLiveYears(id, signal) });

export const speakerContentQueryOptions = <C extends SpeakerContent>(lang: Lang, id: number, content: C, page: number) =>
  queryOptions({
    queryKey: ['speaker', content, id, lang, page],
    queryFn: ({ signal }) => getSpeakerContent(id, content, page, signal),
    placeholderData: keepPreviousData,
  });

export const myFollowsQueryOptions = (lang: Lang, page: number) =>
  queryOptions({
    queryKey: ['speaker', 'follows', lang, page],
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
  return useQuery({ queryKey: ['region', lang], queryFn: ({ signal }) => getRegions(signal), staleTime: 10 * 60_000 });
};
export const useHospitals = (regionId: number | undefined, page: number, pageSize: number, enabled = true) => {
  const lang = useLang();
  return useQuery({
    queryKey: ['hospital', 'list', lang, regionId ?? 'all', page, pageSize],
    queryFn: ({ signal }) => getHospitals(regionId, page, pageSize, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
};
export const useSpeakerList = (filter: SpeakerFilter, page: number) => {
  const lang = useLang();
  return useQuery({
    queryKey: ['speaker', 'list', lang, filter.regionId ?? 'all', filter.hospitalId ?? 'all', page],
    queryFn: ({ signal }) => getSpeakerList(filter, page, signal),
    placeholderData: keepPreviousData,
  });
};

/** Follow or unfollow; the cached detail changes only when the server answered code 0. */
export function useFollowSpeaker(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => putSpeakerFollow(id, follow),
    onSuccess: (result) => {
      client.setQueriesData<SpeakerDetail>({ queryKey: ['speaker', 'detail', id] }, (old) =>
        old ? { ...old, is_follow: result.is_follow, follower_count: result.follower_count } : old,
      );
      void client.invalidateQueries({ queryKey: ['speaker', 'follows'] });
      void client.invalidateQueries({ queryKey: ['speaker', 'list'] });
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

const placeDetailPath: Record<PlaceKind, string> = {
  hospital: ep.hospitalDetail.path,
  organizer: ep.organizerDetail.path,
  keyword: ep.keywordDetail.path,
};

export const getPlace = (kind: PlaceKind, id: number, signal?: AbortSignal) => api.get<PlaceHeader>(withId(placeDetailPath[kind], id), undefined, { signal });
/** The lists share the header's path: `/v1/{kind}/:id/{list}`. */
export const getPlaceList = <L extends PlaceList>(kind: PlaceKind, id: number, list: L, page: number, signal?: AbortSignal) =>
  api.get<PlacePage<L>>(`${withId(placeDetailPath[kind], id)}/${list}`, { page, page_size: SPEAKER_PAGE_SIZE }, { signal });

export const usePlace = (kind: PlaceKind, id: number) => {
  const lang = useLang();
  return useQuery({ queryKey: ['place', kind, id, lang], queryFn: ({ signal }) => getPlace(kind, id, signal) });
};
export const usePlaceList = <L extends PlaceList>(kind: PlaceKind, id: number, list: L, page: number) => {
  const lang = useLang();
  return useQuery({
    queryKey: ['place', kind, id, lang, list, page],
    queryFn: ({ signal }) => getPlaceList(kind, id, list, page, signal),
    placeholderData: keepPreviousData,
  });
};
