import type { Lang } from '../../../shared/i18n';

/** Query keys of the international meeting calendar; `all` reaches every one. */
export const calendarKeys = {
  all: ['calendar'] as const,
  lists: ['calendar', 'list'] as const,
  list: (lang: Lang, q: Record<string, unknown>) => ['calendar', 'list', lang, q] as const,
  filters: (lang: Lang) => ['calendar', 'filters', lang] as const,
  details: (id: number) => ['calendar', 'detail', id] as const,
  detail: (id: number, lang: Lang) => ['calendar', 'detail', id, lang] as const,
  allFavorites: ['calendar', 'favorites'] as const,
  favorites: (lang: Lang, page: number) => ['calendar', 'favorites', lang, page] as const,
  feeds: ['calendar', 'feed'] as const,
  feed: (lang: Lang, token: string | null) => ['calendar', 'feed', lang, token] as const,
};
