import type { ApiLanguage, MyNewsComment, NewsCategory, NewsComment, NewsDetail } from '@medportal/contract';
import { pick } from '../../lib/i18n.ts';
import { avatarOf } from '../auth/index.ts';
import { newsCategoryAction, newsDetailAction, presentNews } from '../shared/news.present.ts';
import type { CommentRow, findVisible, listCategories, listTags } from './news.repository.ts';

/** Row → contract shape, in the request language. The list item presenter is shared with home. */
export { presentNews } from '../shared/news.present.ts';

type DetailRow = NonNullable<Awaited<ReturnType<typeof findVisible>>>;
type CategoryRow = Awaited<ReturnType<typeof listCategories>>[number];
type TagRow = Awaited<ReturnType<typeof listTags>>[number];

export function presentCategory(r: CategoryRow, lang: ApiLanguage): NewsCategory {
  return { id: r.id, title: pick(lang, r.titleZh, r.titleEn), action: newsCategoryAction(r.id) };
}

export function presentDetail(
  r: DetailRow,
  extra: { bodyHtml: string; likes: number; isLiked: boolean; isFavorite: boolean; commentCount: number; tags: TagRow[] },
  lang: ApiLanguage,
): NewsDetail {
  return {
    ...presentNews(r, lang),
    body_html: extra.bodyHtml,
    source: pick(lang, r.sourceZh, r.sourceEn),
    author: pick(lang, r.authorZh, r.authorEn),
    views: r.viewCount,
    likes: extra.likes,
    is_liked: extra.isLiked,
    is_favorite: extra.isFavorite,
    comment_count: extra.commentCount,
    tags: extra.tags.map((t) => ({ id: t.id, title: pick(lang, t.titleZh, t.titleEn), cover: t.cover })),
  };
}

export function presentComment(r: CommentRow, viewerId: number | undefined): NewsComment {
  return {
    id: r.id,
    content: r.content,
    nickname: r.nickname,
    avatar_url: avatarOf(r),
    created_at: r.createdAt.toISOString(),
    is_mine: viewerId !== undefined && r.userId === viewerId,
  };
}

export function presentMyComment(r: CommentRow & { newsTitleZh: string; newsTitleEn: string | null }, lang: ApiLanguage): MyNewsComment {
  return {
    ...presentComment(r, r.userId),
    news: { id: r.newsId, title: pick(lang, r.newsTitleZh, r.newsTitleEn), action: newsDetailAction(r.newsId) },
  };
}
