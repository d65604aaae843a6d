import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fail, ok, serveApi, type ApiCall } from '../../../testing/api-double';
import { setupI18n } from '../../../testing/i18n';
import { renderRoutes } from '../../../testing/render';
import { NewsPage } from './news-page';

const categories = ok({
  items: [1, 2, 3].map((id) => ({ id, title: `分类${id}`, action: { type: 3, data: { category_id: id }, target: '_self' } })),
});
const item = (id: number, categoryId: number) => ({
  id,
  title: `资讯${id}`,
  description: '',
  cover: '/c.svg',
  category: { id: categoryId, title: `分类${categoryId}` },
  published_at: '2026-01-01T00:00:00.000Z',
  action: { type: 9, data: { id }, target: '_self' },
});
const list = (call: ApiCall) => {
  const category = Number(call.query.get('category_id'));
  if (category === 3) return ok({ items: [], page: 1, page_size: 10, total: 0, has_more: false });
  if (category === 2) return fail(50000);
  const page = Number(call.query.get('page'));
  return ok({ items: [item(page * 100 + category, category)], page, page_size: 10, total: 15, has_more: page === 1 });
};

beforeAll(async () => {
  await setupI18n('zh');
});

describe('/news', () => {
  it('chooses the tab from the hash, and a tab click updates the hash', async () => {
    const user = userEvent.setup();
    const api = serveApi({ 'GET /v1/news/category': categories, 'GET /v1/news': list });
    const { router } = renderRoutes([{ path: '/news', element: <NewsPage /> }], '/news#1');
    expect((await screen.findByRole('tab', { selected: true })).textContent).toBe('分类1');
    await screen.findByRole('link', { name: /资讯101/ });
    expect(api.callsTo('GET', '/v1/news')[0]?.query.get('category_id')).toBe('1');

    await user.click(screen.getByRole('button', { name: '下一页' }));
    await screen.findByRole('link', { name: /资讯201/ });
    expect(router.state.location.search).toBe('?page=2');
    expect(router.state.location.hash).toBe('#1');

    await user.click(screen.getByRole('tab', { name: '分类3' }));
    expect(router.state.location.hash).toBe('#3');
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('暂无资讯')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: '分类2' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: '重试' })).toBeTruthy();
  });

  it('asks for page 1 when ?page= is past the page limit the API accepts', async () => {
    const api = serveApi({ 'GET /v1/news/category': categories, 'GET /v1/news': list });
    renderRoutes([{ path: '/news', element: <NewsPage /> }], '/news?page=10001#1');
    await screen.findByRole('link', { name: /资讯101/ });
    expect(api.callsTo('GET', '/v1/news').map((c) => c.query.get('page'))).toEqual(['1']);
  });

  it('falls back to the first category without a (valid) hash', async () => {
    serveApi({ 'GET /v1/news/category': categories, 'GET /v1/news': list });
    renderRoutes([{ path: '/news', element: <NewsPage /> }], '/news#abc');
    await waitFor(() => expect(screen.getByRole('tab', { selected: true }).textContent).toBe('分类1'));
  });
});
