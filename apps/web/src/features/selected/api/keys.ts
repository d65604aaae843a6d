import type { SelectedChannelSlug, SelectedTagKind } from '@medportal/contract';
import type { Lang } from '../../../shared/i18n';
import type { Source, VideoQuery } from './selected';

const sourceKey = (s: Source) => ('channel' in s ? ['channel', s.channel] : ['album', s.theme, s.album]);

/** Query keys of the selected-content channels and the themed albums. */
export const selectedKeys = {
  home: (channel: SelectedChannelSlug, lang: Lang) => ['selected', 'home', channel, lang] as const,
  videos: (source: Source, q: VideoQuery, lang: Lang) => ['selected', 'videos', ...sourceKey(source), q.page, q.tagId ?? null, q.keyword ?? '', lang] as const,
  tags: (source: Source, kind: SelectedTagKind, lang: Lang) => ['selected', 'tags', ...sourceKey(source), kind, lang] as const,
  video: (channel: SelectedChannelSlug, id: number, lang: Lang) => ['selected', 'video', channel, id, lang] as const,
  doc: (channel: SelectedChannelSlug, doc: string, lang: Lang) => ['selected', 'doc', channel, doc, lang] as const,
  albumConfig: (theme: number, album: number, lang: Lang) => ['selected', 'album-config', theme, album, lang] as const,
};
