import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LiveCard } from '@medportal/contract';
import { ErrorCode } from '@medportal/contract/codes';
import { resetApiClientForTests } from '../../shared/api-client';
import { resetSessionForTests } from '../../shared/session';
import { fail, ok, serveApi } from '../../testing/api-double';
import { setupI18n } from '../../testing/i18n';
import { renderWithApp } from '../../testing/render';
import { calendarTarget } from './components/calendar-panel';
import { addDays, addMonths, isDate, monthGrid, sameDayInMonth } from './lib/dates';
import { LivePage } from './pages/live-page';

const live = (id: number, over: Partial<LiveCard> = {}): LiveCard => ({
  id,
  banner: `/b${id}.svg`,
  preview_gif: null,
  title: `直播 ${id}`,
  sub_title: '副标题',
  start_at: '2026-03-10T02:00:00.000Z',
  end_at: '2026-03-10T03:00:00.000Z',
  live_status: 0,
  live_status_text: '未开始',
  action: { type: 7, data: { id }, target: '_self' },
  meeting_no: '123456789012',
  has_replay: false,
  date: '2026-03-10',
  remind_count: 0,
  is_remind: false,
  is_favorite: false,
  ...over,
});
const page = (items: LiveCard[]) => ok({ items, page: 1, page_size: 12, total: items.length, has_more: false });
const dates = ok({
  today: '2026-03-10',
  timezone: '+08:00',
  items: [
    { date: '2026-03-10', count: 1, has_live: true },
    { date: '2026-03-11', count: 1, has_live: false },
  ],
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

describe('calendar helpers', () => {
  it('checks real dates and walks months', () => {
    expect(isDate('2026-02-28')).toBe(true);
    expect(isDate('2026-02-31')).toBe(false);
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    const grid = monthGrid('2026-03');
    expect(grid[0]?.[0]).toBe('2026-03-01');
    expect(grid.flat().filter(Boolean)).toHaveLength(31);
  });

  it('moves through the month grid by day, week, week end and month', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(sameDayInMonth('2026-03-31', -1)).toBe('2026-02-28');
    expect(sameDayInMonth('2026-01-15', 1)).toBe('2026-02-15');
    // 2026-03-11 is a Wednesday.
    expect(calendarTarget('ArrowRight', '2026-03-11')).toBe('2026-03-12');
    expect(calendarTarget('ArrowLeft', '2026-03-01')).toBe('2026-02-28');
    expect(calendarTarget('ArrowDown', '2026-03-11')).toBe('2026-03-18');
    expect(calendarTarget('ArrowUp', '2026-03-11')).toBe('2026-03-04');
    expect(calendarTarget('Home', '2026-03-11')).toBe('2026-03-08');
    expect(calendarTarget('End', '2026-03-11')).toBe('2026-03-14');
    expect(calendarTarget('PageUp', '2026-03-31')).toBe('2026-02-28');
    expect(calendarTarget('PageDown', '2026-03-11')).toBe('2026-04-11');
    expect(calendarTarget('Enter', '2026-03-11')).toBeNull();
  });
});

describe('live page', () => {
  it('opens on today, shows now-live and the meeting number in groups of four, and switches days with the keyboard', async () => {
    const user = userEvent.setup();
    const api = serveApi({
      'GET /v1/live/live_date': dates,
      'GET /v1/live/date_lives': (call) =>
        call.query.get('date') === '2026-03-10'
          ? page([live(1, { live_status: 1, live_status_text: '直播中', preview_gif: '/p1.gif' })])
          : page([live(2, { date: '2026-03-11', title: '明天的会' })]),
      'GET /v1/live/look_back': ok({ items: [] }),
    });
    const { router } = renderWithApp(<LivePage />, { path: '/live' });
    const today = await screen.findByRole('tab', { name: /2026-03-10/ });
    expect((today).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('直播中')).toBeTruthy();
    expect(screen.getByText('会议号 1234-5678-9012')).toBeTruthy();

    // The preview GIF replaces the banner while the card is hovered.
    const card = screen.getByTestId('live-card');
    await user.hover(within(card).getByRole('link'));
    expect((within(card).getByTestId('live-card-image')).getAttribute('src')).toBe('/p1.gif');

    today.focus();
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByText('明天的会')).toBeTruthy();
    expect(router.state.location.search).toContain('date=2026-03-11');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: /2026-03-11/ }));
    expect(api.callsTo('GET', '/v1/live/date_lives').map((c) => c.query.get('date'))).toEqual(['2026-03-10', '2026-03-11']);
  });

  it('asks a visitor to log in before a reminder, and flips the button only on code 0', async () => {
    const user = userEvent.setup();
    let answer = fail(ErrorCode.LIVE_ENDED, null, '直播已结束');
    // The list answers like the server: once logged in it may be fetched again, with the flag.
    const api = serveApi({
      'GET /v1/live/live_date': dates,
      'GET /v1/live/date_lives': () => page([live(1, { is_remind: answer.code === 0 })]),
      'GET /v1/live/look_back': ok({ items: [] }),
      'PUT /v1/user/live/1/remind': () => answer,
    });
    renderWithApp(<LivePage />, { path: '/live' });
    await user.click(await screen.findByRole('button', { name: '开播提醒' }));
    const dialog = await screen.findByRole('alertdialog', { name: '温馨提示' });
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(api.callsTo('PUT', '/v1/user/live/1/remind')).toHaveLength(0);

    localStorage.setItem('accessToken', 'token-1');
    await user.click(screen.getByRole('button', { name: '开播提醒' }));
    await waitFor(() => expect(api.callsTo('PUT', '/v1/user/live/1/remind')).toHaveLength(1));
    expect(await screen.findByText('直播已结束')).toBeTruthy();
    expect((screen.getByRole('button', { name: '开播提醒' })).getAttribute('aria-pressed')).toBe('false');
    await user.click(screen.getByRole('button', { name: '知道了' }));

    answer = ok({ is_remind: true, remind_count: 1 });
    await user.click(screen.getByRole('button', { name: '开播提醒' }));
    expect((await screen.findByRole('button', { name: '已预约' })).getAttribute('aria-pressed')).toBe('true');
    expect(api.callsTo('PUT', '/v1/user/live/1/remind').at(-1)?.body).toMatchObject({ status: 1 });
  });

  it('shows an empty day and a retry on failure', async () => {
    const user = userEvent.setup();
    let n = 0;
    serveApi({
      'GET /v1/live/live_date': () => (n++ === 0 ? fail(ErrorCode.INTERNAL) : dates),
      'GET /v1/live/date_lives': page([]),
      'GET /v1/live/look_back': ok({ items: [] }),
    });
    renderWithApp(<LivePage />, { path: '/live' });
    await user.click(await screen.findByRole('button', { name: '重试' }));
    expect(await screen.findByText('这一天没有直播安排')).toBeTruthy();
  });
});

