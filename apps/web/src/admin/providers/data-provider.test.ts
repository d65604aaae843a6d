import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { StorageKey } from '@medportal/contract/constants';
import { setupI18n } from '../../testing/i18n';
import { resetApiClientForTests } from '../../shared/api-client';
import { getAccessToken, resetSessionForTests } from '../../shared/session';
import { dataProvider, listQuery } from './data-provider';
import { resetConsoleHttpForTests } from './http';

interface Call {
  url: URL;
  method: string;
  body: Record<string, unknown> | null;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown) => json({ code: 0, message: 'ok', data });

function mockFetch(handler: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const call: Call = {
        url: new URL(String(input), window.location.origin),
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null,
      };
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}

beforeAll(async () => {
  await setupI18n('en');
});

beforeEach(() => {
  resetApiClientForTests();
  resetConsoleHttpForTests();
  window.localStorage.setItem(StorageKey.ACCESS_TOKEN, 'tok-1');
  window.localStorage.setItem(StorageKey.REFRESH_TOKEN, 'ref-1');
  resetSessionForTests();
});

describe('the console data provider', () => {
  it('asks a list with AdminListQuery parameters and its filters, and reads { items, total }', async () => {
    const calls = mockFetch(() => ok({ items: [{ id: 3 }, { id: 2 }], page: 2, page_size: 10, total: 12, has_more: false }));
    const res = await dataProvider.getList({
      resource: 'orders',
      pagination: { currentPage: 2, pageSize: 10 },
      sorters: [{ field: 'created_at', order: 'asc' }],
      filters: [
        { field: 'q', operator: 'eq', value: 'abc' },
        { field: 'status', operator: 'eq', value: 'paid' },
        { field: 'user_id', operator: 'eq', value: undefined },
        { field: 'state', operator: 'eq', value: '' },
      ],
    });
    expect(res).toEqual({ data: [{ id: 3 }, { id: 2 }], total: 12 });
    const [call] = calls;
    expect(call?.method).toBe('GET');
    expect(call?.url.pathname).toBe('/v1/admin/orders');
    const p = call!.url.searchParams;
    expect([p.get('page'), p.get('page_size'), p.get('sort'), p.get('order'), p.get('q'), p.get('status')]).toEqual(['2', '10', 'created_at', 'asc', 'abc', 'paid']);
    expect(p.has('user_id')).toBe(false);
    expect(p.has('state')).toBe(false);
    // The common parameters ride along, with the token.
    expect(p.get('access_token')).toBe('tok-1');
    expect(p.get('language')).toBe('en');
  });

  it('counts a list without pages, and takes meta.apiPath over the resource name', async () => {
    const calls = mockFetch(() => ok({ items: [{ id: 1 }, { id: 2 }, { id: 3 }] }));
    const res = await dataProvider.getList({ resource: 'campaigns', pagination: { mode: 'off' }, meta: { apiPath: '/v1/admin/coupon_campaigns' } });
    expect(res.total).toBe(3);
    expect(calls[0]?.url.pathname).toBe('/v1/admin/coupon_campaigns');
    expect(calls[0]?.url.searchParams.has('page')).toBe(false);
  });

  it('turns a between filter into _from/_to and dates into instants', () => {
    const from = new Date('2026-11-01T00:00:00Z');
    expect(listQuery({ mode: 'off' }, [], [{ field: 'created', operator: 'between', value: [from, null] }])).toEqual({ created_from: '2026-11-01T00:00:00.000Z' });
  });

  it('reads, creates and edits one record at its own path', async () => {
    const calls = mockFetch((c) => ok({ id: 7, method: c.method }));
    await dataProvider.getOne({ resource: 'news', id: 7 });
    await dataProvider.create({ resource: 'news', variables: { title_zh: '标题' } });
    await dataProvider.update({ resource: 'news', id: 7, variables: { title_zh: '新', updated_at: '2026-11-28T00:00:00Z' } });
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['GET /v1/admin/news/7', 'POST /v1/admin/news', 'PUT /v1/admin/news/7']);
    expect(calls[2]?.body).toMatchObject({ title_zh: '新', updated_at: '2026-11-28T00:00:00Z' });
  });

  it("gives refine the server's message and code as an HttpError", async () => {
    mockFetch(() => json({ code: 40780, message: 'The last administrator cannot lose the role', data: null }, 409));
    await expect(dataProvider.custom!({ url: '/v1/admin/users/1/roles', method: 'put', payload: { roles: [] } })).rejects.toEqual({
      message: 'The last administrator cannot lose the role',
      statusCode: 409,
      code: 40780,
      errors: undefined,
    });
  });

  it('refreshes a refused token once and replays the call', async () => {
    const calls = mockFetch((c) => {
      if (c.url.pathname === '/v1/user/refresh/token') return ok({ user_access_token: 'tok-2', user_refresh_token: 'ref-2', user_info: { nickname: 'op', avatar_url: '' } });
      const token = c.url.searchParams.get('access_token');
      return token === 'tok-2' ? ok({ items: [], total: 0 }) : json({ code: 200203, message: 'Please log in', data: null }, 401);
    });
    await expect(dataProvider.getList({ resource: 'orders' })).resolves.toEqual({ data: [], total: 0 });
    expect(calls.map((c) => c.url.pathname)).toEqual(['/v1/admin/orders', '/v1/user/refresh/token', '/v1/admin/orders']);
    expect(calls[1]?.body).toMatchObject({ refresh_token: 'ref-1' });
    expect(getAccessToken()).toBe('tok-2');
  });

  it('answers 401 (log in again) and forgets the login when the refresh is refused too', async () => {
    mockFetch((c) =>
      c.url.pathname === '/v1/user/refresh/token' ? json({ code: 200203, message: 'expired', data: null }, 401) : json({ code: 200203, message: 'Please log in', data: null }, 401),
    );
    await expect(dataProvider.getList({ resource: 'orders' })).rejects.toMatchObject({ statusCode: 401, code: 200203, message: 'Please log in' });
    expect(getAccessToken()).toBeNull();
  });
});
