import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CongressCard as Card } from '@medportal/contract';
import { ErrorCode } from '@medportal/contract/codes';
import { resetApiClientForTests } from '../../shared/api-client';
import { resetSessionForTests } from '../../shared/session';
import { fail, ok, serveApi } from '../../testing/api-double';
import { setupI18n } from '../../testing/i18n';
import { renderRoutes } from '../../testing/render';
import { dateRange, monthDays, shiftMonth } from './components/congress-dates';
import { CalendarPage } from './pages/calendar-page';
import { CongressPage } from './pages/congress-page';

const congress = (id: number, acronym: string, start: string, end: string, over: Partial<Card> = {}): Card => ({
  id,
  acronym,
  title: `${acronym} 大会`,
  organizer: '学会',
  start_date: start,
  end_date: end,
  city: '芝加哥',
  country: 'US',
  field: 'oncology',
  field_name: '肿瘤',
  region: 'north_america',
  region_name: '北美',
  mode: 'hybrid',
  logo: '/logo.svg',
  is_favorite: false,
  ...over,
});
const page = <T,>(items: T[]) => ({ items, page: 1, page_size: 100, total: items.length, has_more: false });
const filters = ok({
  fields: [
    { key: 'oncology', name: '肿瘤' },
    { key: 'hematology', name: '血液' },
  ],
  regions: [{ key: 'europe', name: '欧洲' }],
  months: ['2027-05', '2027-06'],
});

beforeAll(async () => {
  await setupI18n('zh');
});
beforeEach(() => {
  localStorage.clear();
  resetSessionForTests();
  resetApiClientForTests();
});

describe('congress dates', () => {
  it('lays a month out from Monday and names ranges compactly', () => {
    // 1 June 2027 is a Tuesday.
    expect(monthDays('2027-06')).toMatchObject({ lead: 1 });
    expect(monthDays('2027-02').days).toHaveLength(28);
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
    expect(shiftMonth('2027-12', 1)).toBe('2028-01');
    expect(dateRange('2027-05-29', '2027-06-02')).toBe('2027-05-29 – 06-02');
    expect(dateRange('2027-12-30', '2028-01-02')).toBe('2027-12-30 – 2028-01-02');
    expect(dateRange('2027-06-01', '2027-06-01')).toBe('2027-06-01');
  });
});

describe('calendar page', () => {
  it('shows a month as a grid where multi-day congresses fill their days, and filters through the URL', async () => {
    const user = userEvent.setup();
    const api = serveApi({
      'GET /v1/meeting/calendar/filters': filters,
      'GET /v1/meeting/calendar': (call) =>
        ok(page(call.query.get('field') === 'hematology' ? [congress(2, 'EHA 2027', '2027-06-11', '2027-06-14', { field: 'hematology', field_name: '血液' })] : [congress(1, 'ASCO 2027', '2027-05-29', '2027-06-02')])),
    });
    const { router } = renderRoutes([{ path: '/meeting/calendar', element: <CalendarPage /> }], '/meeting/calendar?month=2027-06');
    const grid = await screen.findByTestId('month-grid', {}, { timeout: 5000 });
    // ASCO runs into June: days 1 and 2 name it, day 3 does not.
    const cells = within(grid).getAllByRole('cell');
    const day = (n: number) => cells.find((c) => c.querySelector('.month-grid__num')?.textContent === String(n))!;
    expect(within(day(1)).getByRole('link', { name: 'ASCO' }).getAttribute('href')).toBe('/meeting/calendar/1');
    expect(within(day(2)).getByRole('link', { name: 'ASCO' })).toBeTruthy();
    expect(within(day(3)).queryByRole('link')).toBeNull();
    expect(api.callsTo('GET', '/v1/meeting/calendar')[0]?.query.get('month')).toBe('2027-06');

    await user.selectOptions(await screen.findByTestId('filter-field'), 'hematology');
    await screen.findByRole('link', { name: /EHA 2027/ });
    expect(router.state.location.search).toBe('?month=2027-06&field=hematology');

    await user.click(screen.getByRole('button', { name: '下个月' }));
    expect(router.state.location.search).toBe('?month=2027-07&field=hematology');
  });

  it('says when nothing matches', async () => {
    serveApi({ 'GET /v1/meeting/calendar/filters': filters, 'GET /v1/meeting/calendar': ok(page([])) });
    renderRoutes([{ path: '/meeting/calendar', element: <CalendarPage /> }], '/meeting/calendar?keyword=none');
    await screen.findByText('没有符合条件的会议，换个条件试试。', {}, { timeout: 5000 });
    expect((screen.getByTestId('filter-keyword') as HTMLInputElement).value).toBe('none');
  });
});

describe('congress page', () => {
  it('shows the facts, the .ics link and the favourite button; an unknown congress is not found', async () => {
    const detail = {
      ...congress(7, 'ESMO 2027', '2027-10-17', '2027-10-21'),
      title_zh: 'ESMO 2027 大会',
      title_en: 'ESMO Congress 2027',
      venue: 'Messe Berlin',
      url: 'https://www.esmo.org',
      abstract_deadline: '2027-05-20',
      registration_deadline: null,
      summary: '年度大会',
      ics_path: '/v1/meeting/calendar/7.ics',
    };
    serveApi({ 'GET /v1/meeting/calendar/7': ok(detail), 'GET /v1/meeting/calendar/8': fail(ErrorCode.NOT_FOUND) });
    const first = renderRoutes([{ path: '/meeting/calendar/:id', element: <CongressPage /> }], '/meeting/calendar/7');
    await screen.findByRole('heading', { level: 1, name: 'ESMO 2027 大会' }, { timeout: 5000 });
    expect(screen.getByText('ESMO Congress 2027')).toBeTruthy();
    expect(screen.getByTestId('congress-ics').getAttribute('href')).toBe('/v1/meeting/calendar/7.ics?language=zh_CN');
    expect(screen.getByText('2027-10-17 – 10-21')).toBeTruthy();
    expect(screen.getByText('未公布')).toBeTruthy();
    expect(screen.getByRole('button', { name: '收藏' }).getAttribute('aria-pressed')).toBe('false');
    first.unmount();
    renderRoutes([{ path: '/meeting/calendar/:id', element: <CongressPage /> }], '/meeting/calendar/8');
    await screen.findByTestId('congress-not-found');
  });
});
