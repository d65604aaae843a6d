import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@medportal/contract/codes';
import { StorageKey } from '@medportal/contract/constants';
import { resetApiClientForTests } from '../../../shared/api-client';
import { resetSessionForTests } from '../../../shared/session';
import { fail, loginData, ok, serveApi } from '../../../testing/api-double';
import { setupI18n } from '../../../testing/i18n';
import { renderRoutes } from '../../../testing/render';
import { WECHAT_POLL_MS } from '../hooks/use-wechat-login';
import * as authRoute from './wechat-auth-page';
import * as wxRoute from './wx-auth-page';
import * as logoutRoute from './logout-page';

const QR = { ticket: 'tick-1', qr_url: 'http://localhost:3000/wx/auth?state=tick-1&sandbox=1', expires_in: 300, sandbox: true };

beforeAll(async () => {
  await setupI18n('zh');
});

beforeEach(() => {
  resetApiClientForTests();
  resetSessionForTests();
});

afterEach(() => {
  vi.useRealTimers();
  resetSessionForTests();
});

const renderAuth = (callback?: string) =>
  renderRoutes(
    [{ path: '/auth', loader: authRoute.loader, Component: authRoute.Component }],
    callback ? `/auth?callback=${encodeURIComponent(callback)}` : '/auth',
  );

describe('WeChat QR login (/auth)', () => {
  it('draws the QR, polls every 1.5 s, shows "scanned", and stores the login once confirmed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let polls = 0;
    const api = serveApi({
      'GET /v1/user/session': fail(ErrorCode.NOT_LOGGED_IN),
      'GET /v1/wechat/qrconnect': ok(QR),
      'GET /v1/user/wechat/login/info': () => {
        polls += 1;
        if (polls === 1) return ok({ status: 'waiting', login: null });
        if (polls === 2) return ok({ status: 'scanned', login: null });
        return ok({ status: 'confirmed', login: loginData() });
      },
    });
    const callback = `${window.location.origin}/live`;
    renderAuth(callback);
    fireEvent.click(await screen.findByTestId('agree-terms'));
    const qr = await screen.findByTestId('wechat-qr');
    expect(qr.getAttribute('data-qr-value')).toBe(QR.qr_url);
    await waitFor(() => expect(qr.querySelector('svg path')).not.toBeNull());
    expect(api.callsTo('GET', '/v1/wechat/qrconnect')[0]!.query.get('callback')).toBe(callback);
    expect(screen.getByRole('status').textContent).toBe('请使用微信扫一扫登录');

    await act(() => vi.advanceTimersByTimeAsync(WECHAT_POLL_MS));
    expect(api.callsTo('GET', '/v1/user/wechat/login/info')[0]!.query.get('ticket')).toBe('tick-1');
    await act(() => vi.advanceTimersByTimeAsync(WECHAT_POLL_MS));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('已扫码，请在手机上确认登录'));
    await act(() => vi.advanceTimersByTimeAsync(WECHAT_POLL_MS));

    expect((await screen.findByTestId('location')).textContent).toBe('/live');
    expect(localStorage.getItem(StorageKey.ACCESS_TOKEN)).toBe('acc-1');
    await act(() => vi.advanceTimersByTimeAsync(WECHAT_POLL_MS * 4));
    expect(polls).toBe(3);
  });

  it('stops polling when the page goes away', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = serveApi({
      'GET /v1/user/session': fail(ErrorCode.NOT_LOGGED_IN),
      'GET /v1/wechat/qrconnect': ok(QR),
      'GET /v1/user/wechat/login/info': ok({ status: 'waiting', login: null }),
    });
    const { unmount } = renderAuth();
    fireEvent.click(await screen.findByTestId('agree-terms'));
    await screen.findByTestId('wechat-qr');
    await act(() => vi.advanceTimersByTimeAsync(WECHAT_POLL_MS * 2));
    const seen = api.callsTo('GET', '/v1/user/wechat/login/info').length;
    expect(seen).toBe(2);
    unmount();
    await vi.advanceTimersByTimeAsync(WECHAT_POLL_MS * 5);
    expect(api.callsTo('GET', '/v1/user/wechat/login/info')).toHaveLength(seen);
  });

  it('offers a new QR once the ticket expired', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let tickets = 0;
    const api = serveApi({
      'GET /v1/user/session': fail(ErrorCode.NOT_LOGGED_IN),
      'GET /v1/wechat/qrconnect': () => ok({ ...QR, ticket: `tick-${++tickets}` }),
      'GET /v1/user/wechat/login/info': fail(ErrorCode.TICKET_EXPIRED),
    });
    renderAuth();
    fireEvent.click(await screen.findByTestId('agree-terms'));
    await screen.findByTestId('wechat-qr');
    await act(() => vi.advanceTimersByTimeAsync(WECHAT_POLL_MS));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('二维码已过期'));
    await user.click(screen.getByRole('button', { name: '刷新二维码' }));
    await waitFor(() => expect(screen.getByTestId('wechat-qr').getAttribute('data-ticket')).toBe('tick-2'));
    expect(api.callsTo('GET', '/v1/wechat/qrconnect')).toHaveLength(2);
  });
});

