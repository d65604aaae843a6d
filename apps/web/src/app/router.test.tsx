import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_ERROR_REPORT_AFTER_MS, StorageKey } from '@medportal/contract/constants';
import { RouteErrorView } from '../features/errors/components/route-error-view';
import { resetApiClientForTests } from '../shared/api-client';
import { i18n } from '../shared/i18n';
import { resetSessionForTests } from '../shared/session';
import { homeBlocks } from '../testing/fixtures/home-blocks';
import { setupI18n } from '../testing/i18n';
import { queryClient } from '../shared/query-client';
import { routes } from './router';

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, message: 'ok', data }), { headers: { 'Content-Type': 'application/json' } });

const siteConfig = {
  app_downloads: [{ key: 'ios', title: 'iOS', url: 'https://apps.example.org/ios' }],
  wechat_account: { key: 'wechat', title: 'WeChat', url: 'https://weixin.example.org/mp' },
  media_accounts: [{ key: 'weibo', title: 'Weibo', url: 'https://weibo.example.org/portal' }],
  contact: { phone: '400-000-0000', email: 'help@example.org', hours: '9:00-18:00', address: 'Beijing' },
  icp: 'ICP 000000',
};

function serveApi() {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), window.location.origin);
    switch (url.pathname) {
      case '/v1/pc_index':
        return envelope({ blocks: homeBlocks });
      case '/v1/user/banner':
        return envelope({ items: [] });
      case '/v1/relate_site':
        return envelope({ items: [{ id: 1, key: 'lit', title: 'Literature tool', desc: 'Papers', icon: '/i.svg', url: 'https://lit.example.org/' }] });
      case '/v1/site/config':
        return envelope(siteConfig);
      case '/v1/relate_site/lit':
        return envelope({
          id: 1, key: 'lit', title: 'Literature tool', desc: 'Papers', icon: '/i.svg', url: '/lit',
          intro_html: '<p>Search the literature.</p>', features: [], links: [], others: [],
        });
      case '/v1/site/page/privacy':
        return envelope({ slug: 'privacy', title: 'Privacy', body_html: '<p>Policy text</p>', version: '', effective_on: null, updated_at: '2025-07-01T00:00:00Z' });
      default:
        return new Response('Not Found', { status: 404 });
    }
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderApp(path: string, appRoutes: RouteObject[] = routes) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return router;
}

beforeAll(async () => {
  await setupI18n('zh');
});

beforeEach(() => {
  queryClient.clear();
  resetApiClientForTests();
  resetSessionForTests();
  serveApi();
});

afterEach(async () => {
  vi.useRealTimers();
  await i18n.changeLanguage('zh');
});

