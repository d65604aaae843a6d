import { type Action, ActionType, type ApiLanguage, type NewsItem } from '@medportal/contract';
import { pick } from '../../lib/i18n.ts';

/** Presenters shared by every module that shows news items (home blocks, news lists, recommendations). */

export interface NewsRow {
  id: number;
  titleZh: string;
  titleEn: string | null;
  descriptionZh: string;
  descriptionEn: string | null;
  cover: string;
  publishedAt: Date | null;
  categoryId: number;
  categoryTitleZh: string;
  categoryTitleEn: string | null;
}

export function newsDetailAction(id: number): Action {
  return { type: ActionType.NEWS_DETAIL, data: { id }, target: '_self' };
}

export function newsCategoryAction(id: number): Action {
  return { type: ActionType.NEWS_CATEGORY, data: { category_id: id }, target: '_self' };
}

export function presentNews(r: NewsRow, lang: ApiLanguage): NewsItem {
  return {
    id: r.id,
    title: pick(lang, r.titleZh, r.titleEn),
    description: pick(lang, r.descriptionZh, r.descriptionEn),
    cover: r.cover,
    category: { id: r.categoryId, title: pick(lang, r.categoryTitleZh, r.categoryTitleEn) },
    published_at: (r.publishedAt ?? new Date(0)).toISOString(),
    action: newsDetailAction(r.id),
  };
}
