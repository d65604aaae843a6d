import type { Endpoints } from '@medportal/contract';

/**
 * Method and path of the live endpoints, kept in this feature so they load with its routes.
 * `satisfies` fails the type check when a path or method drifts from the contract's registry.
 */
export const liveEndpoints = {
  liveDate: { method: 'GET', path: '/v1/live/live_date' },
  dateLives: { method: 'GET', path: '/v1/live/date_lives' },
  liveLookBack: { method: 'GET', path: '/v1/live/look_back' },
  liveHistory: { method: 'GET', path: '/v1/live/history' },
  liveHistoryFilters: { method: 'GET', path: '/v1/live/history/filters' },
  liveRemind: { method: 'PUT', path: '/v1/user/live/:id/remind' },
  liveFavorite: { method: 'PUT', path: '/v1/user/live/:id/favorite' },
  liveCalendar: { method: 'GET', path: '/v1/user/live/calendar' },
  remindTypeGet: { method: 'GET', path: '/v1/user/live/remind_type' },
  remindTypeSet: { method: 'POST', path: '/v1/user/live/remind_type' },
} as const satisfies { [N in keyof Endpoints]?: Pick<Endpoints[N], 'method' | 'path'> };

export const withId = (path: string, id: number): string => path.replace(':id', encodeURIComponent(String(id)));
