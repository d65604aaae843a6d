import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { StorageKey } from '@medportal/contract/constants';
import { setupI18n } from '../testing/i18n';
import { ApiError, api, apiCheck, apiRequest, apiUpload, resetApiClientForTests, type RequestOptions } from './api-client';
import { routes } from '@medportal/contract/routes';
import { browserNavigation } from './env';
import { errorText } from './errors';
import { i18n } from './i18n';
import { resetSessionForTests } from './session';

interface Call {
  url: URL;
  method: string;
  body: Record<string, unknown> | null;
  credentials: RequestCredentials | undefined;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown) => json({ code: 0, message: 'ok', data });
const expired = () => json({ code: 200203, message: '请登录后操作', data: null });

/** A fetch double: `handler` answers each call; every call is recorded. */
function mockFetch(handler: (call: Call, init: RequestInit) => Promise<Response> | Response) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: Call = {
      url: new URL(String(input), window.location.origin),
      method: init.method ?? 'GET',
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null,
      credentials: init.credentials,
    };
    calls.push(call);
    return handler(call, init);
  });
  vi.stubGlobal('fetch', fn);
  return { calls, fn };
}

const tokenOf = (call: Call) => call.url.searchParams.get('access_token') ?? call.body?.access_token;

/** Path-level calls (the transport under `api.call`), as the operator console makes them. */
const raw = {
  get: <T,>(path: string, query?: RequestOptions['query'], options?: Omit<RequestOptions, 'query'>) => apiRequest<T>('GET', path, { ...options, query }),
  post: <T,>(path: string, body?: RequestOptions['body']) => apiRequest<T>('POST', path, { body }),
};

beforeAll(async () => {
  await setupI18n('zh');
});

beforeEach(() => {
  resetApiClientForTests();
  resetSessionForTests();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('common parameters', () => {
  it('puts access_token, platform, language, appversion and timezone in the GET query, with cookies', async () => {
    localStorage.setItem(StorageKey.ACCESS_TOKEN, 'tok-1');
    const { calls } = mockFetch(() => ok({ blocks: [] }));
    await raw.get('/v1/pc_index', { page: 2, ids: [1, 2], skip: undefined });
    const q = calls[0]!.url.searchParams;
    expect(calls[0]!.url.pathname).toBe('/v1/pc_index');
    expect(q.get('access_token')).toBe('tok-1');
    expect(q.get('platform')).toBe('web');
    expect(q.get('language')).toBe('zh_CN');
    expect(q.get('appversion')).toBe('5.5.0');
    expect(q.get('timezone')).toMatch(/^[+-]\d{2}:\d{2}$/);
    expect(q.get('page')).toBe('2');
    expect(q.getAll('ids')).toEqual(['1', '2']);
    expect(q.has('skip')).toBe(false);
    expect(calls[0]!.credentials).toBe('include');
  });

  it('sends a JSON body with the common parameters for other methods', async () => {
    const { calls } = mockFetch(() => ok(null));
    await raw.post('/v1/user/contact_form', { name: 'A' });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url.search).toBe('');
    expect(calls[0]!.body).toMatchObject({ name: 'A', platform: 'web', language: 'zh_CN', appversion: '5.5.0' });
    expect(calls[0]!.body).not.toHaveProperty('access_token');
  });

  it('says platform wechat inside WeChat and language en in English', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 MicroMessenger/8.0');
    await i18n.changeLanguage('en');
    try {
      const { calls } = mockFetch(() => ok(null));
      await raw.get('/v1/relate_site');
      expect(calls[0]!.url.searchParams.get('platform')).toBe('wechat');
      expect(calls[0]!.url.searchParams.get('language')).toBe('en');
    } finally {
      await i18n.changeLanguage('zh');
    }
  });
});

