import type { Endpoints } from '@medportal/contract';

/** Method and path of the site-page endpoints (`satisfies` keeps them in step with the contract). */
export const sitePageEndpoints = {
  sitePage: { method: 'GET', path: '/v1/site/page/:slug' },
  productPage: { method: 'GET', path: '/v1/relate_site/:key' },
  contactForm: { method: 'POST', path: '/v1/user/contact_form' },
} as const satisfies { [N in keyof Endpoints]?: Pick<Endpoints[N], 'method' | 'path'> };

/** A path template with one `:name` filled in. */
export const withParam = (path: string, name: string, value: string): string => path.replace(`:${name}`, encodeURIComponent(value));
