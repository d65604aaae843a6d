import { redirect, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../config/paths';
import { call } from './api-client';
import {
  getSessionState,
  isLoggedIn,
  markSessionChecked,
  refreshSessionState,
  sessionChecked,
  storeLoginResult,
  type SessionState,
} from './session';

/**
 * What needs the server to know the session: the one server session check and the route guard
 * built on it. Apart from session.ts because the API client reads the session store (no cycle).
 */

let pendingCheck: Promise<SessionState> | null = null;

/**
 * Resolves the session: immediate when a token is present; otherwise asks the server session
 * check once. Any failure or non-zero code counts as anonymous.
 */
export function ensureSession(): Promise<SessionState> {
  if (isLoggedIn()) {
    refreshSessionState();
    return Promise.resolve(getSessionState());
  }
  if (sessionChecked()) return Promise.resolve(getSessionState());
  pendingCheck ??= call('sessionCheck', { auth: 'none' })
    .then((data) => {
      if (data && typeof data.user_access_token === 'string' && data.user_access_token) {
        // A new token family for the session cookie comes with its refresh token and user info.
        storeLoginResult({
          user_access_token: data.user_access_token,
          platform: data.platform,
          ...(typeof data.user_refresh_token === 'string' && data.user_refresh_token ? { user_refresh_token: data.user_refresh_token } : {}),
          ...(data.user_info && typeof data.user_info === 'object' ? { user_info: data.user_info } : {}),
        });
      }
    })
    .catch(() => undefined)
    .then(() => {
      pendingCheck = null;
      markSessionChecked();
      return getSessionState();
    });
  return pendingCheck;
}

/** Absolute URL of a loader request, with the hash kept when it is the page being loaded. */
function fullUrlOf(request: Request): string {
  const requested = new URL(request.url);
  const url = new URL(`${requested.pathname}${requested.search}`, window.location.origin);
  const here = new URL(window.location.href);
  url.hash = url.pathname === here.pathname && url.search === here.search ? here.hash : requested.hash;
  return url.href;
}

/**
 * Route loader guard: an anonymous visitor goes to `/login?callback=<full original URL>`
 * (spec §2 "Other behaviours").
 */
export async function requireLogin({ request }: Pick<LoaderFunctionArgs, 'request'>): Promise<null> {
  const session = await ensureSession();
  if (session.status !== 'authenticated') throw redirect(paths.login.getHref(fullUrlOf(request)));
  return null;
}

