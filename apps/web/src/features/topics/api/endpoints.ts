import type { Endpoints } from '@medportal/contract';

/** Method and path of the topic and paper endpoints (`satisfies` keeps them in step with the contract). */
export const topicEndpoints = {
  topicList: { method: 'GET', path: '/v1/topic' },
  topicDetail: { method: 'GET', path: '/v1/topic/:id' },
  topicCourses: { method: 'GET', path: '/v1/topic/:id/course' },
  topicLives: { method: 'GET', path: '/v1/topic/:id/live' },
  topicNews: { method: 'GET', path: '/v1/topic/:id/news' },
  topicPapers: { method: 'GET', path: '/v1/topic/:id/paper' },
  paperDetail: { method: 'GET', path: '/v1/paper/:id' },
  favoriteSet: { method: 'POST', path: '/v1/user/favorite' },
} as const satisfies { [N in keyof Endpoints]?: Pick<Endpoints[N], 'method' | 'path'> };

/** A path template with its `:id` filled in. */
export const withId = (path: string, id: number | string): string => path.replace(':id', encodeURIComponent(String(id)));
