import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@medportal/contract/codes';
import { StorageKey } from '@medportal/contract/constants';
import { resetApiClientForTests } from '../../../shared/api-client';
import { resetSessionForTests } from '../../../shared/session';
import { closeConfirmLogin } from '../../../shared/ui/confirm-login-store';
import { captchaAnswer, countryCodes, fail, ok, serveApi } from '../../../testing/api-double';
import { passHumanCheck } from '../../../testing/human-check';
import { setupI18n } from '../../../testing/i18n';
import { renderRoutes } from '../../../testing/render';
import * as cancellationRoute from './cancellation-page';
import * as changePasswordRoute from './change-password-page';
import * as devOutboxRoute from './dev-outbox-page';
import * as forgetRoute from './forget-page';
import * as improveRoute from './improve-page';
import * as payPasswordRoute from './pay-password-page';

const loginInfo = {
  user_id: 1,
  nickname: '李医生',
  avatar_url: '',
  mobile: '138****8000',
  country_code: '86',
  email: 'd***@example.com',
  has_password: true,
  has_pay_password: false,
  wechat_bound: false,
  profile_completed: false,
  platform: 'web',
};

function logIn() {
  localStorage.setItem(StorageKey.ACCESS_TOKEN, 'tok');
  resetSessionForTests();
}

const common = {
  'GET /v1/user/session': fail(ErrorCode.NOT_LOGGED_IN),
  'GET /v1/user/verify_code_image': captchaAnswer(),
  'GET /v1/user/country_phone_code': countryCodes,
  'GET /v1/user/login_info': ok(loginInfo),
};

beforeAll(async () => {
  await setupI18n('zh');
});

beforeEach(() => {
  resetApiClientForTests();
  resetSessionForTests();
  closeConfirmLogin();
});

afterEach(() => {
  resetSessionForTests();
});

describe('/change_password', () => {
  const render = (path = '/change_password') =>
    renderRoutes(
      [
        { path: '/change_password', loader: changePasswordRoute.loader, Component: changePasswordRoute.Component },
        { path: '/change_password/w', loader: changePasswordRoute.loader, Component: changePasswordRoute.Component },
      ],
      path,
    );

  it('sends an anonymous visitor to /login with the page as callback', async () => {
    serveApi(common);
    const { router } = render();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('callback')).toBe(`${window.location.origin}/change_password`);
  });

  it('rejects a weak password, says when the old one is wrong, and keeps this session with the new tokens', async () => {
    logIn();
    const user = userEvent.setup();
    let tries = 0;
    const api = serveApi({
      ...common,
      'GET /v1/user/user/check_has_password': ok({ has_password: true }),
      'POST /v1/user/reset_password': () =>
        ++tries === 1
          ? fail(ErrorCode.WRONG_CREDENTIALS)
          : ok({ user_access_token: 'new-acc', user_refresh_token: 'new-ref', user_info: { nickname: '李医生', avatar_url: '' }, platform: 'web' }),
    });
    render('/change_password/w');
    expect(await screen.findByRole('heading', { level: 1, name: '修改密码' })).toBeTruthy();
    await user.type(await screen.findByLabelText('原密码'), 'old-pass-1');
    await user.type(screen.getByLabelText('新密码'), 'abcdefgh');
    await user.type(screen.getByLabelText('确认新密码'), 'abcdefgh');
    await user.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await screen.findByText('密码需为8–64位，且至少包含字母、数字、符号中的两种')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('新密码'));
    expect(api.callsTo('POST', '/v1/user/reset_password')).toHaveLength(0);

    await user.clear(screen.getByLabelText('新密码'));
    await user.type(screen.getByLabelText('新密码'), 'abcd1234');
    await user.clear(screen.getByLabelText('确认新密码'));
    await user.type(screen.getByLabelText('确认新密码'), 'abcd1234');
    await user.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await screen.findByText('原密码不正确')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await screen.findByText('密码已修改')).toBeTruthy();
    expect(api.callsTo('POST', '/v1/user/reset_password')[1]!.body).toMatchObject({ old_password: 'old-pass-1', password: 'abcd1234' });
    expect(localStorage.getItem(StorageKey.ACCESS_TOKEN)).toBe('new-acc');
    expect(localStorage.getItem(StorageKey.REFRESH_TOKEN)).toBe('new-ref');
  });

  it('offers "set password" when the account has none', async () => {
    logIn();
    const user = userEvent.setup();
    const api = serveApi({ ...common, 'GET /v1/user/user/check_has_password': ok({ has_password: false }), 'POST /v1/user/password': ok(null) });
    render();
    expect(await screen.findByRole('heading', { level: 1, name: '设置登录密码' })).toBeTruthy();
    expect(screen.queryByLabelText('原密码')).toBeNull();
    await user.type(screen.getByLabelText('新密码'), 'Secret#2024');
    await user.type(screen.getByLabelText('确认新密码'), 'Secret#2025');
    await user.click(screen.getByRole('button', { name: '设置密码' }));
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    await user.clear(screen.getByLabelText('确认新密码'));
    await user.type(screen.getByLabelText('确认新密码'), 'Secret#2024');
    await user.click(screen.getByRole('button', { name: '设置密码' }));
    expect(await screen.findByText('登录密码已设置')).toBeTruthy();
    expect(api.callsTo('POST', '/v1/user/password')[0]!.body).toMatchObject({ password: 'Secret#2024' });
  });
});

