import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fail, ok, serveApi, type ApiCall } from '../../../testing/api-double';
import { setupI18n } from '../../../testing/i18n';
import { renderRoutes } from '../../../testing/render';
import { resetApiClientForTests } from '../../../shared/api-client';
import { resetSessionForTests } from '../../../shared/session';
import { closeConfirmLogin } from '../../../shared/ui/confirm-login-store';
import { linkifyDoiInHtml } from '../lib/linkify-doi-html';
import { NewsDetailPage } from './news-detail-page';

const action = { type: 9, data: { id: 22 }, target: '_self' as const };
const detail = (over: Record<string, unknown> = {}) => ({
  id: 22,
  title: '回顾：新冠 mRNA 疫苗 III 期试验结果',
  description: 'd',
  cover: '/c.svg',
  category: { id: 4, title: '临床研究' },
  published_at: '2025-06-01T00:00:00.000Z',
  action,
  body_html:
    '<p>参考文献：原始研究全文见 DOI: 10.1056/NEJMoa2034577</p>' +
    '<p>已有链接 <a href="https://doi.org/10.1000/xyz" rel="noopener noreferrer" target="_blank">10.1000/xyz</a></p>' +
    '<p>&lt;img src=x onerror=alert(1)&gt; 10.1016/S0140-6736(20)30183-5</p>',
  source: '医学门户编辑部',
  author: '感染科编辑组',
  views: 1234,
  likes: 3,
  is_liked: false,
  is_favorite: false,
  comment_count: 0,
  tags: [{ id: 1, title: '规范化诊疗', cover: null }],
  ...over,
});
const emptyPage = { items: [], page: 1, page_size: 10, total: 0, has_more: false };

function serve(extra: Record<string, Parameters<typeof serveApi>[0][string]> = {}) {
  return serveApi({
    'GET /v1/news/22': ok(detail()),
    'GET /v1/news/22/recommend': ok({ items: [] }),
    'GET /v1/news/22/comments': ok(emptyPage),
    'PUT /v1/news/22/view': ok({ views: 1235 }),
    'POST /v1/user/news/22/read_log': ok(null),
    ...extra,
  });
}

beforeAll(async () => {
  await setupI18n('zh');
});
beforeEach(() => {
  act(() => closeConfirmLogin());
  resetSessionForTests();
  resetApiClientForTests();
  window.history.replaceState(null, '', '/news/22');
});
afterEach(() => {
  resetSessionForTests();
});

function renderAt(path = '/news/22') {
  return renderRoutes([{ path: '/news/:id', element: <NewsDetailPage /> }], path);
}

describe('linkifyDoiInHtml', () => {
  it('links DOI text in text nodes only, leaving markup and existing links alone', () => {
    const out = linkifyDoiInHtml('<p>See 10.1056/NEJMoa2034577. <a href="https://x.org">10.1000/abc</a> &lt;b&gt;10.1000/qq</p>');
    const doc = new DOMParser().parseFromString(out, 'text/html');
    const links = [...doc.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.textContent]);
    expect(links).toEqual([
      ['https://doi.org/10.1056/NEJMoa2034577', '10.1056/NEJMoa2034577'],
      ['https://x.org', '10.1000/abc'],
      ['https://doi.org/10.1000/qq', '10.1000/qq'],
    ]);
    // Escaped markup in text stays text.
    expect(doc.querySelector('b')).toBeNull();
    expect(doc.body.textContent).toContain('<b>');
  });

  it('finds a DOI in the text the escapes stand for, and writes it back escaped', () => {
    const out = linkifyDoiInHtml('<p>10.1000/xyz&lt;b&gt; and 10.1000/a&amp;b</p>');
    const doc = new DOMParser().parseFromString(out, 'text/html');
    expect([...doc.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.textContent])).toEqual([
      ['https://doi.org/10.1000/xyz', '10.1000/xyz'],
      ['https://doi.org/10.1000/a&b', '10.1000/a&b'],
    ]);
    expect(doc.querySelector('b')).toBeNull();
    expect(doc.body.textContent).toBe('10.1000/xyz<b> and 10.1000/a&b');
  });
});

