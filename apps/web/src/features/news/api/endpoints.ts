import type { Endpoints } from '@medportal/contract';

/**
 * Method and path of the news endpoints, kept in the news feature so they load with its routes.
 * `satisfies` fails the type check when a path or method drifts from the contract's registry.
 */
export const newsEndpoints = {
  newsCategories: { method: 'GET', path: '/v1/news/category' },
  newsList: { method: 'GET', path: '/v1/news' },
  newsDetail: { method: 'GET', path: '/v1/news/:id' },
  newsRecommend: { method: 'GET', path: '/v1/news/:id/recommend' },
  newsView: { method: 'PUT', path: '/v1/news/:id/view' },
  newsLike: { method: 'PUT', path: '/v1/user/news/:id/liked' },
  newsReadLog: { method: 'POST', path: '/v1/user/news/:id/read_log' },
  newsComments: { method: 'GET', path: '/v1/news/:id/comments' },
  postNewsComment: { method: 'POST', path: '/v1/user/news/:id/comments' },
  deleteNewsComment: { method: 'DELETE', path: '/v1/user/news/comment/:id' },
  myNewsComments: { method: 'GET', path: '/v1/user/news/my_comments' },
  favoriteSet: { method: 'POST', path: '/v1/user/favorite' },
} as const satisfies { [N in keyof Endpoints]?: Pick<Endpoints[N], 'method' | 'path'> };

/** A path template with its `:id` filled in. */
export const withId = (path: string, id: number): string => path.replace(':id', encodeURIComponent(String(id)));
