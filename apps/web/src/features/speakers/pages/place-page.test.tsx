import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fail, ok, serveApi } from '../../../testing/api-double';
import { setupI18n } from '../../../testing/i18n';
import { renderRoutes } from '../../../testing/render';
import { resetApiClientForTests } from '../../../shared/api-client';
import { HospitalPage, KeywordPage } from './place-page';

const header = { id: 2, kind: 'hospital', name: '北京协和医院', logo: '/h.svg', intro: '北京', counts: { courses: 0, lives: 0, news: 0, speakers: 1 }, region: null };
const emptyPage = { items: [], page: 1, page_size: 12, total: 0, has_more: false };
const speaker = {
  id: 7,
  name: '王建国',
  avatar: '/a.svg',
  title: '主任医师',
  organization: null,
  hospital: { name: '北京协和医院' },
  departments: [],
  is_follow: false,
  follower_count: 0,
  action: { type: 6, data: { id: 7 }, target: '_self' as const },
};

beforeAll(async () => {
  await setupI18n('zh');
});
beforeEach(() => {
  resetApiClientForTests();
});

describe('hospital, organizer and keyword pages', () => {
  it('shows the header, an empty list, and the speakers tab', async () => {
    const user = userEvent.setup();
    serveApi({
      'GET /v1/hospital/2': ok(header),
      'GET /v1/hospital/2/course': ok(emptyPage),
      'GET /v1/hospital/2/speaker': ok({ ...emptyPage, items: [speaker], total: 1 }),
    });
    renderRoutes([{ path: '/hospital/:id', element: <HospitalPage /> }], '/hospital/2');
    expect(await screen.findByRole('heading', { name: '北京协和医院' })).toBeTruthy();
    expect(screen.getByTestId('place-header').textContent).toContain('讲者 1');
    expect(await screen.findByText('暂无内容')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: '讲者' }));
    expect(await screen.findByText('王建国')).toBeTruthy();
  });

  it('lists the hospitals of its province and lets the visitor pick another region', async () => {
    const user = userEvent.setup();
    const region = { id: 5, name: '广州', parent: { id: 4, name: '广东' } };
    const card = (id: number, name: string, r: { id: number; name: string; parent: { id: number; name: string } | null } = region) => ({
      id,
      name,
      logo: '/h.svg',
      region: r,
      counts: { speakers: 2, courses: 3 },
      action: { type: 1, data: { url: `/hospital/${id}` }, target: '_self' as const },
    });
    const api = serveApi({
      'GET /v1/hospital/6': ok({ ...header, id: 6, name: '中山大学肿瘤防治中心', region }),
      'GET /v1/hospital/6/course': ok(emptyPage),
      'GET /v1/region': ok({
        items: [
          { id: 1, name: '北京', parent_id: null, hospital_count: 1 },
          { id: 4, name: '广东', parent_id: null, hospital_count: 2 },
          { id: 5, name: '广州', parent_id: 4, hospital_count: 2 },
        ],
      }),
      'GET /v1/hospital': (call) =>
        call.query.get('region_id') === '1'
          ? ok({ ...emptyPage, items: [card(1, '北京协和医院', { id: 1, name: '北京', parent: null })], total: 1 })
          : ok({ ...emptyPage, items: [card(6, '中山大学肿瘤防治中心'), card(9, '广州另一医院')], total: 2 }),
    });
    const { router } = renderRoutes([{ path: '/hospital/:id', element: <HospitalPage /> }], '/hospital/6');
    expect(await screen.findByText('广东 · 广州')).toBeTruthy();
    const panel = await screen.findByTestId('region-hospital-list');
    expect(api.callsTo('GET', '/v1/hospital')[0]?.query.get('region_id')).toBe('4');
    expect(panel.querySelector('[aria-current="page"]')?.textContent).toContain('中山大学肿瘤防治中心');
    expect(screen.getByRole('link', { name: /广州另一医院/ }).getAttribute('href')).toBe('/hospital/9');
    const select = screen.getByLabelText('地区');
    await screen.findByRole('option', { name: '北京（1）' });
    await user.selectOptions(select, '1');
    expect(await screen.findByText('北京协和医院')).toBeTruthy();
    expect(router.state.location.search).toBe('?region=1');
  });

  it('shows the not-found state for an unknown keyword', async () => {
    serveApi({ 'GET /v1/keyword/9': fail(40004) });
    renderRoutes([{ path: '/keywords/:id', element: <KeywordPage /> }], '/keywords/9');
    expect(await screen.findByTestId('speaker-not-found')).toBeTruthy();
  });
});
