import { useSyncExternalStore } from 'react';
import type { LoginResult, Platform, UserInfo } from '@medportal/contract';
import { StorageKey } from '@medportal/contract/constants';
import { paths } from '../config/paths';
import { browserNavigation } from './env';
import { openConfirmLogin } from './ui/confirm-login-store';

/**
 * The login session (spec §4, §6).
 *
 * Token precedence: the session app token set by the native app (sessionStorage `apptoken`),
 * then the stored access token (localStorage), then an `access_token` query parameter. With none,
 * the server is asked once whether a cookie session exists (session-guard.ts).
 */

export type SessionStatus = 'pending' | 'anonymous' | 'authenticated';
export type TokenSource = 'app' | 'stored' | 'query';

export interface SessionState {
  status: SessionStatus;
  token: string | null;
  source: TokenSource | null;
  userInfo: UserInfo | null;
}

function read(storage: 'local' | 'session', key: string): string | null {
  try {
    return (storage === 'local' ? window.localStorage : window.sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

function write(storage: 'local' | 'session', key: string, value: string | null): void {
  try {
    const s = storage === 'local' ? window.localStorage : window.sessionStorage;
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    // Storage may be unavailable (private mode); the session then lasts for this page only.
  }
}

function tokenWithSource(): { token: string; source: TokenSource } | null {
  // A server-rendered page is the anonymous visitor's page.
  if (typeof window === 'undefined') return null;
  const app = read('session', StorageKey.APP_TOKEN);
  if (app) return { token: app, source: 'app' };
  const stored = read('local', StorageKey.ACCESS_TOKEN);
  if (stored) return { token: stored, source: 'stored' };
  const fromQuery = new URLSearchParams(window.location.search).get('access_token');
  if (fromQuery) return { token: fromQuery, source: 'query' };
  return null;
}

/** The access token to send, by precedence: app token > stored token > `access_token` query param. */
export const getAccessToken = (): string | null => tokenWithSource()?.token ?? null;
export const getRefreshToken = (): string | null => read('local', StorageKey.REFRESH_TOKEN);
export const isLoggedIn = (): boolean => getAccessToken() !== null;

function readUserInfo(): UserInfo | null {
  const raw = read('local', StorageKey.USER_INFO);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<UserInfo> | null;
    return parsed && typeof parsed === 'object'
      ? { avatar_url: String(parsed.avatar_url ?? ''), nickname: String(parsed.nickname ?? '') }
      : null;
  } catch {
    return null;
  }
}

let checked = false;
let state: SessionState = computeState();
const listeners = new Set<() => void>();

function computeState(): SessionState {
  const found = tokenWithSource();
  return {
    status: found ? 'authenticated' : checked ? 'anonymous' : 'pending',
    token: found?.token ?? null,
    source: found?.source ?? null,
    userInfo: found ? readUserInfo() : null,
  };
}

function publish(): void {
  const next = computeState();
  if (
    next.status === state.status &&
    next.token === state.token &&
    next.source === state.source &&
    JSON.stringify(next.userInfo) === JSON.stringify(state.userInfo)
  ) {
    return;
  }
  state = next;
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getSessionState = (): SessionState => state;

/** What the server rendered with, so hydration starts from the same state. */
const SERVER_STATE: SessionState = { status: 'pending', token: null, source: null, userInfo: null };
const getServerState = (): SessionState => SERVER_STATE;

/** The current session, re-rendering when it changes. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSessionState, getServerState);
}

/** Token this tab started with (or last wrote itself); another tab changing it reloads us. */
let baselineToken: string | null = read('local', StorageKey.ACCESS_TOKEN);

type StoredLogin = Pick<LoginResult, 'user_access_token'> &
  Partial<Pick<LoginResult, 'user_refresh_token' | 'user_info'>> & { platform?: Platform };

/** Stores a login result (or a session-check answer): tokens, user info and platform. */
export function storeLoginResult(result: StoredLogin): void {
  write('local', StorageKey.ACCESS_TOKEN, result.user_access_token);
  if (result.user_refresh_token !== undefined) write('local', StorageKey.REFRESH_TOKEN, result.user_refresh_token);
  if (result.user_info !== undefined) write('local', StorageKey.USER_INFO, JSON.stringify(result.user_info));
  if (result.platform !== undefined) write('local', StorageKey.PLATFORM, result.platform);
  // A refreshed pair must win over a stale app token, which would otherwise take precedence.
  if (read('session', StorageKey.APP_TOKEN)) write('session', StorageKey.APP_TOKEN, result.user_access_token);
  baselineToken = result.user_access_token;
  publish();
}

/** Replaces the stored user info (nickname, avatar) after a profile change; the token stays. */
export function updateUserInfo(info: UserInfo): void {
  if (!isLoggedIn()) return;
  write('local', StorageKey.USER_INFO, JSON.stringify(info));
  publish();
}

/** Forgets the login in this browser (tokens, user info, platform, app token). */
export function clearLogin(): void {
  write('local', StorageKey.ACCESS_TOKEN, null);
  write('local', StorageKey.REFRESH_TOKEN, null);
  write('local', StorageKey.USER_INFO, null);
  write('local', StorageKey.PLATFORM, null);
  write('session', StorageKey.APP_TOKEN, null);
  baselineToken = null;
  checked = true;
  publish();
}

/** Full-page trip to the login page with the current full URL as callback. */
export function redirectToLogin(callback: string = window.location.href): void {
  browserNavigation.assign(paths.login.getHref(callback));
}

/** Whether the server session check has answered (then no token means anonymous). */
export const sessionChecked = (): boolean => checked;

/** Records the server session check's answer: without a token the state turns anonymous. */
export function markSessionChecked(): void {
  checked = true;
  publish();
}

/** Publishes the state as storage now has it (a token may have come from the app or the URL). */
export function refreshSessionState(): void {
  publish();
}

let crossTabListener: ((event: StorageEvent) => void) | null = null;

/**
 * Reloads this tab when another tab changes the stored access token (spec §2 "Other behaviours").
 * Returns a function that stops listening.
 */
export function startCrossTabSync(): () => void {
  if (crossTabListener) return stopCrossTabSync;
  baselineToken = read('local', StorageKey.ACCESS_TOKEN);
  crossTabListener = (event: StorageEvent) => {
    if (event.key !== null && event.key !== StorageKey.ACCESS_TOKEN) return;
    if (event.storageArea && event.storageArea !== window.localStorage) return;
    if (read('local', StorageKey.ACCESS_TOKEN) !== baselineToken) browserNavigation.reload();
  };
  window.addEventListener('storage', crossTabListener);
  return stopCrossTabSync;
}

function stopCrossTabSync(): void {
  if (crossTabListener) window.removeEventListener('storage', crossTabListener);
  crossTabListener = null;
}

/**
 * Runs a member action (follow etc.) when logged in; otherwise shows the confirm-login dialog
 * of spec §5 and returns false.
 */
export function requireMember(action: () => void): boolean {
  if (isLoggedIn()) {
    action();
    return true;
  }
  openConfirmLogin();
  return false;
}

/** For tests: forget module state as if the page had just loaded. */
export function resetSessionForTests(): void {
  checked = false;
  stopCrossTabSync();
  baselineToken = read('local', StorageKey.ACCESS_TOKEN);
  state = computeState();
}
