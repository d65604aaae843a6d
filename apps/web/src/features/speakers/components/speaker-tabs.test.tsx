import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ok, serveApi } from '../../../testing/api-double';
import { setupI18n } from '../../../testing/i18n';
import { renderRoutes } from '../../../testing/render';
import { resetApiClientForTests } from '../../../shared/api-client';
import { SpeakerTabs, tabFrom } from './speaker-tabs';

const page = <T,>(items: T[], over: Record<string, unknown> = {}) => ({ items, page: 1, page_size: 12, total: items.length, has_more: false, ...over });
const news = {
  id: 11,
  title: '液体活检指导肺癌靶向治疗',
  description: '',
  cover: '/n.svg',
  category: { id: 1, title: '前沿' },
  published_at: '2025-06-01T00:00:00Z',
  action: { type: 9, data: { id: 11 }, target: '_self' as const },
};
const column = { id: 3, title: '肿瘤前沿访谈', desc: '与一线专家对话', cover: '/c.svg', issue: 48, action: { type: 1, data: { url: '/column/index' }, target: '_self' as const } };
const paper = {
  id: 3,
  published_at: '2018-05-31T00:00:00Z',
  uuid: '0b8e0b52-7a0c-4d8e-9a55-5c1d1e7f2a10',
  title: '帕博利珠单抗联合化疗',
  abstract: '随机对照试验，参见 10.1000/abc123 的补充材料。',
  full_journal: 'The New England Journal of Medicine',
  doi: '10.1056/NEJMoa1801005',
  action: { type: 10, data: { module: 'paper', module_id: 3 }, target: '_self' as const },
};

beforeAll(async () => {
  await setupI18n('zh');
});
beforeEach(() => {
  resetApiClientForTests();
});

const renderTabs = (entry = '/speaker/7') => renderRoutes([{ path: '/speaker/:id', element: <SpeakerTabs speakerId={7} /> }], entry);

describe('speaker tabs', () => {
  it('reads the tab from the URL, defaulting to courses', () => {
    expect(tabFrom(null)).toBe('courses');
    expect(tabFrom('docs')).toBe('docs');
    expect(tabFrom('<script>')).toBe('courses');
  });

  it('loads only the open tab, keeps the choice in the URL and shows news, columns and documents', async () => {
    const user = userEvent.setup();
    const api = serveApi({
      'GET /v1/speaker/7/course': ok(page([])),
      'GET /v1/speaker/7/news': ok(page([news])),
      'GET /v1/speaker/7/column': ok(page([column])),
      'GET /v1/speaker/7/doc': ok(page([paper])),
    });
    const { router } = renderTabs();
    expect(await screen.findByText('暂无内容')).toBeTruthy();
    expect(api.callsTo('GET', '/v1/speaker/7/news')).toHaveLength(0);

    await user.click(screen.getByRole('tab', { name: '资讯' }));
    expect(await screen.findByText('液体活检指导肺癌靶向治疗')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=news');
    expect(screen.getByRole('link', { name: /液体活检/ }).getAttribute('href')).toBe('/news/11');

    await user.click(screen.getByRole('tab', { name: '栏目' }));
    expect(await screen.findByText('肿瘤前沿访谈')).toBeTruthy();
    expect(screen.getByText('共 48 期')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: '文献' }));
    const docs = await screen.findByTestId('speaker-docs');
    expect(within(docs).getByRole('link', { name: paper.title }).getAttribute('href')).toBe('/paper/3');
    expect(within(docs).getByRole('link', { name: '10.1056/NEJMoa1801005' }).getAttribute('href')).toBe('https://doi.org/10.1056/NEJMoa1801005');
    expect(within(docs).getByRole('link', { name: '10.1000/abc123' }).getAttribute('href')).toBe('https://doi.org/10.1000/abc123');
    expect(router.state.location.search).toBe('?tab=docs');
    expect(api.callsTo('GET', '/v1/speaker/7/doc')[0]?.query.get('page_size')).toBe('12');
  });

  it('opens the tab named in the URL and moves between tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    serveApi({
      'GET /v1/speaker/7/column': ok(page([column])),
      'GET /v1/speaker/7/doc': ok(page([], { total: 0 })),
    });
    const { router } = renderTabs('/speaker/7?tab=columns');
    expect(await screen.findByText('肿瘤前沿访谈')).toBeTruthy();
    const selected = screen.getByRole('tab', { selected: true });
    expect(selected.textContent).toBe('栏目');
    selected.focus();
    await user.keyboard('{ArrowRight}');
    expect(router.state.location.search).toBe('?tab=docs');
    expect(document.activeElement?.textContent).toBe('文献');
    expect(await screen.findByText('暂无内容')).toBeTruthy();
  });

  it('pages a long list', async () => {
    const user = userEvent.setup();
    const api = serveApi({
      'GET /v1/speaker/7/news': (call) =>
        ok(page([{ ...news, id: Number(call.query.get('page')) * 100, title: `第${call.query.get('page')}页资讯` }], { total: 13, page: Number(call.query.get('page')) })),
    });
    renderTabs('/speaker/7?tab=news');
    expect(await screen.findByText('第1页资讯')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '下一页' }));
    expect(await screen.findByText('第2页资讯')).toBeTruthy();
    expect(api.callsTo('GET', '/v1/speaker/7/news').map((c) => c.query.get('page'))).toEqual(['1', '2']);
  });
});
