import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppraiseBody, DataOf } from '@medportal/contract';
import { api } from '../../../shared/api-client';
import { useLang } from '../../../shared/hooks/use-lang';
import type { Lang } from '../../../shared/i18n';
import { pathOf } from '@medportal/contract/routes';
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
    queryKey: ['course', 'list', lang, f],
    queryFn: ({ signal }) =>
      api.get<CourseListData>(
        pathOf('courseList'),
        {
          dep_val: f.dep_val,
          ...(f.price_type ? { price_type: f.price_type } : {}),
          sort: f.sort,
          page: String(f.page),
          page_size: String(COURSE_PAGE_SIZE),
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
export const useCourseList = (f: CourseFilters) => useQuery(courseListQueryOptions(useLang(), f));

export const courseDetailQueryOptions = (lang: Lang, id: number) =>
  queryOptions({
    queryKey: ['course', id, 'detail', lang],
    queryFn: ({ signal }) => api.get<CourseDetailData>(pathOf('courseDetail', { id }), undefined, { signal }),
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
    queryKey: ['course', id, 'chapters', lang, signedIn],
    queryFn: ({ signal }) => api.get<ChaptersData>(pathOf('courseChapters', { id }), undefined, { signal }),
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
    queryKey: ['course', id, 'progress'],
    queryFn: ({ signal }) => api.get<LearnProgressData>(pathOf('courseLearnProgress', { id }), undefined, { signal }),
    enabled: enabled && id > 0,
    staleTime: 0,
  });

export const useChapterProgress = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: ['course', id, 'progress', 'chapters'],
    queryFn: ({ signal }) => api.get<ChapterProgressData>(pathOf('chapterLearnProgress', { id }), undefined, { signal }),
    enabled: enabled && id > 0,
    staleTime: 0,
  });

export const useSeriesCourses = (id: number, enabled: boolean) => {
  const lang = useLang();
  return useQuery({
    queryKey: ['course', id, 'series', lang],
    queryFn: ({ signal }) => api.get<DataOf<'seriesCourses'>>(pathOf('seriesCourses', { id }), undefined, { signal }),
    enabled,
  });
};

export const useGuessLike = (id: number) => {
  const lang = useLang();
  return useQuery({
    queryKey: ['course', id, 'guess', lang],
    queryFn: ({ signal }) => api.get<DataOf<'guessLikeCourse'>>(pathOf('guessLikeCourse'), { course_id: String(id) }, { signal }),
  });
};

export const APPRAISE_PAGE_SIZE = 10;
export const useAppraisals = (id: number, page: number) => {
  const lang = useLang();
  return useQuery({
    queryKey: ['course', id, 'appraisals', lang, page],
    queryFn: ({ signal }) =>
      api.get<AppraisalsData>(pathOf('courseAppraisals', { id }), { page: String(page), page_size: String(APPRAISE_PAGE_SIZE) }, { signal }),
    placeholderData: keepPreviousData,
  });
};

export const useAppraiseTags = () => {
  const lang = useLang();
  return useQuery({
    queryKey: ['course', 'appraise-tags', lang],
    queryFn: ({ signal }) => api.get<DataOf<'appraiseTags'>>(pathOf('appraiseTags'), undefined, { signal }),
  });
};

/** Submits (or replaces) the user's appraisal, then refreshes the list and the rating summary. */
export function useAppraise(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AppraiseBody) => api.post<DataOf<'appraiseCourse'>>(pathOf('appraiseCourse', { id }), { ...body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['course', id] }),
  });
}

export const useMoreCourses = (q: { dep_val: string; keyword: string; page: number }) => {
  const lang = useLang();
  return useQuery({
    queryKey: ['course', 'more', lang, q],
    queryFn: ({ signal }) =>
      api.get<DataOf<'moreCourse'>>(pathOf('moreCourse'), { dep_val: q.dep_val, keyword: q.keyword, page: String(q.page), page_size: String(COURSE_PAGE_SIZE) }, { signal }),
    placeholderData: keepPreviousData,
  });
};

/** Favourite or unfavourite the course; the cached detail changes only when the server answered code 0. */
export function useCourseFavorite(id: number) {
  return useMemberToggle({
    mutationFn: (on: boolean) =>
      api.post<DataOf<'favoriteSet'>>(pathOf('favoriteSet'), { module_name: 'course', module_id: id, status: on ? 1 : 2 }),
    onSuccess: (result, client) => {
      client.setQueriesData<CourseDetailData>({ queryKey: ['course', id, 'detail'] }, (old) => (old ? { ...old, is_favorite: result.is_favorite } : old));
    },
  });
}
