import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppraiseBody, DataOf } from '@medportal/contract';
import { api } from '../../../shared/api-client';
import { useLang } from '../../../shared/hooks/use-lang';
import type { Lang } from '../../../shared/i18n';
import { courseKeys } from './keys';
import { useMemberToggle } from '../../../shared/hooks/use-member-toggle';

export type CourseListData = DataOf<'courseList'>;
export type CourseDetailData = DataOf<'courseDetail'>;
export type ChaptersData = DataOf<'courseChapters'>;
export type AppraisalsData = DataOf<'courseAppraisals'>;

/** The list filters as they sit in the URL (`/course?dep_val=&price_type=&sort=&page=`). */
export interface CourseFilters {
  dep_val: string;
  price_type: '' | '1' | '2';
  sort: 'latest' | 'popular' | 'price_asc' | 'price_desc';
  page: number;
}

export const COURSE_PAGE_SIZE = 12;
const SORTS: readonly CourseFilters['sort'][] = ['latest', 'popular', 'price_asc', 'price_desc'];

/** Reads the filters from URL search params, ignoring values the API would refuse. */
export function filtersFromSearch(search: URLSearchParams): CourseFilters {
  const dep = search.get('dep_val') ?? '';
  const price = search.get('price_type') ?? '';
  const sort = search.get('sort') ?? '';
  const page = Number(search.get('page') ?? '1');
  return {
    dep_val: /^\d{1,9}$/.test(dep) ? dep : '',
    price_type: price === '1' || price === '2' ? price : '',
    sort: (SORTS as readonly string[]).includes(sort) ? (sort as CourseFilters['sort']) : 'latest',
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

export const courseListQueryOptions = (lang: Lang, f: CourseFilters) =>
  queryOptions({
    queryKey: courseKeys.list(lang, f),
    queryFn: ({ signal }) =>
      api.call('courseList', {
        query: {
          dep_val: f.dep_val,
          ...(f.price_type ? { price_type: f.price_type } : {}),
          sort: f.sort,
          page: f.page,
          page_size: COURSE_PAGE_SIZE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
export const useCourseList = (f: CourseFilters) => useQuery(courseListQueryOptions(useLang(), f));

export const courseDetailQueryOptions = (lang: Lang, id: number) =>
  queryOptions({
    queryKey: courseKeys.detail(id, lang),
    queryFn: ({ signal }) => api.call('courseDetail', { params: { id }, signal }),
    enabled: id > 0,
  });
export const useCourseDetail = (id: number) => useQuery(courseDetailQueryOptions(useLang(), id));

/**
 * Chapters carry the caller's media (signed URLs) or why it is locked: the login is part of the key.
 * When only the login changes (a stored login is read once the server-rendered page is taken
 * over), the list on screen stays until the caller's own arrives, so a tap on it is not lost.
 */
export const courseChaptersQueryOptions = (lang: Lang, id: number, signedIn = false) =>
  queryOptions({
    queryKey: courseKeys.chapters(id, lang, signedIn),
    queryFn: ({ signal }) => api.call('courseChapters', { params: { id }, signal }),
    enabled: id > 0,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === id && previousQuery.queryKey[3] === lang ? previous : undefined,
  });
export const useCourseChapters = (id: number, signedIn = false) => useQuery(courseChaptersQueryOptions(useLang(), id, signedIn));

export type LearnProgressData = DataOf<'courseLearnProgress'>;
export type ChapterProgressData = DataOf<'chapterLearnProgress'>;

/** Where the caller left off (login only); always refetched on return, heartbeats move it. */
export const useLearnProgress = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: courseKeys.progress(id),
    queryFn: ({ signal }) => api.call('courseLearnProgress', { params: { id }, signal }),
    enabled: enabled && id > 0,
    staleTime: 0,
  });

export const useChapterProgress = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: courseKeys.chapterProgress(id),
    queryFn: ({ signal }) => api.call('chapterLearnProgress', { params: { id }, signal }),
    enabled: enabled && id > 0,
    staleTime: 0,
  });

export const useSeriesCourses = (id: number, enabled: boolean) => {
  const lang = useLang();
  return useQuery({
    queryKey: courseKeys.series(id, lang),
    queryFn: ({ signal }) => api.call('seriesCourses', { params: { id }, signal }),
    enabled,
  });
};

export const useGuessLike = (id: number) => {
  const lang = useLang();
  return useQuery({
    queryKey: courseKeys.guessLike(id, lang),
    queryFn: ({ signal }) => api.call('guessLikeCourse', { query: { course_id: id }, signal }),
  });
};

export const APPRAISE_PAGE_SIZE = 10;
export const useAppraisals = (id: number, page: number) => {
  const lang = useLang();
  return useQuery({
    queryKey: courseKeys.appraisals(id, lang, page),
    queryFn: ({ signal }) => api.call('courseAppraisals', { params: { id }, query: { page, page_size: APPRAISE_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
};

export const useAppraiseTags = () => {
  const lang = useLang();
  return useQuery({
    queryKey: courseKeys.appraiseTags(lang),
    queryFn: ({ signal }) => api.call('appraiseTags', { signal }),
  });
};

/** Submits (or replaces) the user's appraisal, then refreshes the list and the rating summary. */
export function useAppraise(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AppraiseBody) => api.call('appraiseCourse', { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: courseKeys.course(id) }),
  });
}

export const useMoreCourses = (q: { dep_val: string; keyword: string; page: number }) => {
  const lang = useLang();
  return useQuery({
    queryKey: courseKeys.more(lang, q),
    queryFn: ({ signal }) =>
      api.call('moreCourse', { query: { dep_val: q.dep_val, keyword: q.keyword, page: q.page, page_size: COURSE_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
};

/** Favourite or unfavourite the course; the cached detail changes only when the server answered code 0. */
export function useCourseFavorite(id: number) {
  return useMemberToggle({
    mutationFn: (on: boolean) =>
      api.call('favoriteSet', { body: { module_name: 'course', module_id: id, status: on ? 1 : 2 } }),
    updates: [courseKeys.details(id)],
    onSuccess: (result, client) => {
      client.setQueriesData<CourseDetailData>({ queryKey: courseKeys.details(id) }, (old) => (old ? { ...old, is_favorite: result.is_favorite } : old));
    },
  });
}
