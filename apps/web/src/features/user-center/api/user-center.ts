import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DataOf, WatchModule } from '@medportal/contract';
import { api } from '../../../shared/api-client';
import { useLang } from '../../../shared/hooks/use-lang';
import type { Lang } from '../../../shared/i18n';
import { sharedKeys } from '../../../shared/query-keys';

/** Query keys of the user centre's own lists (the account's details are `sharedKeys.personalInfo`). */
export const userCenterKeys = {
  courses: (lang: Lang, page: number) => ['user-center', 'courses', lang, page] as const,
  watch: (lang: Lang, module: string, page: number) => ['user-center', 'watch', lang, module, page] as const,
};

export type PersonalInfo = DataOf<'personalInfo'>;
export type LearnRecordPage = DataOf<'courseLearnRecord'>;
export type WatchRecordPage = DataOf<'watchRecord'>;

export const USER_CENTER_PAGE_SIZE = 10;

/** The sidebar's avatar, nickname and points (the profile's own query key, so both share one cache entry). */
export const personalInfoQueryOptions = () =>
  queryOptions({
    queryKey: sharedKeys.personalInfo,
    queryFn: ({ signal }) => api.call('personalInfo', { signal }),
    staleTime: 0,
  });
export const usePersonalInfo = () => useQuery(personalInfoQueryOptions());

/** Whether the member answers the online service chat: the sidebar then links the agents' page. */
export const useServiceAgent = () =>
  useQuery({
    queryKey: sharedKeys.supportAgentMe,
    queryFn: ({ signal }) => api.call('supportAgentMe', { signal }),
    staleTime: 30_000,
  });

export const useMyCourses = (page: number) => {
  const lang = useLang();
  return useQuery({
    queryKey: userCenterKeys.courses(lang, page),
    queryFn: ({ signal }) =>
      api.call('courseLearnRecord', { query: { page: String(page), page_size: String(USER_CENTER_PAGE_SIZE) }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
};

export const useWatchRecords = (module: WatchModule | '', page: number) => {
  const lang = useLang();
  return useQuery({
    queryKey: userCenterKeys.watch(lang, module, page),
    queryFn: ({ signal }) =>
      api.call('watchRecord', { query: { page: String(page), page_size: String(USER_CENTER_PAGE_SIZE), ...(module ? { module_name: module } : {}) }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
};