describe('routes', () => {
  it('shows the 404 page with its heading and document title for an unknown path (en)', async () => {
    await i18n.changeLanguage('en');
    renderApp('/definitely/not/here');
    expect(await screen.findByRole('heading', { level: 1, name: 'The page you visited is lost' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('The page you visited is lost - Medical Education & Academic Conference Portal'));
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it('shows the 404 page in Chinese', async () => {
    renderApp('/nope');
    expect(await screen.findByRole('heading', { level: 1, name: '您访问的页面走丢了' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('您访问的页面走丢了 - 医学教育与学术会议平台'));
  });

  it('renders the home page with its title inside the site chrome', async () => {
    renderApp('/');
    await waitFor(() => expect(document.querySelector('section[data-block-layout="banner"]')).not.toBeNull());
    await waitFor(() => expect(document.title).toBe('首页 - 医学教育与学术会议平台'));
  });

  it("opens a sister product's landing page at /{key} inside the site chrome", async () => {
    renderApp('/lit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Literature tool' })).toBeTruthy();
    expect(screen.getByText('Search the literature.')).toBeTruthy();
    expect(document.querySelector('[data-chrome="footer"]')).not.toBeNull();
    await waitFor(() => expect(document.title).toMatch(/^Literature tool - /));
  });

  it('shows the 404 page at /{key} when the key is no product, or cannot be one', async () => {
    renderApp('/no_such_product');
    expect(await screen.findByRole('heading', { level: 1, name: '您访问的页面走丢了' })).toBeTruthy();
    expect(document.querySelector('[data-chrome="footer"]')).not.toBeNull();
  });

  it('opens the documents with the chrome and their web-view variants without it', async () => {
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy' })).toBeTruthy();
    expect(document.querySelector('[data-chrome="footer"]')).not.toBeNull();
  });

  it('opens /privacy/w without the site chrome', async () => {
    renderApp('/privacy/w');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy' })).toBeTruthy();
    expect(document.querySelector('[data-chrome="footer"]')).toBeNull();
  });

  it('shows the /error page', async () => {
    renderApp('/error');
    expect(await screen.findByRole('heading', { level: 1, name: '出错了' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('出错了 - 医学教育与学术会议平台'));
  });

  it('sends an anonymous visitor of /user/* to /login with the full URL as callback', async () => {
    window.history.replaceState(null, '', '/user/myinfo?tab=2');
    const router = renderApp('/user/myinfo?tab=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('callback')).toBe(`${window.location.origin}/user/myinfo?tab=2`);
    window.history.replaceState(null, '', '/');
  });

  it('lets a logged-in user into /user/* (an unknown page of the centre is the 404 page)', async () => {
    localStorage.setItem(StorageKey.ACCESS_TOKEN, 'tok');
    resetSessionForTests();
    const router = renderApp('/user/nope');
    expect(await screen.findByRole('heading', { level: 1, name: '您访问的页面走丢了' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/user/nope');
  });

  it('opens /user/myinfo for a logged-in user', async () => {
    localStorage.setItem(StorageKey.ACCESS_TOKEN, 'tok');
    resetSessionForTests();
    renderApp('/user/myinfo');
    expect(await screen.findByRole('heading', { level: 1, name: '个人资料' })).toBeTruthy();
  });
});

describe('site chrome', () => {
  it('has the main navigation, a working search box, a login link and the all-products dropdown', async () => {
    const user = userEvent.setup();
    const router = renderApp('/nope?x=1');
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    const names = within(nav).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
    expect(names).toEqual([
      ['首页', '/'],
      ['会议', '/live'],
      ['课程', '/course'],
      ['专题', '/topic'],
      ['栏目', '/column/index'],
    ]);
    const login = screen.getByRole('link', { name: '登录' });
    expect(login.getAttribute('href')).toBe(`/login?callback=${encodeURIComponent(`${window.location.origin}/nope?x=1`)}`);

    const products = await screen.findByRole('button', { name: '全部产品' });
    expect(products.getAttribute('aria-expanded')).toBe('false');
    await user.click(products);
    expect(products.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('menu', { name: '全部产品' });
    expect(within(menu).getAllByRole('menuitem', { name: /Literature tool/ }).length).toBeGreaterThan(0);
    await user.keyboard('{Escape}');
    expect(products.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(products);

    await user.type(screen.getByRole('combobox', { name: '搜索课程、会议、讲者' }), '淋巴瘤{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
  });

  it('shows the avatar menu when logged in', async () => {
    const user = userEvent.setup();
    localStorage.setItem(StorageKey.ACCESS_TOKEN, 'tok');
    localStorage.setItem(StorageKey.USER_INFO, JSON.stringify({ avatar_url: '/a.svg', nickname: '李医生' }));
    resetSessionForTests();
    renderApp('/nope');
    const button = await screen.findByRole('button', { name: '李医生的账户菜单' });
    await user.click(button);
    expect(screen.getByRole('menuitem', { name: '个人中心' }).getAttribute('href')).toBe('/user/myinfo');
    expect(screen.getByRole('menuitem', { name: '修改密码' }).getAttribute('href')).toBe('/change_password');
    expect(screen.getByRole('menuitem', { name: '退出登录' }).getAttribute('href')).toBe('/logout');
    expect(screen.queryByRole('link', { name: '登录' })).toBeNull();
  });

  it('draws real QR codes from the site config in the footer and the right bar', async () => {
    const user = userEvent.setup();
    renderApp('/nope');
    const footer = await screen.findByRole('contentinfo');
    await waitFor(() => expect(footer.querySelector('[data-qr-value="https://weibo.example.org/portal"] svg path')).not.toBeNull());
    const path = footer.querySelector('[data-qr-value] svg path')!.getAttribute('d')!;
    expect(path.length).toBeGreaterThan(100);
    expect(within(footer).getByRole('link', { name: '关于我们' }).getAttribute('href')).toBe('/about_us');
    expect(within(footer).getByRole('link', { name: '服务协议' }).getAttribute('href')).toBe('/contract');
    expect(within(footer).getByRole('link', { name: '隐私政策' }).getAttribute('href')).toBe('/privacy');

    await user.click(within(footer).getByRole('button', { name: '联系方式' }));
    const dialog = screen.getByRole('dialog', { name: '联系方式' });
    expect(within(dialog).getByRole('link', { name: '400-000-0000' }).getAttribute('href')).toBe('tel:4000000000');
    await user.keyboard('{Escape}');

    const bar = screen.getByRole('complementary', { name: '快捷服务' });
    expect(within(bar).getByRole('link', { name: '在线客服' }).getAttribute('href')).toBe('/online_service_im');
    await user.click(within(bar).getByRole('button', { name: '微信公众号' }));
    await waitFor(() => expect(bar.querySelector('[data-qr-value="https://weixin.example.org/mp"] svg')).not.toBeNull());
    expect(within(bar).queryByRole('button', { name: '返回顶部' })).toBeNull();
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 800, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    expect(within(bar).getByRole('button', { name: '返回顶部' })).toBeTruthy();
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('switches the language from the top bar', async () => {
    const user = userEvent.setup();
    const router = renderApp('/nope');
    await user.click(await screen.findByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'The page you visited is lost' })).toBeTruthy();
    expect(new URLSearchParams(router.state.location.search).get('lang')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });
});

describe('account routes', () => {
  it('opens /login inside the site chrome with its title and the three ways in', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: '登录' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('登录 - 医学教育与学术会议平台'));
    expect(screen.getByRole('navigation', { name: '主导航' })).toBeTruthy();
    for (const id of ['login-tab-sms', 'login-tab-password', 'login-tab-wechat']) expect(screen.getByTestId(id)).toBeTruthy();
  });

  it('opens /wx/auth and the /w pages without the site chrome', async () => {
    renderApp('/wx/auth?state=abc&sandbox=1');
    expect(await screen.findByTestId('wx-confirm')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: '主导航' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('微信授权 - 医学教育与学术会议平台'));
  });

  it('shows the nickname in the avatar menu and logs out from it', async () => {
    const user = userEvent.setup();
    localStorage.setItem(StorageKey.ACCESS_TOKEN, 'tok');
    localStorage.setItem(StorageKey.USER_INFO, JSON.stringify({ avatar_url: '', nickname: '王医生' }));
    resetSessionForTests();
    const router = renderApp('/nope');
    const button = await screen.findByRole('button', { name: '王医生的账户菜单' });
    expect(button.textContent).toContain('王医生');
    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: '退出登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem(StorageKey.ACCESS_TOKEN)).toBeNull();
    expect(await screen.findByRole('link', { name: '登录' })).toBeTruthy();
  });
});

describe('chunk load failure', () => {
  it('offers a reload and reports the failure if it persists for 120 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const report = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing: RouteObject[] = [
      {
        path: '/',
        ErrorBoundary: RouteErrorView,
        lazy: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://localhost:3000/assets/home-route-abc.js')),
      },
    ];
    renderApp('/', failing);
    expect(await screen.findByRole('heading', { name: '页面加载失败' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
    await vi.advanceTimersByTimeAsync(CHUNK_ERROR_REPORT_AFTER_MS - 5_000);
    expect(report).not.toHaveBeenCalledWith(expect.stringContaining('Chunk load failure'), expect.anything());
    await vi.advanceTimersByTimeAsync(5_000);
    await waitFor(() => expect(report).toHaveBeenCalledWith(expect.stringContaining('Chunk load failure persisted'), expect.any(TypeError)));
  });
});
