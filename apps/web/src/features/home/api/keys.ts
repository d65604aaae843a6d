import type { Lang } from '../../../shared/i18n';

/** Query keys of the home page; the server localises titles, so the language is part of each. */
export const homeKeys = {
  blocks: (lang: Lang) => ['home', 'blocks', lang] as const,
  sideBanners: (lang: Lang) => ['home', 'side-banners', lang] as const,
};