describe('/wx/auth (the phone)', () => {
  const renderWx = (search: string) => renderRoutes([{ path: '/wx/auth', loader: wxRoute.loader, Component: wxRoute.Component }], `/wx/auth${search}`);

  it('reports the scan, then confirms with the sandbox nickname', async () => {
    const user = userEvent.setup();
    const api = serveApi({ 'POST /v1/wechat/callback': ok({ status: 'scanned' }) });
    renderWx('?state=tick-1&sandbox=1');
    await waitFor(() => expect(api.callsTo('POST', '/v1/wechat/callback')).toHaveLength(1));
    expect(api.calls[0]!.body).toMatchObject({ state: 'tick-1', decision: 'scanned' });
    expect(screen.getByText('医学教育平台申请使用你的微信头像、昵称登录')).toBeTruthy();
    expect(screen.getByText('这是沙箱环境，不会连接真实的微信账号。')).toBeTruthy();
    const nickname = screen.getByLabelText('微信昵称') as HTMLInputElement;
    expect(nickname.value).toBe('微信用户');
    await user.clear(nickname);
    await user.type(nickname, '张医生');
    await user.click(screen.getByTestId('wx-confirm'));
    expect(await screen.findByText('已确认登录')).toBeTruthy();
    expect(screen.getByText('请回到电脑上继续操作')).toBeTruthy();
    expect(api.callsTo('POST', '/v1/wechat/callback')[1]!.body).toMatchObject({ state: 'tick-1', code: 'sandbox:张医生', decision: 'confirm' });
  });

  it('cancels', async () => {
    const user = userEvent.setup();
    const api = serveApi({ 'POST /v1/wechat/callback': ok({ status: 'cancelled' }) });
    renderWx('?state=tick-1&sandbox=1');
    await user.click(await screen.findByRole('button', { name: '取消' }));
    expect(await screen.findByText('已取消登录')).toBeTruthy();
    expect(api.callsTo('POST', '/v1/wechat/callback').at(-1)!.body).toMatchObject({ state: 'tick-1', decision: 'cancel' });
  });

  it("confirms WeChat's redirect (code and state) at once", async () => {
    const api = serveApi({ 'POST /v1/wechat/callback': ok({ status: 'confirmed' }) });
    renderWx('?state=tick-9&code=wx-code-1');
    expect(await screen.findByText('已确认登录')).toBeTruthy();
    expect(api.callsTo('POST', '/v1/wechat/callback')).toHaveLength(1);
    expect(api.calls[0]!.body).toMatchObject({ state: 'tick-9', code: 'wx-code-1', decision: 'confirm' });
  });

  it('says an expired ticket could not be confirmed', async () => {
    serveApi({ 'POST /v1/wechat/callback': fail(ErrorCode.TICKET_EXPIRED) });
    renderWx('?state=old&code=c');
    expect(await screen.findByText('二维码已过期，请刷新')).toBeTruthy();
    expect(screen.getByText('登录确认失败')).toBeTruthy();
  });
});

describe('/logout', () => {
  it('revokes the session, forgets it here and goes home', async () => {
    localStorage.setItem(StorageKey.ACCESS_TOKEN, 'tok');
    localStorage.setItem(StorageKey.REFRESH_TOKEN, 'ref');
    localStorage.setItem(StorageKey.USER_INFO, JSON.stringify({ nickname: 'x', avatar_url: '' }));
    resetSessionForTests();
    const api = serveApi({ 'GET /v1/user/logout': ok(null) });
    const { router } = renderRoutes([{ path: '/logout', loader: logoutRoute.loader, Component: logoutRoute.Component }], '/logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('GET', '/v1/user/logout')[0]!.query.get('access_token')).toBe('tok');
    expect(localStorage.getItem(StorageKey.ACCESS_TOKEN)).toBeNull();
    expect(localStorage.getItem(StorageKey.REFRESH_TOKEN)).toBeNull();
    expect(localStorage.getItem(StorageKey.USER_INFO)).toBeNull();
  });

  it('still logs out here when the server call fails, and honours a same-origin callback', async () => {
    localStorage.setItem(StorageKey.ACCESS_TOKEN, 'tok');
    resetSessionForTests();
    serveApi({});
    const { router } = renderRoutes(
      [{ path: '/logout', loader: logoutRoute.loader, Component: logoutRoute.Component }],
      `/logout?callback=${encodeURIComponent('/course')}`,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/course'));
    expect(localStorage.getItem(StorageKey.ACCESS_TOKEN)).toBeNull();
  });
});
