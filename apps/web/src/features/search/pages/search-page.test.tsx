import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_HISTORY_STORAGE_KEY } from '@medportal/contract/constants';
import { fail, ok, serveApi, type ApiCall } from '../../../testing/api-double';
import { setupI18n } from '../../../testing/i18n';
import { renderRoutes } from '../../../testing/render';
import { titleOverrideStore } from '../../../shared/ui/document-title';
import { SearchPage } from './search-page';

beforeAll(async () => {
  await setupI18n('zh');
});

const types = ok({
  items: [
    { type: 'all', title: '全部' },
    { type: 'course', title: '课程' },
    { type: 'news', title: '资讯' },
  ],
});
const hotWords = ok({ items: [{ id: 1, word: '糖尿病' }, { id: 2, word: '高血压' }] });

const hit = (id: number, module: 'course' | 'news', title: string, summary = '') => ({
  id,
  item_id: id,
  module,
  cover: '/c.svg',
  title,
  summary,
  tag: module === 'course' ? '课程' : '资讯',
  tag_bg_color: module === 'course' ? '#14a39a' : '#3b82f6',
  published_at: '2026-03-01T02:00:00.000Z',
  event: null,
  action: module === 'course' ? { type: 5, data: { id }, target: '_self' } : { type: 9, data: { id }, target: '_self' },
});

/** 23 hits for 肺癌 (courses 1–8, news 9–23), none for anything else. */
const search = (call: ApiCall) => {
  const keyword = call.query.get('keyword') ?? '';
  const type = call.query.get('type');
  const page = Number(call.query.get('page'));
  const size = Number(call.query.get('page_size'));
  const all = keyword === '肺癌' ? Array.from({ length: 23 }, (_, i) => hit(i + 1, i < 8 ? 'course' : 'news', `肺癌研究${i + 1}`, `关于肺癌筛查的摘要${i + 1}`)) : [];
  const matching = all.filter((h) => type === 'all' || h.module === type);
  const items = matching.slice((page - 1) * size, page * size);
  return ok({
    items,
    page,
    page_size: size,
    total: matching.length,
    total_exact: true,
    has_more: page * size < matching.length,
    keyword,
    terms: keyword ? [keyword] : [],
  });
};

const handlers = {
  'GET /v1/user/search_type': types,
  'GET /v1/user/hot_search_word': hotWords,
  'GET /v1/pc/search': search,
};

const renderAt = (entry: string, overrides: Parameters<typeof serveApi>[0] = {}) => {
  const api = serveApi({ ...handlers, ...overrides });
  const user = userEvent.setup();
  const view = renderRoutes([{ path: '/search', element: <SearchPage /> }], entry);
  return { api, user, ...view };
};

const params = (search: string) => Object.fromEntries(new URLSearchParams(search));

