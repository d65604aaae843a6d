import type { Lang } from '../../../shared/i18n';
import { sharedKeys } from '../../../shared/query-keys';
import type { SearchParams } from './search';

/** Query keys of the search page. */
export const searchKeys = {
  results: (lang: Lang, p: SearchParams) => ['search', 'results', lang, p.txt, p.type, p.page] as const,
  types: (lang: Lang) => ['search', 'types', lang] as const,
  hotWords: sharedKeys.hotWords,
};
