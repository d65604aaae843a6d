import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { StorageKey } from '@medportal/contract/constants';
import { setupI18n } from '../testing/i18n';
import { resetApiClientForTests } from './api-client';
import { browserNavigation } from './env';
import {
  clearLogin,
  getAccessToken,
  getSessionState,
  isLoggedIn,
  requireMember,
  resetSessionForTests,
  startCrossTabSync,
  storeLoginResult,
  useSession,
} from './session';
import { ensureSession, requireLogin } from './session-guard';
import { closeConfirmLogin, confirmLoginStore } from './ui/confirm-login-store';

const envelope = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function mockFetch(answer: () => Promise<Response> | Response) {
  const fn = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fn);
  return fn;
}

const urlOf = (fn: ReturnType<typeof mockFetch>, i = 0) => new URL(String(fn.mock.calls[i]![0]), window.location.origin);

beforeAll(async () => {
  await setupI18n('zh');
});

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  resetApiClientForTests();
  resetSessionForTests();
  closeConfirmLogin();
});

afterEach(() => {
  resetSessionForTests();
});

describe('token precedence', () => {
  it('prefers the session app token, then the stored token, then the access_token query parameter', () => {
    window.history.replaceState(null, '', '/?access_token=from-query');
    expect(getAccessToken()).toBe('from-query');
    expect(isLoggedIn()).toBe(true);

    localStorage.setItem(StorageKey.ACCESS_TOKEN, 'stored');
    expect(getAccessToken()).toBe('stored');

    sessionStorage.setItem(StorageKey.APP_TOKEN, 'app');
    expect(getAccessToken()).toBe('app');
  });

  it('is anonymous with no token anywhere', () => {
    expect(getAccessToken()).toBeNull();
    expect(isLoggedIn()).toBe(false);
  });
});

