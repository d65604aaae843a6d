import type { Endpoints } from '@medportal/contract';

/**
 * Method and path of the contract endpoints the web calls. The contract's `endpoints` registry
 * carries zod schemas, so the browser bundle keeps this zod-free copy; `satisfies` makes the
 * type checker fail if a path or method drifts from the contract.
 */
export const endpoints = {
  pcIndex: { method: 'GET', path: '/v1/pc_index' },
  relateSite: { method: 'GET', path: '/v1/relate_site' },
  userBanner: { method: 'GET', path: '/v1/user/banner' },
  siteConfig: { method: 'GET', path: '/v1/site/config' },
  refreshToken: { method: 'POST', path: '/v1/user/refresh/token' },
  sessionCheck: { method: 'GET', path: '/v1/user/session' },
} as const satisfies { [N in keyof Endpoints]?: Pick<Endpoints[N], 'method' | 'path'> };

export type WebEndpointName = keyof typeof endpoints;
