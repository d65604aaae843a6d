import { z } from 'zod';
import { Action } from './actions.ts';
import type { EndpointSchemas } from './api.ts';
import { Id, Page, PageQuery } from './common.ts';
import { NEWS_COMMENT_MAX_LENGTH } from './constants.ts';
import { NewsItem, Tag } from './entities.ts';

/** News (spec §7 "News"): categories, lists, detail, likes, views, reading log and comments. */

export const NewsCategory = z.object({ id: z.number().int(), title: z.string(), action: Action });
export type NewsCategory = z.infer<typeof NewsCategory>;
export const NewsCategoryData = z.object({ items: z.array(NewsCategory) });

export const NewsListQuery = PageQuery.extend({ category_id: Id.optional() });
export const NewsIdParams = z.object({ id: Id });

export const NewsDetail = NewsItem.extend({
  /** Sanitised on the server with an allow-list; DOI text is left for the client to link. */
  body_html: z.string(),
  source: z.string(),
  author: z.string(),
  views: z.number().int(),
  likes: z.number().int(),
  /** False for anonymous callers. */
  is_liked: z.boolean(),
  /** In the caller's favourites; false for anonymous callers. */
  is_favorite: z.boolean(),
  comment_count: z.number().int(),
  tags: z.array(Tag),
});
export type NewsDetail = z.infer<typeof NewsDetail>;

export const NewsItemsData = z.object({ items: z.array(NewsItem) });
export const NewsViewData = z.object({ views: z.number().int() });

/** 1 like, 2 unlike (as the spec's follow status). */
export const NewsLikeBody = z.object({ status: z.union([z.literal(1), z.literal(2)]) });
export const NewsLikeData = z.object({ is_liked: z.boolean(), likes: z.number().int() });

export const NewsComment = z.object({
  id: z.number().int(),
  /** Plain text: clients render it as text, never as HTML. */
  content: z.string(),
  nickname: z.string(),
  avatar_url: z.string(),
  created_at: z.string(),
  /** The caller wrote it (false for anonymous callers). */
  is_mine: z.boolean(),
});
export type NewsComment = z.infer<typeof NewsComment>;
export const NewsCommentPage = Page(NewsComment);

export const MyNewsComment = NewsComment.extend({
  news: z.object({ id: z.number().int(), title: z.string(), action: Action }),
});
export type MyNewsComment = z.infer<typeof MyNewsComment>;

export const NewsCommentBody = z.object({ content: z.string().trim().min(1).max(NEWS_COMMENT_MAX_LENGTH) });

const define = <const E extends EndpointSchemas>(e: E) => e;

export const newsSchemas = {
  newsCategories: define({
    summary: 'News categories in display order',
    tags: ['news'],
    data: NewsCategoryData,
  }),
  newsList: define({
    summary: 'Published news, newest first (published_at desc, id desc); optionally one category',
    tags: ['news'],
    query: NewsListQuery,
    data: Page(NewsItem),
  }),
  newsDetail: define({
    summary: 'One published news item with its sanitised body; is_liked for a logged-in caller',
    tags: ['news'],
    params: NewsIdParams,
    data: NewsDetail,
  }),
  newsRecommend: define({
    summary: 'Related news: same category first, then the newest others',
    tags: ['news'],
    params: NewsIdParams,
    data: NewsItemsData,
  }),
  newsView: define({
    summary: 'Count one view (one UPDATE); returns the new count',
    tags: ['news'],
    params: NewsIdParams,
    data: NewsViewData,
  }),
  newsLike: define({
    summary: 'Like (status 1) or unlike (status 2); idempotent, the count is the number of likes',
    tags: ['news'],
    params: NewsIdParams,
    body: NewsLikeBody,
    data: NewsLikeData,
  }),
  newsReadLog: define({
    summary: 'Record that the user read the item (one row per user and item, with a count)',
    tags: ['news'],
    params: NewsIdParams,
    data: z.null(),
  }),
  newsComments: define({
    summary: 'Comments on an item, newest first; is_mine for a logged-in caller',
    tags: ['news'],
    params: NewsIdParams,
    query: PageQuery,
    data: NewsCommentPage,
  }),
  postNewsComment: define({
    summary: 'Comment as plain text (1–500 characters); one comment per user every few seconds',
    tags: ['news'],
    params: NewsIdParams,
    body: NewsCommentBody,
    data: NewsComment,
  }),
  deleteNewsComment: define({
    summary: "Delete one's own comment (FORBIDDEN for another user's; already gone is success)",
    tags: ['news'],
    params: NewsIdParams,
    data: z.null(),
  }),
  myNewsComments: define({
    summary: "The caller's comments, newest first, with the item each is on",
    tags: ['news'],
    query: PageQuery,
    data: Page(MyNewsComment),
  }),
} as const;
