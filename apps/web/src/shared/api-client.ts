import type { BodyOf, DataOf, QueryOf } from '@medportal/contract';
import { ErrorCode } from '@medportal/contract/codes';
import { API_TIMEOUT_MS, DIRECT_CALL_TIMEOUT_MS, PRODUCT_VERSION } from '@medportal/contract/constants';
import { fillPath, routes, type HttpMethod, type PathParams, type RouteName } from '@medportal/contract/routes';
import { currentPlatform } from './env';
import { browserTimezone } from './format/timezone';
import { apiLanguage, currentLanguage } from './i18n';
import { clearLogin, getAccessToken, getRefreshToken, redirectToLogin, storeLoginResult } from './session';

/**
 * The one HTTP client of the web app (ARCHITECTURE §4): common parameters, cookies, timeouts,
 * envelope decoding, and the single-flight token refresh on code 200203.
 */

export type { HttpMethod };
export type ApiErrorKind = 'business' | 'http' | 'timeout' | 'network' | 'parse';

/** A failed call. `code` is the envelope code for `business` errors and null otherwise. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    readonly code: number | null,
    message: string,
    readonly status?: number,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: Record<string, unknown>;
  /** "Direct" calls use the shorter 20 s timeout (spec §9). */
  direct?: boolean;
  signal?: AbortSignal;
  /** `none`: never refresh or redirect on 200203 (used by the session check and the refresh itself). */
  auth?: 'refresh' | 'none';
  /** Extra request headers, e.g. `Idempotency-Key` on paying calls (the same key on a retry). */
  headers?: Record<string, string>;
  /** The zone to ask in (`+08:00`) when a query is keyed by one: its key's, not the browser's. */
  timezone?: string;
}

type Transport = (url: string, init: RequestInit) => Promise<Response>;

let transport: Transport = (url, init) => fetch(url, init);

/**
 * Replaces how requests reach the API. The server renderer answers them in-process (no socket,
 * no visitor's cookies); the browser uses `fetch`.
 */
export function setTransport(next: Transport): void {
  transport = next;
}

/** Parameters every request carries (spec §7). */
export function commonParams(token: string | null = getAccessToken(), timezone: string = browserTimezone()): Record<string, string> {
  const params: Record<string, string> = {
    platform: currentPlatform(),
    language: apiLanguage(currentLanguage()),
    appversion: PRODUCT_VERSION,
    timezone,
  };
  if (token) params.access_token = token;
  return params;
}

function buildUrl(path: string, query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

interface Envelope {
  code: number;
  message: string;
  data: unknown;
}

const isEnvelope = (value: unknown): value is Envelope =>
  typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';

/** What goes on the wire for one attempt: built anew for each token. */
interface Outgoing {
  url: string;
  headers: Record<string, string>;
  body?: BodyInit;
}

/** A JSON call: common parameters in the GET query, or merged into the JSON body otherwise. */
function jsonRequest(method: HttpMethod, path: string, options: RequestOptions, token: string | null): Outgoing {
  const common = commonParams(token, options.timezone);
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  if (method === 'GET') return { url: buildUrl(path, { ...options.query, ...common }), headers };
  headers['Content-Type'] = 'application/json';
  return { url: buildUrl(path, { ...options.query }), headers, body: JSON.stringify({ ...options.body, ...common }) };
}

/**
 * A multipart call. The server reads common parameters from the query or a JSON body only, so
 * they all go in the query; the browser sets Content-Type with the multipart boundary.
 */
function multipartRequest(path: string, formData: FormData, options: RequestOptions, token: string | null): Outgoing {
  return { url: buildUrl(path, { ...options.query, ...commonParams(token, options.timezone) }), headers: { Accept: 'application/json' }, body: formData };
}

/** One HTTP round trip: timeout, caller's abort, envelope decoding; no refresh logic. */
async function send<T>(method: HttpMethod, path: string, options: RequestOptions, { url, headers, body }: Outgoing): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timeoutMs = options.direct ? DIRECT_CALL_TIMEOUT_MS : API_TIMEOUT_MS;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) onCallerAbort();
  else options.signal?.addEventListener('abort', onCallerAbort, { once: true });

  let response: Response;
  let text: string;
  try {
    response = await transport(url, { method, headers, body, credentials: 'include', signal: controller.signal });
    text = await response.text();
  } catch (error) {
    if (timedOut) throw new ApiError('timeout', null, `Request timed out after ${timeoutMs / 1000} s: ${method} ${path}`);
    // The caller cancelled (e.g. TanStack Query on unmount): let its own abort error through.
    if (options.signal?.aborted) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new ApiError('network', null, `Network error: ${method} ${path}: ${reason}`);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }

  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!isEnvelope(parsed)) {
    if (!response.ok) {
      const statusText = response.statusText ? ` ${response.statusText}` : '';
      throw new ApiError('http', null, `HTTP ${response.status}${statusText}: ${method} ${path}`, response.status);
    }
    throw new ApiError('parse', null, `Unreadable response from ${method} ${path}`, response.status);
  }
  if (parsed.code !== ErrorCode.OK) {
    throw new ApiError('business', parsed.code, parsed.message, response.status, parsed.data);
  }
  return parsed.data as T;
}

let refreshInFlight: Promise<string> | null = null;