describe('calls by route name', () => {
  it("takes the method and path from the contract's route table, filling and encoding its placeholders", async () => {
    const { calls } = mockFetch(() => ok({ id: 7 }));
    await api.call('courseAppraisals', { params: { id: 'a/b' }, query: { page: 2, page_size: 10 } });
    expect(calls[0]!.method).toBe(routes.courseAppraisals.method);
    expect(calls[0]!.url.pathname).toBe('/v1/user/course/a%2Fb/appraise');
    expect(calls[0]!.url.searchParams.get('page')).toBe('2');
    expect(calls[0]!.url.searchParams.get('platform')).toBe('web');
  });

  it('sends the body of a writing route as JSON with the common parameters, and answers its data', async () => {
    const { calls } = mockFetch(() => ok({ is_favorite: true }));
    const result = await api.call('favoriteSet', { body: { module_name: 'course', module_id: 3, status: 1 } });
    expect(result).toEqual({ is_favorite: true });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url.pathname).toBe(routes.favoriteSet.path);
    expect(calls[0]!.body).toMatchObject({ module_name: 'course', module_id: 3, status: 1, platform: 'web' });
  });

  it('answers false for code 10001 on a yes/no route', async () => {
    mockFetch(() => json({ code: 10001, message: 'no', data: null }));
    await expect(api.check('hasPayPassword')).resolves.toBe(false);
  });
});

describe('envelope', () => {
  it('returns data for code 0', async () => {
    mockFetch(() => ok({ items: [1] }));
    await expect(raw.get('/v1/relate_site')).resolves.toEqual({ items: [1] });
  });

  it('throws a typed ApiError for a non-zero code', async () => {
    mockFetch(() => json({ code: 40004, message: 'not found', data: null }));
    const error = await raw.get('/v1/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'business', code: 40004, message: 'not found' });
    expect(errorText(error)).toBe('内容不存在或已下线');
  });

  it('maps 10001 to false where the caller asks for a boolean', async () => {
    mockFetch(() => json({ code: 10001, message: 'no', data: null }));
    await expect(apiCheck('GET', '/v1/user/pay/has_pay_password')).resolves.toBe(false);
    mockFetch(() => ok(null));
    await expect(apiCheck('GET', '/v1/user/pay/has_pay_password')).resolves.toBe(true);
  });

  it('turns a non-JSON 5xx into a readable http error', async () => {
    mockFetch(() => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const error = await raw.get('/v1/pc_index').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'http', status: 502, code: null });
    expect((error as Error).message).toBe('HTTP 502 Bad Gateway: GET /v1/pc_index');
    expect(errorText(error)).toBe('服务器返回错误（502），请稍后再试');
  });

  it('reads an envelope sent with a 4xx status as a business error', async () => {
    mockFetch(() => json({ code: 40004, message: 'Not found', data: null }, 404));
    await expect(raw.get('/v1/nope')).rejects.toMatchObject({ kind: 'business', code: 40004, status: 404 });
  });

  it('reports a 200 answer that is not an envelope as unreadable', async () => {
    mockFetch(() => new Response('hello', { status: 200 }));
    await expect(raw.get('/v1/x')).rejects.toMatchObject({ kind: 'parse' });
  });

  it('reports a network failure', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await raw.get('/v1/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'network' });
    expect(errorText(error)).toBe('网络连接失败，请检查网络后重试');
  });
});

