import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PaperCard, TopicCard } from '@medportal/contract';
import { ErrorCode } from '@medportal/contract/codes';
import { resetApiClientForTests } from '../../shared/api-client';
import { resetSessionForTests } from '../../shared/session';
import { fail, ok, serveApi } from '../../testing/api-double';
import { setupI18n } from '../../testing/i18n';
import { renderRoutes } from '../../testing/render';
import { PaperPage } from './pages/paper-page';
import { TopicPage } from './pages/topic-page';
import { loader as moduleTargetLoader } from './pages/module-target-route';

const topic = (id: number, counts: Partial<TopicCard['counts']> = {}): TopicCard => ({
  id,
  title: `专题 ${id}`,
  cover: `/t${id}.svg`,
  desc: `介绍 ${id}`,
  action: { type: 10, data: { module: 'topic', module_id: id }, target: '_self' },
  counts: { course: 0, live: 0, news: 0, paper: 0, ...counts },
});
const paper = (id: number): PaperCard => ({
  id,
  uuid: `00000000-0000-4000-8000-00000000000${id}`,
  title: `文献 ${id}`,
  abstract: '摘要正文',
  full_journal: 'The Journal',
  doi: `10.1056/NEJMoa00${id}`,
  published_at: '2025-06-01T00:00:00.000Z',
  action: { type: 10, data: { module: 'paper', module_id: id }, target: '_self' },
});
const page = <T,>(items: T[], total = items.length) => ({ items, page: 1, page_size: 8, total, has_more: false });

beforeAll(async () => {
  await setupI18n('zh');
});
beforeEach(() => {
  localStorage.clear();
  resetSessionForTests();
  resetApiClientForTests();
});

describe('topic page', () => {
  it('opens the first topic, switches topics and tabs through the URL', async () => {
    const user = userEvent.setup();
    serveApi({
      'GET /v1/topic': ok(page([topic(4, { course: 0, paper: 1 }), topic(5, { news: 2, paper: 1 })])),
      'GET /v1/topic/4': ok(topic(4, { paper: 1 })),
      'GET /v1/topic/5': ok(topic(5, { news: 2, paper: 1 })),
      'GET /v1/topic/4/paper': ok(page([paper(1)])),
      'GET /v1/topic/5/news': ok(page([])),
      'GET /v1/topic/5/paper': ok(page([paper(2)])),
    });
    const { router } = renderRoutes([{ path: '/topic', element: <TopicPage /> }], '/topic');
    // The first render also loads the page's modules: allow for a slow machine.
    await screen.findByRole('heading', { name: '专题 4' }, { timeout: 5000 });
    // Only modules with items get a tab; the first one opens.
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['文献 1']);
    const link = await screen.findByRole('link', { name: '10.1056/NEJMoa001' });
    expect(link.getAttribute('href')).toBe('https://doi.org/10.1056/NEJMoa001');
    expect(screen.getByRole('link', { name: '文献 1' }).getAttribute('href')).toBe('/paper/1');

    await user.click(screen.getByRole('link', { name: /专题 5/ }));
    await screen.findByRole('heading', { name: '专题 5' });
    expect(router.state.location.search).toBe('?id=5');
    await screen.findByText('该专题暂无内容');
    await user.click(screen.getByRole('tab', { name: /文献/ }));
    await screen.findByRole('link', { name: '文献 2' });
    expect(router.state.location.search).toBe('?id=5&tab=paper');
  });

  it('shows a not-found state for an unknown or malformed topic id, and the empty state', async () => {
    serveApi({ 'GET /v1/topic': ok(page([topic(4)])), 'GET /v1/topic/99': fail(ErrorCode.NOT_FOUND) });
    const first = renderRoutes([{ path: '/topic', element: <TopicPage /> }], '/topic?id=99');
    await screen.findByTestId('topic-not-found');
    first.unmount();
    const second = renderRoutes([{ path: '/topic', element: <TopicPage /> }], '/topic?id=abc');
    await screen.findByTestId('topic-not-found');
    second.unmount();
    serveApi({ 'GET /v1/topic': ok(page([])) });
    renderRoutes([{ path: '/topic', element: <TopicPage /> }], '/topic');
    await screen.findByTestId('topic-empty');
  });
});

describe('paper page', () => {
  it('shows the journal, DOI link and abstract, and a not-found state', async () => {
    serveApi({ 'GET /v1/paper/3': ok({ ...paper(3), is_favorite: false }), 'GET /v1/paper/4': fail(ErrorCode.NOT_FOUND) });
    const first = renderRoutes([{ path: '/paper/:id', element: <PaperPage /> }], '/paper/3');
    await screen.findByRole('heading', { level: 1, name: '文献 3' });
    expect(within(screen.getByTestId('paper-doi')).getByRole('link').getAttribute('href')).toBe('https://doi.org/10.1056/NEJMoa003');
    expect(screen.getByText('The Journal')).toBeTruthy();
    expect(screen.getByText('摘要正文')).toBeTruthy();
    expect(screen.getByRole('button', { name: '收藏' }).getAttribute('aria-pressed')).toBe('false');
    first.unmount();
    renderRoutes([{ path: '/paper/:id', element: <PaperPage /> }], '/paper/4');
    await screen.findByTestId('paper-not-found');
  });
});

describe('generic module target route', () => {
  it('replaces the URL with the module page and keeps the query; unknown modules stay', async () => {
    const { router } = renderRoutes(
      [
        { path: '/:module/:module_id', loader: moduleTargetLoader, element: <p>404</p> },
        { path: '/topic', element: <p>topics</p> },
        { path: '/w/o/live/:id', element: <p>live room</p> },
      ],
      '/topic/6?lang=en',
    );
    await screen.findByText('topics');
    expect(router.state.location.pathname + router.state.location.search).toBe('/topic?id=6&lang=en');
    await router.navigate('/live/3');
    await screen.findByText('live room');
    expect(router.state.historyAction).toBe('REPLACE');
    await router.navigate('/unknown/3');
    await screen.findByText('404');
    await waitFor(() => expect(router.state.location.pathname).toBe('/unknown/3'));
  });
});