async function refreshTokens(): Promise<string> {
  const refreshToken = getRefreshToken();
  try {
    if (!refreshToken) throw new ApiError('business', ErrorCode.NOT_LOGGED_IN, 'No refresh token');
    const { method, path } = routes.refreshToken;
    const options: RequestOptions = { body: { refresh_token: refreshToken } };
    const result = await send<DataOf<'refreshToken'>>(method, path, options, jsonRequest(method, path, options, null));
    storeLoginResult(result);
    return result.user_access_token;
  } catch (error) {
    clearLogin();
    redirectToLogin();
    throw isApiError(error) && error.code === ErrorCode.NOT_LOGGED_IN
      ? error
      : new ApiError('business', ErrorCode.NOT_LOGGED_IN, error instanceof Error ? error.message : String(error));
  }
}

/**
 * A fresh access token after `staleToken` was refused. Concurrent callers share one refresh; a
 * caller whose token was already replaced gets the current one without refreshing again.
 */
function freshToken(staleToken: string): Promise<string> {
  const current = getAccessToken();
  if (!refreshInFlight) {
    // The login was cleared by a refresh that already failed: no second refresh or redirect.
    if (!current) return Promise.reject(new ApiError('business', ErrorCode.NOT_LOGGED_IN, 'Not logged in'));
    if (current !== staleToken) return Promise.resolve(current);
  }
  refreshInFlight ??= refreshTokens().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/**
 * Runs `attempt` with the current token. On 200203 with a login present, refreshes the token once
 * (shared by concurrent calls) and replays it; when the refresh fails the login is cleared and the
 * browser goes to the login page.
 */
async function withRefresh<T>(options: RequestOptions, attempt: (token: string | null) => Promise<T>): Promise<T> {
  const token = getAccessToken();
  try {
    return await attempt(token);
  } catch (error) {
    const expired = isApiError(error) && error.kind === 'business' && error.code === ErrorCode.NOT_LOGGED_IN;
    // Without any login there is nothing to refresh: the caller shows "please log in" (spec §8).
    if (!expired || options.auth === 'none' || !token) throw error;
    return attempt(await freshToken(token));
  }
}

/** Calls the API and returns `data`. Throws ApiError for every failure; refreshes on 200203. */
export function apiRequest<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  return withRefresh(options, (token) => send<T>(method, path, options, jsonRequest(method, path, options, token)));
}

/**
 * POSTs `formData` as multipart/form-data and returns `data`; same timeout, errors and 200203
 * refresh/replay as `apiRequest` (the same FormData is sent again on replay).
 */
export function apiUpload<T>(path: string, formData: FormData, options: Omit<RequestOptions, 'body'> = {}): Promise<T> {
  return withRefresh(options, (token) => send<T>('POST', path, options, multipartRequest(path, formData, options, token)));
}

/** For calls whose answer is yes/no: code 10001 "returns false" (spec §8). */
export async function apiCheck(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<boolean> {
  try {
    await apiRequest<unknown>(method, path, options);
    return true;
  } catch (error) {
    if (isApiError(error) && error.code === ErrorCode.FALSE) return false;
    throw error;
  }
}

/** Keys that must be given: those the type does not allow to be left out. */
type Required_<T> = Partial<T> extends T ? false : true;

/**
 * What a call by route name takes, typed from the contract: `params` for the path's placeholders
 * (exactly those), `query` and `body` as the route's request schemas accept them (the common
 * parameters are added by the client), and the transport options.
 */
export type CallOptions<N extends RouteName> = Omit<RequestOptions, 'query' | 'body'> &
  ([keyof PathParams<N>] extends [never] ? { params?: never } : { params: PathParams<N> }) &
  (QueryOf<N> extends Record<string, never> ? { query?: never } : Required_<QueryOf<N>> extends true ? { query: QueryOf<N> } : { query?: QueryOf<N> }) &
  ([BodyOf<N>] extends [never] ? { body?: never } : Required_<BodyOf<N>> extends true ? { body: BodyOf<N> } : { body?: BodyOf<N> });

/** The options argument may be left out when the route needs none of its parts. */
export type CallArgs<N extends RouteName> = Partial<CallOptions<N>> extends CallOptions<N> ? [options?: CallOptions<N>] : [options: CallOptions<N>];

/** Method and filled-in path of a route, with the request options of a call. */
function resolve<N extends RouteName>(name: N, options: CallOptions<N> | undefined): [HttpMethod, string, RequestOptions] {
  const { params, query, body, ...rest } = (options ?? {}) as CallOptions<N> & { params?: Record<string, string | number>; query?: RequestOptions['query']; body?: RequestOptions['body'] };
  const route = routes[name];
  return [route.method, fillPath(name, route.path, params), { ...rest, query, body }];
}

/**
 * Calls a contract route by name: `call('courseDetail', { params: { id } })`. Method and path come
 * from the route table; parameters and the answer's type from the contract's schemas.
 */
export function call<N extends RouteName>(name: N, ...[options]: CallArgs<N>): Promise<DataOf<N>> {
  const [method, path, request] = resolve(name, options);
  return apiRequest<DataOf<N>>(method, path, request);
}

/** A yes/no call by route name: code 10001 "returns false" (spec §8). */
export function check<N extends RouteName>(name: N, ...[options]: CallArgs<N>): Promise<boolean> {
  const [method, path, request] = resolve(name, options);
  return apiCheck(method, path, request);
}

/** A multipart upload to a contract route by name (see `apiUpload`). */
export function upload<N extends RouteName>(name: N, formData: FormData, ...[options]: CallArgs<N>): Promise<DataOf<N>> {
  const [, path, request] = resolve(name, options);
  return apiUpload<DataOf<N>>(path, formData, request);
}

/**
 * The API by route name: features never write a path or a method. (`apiRequest`/`apiUpload` are
 * the path-level transport under it, which the operator console's data provider builds on.)
 */
export const api = { call, check, upload };

/** For tests: forget a refresh left in flight by a previous case. */
export function resetApiClientForTests(): void {
  refreshInFlight = null;
}
