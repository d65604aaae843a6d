import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataOf } from '@medportal/contract';
import { api } from '../../../shared/api-client';
import type { Lang } from '../../../shared/i18n';
import { useLang } from '../../../shared/hooks/use-lang';
import { newsKeys } from './keys';
import { useMemberToggle } from '../../../shared/hooks/use-member-toggle';

export type NewsCategories = DataOf<'newsCategories'>;
export type NewsPage = DataOf<'newsList'>;
export type NewsDetail = DataOf<'newsDetail'>;
export type NewsCommentPage = DataOf<'newsComments'>;
export type NewsComment = NewsCommentPage['items'][number];
export type MyCommentPage = DataOf<'myNewsComments'>;
export type LikeResult = DataOf<'newsLike'>;

export const NEWS_PAGE_SIZE = 10;
export const COMMENT_PAGE_SIZE = 10;

// Fetchers ------------------------------------------------------------------------------------

export const getNewsCategories = (signal?: AbortSignal) => api.call('newsCategories', { signal });
export const getNewsList = (q: { categoryId?: number | undefined; page: number }, signal?: AbortSignal) =>
  api.call('newsList', { query: { category_id: q.categoryId, page: q.page, page_size: NEWS_PAGE_SIZE }, signal });
export const getNewsDetail = (id: number, signal?: AbortSignal) => api.call('newsDetail', { params: { id }, signal });
export const getNewsRecommend = (id: number, signal?: AbortSignal) =>
  api.call('newsRecommend', { params: { id }, signal });
export const getNewsComments = (id: number, page: number, signal?: AbortSignal) =>
  api.call('newsComments', { params: { id }, query: { page, page_size: COMMENT_PAGE_SIZE }, signal });
export const getMyComments = (page: number, signal?: AbortSignal) =>
  api.call('myNewsComments', { query: { page, page_size: COMMENT_PAGE_SIZE }, signal });
export const putNewsView = (id: number) => api.call('newsView', { params: { id } });
export const postReadLog = (id: number) => api.call('newsReadLog', { params: { id } });
export const putNewsLike = (id: number, liked: boolean) => api.call('newsLike', { params: { id }, body: { status: liked ? 1 : 2 } });
export const postNewsComment = (id: number, content: string) => api.call('postNewsComment', { params: { id }, body: { content } });
export const deleteNewsComment = (commentId: number) => api.call('deleteNewsComment', { params: { id: commentId } });

// Query options (route loaders prime the same keys) -------------------------------------------

export const newsCategoriesQueryOptions = (lang: Lang) =>
  queryOptions({ queryKey: newsKeys.categories(lang), queryFn: ({ signal }) => getNewsCategories(signal) });

export const newsListQueryOptions = (lang: Lang, categoryId: number | undefined, page: number) =>
  queryOptions({
    queryKey: newsKeys.list(lang, categoryId, page),
    queryFn: ({ signal }) => getNewsList({ categoryId, page }, signal),
    placeholderData: keepPreviousData,
  });

/** Detail carries is_liked, so it is refetched after login changes (no long stale time). */
export const newsDetailQueryOptions = (lang: Lang, id: number) =>
  queryOptions({ queryKey: newsKeys.detail(id, lang), queryFn: ({ signal }) => getNewsDetail(id, signal) });

export const newsRecommendQueryOptions = (lang: Lang, id: number) =>
  queryOptions({ queryKey: newsKeys.recommend(id, lang), queryFn: ({ signal }) => getNewsRecommend(id, signal) });

export const newsCommentsQueryOptions = (id: number, page: number) =>
  queryOptions({
    queryKey: newsKeys.commentPage(id, page),
    queryFn: ({ signal }) => getNewsComments(id, page, signal),
    placeholderData: keepPreviousData,
  });

export const myCommentsQueryOptions = (lang: Lang, page: number) =>
  queryOptions({
    queryKey: newsKeys.myComments(lang, page),
    queryFn: ({ signal }) => getMyComments(page, signal),
    placeholderData: keepPreviousData,
  });

// Hooks ---------------------------------------------------------------------------------------

export const useNewsCategories = () => useQuery(newsCategoriesQueryOptions(useLang()));
export const useNewsList = (categoryId: number | undefined, page: number) => useQuery(newsListQueryOptions(useLang(), categoryId, page));
export const useNewsDetail = (id: number) => useQuery(newsDetailQueryOptions(useLang(), id));
export const useNewsRecommend = (id: number) => useQuery(newsRecommendQueryOptions(useLang(), id));
export const useNewsComments = (id: number, page: number) => useQuery(newsCommentsQueryOptions(id, page));
export const useMyComments = (page: number) => useQuery(myCommentsQueryOptions(useLang(), page));

/** Like or unlike; the cached detail changes only when the server answered code 0. */
export function useLikeNews(id: number) {
  return useMemberToggle({
    mutationFn: (liked: boolean) => putNewsLike(id, liked),
    updates: [newsKeys.details(id)],
    onSuccess: (result, client) => {
      client.setQueriesData<NewsDetail>({ queryKey: newsKeys.details(id) }, (old) =>
        old ? { ...old, is_liked: result.is_liked, likes: result.likes } : old,
      );
    },
  });
}

const invalidateComments = (client: ReturnType<typeof useQueryClient>, id?: number) =>
  Promise.all([
    client.invalidateQueries({ queryKey: id === undefined ? newsKeys.allComments : newsKeys.comments(id) }),
    client.invalidateQueries({ queryKey: id === undefined ? newsKeys.allDetails : newsKeys.details(id) }),
    client.invalidateQueries({ queryKey: newsKeys.allMyComments }),
  ]);

export function usePostComment(id: number) {
  const client = useQueryClient();
  return useMutation({ mutationFn: (content: string) => postNewsComment(id, content), onSuccess: () => invalidateComments(client, id) });
}

export function useDeleteComment(newsId?: number) {
  const client = useQueryClient();
  // Settled, not only success: a comment already deleted elsewhere answers NOT_FOUND and must leave the list too.
  return useMutation({ mutationFn: (commentId: number) => deleteNewsComment(commentId), onSettled: () => invalidateComments(client, newsId) });
}

/** Favourite or unfavourite the item; the cached detail changes only when the server answered code 0. */
export function useFavoriteNews(id: number) {
  return useMemberToggle({
    mutationFn: (on: boolean) => api.call('favoriteSet', { body: { module_name: 'news', module_id: id, status: on ? 1 : 2 } }),
    updates: [newsKeys.details(id)],
    onSuccess: (result, client) => {
      client.setQueriesData<NewsDetail>({ queryKey: newsKeys.details(id) }, (old) => (old ? { ...old, is_favorite: result.is_favorite } : old));
    },
  });
}
