import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppraisalPage, Course, CourseChaptersData, CourseDetail, CourseListData, Speaker } from '@medportal/contract';
import { ErrorCode } from '@medportal/contract/codes';
import { resetApiClientForTests } from '../../shared/api-client';
import { resetSessionForTests, storeLoginResult } from '../../shared/session';
import { fail, ok, serveApi } from '../../testing/api-double';
import { course } from '../../testing/fixtures/home-blocks';
import { setupI18n } from '../../testing/i18n';
import { renderRoutes, renderWithApp } from '../../testing/render';
import { filtersFromSearch } from './api/courses';
import { CourseDetailPage } from './pages/course-detail-page';
import { CourseListPage } from './pages/course-list-page';
import { CourseMorePage } from './pages/course-more-page';

const listData = (items: Course[], over: Partial<CourseListData> = {}): CourseListData => ({
  items,
  page: 1,
  page_size: 12,
  total: items.length,
  has_more: false,
  departments: [
    { id: 3, title: '肿瘤科' },
    { id: 7, title: '心内科' },
  ],
  ...over,
});

const speaker: Speaker = {
  id: 9,
  name: '王医生',
  avatar: '/media/avatar/9.svg',
  title: '主任医师',
  organization: null,
  hospital: { name: '协和医院' },
  departments: [],
  is_follow: false,
  follower_count: 10,
  action: { type: 4, data: { id: 9 }, target: '_self' },
};

const detail = (id: number, over: Partial<CourseDetail> = {}): CourseDetail => ({
  ...course(id, { title: `课程 ${id}`, price_type: 2, price: 1200, original_price: 2000 }),
  description: '<b>纯文本</b> 简介',
  teachers: [speaker],
  chapters_count: 2,
  is_favorite: false,
  rating: { average: 4.5, count: 2 },
  series_id: null,
  series_title: null,
  department: { id: 3, title: '肿瘤科' },
  updated_at: '2025-03-01T06:30:00Z',
  ...over,
});

const chapters: CourseChaptersData = {
  items: [
    { id: 11, title: '第1讲 概述', duration_s: 754, free_preview: true, sort: 1, media: null, locked_reason: null },
    { id: 12, title: '第2讲 进阶', duration_s: 3723, free_preview: false, sort: 2, media: null, locked_reason: 'login' },
  ],
};

const appraisals = (page: number, total = 12): AppraisalPage => ({
  items: [{ id: page, nickname: `学员${page}`, avatar_url: '', rating: 5, content: '<script>x</script>', tags: [], created_at: '2025-03-01T06:30:00Z' }],
  page,
  page_size: 10,
  total,
  has_more: page * 10 < total,
});

beforeAll(async () => {
  await setupI18n('zh');
});
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetSessionForTests();
  resetApiClientForTests();
});

describe('filtersFromSearch', () => {
  it('keeps valid values and drops the rest', () => {
    expect(filtersFromSearch(new URLSearchParams('dep_val=3&price_type=2&sort=popular&page=4'))).toEqual({ dep_val: '3', price_type: '2', sort: 'popular', page: 4 });
    expect(filtersFromSearch(new URLSearchParams('dep_val=x&price_type=9&sort=evil&page=-2'))).toEqual({ dep_val: '', price_type: '', sort: 'latest', page: 1 });
  });
});

describe('course series page (/course/more)', () => {
  it("is titled by the link's title, keeps a department slug, and searches by keyword (the title filters nothing)", async () => {
    const user = userEvent.setup();
    const api = serveApi({
      'GET /v1/user/more_course': (call) => ok({ items: [course(call.query.get('keyword') ? 2 : 1)], page: 1, page_size: 12, total: 1, has_more: false }),
    });
    const { router } = renderRoutes([{ path: '/course/more', element: <CourseMorePage /> }], '/course/more?dep_val=hematology&title=%E8%A1%80%E6%B6%B2%E7%97%85%E5%AD%A6%E8%AF%BE%E5%A0%82');
    expect(await screen.findByRole('heading', { level: 1, name: '血液病学课堂' })).toBeTruthy();
    await screen.findByText('Course 1');
    const first = api.callsTo('GET', '/v1/user/more_course').at(-1);
    expect(first?.query.get('dep_val')).toBe('hematology');
    expect(first?.query.get('keyword')).toBe('');
    expect(first?.query.has('title')).toBe(false);

    await user.type(screen.getByRole('searchbox', { name: '搜索系列课程' }), 'CAR-T');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await screen.findByText('Course 2');
    expect(router.state.location.search).toBe('?dep_val=hematology&title=%E8%A1%80%E6%B6%B2%E7%97%85%E5%AD%A6%E8%AF%BE%E5%A0%82&keyword=CAR-T');
    expect(api.callsTo('GET', '/v1/user/more_course').at(-1)?.query.get('keyword')).toBe('CAR-T');
  });

  it('falls back to the generic heading without a title', async () => {
    serveApi({ 'GET /v1/user/more_course': ok({ items: [], page: 1, page_size: 12, total: 0, has_more: false }) });
    renderWithApp(<CourseMorePage />, { path: '/course/more' });
    expect(await screen.findByRole('heading', { level: 1, name: '系列课程' })).toBeTruthy();
  });
});

