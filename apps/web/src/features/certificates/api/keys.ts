import type { Lang } from '../../../shared/i18n';
import { sharedKeys } from '../../../shared/query-keys';

/**
 * Query keys of the certificates page and of the CME card and claim page (the credits module's
 * side, under the shared `credit` root that shared/credit's activity panel also uses).
 */
export const certificateKeys = {
  idCard: ['certificates', 'idcard'] as const,
  list: (lang: Lang, page: number) => ['certificates', 'list', lang, page] as const,
  allCme: [...sharedKeys.credit, 'cme'] as const,
  cme: (lang: Lang, year: number | undefined) => [...sharedKeys.credit, 'cme', lang, year ?? 'now'] as const,
  creditTest: (kind: string, id: number, lang: Lang) => [...sharedKeys.credit, 'test', kind, id, lang] as const,
};
