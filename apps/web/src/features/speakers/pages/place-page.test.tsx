import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fail, ok, serveApi } from '../../../testing/api-double';
import { setupI18n } from '../../../testing/i18n';
import { renderRoutes } from '../../../testing/render';
import { resetApiClientForTests } from '../../../shared/api-client';
import { HospitalPage, KeywordPage } from './place-page';

const header = { id: 2, kind: 'hospital', name: '北京协和医院', logo: '/h.svg', intro: '北京', counts: { courses: 0, lives: 0, news: 0, speakers: 1 } };
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

  it('shows the not-found state for an unknown keyword', async () => {
    serveApi({ 'GET /v1/keyword/9': fail(40004) });
    renderRoutes([{ path: '/keywords/:id', element: <KeywordPage /> }], '/keywords/9');
    expect(await screen.findByTestId('speaker-not-found')).toBeTruthy();
  });
});