describe('/forget', () => {
  it('checks the email pattern, sends an email code, and answers neutrally', async () => {
    const user = userEvent.setup();
    const api = serveApi({
      ...common,
      'POST /v1/user/send/code': ok({ resend_after: 60, expires_in: 600 }),
      'POST /v1/user/forget_password': ok(null),
    });
    renderRoutes([{ path: '/forget', loader: forgetRoute.loader, Component: forgetRoute.Component }], '/forget');
    await user.click(await screen.findByRole('radio', { name: '通过邮箱' }));
    await user.type(screen.getByLabelText('邮箱'), 'someone@example');
    await passHumanCheck(user);
    await user.click(screen.getByTestId('send-code'));
    expect(await screen.findByText('邮箱格式不正确')).toBeTruthy();
    expect(api.callsTo('POST', '/v1/user/send/code')).toHaveLength(0);

    await user.type(screen.getByLabelText('邮箱'), '.org');
    await user.click(screen.getByTestId('send-code'));
    await waitFor(() => expect(api.callsTo('POST', '/v1/user/send/code')).toHaveLength(1));
    expect(api.callsTo('POST', '/v1/user/send/code')[0]!.body).toMatchObject({ email: 'someone@example.org', scene: 'reset', captcha_key: 'cap-1' });

    await user.type(screen.getByLabelText('验证码'), '654321');
    await user.type(screen.getByLabelText('新密码'), 'n3w-password');
    await user.type(screen.getByLabelText('确认新密码'), 'n3w-password');
    await user.click(screen.getByRole('button', { name: '重置密码' }));
    expect(await screen.findByText('如果该账号存在，其密码已更新，请使用新密码登录。')).toBeTruthy();
    expect(api.callsTo('POST', '/v1/user/forget_password')[0]!.body).toMatchObject({ email: 'someone@example.org', code: '654321', password: 'n3w-password' });
  });

  it('shows a wrong image captcha next to the captcha field', async () => {
    const user = userEvent.setup();
    serveApi({ ...common, 'POST /v1/user/send/sms': fail(ErrorCode.CAPTCHA_INVALID) });
    renderRoutes([{ path: '/forget', loader: forgetRoute.loader, Component: forgetRoute.Component }], '/forget');
    await user.type(await screen.findByLabelText('手机号'), '13800138000');
    await passHumanCheck(user);
    await user.click(screen.getByTestId('send-code'));
    expect(await screen.findByText('人机验证未通过，请重试')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: '人机验证' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('send-code').textContent).toBe('获取验证码');
  });
});