describe('my calendar', () => {
  it('is a month grid with one Tab stop: arrows move by day and week, crossing into the next month; Enter picks a day', async () => {
    localStorage.setItem('accessToken', 'token-1');
    localStorage.setItem('userInfo', JSON.stringify({ nickname: '李医生', avatar_url: '' }));
    resetSessionForTests();
    const user = userEvent.setup();
    serveApi({
      'GET /v1/live/live_date': dates,
      'GET /v1/user/live/calendar': (call) =>
        ok({
          month: call.query.get('month'),
          days: call.query.get('month') === '2026-03' ? [{ date: '2026-03-12', items: [live(5, { title: '我预约的会', date: '2026-03-12' })] }] : [],
        }),
      'GET /v1/user/live/remind_type': ok({ channel: 'sms', minutes_before: 15, channels: [{ value: 'sms', title: '短信', available: true }], minutes_options: [15] }),
    });
    const { router } = renderWithApp(<LivePage />, { path: '/live', routes: [] });
    await router.navigate('/live?tab=calendar&month=2026-03');
    const grid = await screen.findByRole('grid', { name: '2026 年 3 月' });
    expect(await screen.findByText('我预约的会')).toBeTruthy();
    const day = (date: string) => within(screen.getByRole('grid')).getByRole('button', { name: new RegExp(`^${date}`) });
    // Today holds the Tab stop; the day with a meeting says so.
    expect(within(grid).getAllByRole('button').filter((b) => b.tabIndex === 0)).toEqual([day('2026-03-10')]);
    expect(day('2026-03-12').getAttribute('aria-label')).toBe('2026-03-12，1 场');
    expect(day('2026-03-10').getAttribute('aria-current')).toBe('date');

    day('2026-03-10').focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(day('2026-03-12'));
    await user.keyboard('{Enter}');
    expect(day('2026-03-12').getAttribute('aria-pressed')).toBe('true');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(day('2026-03-19'));
    expect(day('2026-03-19').tabIndex).toBe(0);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('这一天没有已预约或收藏的直播')).toBeTruthy();

    // Past the month's last week the page turns, and focus lands on the same weekday.
    await user.keyboard('{ArrowDown}{ArrowDown}');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('month')).toBe('2026-04'));
    await screen.findByRole('grid', { name: '2026 年 4 月' });
    await waitFor(() => expect(document.activeElement).toBe(day('2026-04-02')));
    await user.keyboard('{PageUp}');
    await waitFor(() => expect(document.activeElement).toBe(day('2026-03-02')));
  });
});
