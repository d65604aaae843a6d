import type { Lang } from '../../../shared/i18n';
import { sharedKeys } from '../../../shared/query-keys';

/** Query keys of columns and of the member's history and favourites lists. */
export const columnKeys = {
  lists: ['columns', 'list'] as const,
  list: (lang: Lang, page: number) => ['columns', 'list', lang, page] as const,
  history: ['history'] as const,
  historyMenu: (lang: Lang) => ['history', 'menu', lang] as const,
  historyList: (lang: Lang, module: string, page: number) => ['history', 'list', lang, module, page] as const,
  favorites: sharedKeys.favorites,
  favoriteModules: (lang: Lang) => [...sharedKeys.favorites, 'modules', lang] as const,
  favoriteList: (lang: Lang, module: string, page: number) => [...sharedKeys.favorites, 'list', lang, module, page] as const,
};