describe('/search', () => {
  it('shows the results of txt with the terms highlighted and the term in the title', async () => {
    const { api } = renderAt('/search?txt=肺癌');
    const list = await screen.findByRole('list', { name: '搜索结果' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(10);
    const first = cards[0]!;
    expect([...first.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['肺癌', '肺癌']);
    expect(within(first).getByText('课程').getAttribute('style')).toContain('background-color');
    expect(within(first).getByRole('link').getAttribute('href')).toBe('/course/1');
    expect(first.querySelector('time')?.textContent).toMatch(/^2026-03-01$/);
    expect(screen.getByText('找到 23 条与“肺癌”相关的结果')).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: '搜索关键词' }) as HTMLInputElement).value).toBe('肺癌');
    expect(titleOverrideStore.get()).toBe('肺癌 - 搜索 - 医学教育与学术会议平台');
    const call = api.callsTo('GET', '/v1/pc/search')[0]!;
    expect(params(call.query.toString())).toMatchObject({ keyword: '肺癌', type: 'all', page: '1', page_size: '10' });
  });

  it('keeps the tab in the URL; switching tabs filters and the arrow keys move between tabs', async () => {
    const { user, router } = renderAt('/search?txt=肺癌&type=news');
    expect((await screen.findByRole('tab', { selected: true })).textContent).toBe('资讯');
    await screen.findByText('找到 15 条与“肺癌”相关的结果');

    await user.click(screen.getByRole('tab', { name: '课程' }));
    expect(params(router.state.location.search)).toEqual({ txt: '肺癌', type: 'course' });
    await screen.findByText('找到 8 条与“肺癌”相关的结果');

    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: '全部' }));
    expect(params(router.state.location.search)).toEqual({ txt: '肺癌' });
    await screen.findByText('找到 23 条与“肺癌”相关的结果');

    // Back restores the previous tab.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByRole('tab', { selected: true }).textContent).toBe('课程'));
  });

  it('pages through results with the page in the URL', async () => {
    const { user, router } = renderAt('/search?txt=肺癌');
    await screen.findByRole('list', { name: '搜索结果' });
    expect(screen.getByText('第 1 / 3 页')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '下一页' }));
    expect(params(router.state.location.search)).toEqual({ txt: '肺癌', page: '2' });
    await screen.findByText('第 2 / 3 页');
    await waitFor(() => expect(screen.getAllByRole('listitem')[0]?.textContent).toContain('肺癌研究11'));
    await user.click(screen.getByRole('button', { name: '上一页' }));
    expect(params(router.state.location.search)).toEqual({ txt: '肺癌' });
  });

  it('says "about" for an estimated total and pages on has_more', async () => {
    // A common word: the server estimated the total; page 2 turns out to be the last one.
    const estimated = (call: ApiCall) => {
      const page = Number(call.query.get('page'));
      const items = Array.from({ length: 10 }, (_, i) => hit(page * 100 + i, 'course', `癌症研究${page}-${i}`));
      return ok({ items, page, page_size: 10, total: 18_000, total_exact: false, has_more: page < 2, keyword: '癌', terms: ['癌'] });
    };
    const { user, router } = renderAt('/search?txt=癌', { 'GET /v1/pc/search': estimated });
    await screen.findByRole('list', { name: '搜索结果' });
    expect(screen.getByText('找到约 18,000 条与“癌”相关的结果')).toBeTruthy();
    expect(screen.getByText('第 1 页')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '下一页' }));
    expect(params(router.state.location.search)).toEqual({ txt: '癌', page: '2' });
    await screen.findByText('第 2 页');
    expect((screen.getByRole('button', { name: '下一页' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows an empty state with hot words that search when clicked', async () => {
    const { user, router } = renderAt('/search?txt=zzqqxx');
    expect(await screen.findByText('没有找到与“zzqqxx”相关的内容')).toBeTruthy();
    await user.click(await screen.findByRole('link', { name: '糖尿病' }));
    expect(params(router.state.location.search)).toEqual({ txt: '糖尿病' });
    expect(window.localStorage.getItem(SEARCH_HISTORY_STORAGE_KEY)).toBe('糖尿病');
  });

  it('searches from its own field, records the term and keeps the tab', async () => {
    const { user, router } = renderAt('/search?txt=肺癌&type=news&page=2');
    const input = await screen.findByRole('searchbox', { name: '搜索关键词' });
    await user.clear(input);
    await user.type(input, '   {Enter}');
    expect(params(router.state.location.search)).toEqual({ txt: '肺癌', type: 'news', page: '2' });
    await user.type(input, ' 哮喘 {Enter}');
    expect(params(router.state.location.search)).toEqual({ txt: '哮喘', type: 'news' });
    expect(window.localStorage.getItem(SEARCH_HISTORY_STORAGE_KEY)).toBe('哮喘');
  });

  it('shows an error with a retry that loads the results', async () => {
    let calls = 0;
    const { user } = renderAt('/search?txt=肺癌', { 'GET /v1/pc/search': (call) => (++calls === 1 ? fail(50000) : search(call)) });
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('list', { name: '搜索结果' })).toBeTruthy();
  });

  it('without a term asks for one, shows hot words and does not search', async () => {
    const { api } = renderAt('/search');
    await screen.findByRole('link', { name: '糖尿病' });
    expect(screen.getByText('输入关键词，搜索课程、会议、资讯和讲者。')).toBeTruthy();
    expect(api.callsTo('GET', '/v1/pc/search')).toHaveLength(0);
    expect(titleOverrideStore.get()).toBe('搜索 - 医学教育与学术会议平台');
  });
});
