import type { TopicModule } from '@medportal/contract';
import type { Lang } from '../../../shared/i18n';

/** Query keys of topics and papers. */
export const topicKeys = {
  list: (lang: Lang, page: number) => ['topic', 'list', lang, page] as const,
  detail: (id: number, lang: Lang) => ['topic', 'detail', id, lang] as const,
  items: (id: number, module: TopicModule, page: number, lang: Lang) => ['topic', 'items', id, module, page, lang] as const,
  paperDetails: (id: number) => ['paper', 'detail', id] as const,
  paper: (id: number, lang: Lang) => ['paper', 'detail', id, lang] as const,
};
