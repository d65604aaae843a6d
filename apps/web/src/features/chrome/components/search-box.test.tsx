import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_HISTORY_STORAGE_KEY } from '@medportal/contract/constants';
import { fail, ok, serveApi, type ApiCall } from '../../../testing/api-double';
import { setupI18n } from '../../../testing/i18n';
import { renderRoutes, renderWithApp } from '../../../testing/render';
import { SearchBox } from './search-box';

beforeAll(async () => {
  await setupI18n('zh');
});

const course = (id: number, title: string) => ({
  id,
  title,
  cover: '/c.svg',
  course_type: 1,
  price_type: 1,
  price: 0,
  original_price: 0,
  learn_count: 1200,
  learn_count_show: '1200',
  course_updated_count: 0,
  tags: [],
  action: { type: 5, data: { id }, target: '_self' },
});

const remind = (call: ApiCall) => {
  const word = call.query.get('word') ?? '';
  return ok({ items: [`${word}靶向`, `${word}筛查`, `${word}免疫`].map((w) => ({ word: w })) });
};

const board = {
  'GET /v1/user/hot_search_word': ok({ items: [{ id: 1, word: '糖尿病' }, { id: 2, word: '高血压' }] }),
  'GET /v1/pc/course/hot': ok({ items: [course(7, '心电图入门'), course(8, '超声基础')] }),
  'GET /v1/user/search_word_remind': remind,
};

function Layout() {
  return (
    <>
      <SearchBox />
      <Outlet />
    </>
  );
}

/** `everywhere`: the box stays mounted after navigating, as in the nav bar. */
const setup = (handlers: Parameters<typeof serveApi>[0] = board, { everywhere = false } = {}) => {
  const api = serveApi(handlers);
  const user = userEvent.setup();
  const view = everywhere
    ? renderRoutes([{ element: <Layout />, children: [{ path: '/' }, { path: '/search' }] }], '/')
    : renderWithApp(<SearchBox />);
  const input = screen.getByRole('combobox', { name: '搜索课程、会议、讲者' });
  return { api, user, input, ...view };
};

const txtOf = (search: string) => new URLSearchParams(search).get('txt');

