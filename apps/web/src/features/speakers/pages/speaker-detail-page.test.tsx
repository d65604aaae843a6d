import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fail, ok, serveApi } from '../../../testing/api-double';
import { setupI18n } from '../../../testing/i18n';
import { renderRoutes } from '../../../testing/render';
import { resetApiClientForTests } from '../../../shared/api-client';
import { resetSessionForTests } from '../../../shared/session';
import { closeConfirmLogin } from '../../../shared/ui/confirm-login-store';
import { SpeakerDetailPage } from './speaker-detail-page';
import { SpeakerInfoPage } from './speaker-info-page';

const detail = (over: Record<string, unknown> = {}) => ({
  id: 7,
  name: '王建国',
  avatar: '/a.svg',
  title: '主任医师',
  organization: { name: '中华医学会' },
  hospital: { name: '北京协和医院' },
  departments: [{ id: 1, title: '心血管内科' }],
  is_follow: false,
  follower_count: 12,
  action: { type: 6, data: { id: 7 }, target: '_self' as const },
  intro: '长期从事心血管内科临床、教学与科研工作。',
  hospital_id: 2,
  organization_id: null,
  ...over,
});
const emptyPage = { items: [], page: 1, page_size: 12, total: 0, has_more: false };
const course = {
  id: 3,
  title: '心衰的规范化诊疗',
  cover: '/c.svg',
  course_type: 1,
  price_type: 1,
  price: 0,
  original_price: 0,
  learn_count: 5,
  learn_count_show: '5',
  course_updated_count: 1,
  tags: [],
  action: { type: 2, data: { id: 3 }, target: '_self' as const },
};

function serve(extra: Record<string, Parameters<typeof serveApi>[0][string]> = {}) {
  return serveApi({
    'GET /v1/user/speaker/7': ok(detail()),
    'GET /v1/speaker/7/course': ok({ ...emptyPage, items: [course], total: 1 }),
    'GET /v1/speaker/7/live': ok(emptyPage),
    'GET /v1/speaker/7/live_years': ok({ items: [] }),
    ...extra,
  });
}

beforeAll(async () => {
  await setupI18n('zh');
});
beforeEach(() => {
  act(() => closeConfirmLogin());
  resetSessionForTests();
  resetApiClientForTests();
  window.history.replaceState(null, '', '/speaker/7');
});
afterEach(() => {
  resetSessionForTests();
});

const renderAt = (path = '/speaker/7') =>
  renderRoutes(
    [
      { path: '/speaker/info', element: <SpeakerInfoPage /> },
      { path: '/speaker/:id', element: <SpeakerDetailPage /> },
    ],
    path,
  );

describe('speaker detail', () => {
  it('shows the header, the follower count with its suffix and the courses tab', async () => {
    serve();
    renderAt();
    expect(await screen.findByRole('heading', { name: /王建国/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: '北京协和医院' }).getAttribute('href')).toBe('/hospital/2');
    expect(screen.queryByRole('link', { name: '中华医学会' })).toBeNull();
    expect(screen.getByTestId('follower-count').textContent).toBe('12人关注');
    expect(await screen.findByText('心衰的规范化诊疗')).toBeTruthy();
  });

  it('asks an anonymous visitor to log in before following; Cancel does nothing', async () => {
    const user = userEvent.setup();
    const api = serve();
    renderAt();
    await user.click(await screen.findByRole('button', { name: '关注' }));
    const dialog = screen.getByRole('alertdialog', { name: '温馨提示' });
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.callsTo('PUT', '/v1/user/speaker/7/follow')).toHaveLength(0);
    expect(screen.getByTestId('follower-count').textContent).toBe('12人关注');
    expect(screen.getByRole('button', { name: '关注' }).getAttribute('aria-pressed')).toBe('false');
  });

const politeRegion = () => document.querySelector('[data-announcer="polite"]')!;

  it('follows for a member and flips the flag and the count only on code 0', async () => {
    window.localStorage.setItem('accessToken', 'acc-1');
    const user = userEvent.setup();
    let answer = fail(40029);
    const api = serve({ 'PUT /v1/user/speaker/7/follow': () => answer });
    renderAt();
    await user.click(await screen.findByRole('button', { name: '关注' }));
    await waitFor(() => expect(api.callsTo('PUT', '/v1/user/speaker/7/follow')).toHaveLength(1));
    expect(screen.getByTestId('follower-count').textContent).toBe('12人关注');
    expect(screen.getByRole('button', { name: '关注' }).getAttribute('aria-pressed')).toBe('false');
    answer = ok({ is_follow: true, follower_count: 13 });
    await user.click(screen.getByRole('button', { name: '关注' }));
    await waitFor(() => expect(screen.getByTestId('follower-count').textContent).toBe('13人关注'));
    expect(api.callsTo('PUT', '/v1/user/speaker/7/follow')[1]?.body).toMatchObject({ status: 1 });
    const following = screen.getByRole('button', { name: '已关注' });
    expect(following.getAttribute('aria-pressed')).toBe('true');
    // Screen-reader users hear the result; the button kept keyboard focus through the call.
    expect(politeRegion().textContent).toBe('已关注');
    expect(document.activeElement).toBe(following);
    answer = ok({ is_follow: false, follower_count: 12 });
    await user.click(following);
    await waitFor(() => expect(screen.getByTestId('follower-count').textContent).toBe('12人关注'));
    expect(api.callsTo('PUT', '/v1/user/speaker/7/follow')[2]?.body).toMatchObject({ status: 2 });
    expect(politeRegion().textContent).toBe('已取消关注');
  });

  it('shows the not-found state for an unknown speaker', async () => {
    serve({ 'GET /v1/user/speaker/7': fail(40004) });
    renderAt();
    expect(await screen.findByTestId('speaker-not-found')).toBeTruthy();
  });

  it('shows the full intro on /speaker/info?id=', async () => {
    serve();
    renderAt('/speaker/info?id=7');
    expect((await screen.findByTestId('speaker-intro')).textContent).toContain('长期从事心血管内科');
  });
});