describe('timeouts', () => {
  const hang = (_call: Call, init: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });

  it('aborts after 30 s with a timeout error', async () => {
    vi.useFakeTimers();
    mockFetch(hang);
    const pending = raw.get('/v1/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(29_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(errorText(error)).toBe('请求超时，请稍后再试');
  });

  it('gives direct calls 20 s', async () => {
    vi.useFakeTimers();
    mockFetch(hang);
    const pending = apiRequest('GET', '/v1/slow', { direct: true }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(20_000);
    await expect(pending).resolves.toMatchObject({ kind: 'timeout' });
  });

  it("lets the caller's own abort through unchanged", async () => {
    mockFetch(hang);
    const controller = new AbortController();
    const pending = raw.get('/v1/slow', undefined, { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = await pending;
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('session expiry (200203)', () => {
  it('refreshes once for several simultaneous failures and replays them all with the new token', async () => {
    localStorage.setItem(StorageKey.ACCESS_TOKEN, 'old');
    localStorage.setItem(StorageKey.REFRESH_TOKEN, 'refresh-1');
    let releaseRefresh!: () => void;
    const refreshGate = new Promise<void>((r) => (releaseRefresh = r));
    const { calls } = mockFetch(async (call) => {
      if (call.url.pathname === '/v1/user/refresh/token') {
        await refreshGate;
        return ok({
          user_access_token: 'new',
          user_refresh_token: 'refresh-2',
          user_info: { avatar_url: '', nickname: 'Dr Li' },
          platform: 'web',
        });
      }
      return tokenOf(call) === 'new' ? ok({ path: call.url.pathname }) : expired();
    });

    const results = Promise.all([raw.get('/v1/a'), raw.get('/v1/b'), raw.post('/v1/c', { x: 1 })]);
    await vi.waitFor(() => expect(calls.filter((c) => c.url.pathname === '/v1/user/refresh/token')).toHaveLength(1));
    releaseRefresh();
    await expect(results).resolves.toEqual([{ path: '/v1/a' }, { path: '/v1/b' }, { path: '/v1/c' }]);

    const refreshes = calls.filter((c) => c.url.pathname === '/v1/user/refresh/token');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]!.method).toBe('POST');
    expect(refreshes[0]!.body).toMatchObject({ refresh_token: 'refresh-1', platform: 'web', language: 'zh_CN' });
    const replays = calls.filter((c) => c.url.pathname !== '/v1/user/refresh/token' && tokenOf(c) === 'new');
    expect(replays.map((c) => c.url.pathname).sort()).toEqual(['/v1/a', '/v1/b', '/v1/c']);
    expect(localStorage.getItem(StorageKey.ACCESS_TOKEN)).toBe('new');
    expect(localStorage.getItem(StorageKey.REFRESH_TOKEN)).toBe('refresh-2');
  });

  it('does not refresh again for a late failure of a request sent with the old token', async () => {
    localStorage.setItem(StorageKey.ACCESS_TOKEN, 'old');
    localStorage.setItem(StorageKey.REFRESH_TOKEN, 'r');
    const { calls } = mockFetch((call) => {
      if (call.url.pathname === '/v1/user/refresh/token') {
        return ok({ user_access_token: 'new', user_refresh_token: 'r2', user_info: { avatar_url: '', nickname: '' }, platform: 'web' });
      }
      return tokenOf(call) === 'new' ? ok('done') : expired();
    });
    await raw.get('/v1/first');
    // Simulate a request that was sent with the old token but fails after the refresh finished.
    localStorage.setItem(StorageKey.ACCESS_TOKEN, 'new');
    await expect(raw.get('/v1/second')).resolves.toBe('done');
    expect(calls.filter((c) => c.url.pathname === '/v1/user/refresh/token')).toHaveLength(1);
  });

  it('clears the login and goes to /login with the full current URL when the refresh fails', async () => {
    window.history.replaceState(null, '', '/course/12?tab=2#chapters');
    localStorage.setItem(StorageKey.ACCESS_TOKEN, 'old');
    localStorage.setItem(StorageKey.REFRESH_TOKEN, 'bad');
    localStorage.setItem(StorageKey.USER_INFO, JSON.stringify({ avatar_url: '', nickname: 'x' }));
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const { calls } = mockFetch((call) =>
      call.url.pathname === '/v1/user/refresh/token' ? json({ code: 200203, message: 'expired', data: null }) : expired(),
    );

    const outcomes = await Promise.allSettled([raw.get('/v1/a'), raw.get('/v1/b')]);
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    expect(outcomes[0]).toMatchObject({ reason: { code: 200203 } });
    expect(calls.filter((c) => c.url.pathname === '/v1/user/refresh/token')).toHaveLength(1);
    expect(localStorage.getItem(StorageKey.ACCESS_TOKEN)).toBeNull();
    expect(localStorage.getItem(StorageKey.REFRESH_TOKEN)).toBeNull();
    expect(localStorage.getItem(StorageKey.USER_INFO)).toBeNull();
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith(`/login?callback=${encodeURIComponent(`${window.location.origin}/course/12?tab=2#chapters`)}`);
    window.history.replaceState(null, '', '/');
  });

  it('clears the login and redirects when there is no refresh token', async () => {
    localStorage.setItem(StorageKey.ACCESS_TOKEN, 'old');
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const { calls } = mockFetch(() => expired());
    await expect(raw.get('/v1/user/wallet/info')).rejects.toMatchObject({ code: 200203 });
    expect(calls).toHaveLength(1);
    expect(localStorage.getItem(StorageKey.ACCESS_TOKEN)).toBeNull();
    expect(assign).toHaveBeenCalledWith(expect.stringMatching(/^\/login\?callback=http/));
  });

  it('lets an anonymous caller show "please log in" without refreshing or redirecting', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const { calls } = mockFetch(() => expired());
    const error = await raw.get('/v1/user/wallet/info').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 200203 });
    expect(errorText(error)).toBe('请登录后操作');
    expect(calls).toHaveLength(1);
    expect(assign).not.toHaveBeenCalled();
  });

  it('never refreshes for calls made with auth "none"', async () => {
    localStorage.setItem(StorageKey.ACCESS_TOKEN, 'old');
    localStorage.setItem(StorageKey.REFRESH_TOKEN, 'r');
    const { calls } = mockFetch(() => expired());
    await expect(apiRequest('GET', '/v1/user/session', { auth: 'none' })).rejects.toMatchObject({ code: 200203 });
    expect(calls).toHaveLength(1);
    expect(localStorage.getItem(StorageKey.ACCESS_TOKEN)).toBe('old');
  });
});

describe('multipart upload', () => {
  it('sends the FormData untouched, with every common parameter in the query and no JSON content type', async () => {
    localStorage.setItem(StorageKey.ACCESS_TOKEN, 'tok-1');
    const { calls, fn } = mockFetch(() => ok({ url: '/uploads/202501/a.png', width: 1, height: 1 }));
    const form = new FormData();
    form.append('file', new File(['x'], 'a.png', { type: 'image/png' }));
    await expect(apiUpload('/v1/user/img', form)).resolves.toMatchObject({ url: '/uploads/202501/a.png' });
    const init = fn.mock.calls[0]![1]!;
    expect(calls[0]!.method).toBe('POST');
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).has('Content-Type')).toBe(false);
    expect(init.credentials).toBe('include');
    const q = calls[0]!.url.searchParams;
    expect(q.get('access_token')).toBe('tok-1');
    expect(q.get('platform')).toBe('web');
    expect(q.get('language')).toBe('zh_CN');
    expect(q.get('appversion')).toBe('5.5.0');
  });

  it('shares the refresh with JSON calls on 200203 and replays the upload with the new token', async () => {
    localStorage.setItem(StorageKey.ACCESS_TOKEN, 'old');
    localStorage.setItem(StorageKey.REFRESH_TOKEN, 'r');
    const { calls } = mockFetch((call) => {
      if (call.url.pathname === '/v1/user/refresh/token') {
        return ok({ user_access_token: 'new', user_refresh_token: 'r2', user_info: { avatar_url: '', nickname: '' }, platform: 'web' });
      }
      return tokenOf(call) === 'new' ? ok({ path: call.url.pathname }) : expired();
    });
    const form = new FormData();
    form.append('file', new File(['x'], 'a.png', { type: 'image/png' }));
    await expect(Promise.all([apiUpload('/v1/user/img', form), raw.get('/v1/a')])).resolves.toEqual([{ path: '/v1/user/img' }, { path: '/v1/a' }]);
    expect(calls.filter((c) => c.url.pathname === '/v1/user/refresh/token')).toHaveLength(1);
    expect(calls.filter((c) => c.url.pathname === '/v1/user/img').map(tokenOf)).toEqual(['old', 'new']);
  });
});
