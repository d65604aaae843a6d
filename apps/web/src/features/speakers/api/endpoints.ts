import type { Endpoints } from '@medportal/contract';

/**
 * Method and path of the speaker endpoints, kept in the speakers feature so they load with its routes.
 * `satisfies` fails the type check when a path or method drifts from the contract's registry.
 */
export const speakerEndpoints = {
  speakerDetail: { method: 'GET', path: '/v1/user/speaker/:id' },
  speakerCourses: { method: 'GET', path: '/v1/speaker/:id/course' },
  speakerLives: { method: 'GET', path: '/v1/speaker/:id/live' },
  speakerLiveYears: { method: 'GET', path: '/v1/speaker/:id/live_years' },
  speakerNews: { method: 'GET', path: '/v1/speaker/:id/news' },
  speakerColumns: { method: 'GET', path: '/v1/speaker/:id/column' },
  speakerDocs: { method: 'GET', path: '/v1/speaker/:id/doc' },
  speakerList: { method: 'GET', path: '/v1/speaker' },
  regionList: { method: 'GET', path: '/v1/region' },
  hospitalList: { method: 'GET', path: '/v1/hospital' },
  speakerFollow: { method: 'PUT', path: '/v1/user/speaker/:id/follow' },
  myFollows: { method: 'GET', path: '/v1/user/follow' },
  hospitalDetail: { method: 'GET', path: '/v1/hospital/:id' },
  organizerDetail: { method: 'GET', path: '/v1/organizer/:id' },
  keywordDetail: { method: 'GET', path: '/v1/keyword/:id' },
} as const satisfies { [N in keyof Endpoints]?: Pick<Endpoints[N], 'method' | 'path'> };

/** A path template with its `:id` filled in. */
export const withId = (path: string, id: number): string => path.replace(':id', encodeURIComponent(String(id)));
