import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fail, ok, serveApi } from '../../../testing/api-double';
import { setupI18n } from '../../../testing/i18n';
import { renderRoutes } from '../../../testing/render';
import { resetApiClientForTests } from '../../../shared/api-client';
import { SpeakerBrowser } from './speaker-browser';

const page = <T,>(items: T[]) => ({ items, page: 1, page_size: 12, total: items.length, has_more: false });
const speaker = (id: number, name: string, hospital: string, isFollow = false) => ({
  id,
  name,
  avatar: '/a.svg',
  title: '主任医师',
  organization: null,
  hospital: { name: hospital },
  departments: [],
  is_follow: isFollow,
  follower_count: 0,
  action: { type: 4, data: { id }, target: '_self' as const },
});
const hospital = (id: number, name: string) => ({ id, name, logo: '/h.svg', region: null, counts: { speakers: 1, courses: 0 }, action: { type: 1, data: { url: `/hospital/${id}` }, target: '_self' as const } });
const regions = ok({
  items: [
    { id: 1, name: '北京', parent_id: null, hospital_count: 2 },
    { id: 4, name: '广东', parent_id: null, hospital_count: 1 },
    { id: 5, name: '广州', parent_id: 4, hospital_count: 1 },
  ],
});

beforeAll(async () => {
  await setupI18n('zh');
});
beforeEach(() => {
  resetApiClientForTests();
});

describe('speaker browser', () => {
  it('filters by region, then hospital, keeping both in the URL; a new region clears the hospital', async () => {
    const user = userEvent.setup();
    const api = serveApi({
      'GET /v1/region': regions,
      'GET /v1/hospital': (call) => ok(page(call.query.get('region_id') === '1' ? [hospital(1, '北京协和医院'), hospital(2, '北京天坛医院')] : [hospital(6, '中山大学肿瘤防治中心')])),
      'GET /v1/speaker': (call) => {
        const h = call.query.get('hospital_id');
        const r = call.query.get('region_id');
        if (h === '1') return ok(page([speaker(8, '黄文静', '北京协和医院', true)]));
        if (r === '1') return ok(page([speaker(8, '黄文静', '北京协和医院', true), speaker(4, '刘海燕', '北京天坛医院')]));
        if (r === '5') return ok(page([]));
        return ok(page([speaker(1, '王建国', '中国医学科学院肿瘤医院')]));
      },
    });
    const { router } = renderRoutes([{ path: '/speaker', element: <SpeakerBrowser /> }], '/speaker');
    expect(await screen.findByText('王建国')).toBeTruthy();
    await screen.findByRole('option', { name: '北京（2）' });
    await user.selectOptions(screen.getByLabelText('地区'), '1');
    expect(await screen.findByText('刘海燕')).toBeTruthy();
    expect(screen.getByText('共 2 位讲者')).toBeTruthy();
    await screen.findByRole('option', { name: '北京天坛医院' });
    await user.selectOptions(screen.getByLabelText('医院'), '1');
    expect(await screen.findByText('已关注')).toBeTruthy();
    await screen.findByText('共 1 位讲者');
    expect(router.state.location.search).toBe('?region=1&hospital=1');
    expect(screen.getByRole('link', { name: /黄文静/ }).getAttribute('href')).toBe('/speaker/8');
    await user.selectOptions(screen.getByLabelText('地区'), '5');
    expect(await screen.findByText('没有符合条件的讲者')).toBeTruthy();
    expect(router.state.location.search).toBe('?region=5');
    expect(api.callsTo('GET', '/v1/speaker').at(-1)?.query.get('hospital_id')).toBeNull();
  });

  it('says so when the region in the URL does not exist', async () => {
    serveApi({ 'GET /v1/region': regions, 'GET /v1/hospital': fail(40004), 'GET /v1/speaker': fail(40004) });
    renderRoutes([{ path: '/speaker', element: <SpeakerBrowser /> }], '/speaker?region=999');
    expect(await screen.findByText('所选地区或医院不存在，请重新选择')).toBeTruthy();
  });
});
