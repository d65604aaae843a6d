import type { Lang } from '../../../shared/i18n';
import type { PlaceKind, PlaceList, SpeakerContent } from './speakers';

/** Query keys of speakers, regions, hospitals and places; a prefix key reaches every longer one. */
export const speakerKeys = {
  all: ['speaker'] as const,
  details: (id: number) => ['speaker', 'detail', id] as const,
  detail: (id: number, lang: Lang) => ['speaker', 'detail', id, lang] as const,
  courses: (id: number, lang: Lang, page: number) => ['speaker', 'courses', id, lang, page] as const,
  lives: (id: number, lang: Lang, year: number | undefined, page: number) => ['speaker', 'lives', id, lang, year ?? 'all', page] as const,
  liveYears: (id: number) => ['speaker', 'live-years', id] as const,
  content: (content: SpeakerContent, id: number, lang: Lang, page: number) => ['speaker', content, id, lang, page] as const,
  allFollows: ['speaker', 'follows'] as const,
  follows: (lang: Lang, page: number) => ['speaker', 'follows', lang, page] as const,
  lists: ['speaker', 'list'] as const,
  list: (lang: Lang, regionId: number | undefined, hospitalId: number | undefined, page: number) =>
    ['speaker', 'list', lang, regionId ?? 'all', hospitalId ?? 'all', page] as const,
  regions: (lang: Lang) => ['region', lang] as const,
  hospitals: (lang: Lang, regionId: number | undefined, page: number, pageSize: number) => ['hospital', 'list', lang, regionId ?? 'all', page, pageSize] as const,
  place: (kind: PlaceKind, id: number, lang: Lang) => ['place', kind, id, lang] as const,
  placeList: (kind: PlaceKind, id: number, lang: Lang, list: PlaceList, page: number) => ['place', kind, id, lang, list, page] as const,
};
