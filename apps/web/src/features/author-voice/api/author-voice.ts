import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DataOf } from '@medportal/contract';
import { api } from '../../../shared/api-client';
import { useLang } from '../../../shared/hooks/use-lang';
import type { Lang } from '../../../shared/i18n';
import { voiceKeys } from './keys';

export type VoiceHomeData = DataOf<'authorVoiceHome'>;
export type TalkPageData = DataOf<'authorTalkList'>;
export type TalkCardData = TalkPageData['items'][number];
export type TalkDetailData = DataOf<'authorTalkDetail'>;
export type LinkupPageData = DataOf<'authorLinkupList'>;
export type LinkupCardData = LinkupPageData['items'][number];
export type LinkupDetailData = DataOf<'authorLinkupDetail'>;

export const TALK_PAGE_SIZE = 12;
export const LINKUP_PAGE_SIZE = 6;

/** The list filters as they sit in the URL (`/author_voice/list?field=&journal=&page=`). */
export interface TalkFilters {
  field: number | undefined;
  journal: string;
  page: number;
}

export const voiceHomeQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: voiceKeys.home(lang),
    queryFn: ({ signal }) => api.call('authorVoiceHome', { signal }),
  });
export const useVoiceHome = () => useQuery(voiceHomeQueryOptions(useLang()));

export const voiceFiltersQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: voiceKeys.filters(lang),
    queryFn: ({ signal }) => api.call('authorVoiceFilters', { signal }),
  });
export const useVoiceFilters = () => useQuery(voiceFiltersQueryOptions(useLang()));

export const talkListQueryOptions = (lang: Lang, f: TalkFilters) =>
  queryOptions({
    queryKey: voiceKeys.talks(lang, f),
    queryFn: ({ signal }) =>
      api.call('authorTalkList', { query: {
          ...(f.field ? { field_id: String(f.field) } : {}),
          ...(f.journal ? { journal: f.journal } : {}),
          page: String(f.page),
          page_size: String(TALK_PAGE_SIZE),
        }, signal }),
    placeholderData: keepPreviousData,
  });
export const useTalkList = (f: TalkFilters) => useQuery(talkListQueryOptions(useLang(), f));

/** The detail carries signed media: it is fetched fresh for each visit, never kept long. */
export const talkQueryOptions = (lang: Lang, id: number) =>
  queryOptions({
    queryKey: voiceKeys.talk(id, lang),
    queryFn: ({ signal }) => api.call('authorTalkDetail', { params: { id }, signal }),
    enabled: id > 0,
  });
export const useTalk = (id: number) => useQuery(talkQueryOptions(useLang(), id));

export const linkupListQueryOptions = (lang: Lang, page: number) =>
  queryOptions({
    queryKey: voiceKeys.linkups(lang, page),
    queryFn: ({ signal }) =>
      api.call('authorLinkupList', { query: { page: String(page), page_size: String(LINKUP_PAGE_SIZE) }, signal }),
    placeholderData: keepPreviousData,
  });
export const useLinkupList = (page: number) => useQuery(linkupListQueryOptions(useLang(), page));

export const linkupQueryOptions = (lang: Lang, id: number) =>
  queryOptions({
    queryKey: voiceKeys.linkup(id, lang),
    queryFn: ({ signal }) => api.call('authorLinkupDetail', { params: { id }, signal }),
    enabled: id > 0,
  });
export const useLinkup = (id: number) => useQuery(linkupQueryOptions(useLang(), id));