describe('news detail page', () => {
  it('renders the sanitised body with DOI text turned into doi.org links, and counts one view', async () => {
    const api = serve();
    await renderAt();
    const body = await screen.findByTestId('news-body');
    const doi = within(body).getByRole('link', { name: '10.1056/NEJMoa2034577' });
    expect(doi.getAttribute('href')).toBe('https://doi.org/10.1056/NEJMoa2034577');
    expect(doi.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(body).getByRole('link', { name: '10.1016/S0140-6736(20)30183-5' }).getAttribute('href')).toBe(
      'https://doi.org/10.1016/S0140-6736(20)30183-5',
    );
    // The existing link is not wrapped again; text that looks like markup stays text.
    expect(body.querySelectorAll('a a')).toHaveLength(0);
    expect(body.querySelector('img')).toBeNull();
    expect(body.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('回顾：新冠 mRNA 疫苗 III 期试验结果');
    await waitFor(() => expect(api.callsTo('PUT', '/v1/news/22/view')).toHaveLength(1));
    // Anonymous: no reading log.
    expect(api.callsTo('POST', '/v1/user/news/22/read_log')).toHaveLength(0);
  });

  it('asks an anonymous visitor to log in before liking; Cancel does nothing', async () => {
    const user = userEvent.setup();
    const api = serve();
    await renderAt();
    const button = await screen.findByRole('button', { name: /点赞/ });
    await user.click(button);
    const dialog = screen.getByRole('alertdialog', { name: '温馨提示' });
    expect(dialog.textContent).toContain('此功能需要登录后使用');
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.callsTo('PUT', '/v1/user/news/22/liked')).toHaveLength(0);
    expect(screen.getByTestId('like-count').textContent).toBe('3');
  });

  it('likes for a member and changes the count only on code 0', async () => {
    window.localStorage.setItem('accessToken', 'acc-1');
    const user = userEvent.setup();
    let answer = fail(40029);
    const api = serve({ 'PUT /v1/user/news/22/liked': () => answer });
    await renderAt();
    await user.click(await screen.findByRole('button', { name: /点赞/ }));
    await waitFor(() => expect(api.callsTo('PUT', '/v1/user/news/22/liked')).toHaveLength(1));
    expect(screen.getByTestId('like-count').textContent).toBe('3');
    answer = ok({ is_liked: true, likes: 4 });
    await user.click(screen.getByRole('button', { name: /点赞/ }));
    await waitFor(() => expect(screen.getByTestId('like-count').textContent).toBe('4'));
    expect(api.callsTo('PUT', '/v1/user/news/22/liked')[1]?.body).toMatchObject({ status: 1 });
    expect(screen.getByRole('button', { name: /已点赞/ }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(api.callsTo('POST', '/v1/user/news/22/read_log')).toHaveLength(1));
  });

  it('keeps a like the server agreed to when a read of the article asked before it lands after it', async () => {
    window.localStorage.setItem('accessToken', 'acc-1');
    const user = userEvent.setup();
    // The member's own answers, asked for right after hydration, are still on their way.
    let release: () => void = () => undefined;
    let reads = 0;
    const api = serve({
      'GET /v1/news/22': async () => {
        reads += 1;
        if (reads > 1) await new Promise<void>((r) => (release = r));
        return ok(detail());
      },
      'PUT /v1/user/news/22/liked': ok({ is_liked: true, likes: 4 }),
    });
    const { queryClient } = renderAt();
    await screen.findByRole('button', { name: /点赞/ });
    await act(async () => {
      void queryClient.invalidateQueries();
    });
    await waitFor(() => expect(reads).toBe(2));
    await user.click(screen.getByRole('button', { name: /点赞/ }));
    await waitFor(() => expect(screen.getByTestId('like-count').textContent).toBe('4'));
    await act(async () => release());
    await act(() => new Promise((r) => setTimeout(r, 10)));
    expect(screen.getByTestId('like-count').textContent).toBe('4');
    expect(screen.getByRole('button', { name: /已点赞/ }).getAttribute('aria-pressed')).toBe('true');
    expect(api.callsTo('PUT', '/v1/user/news/22/liked')).toHaveLength(1);
  });

  it('favourites for a member only on code 0; a visitor is asked to log in', async () => {
    const user = userEvent.setup();
    let answer = fail(50000);
    const api = serve({ 'POST /v1/user/favorite': () => answer, 'POST /v1/user/history': ok(null) });
    await renderAt();
    await user.click(await screen.findByRole('button', { name: '收藏' }));
    const dialog = screen.getByRole('alertdialog', { name: '温馨提示' });
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(api.callsTo('POST', '/v1/user/favorite')).toHaveLength(0);

    act(() => window.localStorage.setItem('accessToken', 'acc-1'));
    resetSessionForTests();
    await user.click(screen.getByRole('button', { name: '收藏' }));
    await waitFor(() => expect(api.callsTo('POST', '/v1/user/favorite')).toHaveLength(1));
    expect(screen.getByRole('button', { name: '收藏' }).getAttribute('aria-pressed')).toBe('false');
    answer = ok({ is_favorite: true });
    await user.click(screen.getByRole('button', { name: '收藏' }));
    await screen.findByRole('button', { name: '已收藏' });
    expect(api.callsTo('POST', '/v1/user/favorite')[1]?.body).toMatchObject({ module_name: 'news', module_id: 22, status: 1 });
  });

  it('posts a comment as a member and shows script text as text', async () => {
    window.localStorage.setItem('accessToken', 'acc-1');
    const user = userEvent.setup();
    const posted: string[] = [];
    const comments = () =>
      ok({
        ...emptyPage,
        total: posted.length,
        items: posted.map((content, i) => ({ id: i + 1, content, nickname: '李医生', avatar_url: '', created_at: '2026-01-01T00:00:00.000Z', is_mine: true })),
      });
    const api = serve({
      'GET /v1/news/22/comments': comments,
      'POST /v1/user/news/22/comments': (call: ApiCall) => {
        posted.push(String(call.body?.content));
        return ok({ id: posted.length, content: call.body?.content, nickname: '李医生', avatar_url: '', created_at: '2026-01-01T00:00:00.000Z', is_mine: true });
      },
    });
    await renderAt();
    const box = await screen.findByRole('textbox', { name: '发表评论' });
    await user.type(box, '<script>alert(1)</script> 好文');
    await user.click(screen.getByRole('button', { name: '发表' }));
    await waitFor(() => expect(api.callsTo('POST', '/v1/user/news/22/comments')).toHaveLength(1));
    expect(api.callsTo('POST', '/v1/user/news/22/comments')[0]?.body).toMatchObject({ content: '<script>alert(1)</script> 好文' });
    const shown = await screen.findByText('<script>alert(1)</script> 好文');
    expect(shown.querySelector('script')).toBeNull();
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('asks an anonymous visitor to log in before posting a comment', async () => {
    const user = userEvent.setup();
    const api = serve();
    await renderAt();
    await user.type(await screen.findByRole('textbox', { name: '发表评论' }), 'hello');
    await user.click(screen.getByRole('button', { name: '发表' }));
    expect(screen.getByRole('alertdialog', { name: '温馨提示' })).toBeTruthy();
    expect(api.callsTo('POST', '/v1/user/news/22/comments')).toHaveLength(0);
  });

  it('shows a friendly not-found state for an unknown item', async () => {
    serveApi({ 'GET /v1/news/999': fail(40004) });
    await renderAt('/news/999');
    const state = await screen.findByTestId('news-not-found');
    expect(state.textContent).toContain('资讯不存在');
    expect(within(state).getByRole('link', { name: '返回资讯首页' }).getAttribute('href')).toBe('/news');
  });
});