describe('course list page', () => {
  it('puts filters and the page in the URL and asks the API for them', async () => {
    const user = userEvent.setup();
    const api = serveApi({
      'GET /v1/pc/course': (call) => ok(listData([course(Number(call.query.get('page')) * 100)], { total: 30, has_more: true, page: Number(call.query.get('page')) })),
    });
    const { router } = renderWithApp(<CourseListPage />, { path: '/course' });
    await screen.findByText('Course 100');
    expect(screen.getByText('共 30 门课程')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '第 2 页' }));
    await screen.findByText('Course 200');
    expect(router.state.location.search).toBe('?page=2');
    expect(api.callsTo('GET', '/v1/pc/course').at(-1)?.query.get('page')).toBe('2');

    await user.click(screen.getByRole('tab', { name: '心内科' }));
    await waitFor(() => expect(router.state.location.search).toBe('?dep_val=7'));
    await user.selectOptions(screen.getByRole('combobox', { name: '价格' }), '1');
    await user.selectOptions(screen.getByRole('combobox', { name: '排序' }), 'price_desc');
    await waitFor(() => expect(router.state.location.search).toBe('?dep_val=7&price_type=1&sort=price_desc'));
    const last = api.callsTo('GET', '/v1/pc/course').at(-1);
    expect([last?.query.get('dep_val'), last?.query.get('price_type'), last?.query.get('sort'), last?.query.get('page')]).toEqual(['7', '1', 'price_desc', '1']);
    expect(screen.getByRole('tab', { name: '心内科' }).getAttribute('aria-selected')).toBe('true');

    // Back restores the previous filters.
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe('?dep_val=7&price_type=1'));
  });

  it('shows the empty state and an error with retry', async () => {
    const user = userEvent.setup();
    let n = 0;
    serveApi({ 'GET /v1/pc/course': () => (n++ === 0 ? fail(ErrorCode.INTERNAL) : ok(listData([]))) });
    renderWithApp(<CourseListPage />, { path: '/course' });
    await user.click(await screen.findByRole('button', { name: '重试' }));
    await screen.findByText('暂无符合条件的课程');
  });
});

