import type { HttpError } from '@refinedev/core';
import { ErrorCode } from '@medportal/contract/codes';
import { routes } from '@medportal/contract/routes';
import { apiRequest, apiUpload, commonParams, isApiError, type HttpMethod, type RequestOptions } from '../../shared/api-client';
import { clearLogin, getRefreshToken, storeLoginResult } from '../../shared/session';
import type { LoginResult } from '@medportal/contract';

/**
 * The console's calls to `/v1/admin/...` (decision record 0063): the web app's client (common
 * parameters, envelope, timeouts) without its public-site habits. A refused token (200203) is
 * refreshed once here and the call replayed; when that fails the login is cleared and the error
 * reaches refine as a 401, whose auth provider sends the operator to the console's login page
 * (the public client would send them to the public site's).
 */

/** refine's error shape, with the server's envelope code when there was one. */
export interface ConsoleHttpError extends HttpError {
  code: number | null;
}

/** An envelope code or transport failure as refine's HttpError, keeping the server's message. */
export function toHttpError(error: unknown): ConsoleHttpError {
  if (isApiError(error)) {
    const statusCode =
      error.code === ErrorCode.NOT_LOGGED_IN ? 401 : error.code === ErrorCode.FORBIDDEN ? 403 : (error.status ?? (error.kind === 'business' ? 400 : 0));
    return { message: error.message, statusCode: statusCode >= 400 || statusCode === 0 ? statusCode : 400, code: error.code, errors: undefined };
  }
  if (error instanceof Error) return { message: error.message, statusCode: 0, code: null };
  return { message: String(error), statusCode: 0, code: null };
}

export const isHttpError = (value: unknown): value is ConsoleHttpError =>
  typeof value === 'object' && value !== null && typeof (value as { statusCode?: unknown }).statusCode === 'number' && 'message' in value;

let refreshing: Promise<boolean> | null = null;

/** Rotates the token pair once for every caller waiting; false when the login is gone. */
function refreshOnce(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = getRefreshToken();
    if (!refreshToken) return false;
    try {
      const res = await fetch(routes.refreshToken.path, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken, ...commonParams(null) }),
      });
      const envelope = (await res.json()) as { code: number; data: LoginResult };
      if (envelope.code !== ErrorCode.OK) return false;
      storeLoginResult(envelope.data);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

const expired = (error: unknown) => isApiError(error) && error.kind === 'business' && error.code === ErrorCode.NOT_LOGGED_IN;

async function withConsoleRefresh<T>(call: () => Promise<T>): Promise<T> {
  try {
    try {
      return await call();
    } catch (error) {
      if (!expired(error)) throw error;
      if (!(await refreshOnce())) {
        clearLogin();
        throw error;
      }
      return await call();
    }
  } catch (error) {
    throw toHttpError(error);
  }
}

/** One console call: `data` of the envelope, or a ConsoleHttpError. */
export function consoleRequest<T>(method: HttpMethod, path: string, options: Omit<RequestOptions, 'auth'> = {}): Promise<T> {
  return withConsoleRefresh(() => apiRequest<T>(method, path, { ...options, auth: 'none' }));
}

/** A multipart upload (images): same refresh and errors. */
export function consoleUpload<T>(path: string, form: FormData): Promise<T> {
  return withConsoleRefresh(() => apiUpload<T>(path, form, { auth: 'none' }));
}

/** For tests: forget a refresh left in flight. */
export function resetConsoleHttpForTests(): void {
  refreshing = null;
}
