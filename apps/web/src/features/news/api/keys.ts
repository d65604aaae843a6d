import type { Lang } from '../../../shared/i18n';

/** Query keys of news; a prefix key (`comments(id)`, `allComments`) reaches every longer one. */
export const newsKeys = {
  all: ['news'] as const,
  categories: (lang: Lang) => ['news', 'categories', lang] as const,
  list: (lang: Lang, categoryId: number | undefined, page: number) => ['news', 'list', lang, categoryId ?? 'all', page] as const,
  allDetails: ['news', 'detail'] as const,
  details: (id: number) => ['news', 'detail', id] as const,
  detail: (id: number, lang: Lang) => ['news', 'detail', id, lang] as const,
  recommend: (id: number, lang: Lang) => ['news', 'recommend', id, lang] as const,
  allComments: ['news', 'comments'] as const,
  comments: (id: number) => ['news', 'comments', id] as const,
  commentPage: (id: number, page: number) => ['news', 'comments', id, page] as const,
  allMyComments: ['news', 'my-comments'] as const,
  myComments: (lang: Lang, page: number) => ['news', 'my-comments', lang, page] as const,
};