describe('course detail page', () => {
  it('shows price, teachers, chapters with durations and appraisals with paging', async () => {
    const user = userEvent.setup();
    serveApi({
      'GET /v1/user/course/5': ok(detail(5)),
      'GET /v2/user/course/5/chapter': ok(chapters),
      'GET /v1/guess_like_course': ok({ items: [course(6)] }),
      'GET /v1/user/course/5/appraise': (call) => ok(appraisals(Number(call.query.get('page')))),
      'GET /v1/user/course/appraise_tag': ok({ items: [{ id: 1, title: '讲解清晰' }] }),
    });
    const { router } = renderWithApp(<CourseDetailPage />, { path: '/course/:id' });
    await router.navigate('/course/5');
    await screen.findAllByRole('heading', { name: '课程 5' });
    expect(screen.getAllByText('¥12.00').length).toBeGreaterThan(0);
    expect(screen.getAllByText('<b>纯文本</b> 简介').length).toBeGreaterThan(0);
    const teacher = screen.getAllByRole('link', { name: /王医生/ })[0]!;
    expect(teacher.getAttribute('href')).toBe('/speaker/9');
    const lessons = await screen.findAllByRole('list');
    const chapterList = lessons.find((l) => within(l).queryByText('第1讲 概述'))!;
    expect(within(chapterList).getByText('12:34')).toBeTruthy();
    expect(within(chapterList).getByText('1:02:03')).toBeTruthy();
    expect(within(chapterList).getAllByText('试看')).toHaveLength(1);
    expect(await screen.findAllByText('<script>x</script>')).not.toHaveLength(0);
    expect(document.querySelector('script')).toBeNull();
    await user.click(screen.getAllByRole('button', { name: '第 2 页' })[0]!);
    await screen.findAllByText('学员2');
  });

  it('asks an anonymous visitor to log in before appraising; Cancel sends nothing', async () => {
    const user = userEvent.setup();
    const api = serveApi({
      'GET /v1/user/course/5': ok(detail(5)),
      'GET /v2/user/course/5/chapter': ok(chapters),
      'GET /v1/guess_like_course': ok({ items: [] }),
      'GET /v1/user/course/5/appraise': ok(appraisals(1, 1)),
      'GET /v1/user/course/appraise_tag': ok({ items: [] }),
    });
    const { router } = renderWithApp(<CourseDetailPage />, { path: '/course/:id' });
    await router.navigate('/course/5');
    await user.click(await screen.findByRole('button', { name: '提交评价' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.callsTo('POST', '/v1/user/course/5/appraise')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/course/5');
  });

  it("keeps the visitor's chapter list on screen while a login's own list loads, so a tap on it counts", async () => {
    const user = userEvent.setup();
    // jsdom lays nothing out: picking a lesson scrolls the player into view.
    Element.prototype.scrollIntoView ??= () => undefined;
    let answerMember: (data: CourseChaptersData) => void = () => undefined;
    const memberList = new Promise<CourseChaptersData>((resolve) => (answerMember = resolve));
    serveApi({
      'GET /v1/user/course/5': ok(detail(5)),
      'GET /v2/user/course/5/chapter': async (call) => ok(call.query.get('access_token') ? await memberList : chapters),
      'GET /v1/user/course/5/learn_progress': ok({ last_chapter_id: null, last_position_s: 0, percent: 0, completed: false }),
      'GET /v1/user/course/5/chapter_learn_progress': ok({ items: [] }),
      'GET /v1/guess_like_course': ok({ items: [] }),
      'GET /v1/user/course/5/appraise': ok(appraisals(1, 1)),
      'GET /v1/user/course/appraise_tag': ok({ items: [] }),
    });
    const { router } = renderWithApp(<CourseDetailPage />, { path: '/course/:id' });
    await router.navigate('/course/5');
    await screen.findByText('登录观看', { selector: '.chapter-list__lock' });
    storeLoginResult({ user_access_token: 'acc-1' });
    // The member's list is on its way: the visitor's stays, marked busy, and takes the tap.
    const section = screen.getByRole('region', { name: '课程目录' });
    await waitFor(() => expect(section.getAttribute('aria-busy')).toBe('true'));
    await user.click(within(section).getByRole('button', { name: /第2讲 进阶/ }));
    expect(screen.queryByTestId('course-purchased')).toBeNull();
    answerMember({ items: chapters.items.map((c) => (c.locked_reason ? { ...c, locked_reason: 'purchase' } : c)) });
    const locked = await screen.findByRole('region', { name: '本节暂不能播放' });
    await within(locked).findByText('购买课程后观看');
    expect(section.getAttribute('aria-busy')).toBe('false');
  });

  it('shows the not-found state for an unknown course', async () => {
    serveApi({
      'GET /v1/user/course/404': fail(ErrorCode.NOT_FOUND),
      'GET /v2/user/course/404/chapter': fail(ErrorCode.NOT_FOUND),
    });
    const { router } = renderWithApp(<CourseDetailPage />, { path: '/course/:id' });
    await router.navigate('/course/404');
    await screen.findByText('该课程不存在或已下线');
  });
});

describe('course favourite', () => {
  const serveDetail = (favorite: (call: { body: Record<string, unknown> | null }) => ReturnType<typeof ok>) =>
    serveApi({
      'GET /v1/user/course/5': ok(detail(5)),
      'GET /v2/user/course/5/chapter': ok(chapters),
      'GET /v1/guess_like_course': ok({ items: [] }),
      'GET /v1/user/course/5/appraise': ok(appraisals(1, 1)),
      'GET /v1/user/course/appraise_tag': ok({ items: [] }),
      'POST /v1/user/history': ok(null),
      'POST /v1/user/favorite': favorite,
    });

  it('flips only when the server answered code 0', async () => {
    localStorage.setItem('accessToken', 'tok');
    resetSessionForTests();
    const user = userEvent.setup();
    let answer = fail(ErrorCode.INTERNAL);
    const api = serveDetail(() => answer);
    const { router } = renderWithApp(<CourseDetailPage />, { path: '/course/:id' });
    await router.navigate('/course/5');
    await user.click(await screen.findByRole('button', { name: '收藏' }));
    await waitFor(() => expect(api.callsTo('POST', '/v1/user/favorite')).toHaveLength(1));
    expect(screen.getByRole('button', { name: '收藏' }).getAttribute('aria-pressed')).toBe('false');

    answer = ok({ is_favorite: true });
    await user.click(screen.getByRole('button', { name: '收藏' }));
    await screen.findByRole('button', { name: '已收藏' });
    expect(api.callsTo('POST', '/v1/user/favorite').at(-1)?.body).toMatchObject({ module_name: 'course', module_id: 5, status: 1 });
  });

  it('asks an anonymous visitor to log in first; nothing is sent', async () => {
    const user = userEvent.setup();
    const api = serveDetail(() => ok({ is_favorite: true }));
    const { router } = renderWithApp(<CourseDetailPage />, { path: '/course/:id' });
    await router.navigate('/course/5');
    await user.click(await screen.findByRole('button', { name: '收藏' }));
    const dialog = await screen.findByRole('alertdialog', { name: '温馨提示' });
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(api.callsTo('POST', '/v1/user/favorite')).toHaveLength(0);
  });
});
