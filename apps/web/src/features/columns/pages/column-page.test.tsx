import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fail, ok, serveApi } from '../../../testing/api-double';
import { setupI18n } from '../../../testing/i18n';
import { renderRoutes } from '../../../testing/render';
import { resetApiClientForTests } from '../../../shared/api-client';
import { resetSessionForTests } from '../../../shared/session';
import { closeConfirmLogin } from '../../../shared/ui/confirm-login-store';
import { ColumnPage } from './column-page';

const card = (over: Record<string, unknown> = {}) => ({
  id: 5,
  cover: '/col.svg',
  title: '心血管前沿',
  desc: 'd',
  issue: 12,
  subscribe_logo: '/col.svg',
  subscribe_total: 7,
  is_follow: false,
  url: '/column/index',
  action: { type: 1, data: { url: '/column/index' }, target: '_self' },
  ...over,
});
const pageOf = (items: unknown[]) => ({ items, page: 1, page_size: 12, total: items.length, has_more: false });

beforeAll(async () => {
  await setupI18n('zh');
});
beforeEach(() => {
  act(() => closeConfirmLogin());
  resetSessionForTests();
  resetApiClientForTests();
  window.history.replaceState(null, '', '/column/index');
});
afterEach(() => {
  resetSessionForTests();
});

const renderAt = () => renderRoutes([{ path: '/column/index', element: <ColumnPage /> }], '/column/index');

describe('column page', () => {
  it('asks an anonymous visitor to log in before following; Cancel does nothing', async () => {
    const user = userEvent.setup();
    const api = serveApi({ 'GET /v1/user/column': ok(pageOf([card()])) });
    renderAt();
    await user.click(await screen.findByRole('button', { name: '+ 关注' }));
    const dialog = screen.getByRole('alertdialog', { name: '温馨提示' });
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.callsTo('POST', '/v1/user/subscribe/add')).toHaveLength(0);
    expect(screen.getByTestId('subscribe-total').textContent).toBe('7 人关注');
    expect(screen.getByRole('button', { name: '+ 关注' })).toBeTruthy();
  });

  it('flips the flag and the count only on code 0', async () => {
    window.localStorage.setItem('accessToken', 'acc-1');
    const user = userEvent.setup();
    let answer = fail(40029);
    let delAnswer = ok({ is_follow: false, subscribe_total: 7 });
    const api = serveApi({
      'GET /v1/user/column': ok(pageOf([card()])),
      'POST /v1/user/subscribe/add': () => answer,
      'POST /v1/user/subscribe/del': () => delAnswer,
    });
    renderAt();
    await user.click(await screen.findByRole('button', { name: '+ 关注' }));
    await waitFor(() => expect(api.callsTo('POST', '/v1/user/subscribe/add')).toHaveLength(1));
    expect(api.callsTo('POST', '/v1/user/subscribe/add')[0]?.body).toMatchObject({ sub_id: 5 });
    expect(screen.getByTestId('subscribe-total').textContent).toBe('7 人关注');
    expect(screen.getByRole('button', { name: '+ 关注' })).toBeTruthy();

    answer = ok({ is_follow: true, subscribe_total: 8 });
    await user.click(screen.getByRole('button', { name: '+ 关注' }));
    await waitFor(() => expect(screen.getByTestId('subscribe-total').textContent).toBe('8 人关注'));
    expect(screen.getByRole('button', { name: '已关注' }).getAttribute('aria-pressed')).toBe('true');

    delAnswer = fail(500000);
    await user.click(screen.getByRole('button', { name: '已关注' }));
    await waitFor(() => expect(api.callsTo('POST', '/v1/user/subscribe/del')).toHaveLength(1));
    expect(screen.getByTestId('subscribe-total').textContent).toBe('8 人关注');
    expect(screen.getByRole('button', { name: '已关注' })).toBeTruthy();
  });
});