describe('search box', () => {
  it('does nothing when the term is empty or blank', async () => {
    const { user, input, router } = setup();
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await user.type(input, '   {Enter}');
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('POP');
    expect(window.localStorage.getItem(SEARCH_HISTORY_STORAGE_KEY)).toBeNull();
  });

  it('goes to /search?txt= with the trimmed term and records it', async () => {
    const { user, input, router } = setup();
    await user.type(input, '  肺癌 靶向 {Enter}');
    expect(router.state.location.pathname).toBe('/search');
    expect(txtOf(router.state.location.search)).toBe('肺癌 靶向');
    await waitFor(() => expect(window.localStorage.getItem(SEARCH_HISTORY_STORAGE_KEY)).toBe('肺癌 靶向'));
  });

  it('suggests while typing, debounced into one request, and highlights the typed part', async () => {
    const { user, input, api } = setup();
    await user.type(input, '肺癌');
    const listbox = await screen.findByRole('listbox', { name: '搜索建议' });
    expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual(['肺癌靶向', '肺癌筛查', '肺癌免疫']);
    expect(within(listbox).getAllByRole('option')[0]?.querySelector('mark')?.textContent).toBe('肺癌');
    const calls = api.callsTo('GET', '/v1/user/search_word_remind');
    expect(calls.map((c) => c.query.get('word'))).toEqual(['肺癌']);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
    // The count is said to screen-reader users, who do not see the list appear.
    await waitFor(() => expect(document.querySelector('[data-announcer="polite"]')?.textContent).toBe('3 条搜索建议，可用上下方向键选择'));
  });

  it('cancels a suggestion request once the word has changed', async () => {
    const slow = new Promise<never>(() => undefined);
    const { user, input, api } = setup({
      ...board,
      'GET /v1/user/search_word_remind': (call) => (call.query.get('word') === '肺' ? slow : remind(call)),
    });
    await user.type(input, '肺');
    await waitFor(() => expect(api.callsTo('GET', '/v1/user/search_word_remind')).toHaveLength(1));
    await user.type(input, '癌');
    await screen.findByRole('option', { name: '肺癌靶向' });
    const signalOf = (word: string) => {
      const index = api.calls.findIndex((c) => c.path === '/v1/user/search_word_remind' && c.query.get('word') === word);
      return (api.fetch.mock.calls[index]?.[1] as RequestInit | undefined)?.signal;
    };
    expect(signalOf('肺')?.aborted).toBe(true);
    expect(signalOf('肺癌')?.aborted).toBe(false);
  });

  it('moves through suggestions with the arrow keys, wraps, and Enter searches the active one', async () => {
    const { user, input, router } = setup();
    await user.type(input, '肺癌');
    const options = await screen.findAllByRole('option');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();

    await user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    await user.keyboard('{ArrowUp}');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[2]?.id);
    // Focus never leaves the input.
    expect(document.activeElement).toBe(input);

    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/search');
    expect(txtOf(router.state.location.search)).toBe('肺癌免疫');
    expect((input as HTMLInputElement).value).toBe('肺癌免疫');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(window.localStorage.getItem(SEARCH_HISTORY_STORAGE_KEY)).toBe('肺癌免疫'));
  });

  it('after a search, typing again does not show the earlier word’s suggestions', async () => {
    const { user, input, router } = setup(board, { everywhere: true });
    await user.type(input, '肺');
    await screen.findByRole('option', { name: '肺靶向' });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(router.state.location.pathname).toBe('/search');
    expect(input.isConnected).toBe(true);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await new Promise((r) => setTimeout(r, 250));
    await user.type(input, 'x');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(await screen.findByRole('option', { name: '肺靶向x靶向' })).toBeTruthy();
  });

  it('closes on Escape and reopens with the down arrow', async () => {
    const { user, input } = setup();
    await user.type(input, '肺癌');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    expect(screen.queryByRole('listbox')).toBeNull();
    expect((input as HTMLInputElement).value).toBe('肺癌');
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox')).toBeTruthy();
  });

  it('shows history, hot words and hot courses when focused and empty', async () => {
    window.localStorage.setItem(SEARCH_HISTORY_STORAGE_KEY, '新冠,哮喘');
    const { user, input, router } = setup();
    await user.click(input);
    const history = await screen.findByRole('listbox', { name: '搜索历史' });
    expect(within(history).getAllByRole('option').map((o) => o.textContent)).toEqual(['新冠', '哮喘']);
    const hot = await screen.findByRole('listbox', { name: '热门搜索' });
    await within(hot).findByRole('option', { name: '糖尿病' });
    const courses = screen.getByRole('listbox', { name: '热门课程' });
    await within(courses).findByRole('option', { name: /心电图入门/ });

    // One list for the keyboard: history, then hot words, then courses.
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: '糖尿病' }).getAttribute('aria-selected')).toBe('true');

    // A hot course opens the course.
    await user.click(within(courses).getByRole('option', { name: /超声基础/ }));
    expect(router.state.location.pathname).toBe('/course/8');
  });

  it('keeps the active option when the hot courses arrive after it was chosen', async () => {
    let release: () => void = () => undefined;
    const courses = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user, input } = setup({
      ...board,
      'GET /v1/pc/course/hot': () => courses.then(() => ok({ items: [course(7, '心电图入门')] })),
    });
    await user.click(input);
    await screen.findByRole('option', { name: '糖尿病' });
    await user.keyboard('{ArrowDown}');
    const first = screen.getByRole('option', { name: '糖尿病' });
    expect(input.getAttribute('aria-activedescendant')).toBe(first.id);
    release();
    await screen.findByRole('option', { name: /心电图入门/ });
    expect(input.getAttribute('aria-activedescendant')).toBe(first.id);
    expect(first.getAttribute('aria-selected')).toBe('true');
  });

  it('a clicked history entry searches it again and moves it to the front', async () => {
    window.localStorage.setItem(SEARCH_HISTORY_STORAGE_KEY, '新冠,哮喘');
    const { user, input, router } = setup();
    await user.click(input);
    await user.click(await screen.findByRole('option', { name: '哮喘' }));
    expect(txtOf(router.state.location.search)).toBe('哮喘');
    await waitFor(() => expect(window.localStorage.getItem(SEARCH_HISTORY_STORAGE_KEY)).toBe('哮喘,新冠'));
  });

  it('clears the history with one button', async () => {
    window.localStorage.setItem(SEARCH_HISTORY_STORAGE_KEY, '新冠,哮喘');
    const { user, input } = setup();
    await user.click(input);
    await screen.findByRole('listbox', { name: '搜索历史' });
    await user.click(screen.getByRole('button', { name: '清空历史' }));
    expect(screen.queryByRole('listbox', { name: '搜索历史' })).toBeNull();
    expect(window.localStorage.getItem(SEARCH_HISTORY_STORAGE_KEY)).toBeNull();
    expect(screen.getByRole('listbox', { name: '热门搜索' })).toBeTruthy();
  });

  it('shows a retry when the board fails to load', async () => {
    let hotCalls = 0;
    const { user, input } = setup({
      ...board,
      'GET /v1/user/hot_search_word': () => (++hotCalls === 1 ? fail(50000) : ok({ items: [{ id: 1, word: '糖尿病' }] })),
    });
    await user.click(input);
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('option', { name: '糖尿病' })).toBeTruthy();
  });
});
