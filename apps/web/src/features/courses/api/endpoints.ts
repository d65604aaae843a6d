import type { Endpoints } from '@medportal/contract';

/** Method and path of the course endpoints (zod-free copy; `satisfies` keeps it in step with the contract). */
export const courseEndpoints = {
  courseList: { method: 'GET', path: '/v1/pc/course' },
  courseDetail: { method: 'GET', path: '/v1/user/course/:id' },
  courseChapters: { method: 'GET', path: '/v2/user/course/:id/chapter' },
  seriesCourses: { method: 'GET', path: '/v1/user/course/:id/series_course' },
  moreCourse: { method: 'GET', path: '/v1/user/more_course' },
  guessLikeCourse: { method: 'GET', path: '/v1/guess_like_course' },
  courseAppraisals: { method: 'GET', path: '/v1/user/course/:id/appraise' },
  appraiseTags: { method: 'GET', path: '/v1/user/course/appraise_tag' },
  appraiseCourse: { method: 'POST', path: '/v1/user/course/:id/appraise' },
  favoriteSet: { method: 'POST', path: '/v1/user/favorite' },
} as const satisfies { [N in keyof Endpoints]?: Pick<Endpoints[N], 'method' | 'path'> };

export const withId = (path: string, id: number): string => path.replace(':id', encodeURIComponent(String(id)));