describe('/pay_password', () => {
  const render = () => renderRoutes([{ path: '/pay_password', loader: payPasswordRoute.loader, Component: payPasswordRoute.Component }], '/pay_password');

  it('sets a pay password: the full mobile must match the masked one, six digits, SMS code of scene pay_password', async () => {
    logIn();
    const user = userEvent.setup();
    const api = serveApi({
      ...common,
      'GET /v1/user/pay/has_pay_password': ok({ has_pay_password: false }),
      'POST /v1/user/send/sms': ok({ resend_after: 60, expires_in: 600 }),
      'POST /v1/user/pay/password': ok(null),
    });
    render();
    expect(await screen.findByRole('heading', { level: 1, name: '设置支付密码' })).toBeTruthy();
    const mobile = await screen.findByLabelText('绑定的手机号');
    expect(screen.getByText('请输入完整的手机号 138****8000')).toBeTruthy();
    await user.type(mobile, '13900008000');
    await passHumanCheck(user);
    await user.click(screen.getByTestId('send-code'));
    expect(await screen.findByText('与账号绑定的不一致')).toBeTruthy();

    await user.clear(mobile);
    await user.type(mobile, '13812348000');
    await user.click(screen.getByTestId('send-code'));
    await waitFor(() => expect(api.callsTo('POST', '/v1/user/send/sms')).toHaveLength(1));
    expect(api.callsTo('POST', '/v1/user/send/sms')[0]!.body).toMatchObject({ mobile: '13812348000', country_code: '86', scene: 'pay_password' });

    await user.type(screen.getByLabelText('验证码'), '111222');
    await user.type(screen.getByLabelText('支付密码'), '12a34');
    await user.type(screen.getByLabelText('确认支付密码'), '1234');
    await user.click(screen.getByRole('button', { name: '设置支付密码' }));
    expect(await screen.findByText('支付密码须为6位数字')).toBeTruthy();
    expect((screen.getByLabelText('支付密码') as HTMLInputElement).value).toBe('1234');

    await user.type(screen.getByLabelText('支付密码'), '56');
    await user.type(screen.getByLabelText('确认支付密码'), '56');
    await user.click(screen.getByRole('button', { name: '设置支付密码' }));
    expect(await screen.findByText('支付密码已设置')).toBeTruthy();
    expect(api.callsTo('POST', '/v1/user/pay/password')[0]!.body).toMatchObject({ pay_password: '123456', code: '111222' });
  });

  it('changes it, showing WRONG_PAY_PASSWORD by the old field and LOCKED as a message', async () => {
    logIn();
    const user = userEvent.setup();
    let tries = 0;
    serveApi({
      ...common,
      'GET /v1/user/pay/has_pay_password': ok({ has_pay_password: true }),
      'PUT /v1/user/pay/password': () => (++tries === 1 ? fail(ErrorCode.WRONG_PAY_PASSWORD) : fail(ErrorCode.LOCKED)),
    });
    render();
    expect(await screen.findByRole('heading', { level: 1, name: '修改支付密码' })).toBeTruthy();
    await user.type(await screen.findByLabelText('原支付密码'), '000000');
    await user.type(screen.getByLabelText('新支付密码'), '123456');
    await user.type(screen.getByLabelText('确认支付密码'), '123456');
    await user.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await screen.findByText('支付密码错误')).toBeTruthy();
    expect(screen.getByLabelText('原支付密码').getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: '确认修改' }));
    expect((await screen.findByRole('alert')).textContent).toBe('已被暂时锁定，请稍后再试');
    expect(screen.getByRole('link', { name: '忘记支付密码？' }).getAttribute('href')).toBe('/forget_paypwd');
  });
});

describe('/improve/*', () => {
  const routes = [
    { path: '/improve/info', loader: improveRoute.loader, Component: improveRoute.InfoPage },
    { path: '/improve/info_vj', loader: improveRoute.loader, Component: improveRoute.InfoVjPage },
  ];

  it('asks an anonymous visitor to log in on save; Cancel does nothing and the draft is kept', async () => {
    const user = userEvent.setup();
    const api = serveApi({ ...common, 'GET /v2/user/personal_department': ok({ items: [] }) });
    const { router, unmount } = renderRoutes(routes, '/improve/info');
    await user.type(await screen.findByLabelText('真实姓名'), '赵六');
    await user.selectOptions(screen.getByLabelText('职业'), 'nurse');
    await user.type(screen.getByLabelText('医院'), '人民医院');
    await user.click(screen.getByRole('button', { name: '保存' }));

    const dialog = await screen.findByRole('alertdialog', { name: '温馨提示' });
    expect(within(dialog).getByText('此功能需要登录后使用')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/improve/info');
    expect((screen.getByLabelText('真实姓名') as HTMLInputElement).value).toBe('赵六');
    expect(api.callsTo('POST', '/v1/user/form')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: '保存' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '去登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    unmount();

    // Back from the login page: the form comes back filled in and saves.
    logIn();
    api.fetch.mockClear();
    const saved = serveApi({ ...common, 'GET /v2/user/personal_department': ok({ items: [] }), 'POST /v1/user/form': ok({ profile_completed: true }) });
    renderRoutes(routes, '/improve/info');
    expect(((await screen.findByLabelText('真实姓名')) as HTMLInputElement).value).toBe('赵六');
    expect((screen.getByLabelText('职业') as HTMLSelectElement).value).toBe('nurse');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('资料已保存')).toBeTruthy();
    expect(saved.callsTo('POST', '/v1/user/form')[0]!.body).toMatchObject({ form: 'info', real_name: '赵六', occupation: 'nurse', hospital: '人民医院' });
    expect(sessionStorage.getItem('improve_draft:info')).toBeNull();
  });

  it('asks the journal readers for a research field and consent, within the contract limits', async () => {
    logIn();
    const user = userEvent.setup();
    const api = serveApi({
      ...common,
      'GET /v1/user/personal_info': fail(ErrorCode.NOT_FOUND),
      'POST /v1/user/form': ok({ profile_completed: true }),
    });
    renderRoutes(routes, '/improve/info_vj');
    expect(await screen.findByRole('heading', { level: 1, name: '血液肿瘤精选读者登记' })).toBeTruthy();
    await user.type(await screen.findByLabelText('真实姓名'), 'x'.repeat(41));
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('此项为必填项')).toBeTruthy();
    // The input stops at 40; the rule still says so if a longer value sneaks in.
    expect((screen.getByLabelText('真实姓名') as HTMLInputElement).value).toHaveLength(40);
    await user.selectOptions(screen.getByLabelText('职业'), 'researcher');
    await user.type(screen.getByLabelText('研究领域'), '淋巴瘤');
    await user.type(screen.getByLabelText('医院/机构'), '某研究所');
    await user.click(screen.getByLabelText('我愿意接收血液肿瘤精选的内容更新'));
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('资料已保存')).toBeTruthy();
    expect(api.callsTo('POST', '/v1/user/form')[0]!.body).toMatchObject({
      form: 'info_vj', occupation: 'researcher', research_field: '淋巴瘤', hospital: '某研究所', accept_updates: false,
    });
  });
});

