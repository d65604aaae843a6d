import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BlockLayout, HomeBlock as HomeBlockSchema, type HomeBlock } from '@medportal/contract';
import { homeBlocks } from '../../../testing/fixtures/home-blocks';
import { setupI18n } from '../../../testing/i18n';
import { renderWithApp } from '../../../testing/render';
import { HomePage } from './home-page';

const envelope = (data: unknown, code = 0) =>
  new Response(JSON.stringify({ code, message: code ? 'failed' : 'ok', data }), { headers: { 'Content-Type': 'application/json' } });

function serve(blocks: HomeBlock[] | (() => Response)) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), window.location.origin);
    if (url.pathname === '/v1/pc_index') return typeof blocks === 'function' ? blocks() : envelope({ blocks });
    if (url.pathname === '/v1/user/banner') return envelope({ items: [] });
    return new Response('not found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const section = (layout: string) => document.querySelector<HTMLElement>(`section[data-block-layout="${layout}"]`);
const findSection = (layout: string) =>
  waitFor(() => {
    const el = section(layout);
    if (!el) throw new Error(`no ${layout} block yet`);
    return el;
  });

beforeAll(async () => {
  await setupI18n('zh');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('home page', () => {
  it('has a fixture that matches the contract schema', () => {
    expect(() => homeBlocks.forEach((b) => HomeBlockSchema.parse(b))).not.toThrow();
    expect(new Set(homeBlocks.map((b) => b.layout))).toEqual(new Set(Object.values(BlockLayout)));
  });

  it('renders every block layout once, labelled by its heading', async () => {
    serve(homeBlocks);
    renderWithApp(<HomePage />);
    // Blocks below the first screen render a moment after the first ones.
    await waitFor(() => expect(document.querySelectorAll('section[data-block-layout]')).toHaveLength(Object.values(BlockLayout).length));
    for (const layout of Object.values(BlockLayout)) {
      const el = section(layout);
      expect(el, layout).not.toBeNull();
      expect(document.querySelectorAll(`section[data-block-layout="${layout}"]`)).toHaveLength(1);
      const heading = document.getElementById(el!.getAttribute('aria-labelledby')!);
      expect(heading?.tagName).toBe('H2');
    }
    expect(document.getElementById(section('courses')!.getAttribute('aria-labelledby')!)?.textContent).toBe('Courses');
  });

  it('shows prices, learners, series badges and course links', async () => {
    serve(homeBlocks);
    renderWithApp(<HomePage />);
    const courses = await findSection('courses');
    const links = within(courses).getAllByRole('link').filter((a) => /^\/course\/\d+$/.test(a.getAttribute('href') ?? ''));
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/course/1', '/course/2', '/course/3']);
    expect(links[0]!.textContent).toContain('免费');
    expect(links[0]!.textContent).toContain('1.2万人学习');
    expect(links[1]!.textContent).toContain('¥12.00');
    expect(links[1]!.querySelector('s')?.textContent).toContain('¥20.00');
    expect(links[2]!.textContent).toContain('系列课');
    expect(links[2]!.textContent).toContain('已更新8讲');
    const more = within(courses).getByRole('link', { name: '更多Courses' });
    expect(more.getAttribute('href')).toBe('/course/more?dep_val=onc&title=Oncology');
  });

  it('navigates through performAction when a card is clicked', async () => {
    const user = userEvent.setup();
    serve(homeBlocks);
    const { router } = renderWithApp(<HomePage />);
    const courses = await findSection('courses');
    await user.click(within(courses).getAllByRole('link', { name: /Course 2/ })[0]!);
    expect(router.state.location.pathname).toBe('/course/2');
  });

  it('shows a live meeting with status 1 as now live, and swaps in the preview GIF on hover', async () => {
    const user = userEvent.setup();
    serve(homeBlocks);
    renderWithApp(<HomePage />);
    const lives = await findSection('live_meetings');
    const badge = lives.querySelector('.live-badge--now');
    expect(badge?.textContent).toBe('Live now');
    expect(badge?.querySelector('.live-badge__dot')).not.toBeNull();
    const card = within(lives).getAllByRole('link')[0]!;
    expect(card.getAttribute('href')).toBe('/w/o/live/1');
    await user.hover(card);
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/media/preview/1.gif');
    await user.unhover(card);
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/media/cover/live/1.svg');
  });

  it('links DOIs in papers, colours search tags and switches news tabs', async () => {
    const user = userEvent.setup();
    serve(homeBlocks);
    renderWithApp(<HomePage />);
    const papers = await findSection('papers');
    expect(within(papers).getByRole('link', { name: '10.1016/S0140-6736(20)30183-5' }).getAttribute('href')).toBe(
      'https://doi.org/10.1016/S0140-6736(20)30183-5',
    );
    // Each block below the fold renders at its own idle moment: wait for the ones read here.
    const tag = (await findSection('search_items')).querySelector<HTMLElement>('.search-card__tag')!;
    expect(tag.style.backgroundColor).toBe('rgb(255, 102, 0)');

    const menu = await findSection('news_menu');
    expect(within(menu).getByRole('tabpanel').textContent).toContain('News 3');
    await user.click(within(menu).getByRole('tab', { name: 'Tab B' }));
    expect(within(menu).getByRole('tabpanel').textContent).toContain('News 4');
    await user.keyboard('{ArrowLeft}');
    expect(within(menu).getByRole('tab', { name: 'Tab A' }).getAttribute('aria-selected')).toBe('true');
  });

  it('skips hidden and empty blocks', async () => {
    const blocks: HomeBlock[] = [
      ...homeBlocks.filter((b) => b.layout === 'banner' || b.layout === 'courses'),
      { id: 90, layout: 'news', header: { title: 'Hidden', more_action: null, hide: true }, data: { items: homeBlocks[1]!.data.items as never } },
      { id: 91, layout: 'papers', header: { title: 'Empty', more_action: null, hide: false }, data: { items: [] } },
    ];
    serve(blocks);
    renderWithApp(<HomePage />);
    await waitFor(() => expect(section('courses')).not.toBeNull());
    // Blocks below the fold render at their own idle moment: wait until none is still coming.
    await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
    expect(section('news')).toBeNull();
    expect(section('papers')).toBeNull();
  });

  it('shows a skeleton while loading, then an error with retry in the user language', async () => {
    const user = userEvent.setup();
    let fail = true;
    const fetch = serve(() => (fail ? new Response('oops', { status: 500, statusText: 'Internal Server Error' }) : envelope({ blocks: homeBlocks })));
    renderWithApp(<HomePage />);
    expect(screen.getByRole('status').textContent).toContain('正在加载首页内容');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('服务器返回错误（500）');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(section('banner')).not.toBeNull());
    expect(fetch.mock.calls.filter(([u]) => String(u).startsWith('/v1/pc_index')).length).toBe(2);
  });

  it('runs the banner carousel: auto-advance, pause, prev/next, dots and arrow keys', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    serve(homeBlocks);
    renderWithApp(<HomePage />);
    const banner = await findSection('banner');
    expect(banner.style.getPropertyValue('--banner-height')).toBe('343px');
    const active = () => banner.querySelector('.carousel__slide.is-active')?.getAttribute('aria-label');
    expect(active()).toBe('第 1 张，共 3 张');

    await vi.advanceTimersByTimeAsync(5000);
    await waitFor(() => expect(active()).toBe('第 2 张，共 3 张'));

    await user.click(within(banner).getByRole('button', { name: '暂停轮播' }));
    await vi.advanceTimersByTimeAsync(15_000);
    expect(active()).toBe('第 2 张，共 3 张');
    expect(within(banner).getByRole('button', { name: '继续轮播' })).toBeTruthy();

    await user.click(within(banner).getByRole('button', { name: '下一张' }));
    expect(active()).toBe('第 3 张，共 3 张');
    await user.click(within(banner).getByRole('button', { name: '下一张' }));
    expect(active()).toBe('第 1 张，共 3 张');
    await user.click(within(banner).getByRole('button', { name: '上一张' }));
    expect(active()).toBe('第 3 张，共 3 张');
    await user.click(within(banner).getByRole('button', { name: '第 2 张：Banner 2' }));
    expect(active()).toBe('第 2 张，共 3 张');
    expect(within(banner).getByRole('button', { name: '第 2 张：Banner 2' }).getAttribute('aria-current')).toBe('true');
    await user.keyboard('{ArrowRight}');
    expect(active()).toBe('第 3 张，共 3 张');
    // Hidden slides are out of the tab order and the accessibility tree.
    const hidden = banner.querySelectorAll('.carousel__slide[aria-hidden="true"]');
    expect(hidden).toHaveLength(2);
    hidden.forEach((slide) => expect(slide.hasAttribute('inert')).toBe(true));
  });

  it('does not rotate the banners for reduced motion until asked to, and not while focus is inside', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const listeners = new Set<() => void>();
    const media = { matches: true, addEventListener: (_: string, l: () => void) => listeners.add(l), removeEventListener: (_: string, l: () => void) => listeners.delete(l) };
    vi.stubGlobal('matchMedia', (query: string) => (query === '(prefers-reduced-motion: reduce)' ? media : { matches: false, addEventListener() {}, removeEventListener() {} }));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    serve(homeBlocks);
    renderWithApp(<HomePage />);
    const banner = await findSection('banner');
    const carousel = banner.querySelector<HTMLElement>('.carousel')!;
    const active = () => banner.querySelector('.carousel__slide.is-active')?.getAttribute('data-slide');
    const leave = async () => {
      act(() => (document.activeElement as HTMLElement).blur());
      await user.unhover(carousel);
    };
    expect(carousel.dataset.rotation).toBe('paused');
    // Nothing rotates by itself, so a slide changed by hand is announced.
    expect(banner.querySelector('.carousel__viewport')?.getAttribute('aria-live')).toBe('polite');
    await vi.advanceTimersByTimeAsync(15_000);
    expect(active()).toBe('0');

    // The setting is followed while the page is open.
    media.matches = false;
    act(() => listeners.forEach((l) => l()));
    expect(carousel.dataset.rotation).toBe('running');
    media.matches = true;
    act(() => listeners.forEach((l) => l()));
    expect(carousel.dataset.rotation).toBe('paused');

    // Pressing play is the person's own choice: it rotates.
    await user.click(within(banner).getByRole('button', { name: '继续轮播' }));
    await leave();
    expect(carousel.dataset.rotation).toBe('running');
    expect(banner.querySelector('.carousel__viewport')?.getAttribute('aria-live')).toBe('off');
    await vi.advanceTimersByTimeAsync(5000);
    await waitFor(() => expect(active()).toBe('1'));

    // Focus inside stops it; leaving starts it again.
    act(() => within(banner).getByRole('button', { name: '下一张' }).focus());
    expect(carousel.dataset.rotation).toBe('paused');
    await vi.advanceTimersByTimeAsync(15_000);
    expect(active()).toBe('1');
    await leave();
    await vi.advanceTimersByTimeAsync(5000);
    await waitFor(() => expect(active()).toBe('2'));
  });

  it('substitutes the default image when a cover fails to load', async () => {
    serve(homeBlocks);
    renderWithApp(<HomePage />);
    const courses = await findSection('courses');
    const img = courses.querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    img.dispatchEvent(new Event('error'));
    await waitFor(() => expect(img.getAttribute('src')).toBe('/default-image.svg'));
  });
});
