import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetApiClientForTests } from '../../../shared/api-client';
import { ok, serveApi } from '../../../testing/api-double';
import { setupI18n } from '../../../testing/i18n';
import { renderRoutes } from '../../../testing/render';
import { ConsentGate } from './consent-gate';

const info = (consent_required: boolean) => ({
  user_id: 1, nickname: '李医生', avatar_url: '/a.svg', mobile: '138****8000', country_code: '86', email: null, has_password: true,
  has_pay_password: false, wechat_bound: false, profile_completed: true, platform: 'web', consent_required,
});

beforeAll(async () => {
  await setupI18n('zh');
});
beforeEach(() => {
  resetApiClientForTests();
});

describe('consent prompt', () => {
  it('asks again after the texts changed and records the agreement', async () => {
    const user = userEvent.setup();
    const api = serveApi({
      'GET /v1/user/login_info': ok(info(true)),
      'POST /v1/user/consent': ok({ contract_version: '2025-07', privacy_version: '2026-12', agreed_at: '2026-11-28T00:00:00.000Z' }),
    });
    renderRoutes([{ path: '/', Component: ConsentGate }], '/');
    const dialog = await screen.findByRole('alertdialog', { name: '服务协议和隐私政策已更新' });
    expect(screen.getByRole('link', { name: '《隐私政策》' }).getAttribute('href')).toBe('/privacy');
    const agree = screen.getByRole('button', { name: '同意并继续' });
    expect(document.activeElement).toBe(agree);
    await user.keyboard('{Escape}');
    expect(dialog.isConnected).toBe(true);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.callsTo('POST', '/v1/user/consent')[0]!.body).toMatchObject({ agree_terms: true });
  });

  it('stays away while the user has agreed to the current texts', async () => {
    const api = serveApi({ 'GET /v1/user/login_info': ok(info(false)) });
    renderRoutes([{ path: '/', Component: ConsentGate }], '/');
    await waitFor(() => expect(api.callsTo('GET', '/v1/user/login_info')).toHaveLength(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
