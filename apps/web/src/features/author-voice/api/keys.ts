import type { Lang } from '../../../shared/i18n';
import type { TalkFilters } from './author-voice';

/** Query keys of the author-voice pages. */
export const voiceKeys = {
  home: (lang: Lang) => ['author-voice', 'home', lang] as const,
  filters: (lang: Lang) => ['author-voice', 'filters', lang] as const,
  talks: (lang: Lang, f: TalkFilters) => ['author-voice', 'talks', lang, f] as const,
  talk: (id: number, lang: Lang) => ['author-voice', 'talk', id, lang] as const,
  linkups: (lang: Lang, page: number) => ['author-voice', 'linkups', lang, page] as const,
  linkup: (id: number, lang: Lang) => ['author-voice', 'linkup', id, lang] as const,
};
