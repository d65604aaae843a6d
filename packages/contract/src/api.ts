import { z } from 'zod';
import { LoginResult, SessionCheck } from './entities.ts';
import { PcIndexData, RelateSiteData, SiteConfig, UserBannerData, UserBannerQuery } from './home.ts';

/**
 * Every endpoint: method, path, request schemas and the schema of `data`.
 * The server registers routes from these; the web client calls them by name.
 */
export interface EndpointDef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  summary: string;
  tags: readonly string[];
  query?: z.ZodType;
  body?: z.ZodType;
  params?: z.ZodType;
  data: z.ZodType;
  /** Login needed: answers 200203 without a valid access token. */
  auth?: boolean;
}

const define = <const E extends EndpointDef>(e: E) => e;

export const endpoints = {
  pcIndex: define({
    method: 'GET',
    path: '/v1/pc_index',
    summary: 'Home page blocks in display order',
    tags: ['home'],
    data: PcIndexData,
  }),
  relateSite: define({
    method: 'GET',
    path: '/v1/relate_site',
    summary: 'Sister products for the top bar and the all-products dropdown',
    tags: ['home'],
    data: RelateSiteData,
  }),
  userBanner: define({
    method: 'GET',
    path: '/v1/user/banner',
    summary: 'Side banners (home side panel or user centre)',
    tags: ['home'],
    query: UserBannerQuery,
    data: UserBannerData,
  }),
  siteConfig: define({
    method: 'GET',
    path: '/v1/site/config',
    summary: 'QR targets, app downloads, media accounts and contact details for the site chrome',
    tags: ['home'],
    data: SiteConfig,
  }),
  /** Built with the accounts capability; the web client already relies on its shape. */
  refreshToken: define({
    method: 'POST',
    path: '/v1/user/refresh/token',
    summary: 'Rotate the token pair',
    tags: ['auth'],
    body: z.object({ refresh_token: z.string().min(1).max(512) }),
    data: LoginResult,
  }),
  /** Server session check (spec §4); built with the accounts capability. */
  sessionCheck: define({
    method: 'GET',
    path: '/v1/user/session',
    summary: 'Whether the browser has a server-side session (cookie)',
    tags: ['auth'],
    data: SessionCheck,
  }),
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
export type DataOf<N extends EndpointName> = z.infer<Endpoints[N]['data']>;
export type QueryOf<N extends EndpointName> = Endpoints[N] extends { query: z.ZodType }
  ? z.input<Endpoints[N]['query']>
  : Record<string, never>;
export type BodyOf<N extends EndpointName> = Endpoints[N] extends { body: z.ZodType }
  ? z.input<Endpoints[N]['body']>
  : never;

export const Health = z.object({ status: z.literal('ok'), uptime_s: z.number(), version: z.string() });
