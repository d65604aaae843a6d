import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DataOf, QueryOf, SelectedChannelSlug, SelectedTagKind } from '@medportal/contract';
import { api } from '../../../shared/api-client';
import { useLang } from '../../../shared/hooks/use-lang';
import type { Lang } from '../../../shared/i18n';
import { loadSpecialConfig } from '../lib/special-config-cache';
import { selectedKeys } from './keys';

export type SelectedHomeData = DataOf<'selectedHome'>;
export type VideoPage = DataOf<'selectedVideos'>;
export type VideoDetail = DataOf<'selectedVideo'>;
export type TagList = DataOf<'selectedTags'>;
export type AlbumConfig = DataOf<'specialConfig'>;

export const VIDEO_PAGE_SIZE = 12;

/** Where a list of videos and tags comes from: a channel, or an album. */
export type Source = { channel: SelectedChannelSlug } | { theme: number; album: number };

export interface VideoQuery {
  page: number;
  tagId?: number | undefined;
  keyword?: string | undefined;
}

/** A channel's videos or tags, or an album's: the same query and answer on two routes each. */
const getVideos = (s: Source, query: QueryOf<'selectedVideos'>, signal: AbortSignal) =>
  'channel' in s
    ? api.call('selectedVideos', { params: { channel: s.channel }, query, signal })
    : api.call('specialVideos', { params: { theme_id: s.theme, album_id: s.album }, query, signal });
const getTags = (s: Source, kind: SelectedTagKind, signal: AbortSignal) =>
  'channel' in s
    ? api.call('selectedTags', { params: { channel: s.channel }, query: { kind }, signal })
    : api.call('specialTags', { params: { theme_id: s.theme, album_id: s.album }, query: { kind }, signal });

export const selectedHomeQueryOptions = (lang: Lang, channel: SelectedChannelSlug) =>
  queryOptions({
    queryKey: selectedKeys.home(channel, lang),
    queryFn: ({ signal }) => api.call('selectedHome', { params: { channel }, signal }),
  });

export const videosQueryOptions = (lang: Lang, source: Source, q: VideoQuery) =>
  queryOptions({
    queryKey: selectedKeys.videos(source, q, lang),
    queryFn: ({ signal }) =>
      getVideos(source, { page: q.page, page_size: VIDEO_PAGE_SIZE, tag_id: q.tagId, keyword: q.keyword || undefined }, signal),
    placeholderData: keepPreviousData,
  });

export const tagsQueryOptions = (lang: Lang, source: Source, kind: SelectedTagKind) =>
  queryOptions({
    queryKey: selectedKeys.tags(source, kind, lang),
    queryFn: ({ signal }) => getTags(source, kind, signal),
  });

/** Signed media inside: refetched on each visit rather than kept long. */
export const videoQueryOptions = (lang: Lang, channel: SelectedChannelSlug, id: number) =>
  queryOptions({
    queryKey: selectedKeys.video(channel, id, lang),
    queryFn: ({ signal }) => api.call('selectedVideo', { params: { channel, id }, signal }),
    staleTime: 0,
  });

export const docQueryOptions = (lang: Lang, channel: SelectedChannelSlug, doc: 'about' | 'copyright') =>
  queryOptions({
    queryKey: selectedKeys.doc(channel, doc, lang),
    queryFn: ({ signal }) => api.call('selectedDoc', { params: { channel }, query: { doc }, signal }),
  });

export const fetchAlbumConfig = (theme: number, album: number) => api.call('specialConfig', { params: { theme_id: theme, album_id: album } });

/** The album config through local storage (fresh for SPECIAL_CONFIG_TTL_S): the layout reads it once per visit. */
export const albumConfigQueryOptions = (lang: Lang, theme: number, album: number) =>
  queryOptions({
    queryKey: selectedKeys.albumConfig(theme, album, lang),
    queryFn: () => loadSpecialConfig(theme, album, lang, () => fetchAlbumConfig(theme, album)),
    staleTime: 0,
    retry: false,
  });

export const useSelectedHome = (channel: SelectedChannelSlug) => useQuery(selectedHomeQueryOptions(useLang(), channel));
export const useVideos = (source: Source, q: VideoQuery, enabled = true) => useQuery({ ...videosQueryOptions(useLang(), source, q), enabled });
export const useTags = (source: Source, kind: SelectedTagKind) => useQuery(tagsQueryOptions(useLang(), source, kind));
export const useVideo = (channel: SelectedChannelSlug, id: number) => useQuery(videoQueryOptions(useLang(), channel, id));
export const useDoc = (channel: SelectedChannelSlug, doc: 'about' | 'copyright') => useQuery(docQueryOptions(useLang(), channel, doc));
export const useAlbumConfig = (theme: number, album: number) => useQuery(albumConfigQueryOptions(useLang(), theme, album));