describe('server session check', () => {
  it('does not ask the server when a token is present', async () => {
    localStorage.setItem(StorageKey.ACCESS_TOKEN, 'stored');
    const fetch = mockFetch(() => envelope({ code: 0, message: 'ok', data: null }));
    await expect(ensureSession()).resolves.toMatchObject({ status: 'authenticated', token: 'stored', source: 'stored' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('stores the login and platform from a session found by the server', async () => {
    const fetch = mockFetch(() => envelope({ code: 0, message: 'ok', data: { user_access_token: 'cookie-tok', platform: 'wechat' } }));
    const state = await ensureSession();
    expect(urlOf(fetch).pathname).toBe('/v1/user/session');
    expect(state).toMatchObject({ status: 'authenticated', token: 'cookie-tok' });
    expect(localStorage.getItem(StorageKey.ACCESS_TOKEN)).toBe('cookie-tok');
    expect(localStorage.getItem(StorageKey.PLATFORM)).toBe('wechat');
  });

  it('asks only once for concurrent callers', async () => {
    const fetch = mockFetch(() => envelope({ code: 40004, message: 'Not found', data: null }, 404));
    await Promise.all([ensureSession(), ensureSession(), ensureSession()]);
    await ensureSession();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('stores the refresh token and user info when the session check hands them over', async () => {
    mockFetch(() =>
      envelope({
        code: 0,
        message: 'ok',
        data: { user_access_token: 'cookie-tok', platform: 'web', user_refresh_token: 'cookie-ref', user_info: { avatar_url: '/a.svg', nickname: '王医生' } },
      }),
    );
    const state = await ensureSession();
    expect(state).toMatchObject({ status: 'authenticated', token: 'cookie-tok', userInfo: { nickname: '王医生' } });
    expect(localStorage.getItem(StorageKey.REFRESH_TOKEN)).toBe('cookie-ref');
  });

  it.each([
    ['a non-zero code', () => envelope({ code: 40004, message: 'Not found', data: null }, 404)],
    ['a non-JSON 404', () => new Response('Not Found', { status: 404 })],
    ['code 0 without a token', () => envelope({ code: 0, message: 'ok', data: {} })],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('treats %s as anonymous', async (_name, answer) => {
    mockFetch(answer);
    await expect(ensureSession()).resolves.toMatchObject({ status: 'anonymous', token: null });
    expect(localStorage.getItem(StorageKey.ACCESS_TOKEN)).toBeNull();
  });
});

describe('login result', () => {
  it('stores tokens, user info and platform, and clears them all', () => {
    storeLoginResult({
      user_access_token: 'a',
      user_refresh_token: 'r',
      user_info: { avatar_url: '/a.svg', nickname: 'Dr Wang' },
      platform: 'web',
    });
    expect(getSessionState()).toMatchObject({
      status: 'authenticated',
      token: 'a',
      userInfo: { avatar_url: '/a.svg', nickname: 'Dr Wang' },
    });
    expect(localStorage.getItem(StorageKey.REFRESH_TOKEN)).toBe('r');
    clearLogin();
    expect(getSessionState()).toMatchObject({ status: 'anonymous', token: null, userInfo: null });
    expect(localStorage.getItem(StorageKey.ACCESS_TOKEN)).toBeNull();
    expect(localStorage.getItem(StorageKey.PLATFORM)).toBeNull();
  });

  it('re-renders useSession when the login changes', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current.token).toBeNull();
    act(() => storeLoginResult({ user_access_token: 'hook-token' }));
    expect(result.current).toMatchObject({ status: 'authenticated', token: 'hook-token' });
  });
});

describe('cross-tab reload', () => {
  const fireStorage = (key: string | null, newValue: string | null) =>
    window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));

  it('reloads when another tab stores a different access token', () => {
    localStorage.setItem(StorageKey.ACCESS_TOKEN, 'mine');
    const reload = vi.spyOn(browserNavigation, 'reload').mockImplementation(() => undefined);
    const stop = startCrossTabSync();
    localStorage.setItem(StorageKey.ACCESS_TOKEN, 'theirs');
    fireStorage(StorageKey.ACCESS_TOKEN, 'theirs');
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it('reloads when another tab logs out (token removed or storage cleared)', () => {
    localStorage.setItem(StorageKey.ACCESS_TOKEN, 'mine');
    const reload = vi.spyOn(browserNavigation, 'reload').mockImplementation(() => undefined);
    const stop = startCrossTabSync();
    localStorage.clear();
    fireStorage(null, null);
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it('does not reload for other keys, for the same token, or for a token this tab wrote', () => {
    localStorage.setItem(StorageKey.ACCESS_TOKEN, 'mine');
    const reload = vi.spyOn(browserNavigation, 'reload').mockImplementation(() => undefined);
    const stop = startCrossTabSync();
    fireStorage('search_history', 'a,b');
    fireStorage(StorageKey.ACCESS_TOKEN, 'mine');
    storeLoginResult({ user_access_token: 'refreshed-here' });
    fireStorage(StorageKey.ACCESS_TOKEN, 'refreshed-here');
    expect(reload).not.toHaveBeenCalled();
    stop();
  });
});

describe('requireLogin loader', () => {
  it('redirects an anonymous visitor to /login with the full original URL, hash included', async () => {
    mockFetch(() => new Response('Not Found', { status: 404 }));
    window.history.replaceState(null, '', '/user/myinfo?tab=2&x=%E4%B8%AD#top');
    const request = new Request(`${window.location.origin}/user/myinfo?tab=2&x=%E4%B8%AD`);
    const thrown = await requireLogin({ request }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    const location = (thrown as Response).headers.get('Location');
    const callback = new URL(location!, window.location.origin).searchParams.get('callback');
    expect(location!.startsWith('/login?callback=')).toBe(true);
    expect(callback).toBe(`${window.location.origin}/user/myinfo?tab=2&x=%E4%B8%AD#top`);
  });

  it('lets a logged-in user through', async () => {
    localStorage.setItem(StorageKey.ACCESS_TOKEN, 't');
    const request = new Request(`${window.location.origin}/user/myinfo`);
    await expect(requireLogin({ request })).resolves.toBeNull();
  });
});

describe('requireMember', () => {
  it('runs the action when logged in', () => {
    localStorage.setItem(StorageKey.ACCESS_TOKEN, 't');
    const action = vi.fn();
    expect(requireMember(action)).toBe(true);
    expect(action).toHaveBeenCalled();
    expect(confirmLoginStore.get()).toBe(false);
  });

  it('opens the confirm-login dialog instead when anonymous', () => {
    const action = vi.fn();
    expect(requireMember(action)).toBe(false);
    expect(action).not.toHaveBeenCalled();
    expect(confirmLoginStore.get()).toBe(true);
  });
});
