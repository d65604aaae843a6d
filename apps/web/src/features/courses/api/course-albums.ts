import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DataOf } from '@medportal/contract';
import { api } from '../../../shared/api-client';
import { useLang } from '../../../shared/hooks/use-lang';
import type { Lang } from '../../../shared/i18n';
import { courseKeys } from './keys';

export type CourseAlbumBarData = DataOf<'courseAlbumBar'>;
export type CourseAlbumDetailData = DataOf<'courseAlbumDetail'>;

export const courseAlbumBarQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: courseKeys.albumBar(lang),
    queryFn: ({ signal }) => api.call('courseAlbumBar', { signal }),
  });
export const useCourseAlbumBar = () => useQuery(courseAlbumBarQueryOptions(useLang()));

export const courseAlbumQueryOptions = (lang: Lang, id: number) =>
  queryOptions({
    queryKey: courseKeys.album(id, lang),
    queryFn: ({ signal }) => api.call('courseAlbumDetail', { params: { id }, signal }),
    enabled: id > 0,
  });
export const useCourseAlbum = (id: number) => useQuery(courseAlbumQueryOptions(useLang(), id));