describe('/security/account/cancellation', () => {
  it('needs the tick and a code, asks once more, then clears the session and says goodbye', async () => {
    logIn();
    const user = userEvent.setup();
    const api = serveApi({
      ...common,
      'POST /v1/user/send/code': ok({ resend_after: 60, expires_in: 600 }),
      'POST /v1/user/account/cancel': ok(null),
    });
    renderRoutes([{ path: '/security/account/cancellation', loader: cancellationRoute.loader, Component: cancellationRoute.Component }], '/security/account/cancellation');
    expect(await screen.findByText('注销不可撤销。')).toBeTruthy();
    await user.click(await screen.findByRole('radio', { name: '邮箱' }));
    await user.type(screen.getByLabelText('绑定的邮箱'), 'doctor@example.com');
    await passHumanCheck(user);
    await user.click(screen.getByTestId('send-code'));
    await waitFor(() => expect(api.callsTo('POST', '/v1/user/send/code')).toHaveLength(1));
    expect(api.callsTo('POST', '/v1/user/send/code')[0]!.body).toMatchObject({ email: 'doctor@example.com', scene: 'cancel' });
    await user.type(screen.getByLabelText('验证码'), '999999');

    await user.click(screen.getByRole('button', { name: '注销账号' }));
    expect(await screen.findByText('请先勾选确认')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.click(screen.getByLabelText('我已阅读并了解以上内容，确认注销账号'));
    await user.click(screen.getByRole('button', { name: '注销账号' }));
    const dialog = await screen.findByRole('alertdialog', { name: '确认注销账号？' });
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(api.callsTo('POST', '/v1/user/account/cancel')).toHaveLength(0);
    expect(localStorage.getItem(StorageKey.ACCESS_TOKEN)).toBe('tok');

    await user.click(screen.getByRole('button', { name: '注销账号' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确认注销' }));
    expect(await screen.findByText('账号已注销')).toBeTruthy();
    expect(api.callsTo('POST', '/v1/user/account/cancel')[0]!.body).toMatchObject({ code: '999999', confirm: true });
    expect(localStorage.getItem(StorageKey.ACCESS_TOKEN)).toBeNull();
  });
});

describe('/dev/outbox', () => {
  const render = (entry: string) => renderRoutes([{ path: '/dev/outbox', loader: devOutboxRoute.loader, Component: devOutboxRoute.Component }], entry);

  it('lists the messages for an address, newest first', async () => {
    const user = userEvent.setup();
    const api = serveApi({
      'GET /v1/dev/outbox': ok({
        items: [
          { to: '13800138000', text: '验证码 111111', code: '111111', created_at: '2025-01-01T00:00:00Z' },
          { to: '13800138000', text: '验证码 222222', code: '222222', created_at: '2025-01-01T00:05:00Z' },
        ],
      }),
    });
    render('/dev/outbox');
    await user.type(await screen.findByLabelText('手机号或邮箱'), '13800138000');
    await user.click(screen.getByRole('button', { name: '查询' }));
    const list = await screen.findByRole('list', { name: '发送到 13800138000 的消息' });
    expect(within(list).getAllByTestId('outbox-code').map((e) => e.textContent)).toEqual(['222222', '111111']);
    expect(api.callsTo('GET', '/v1/dev/outbox')[0]!.query.get('to')).toBe('13800138000');
  });

  it('says "not available" where the endpoint does not exist', async () => {
    serveApi({});
    render('/dev/outbox?to=a%40b.cn');
    expect(await screen.findByText('当前环境不提供发件箱（仅开发和测试环境可用）。')).toBeTruthy();
  });
});

vi.setConfig({ testTimeout: 15_000 });
