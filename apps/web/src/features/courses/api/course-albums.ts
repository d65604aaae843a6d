import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DataOf } from '@medportal/contract';
import { pathOf } from '@medportal/contract/routes';
import { api } from '../../../shared/api-client';
import { useLang } from '../../../shared/hooks/use-lang';
import type { Lang } from '../../../shared/i18n';

export type CourseAlbumBarData = DataOf<'courseAlbumBar'>;
export type CourseAlbumDetailData = DataOf<'courseAlbumDetail'>;

export const courseAlbumBarQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: ['course', 'album-bar', lang],
    queryFn: ({ signal }) => api.get<CourseAlbumBarData>(pathOf('courseAlbumBar'), undefined, { signal }),
  });
export const useCourseAlbumBar = () => useQuery(courseAlbumBarQueryOptions(useLang()));

export const courseAlbumQueryOptions = (lang: Lang, id: number) =>
  queryOptions({
    queryKey: ['course', 'album', id, lang],
    queryFn: ({ signal }) => api.get<CourseAlbumDetailData>(pathOf('courseAlbumDetail', { id }), undefined, { signal }),
    enabled: id > 0,
  });
export const useCourseAlbum = (id: number) => useQuery(courseAlbumQueryOptions(useLang(), id));
