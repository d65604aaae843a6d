import type { Lang } from '../../../shared/i18n';

/** Query keys of the site chrome (header search board, footer sites); hot words are `sharedKeys.hotWords`. */
export const chromeKeys = {
  hotCourses: (lang: Lang) => ['search', 'hot-courses', lang] as const,
  suggestions: (lang: Lang, word: string) => ['search', 'remind', lang, word] as const,
  relateSites: (lang: Lang) => ['site', 'relate-sites', lang] as const,
};
