import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@medportal/contract/codes';
import { StorageKey } from '@medportal/contract/constants';
import { resetApiClientForTests } from '../../../shared/api-client';
import { browserNavigation } from '../../../shared/env';
import { i18n } from '../../../shared/i18n';
import { resetSessionForTests } from '../../../shared/session';
import { captchaAnswer, captchaChallenge, countryCodes, fail, loginData, ok, serveApi } from '../../../testing/api-double';
import { decodeHumanCheck, passHumanCheck } from '../../../testing/human-check';
import { setupI18n } from '../../../testing/i18n';
import { renderRoutes } from '../../../testing/render';
import * as loginRoute from './login-page';
import * as registerRoute from './register-page';

const loginRoutes = [{ path: '/login', loader: loginRoute.loader, Component: loginRoute.Component }];
const callbackUrl = () => `${window.location.origin}/course/7?from=login#chapters`;
const loginAt = (callback?: string) => renderRoutes(loginRoutes, callback ? `/login?callback=${encodeURIComponent(callback)}` : '/login');
const location = () => screen.findByTestId('location');

beforeAll(async () => {
  await setupI18n('zh');
});

beforeEach(() => {
  resetApiClientForTests();
  resetSessionForTests();
});

afterEach(async () => {
  vi.useRealTimers();
  resetSessionForTests();
  await i18n.changeLanguage('zh');
});

/** The anonymous session check answers "no session"; anything else as given. */
function serve(handlers: Parameters<typeof serveApi>[0] = {}) {
  return serveApi({
    'GET /v1/user/session': fail(ErrorCode.NOT_LOGGED_IN),
    'GET /v1/user/verify_code_image': captchaAnswer(),
    'GET /v1/user/country_phone_code': countryCodes,
    ...handlers,
  });
}

describe('/login: SMS code', () => {
  it('sends the SMS with the image captcha, shows a countdown, logs in and goes to the callback', async () => {
    const user = userEvent.setup();
    const api = serve({
      'POST /v1/user/send/sms': ok({ resend_after: 60, expires_in: 600 }),
      'POST /v1/user/login': ok(loginData()),
    });
    loginAt(callbackUrl());
    expect(await screen.findByRole('heading', { level: 1, name: '登录' })).toBeTruthy();
    expect(screen.getByTestId('login-tab-sms').getAttribute('aria-selected')).toBe('true');

    await user.type(screen.getByLabelText('手机号'), '13800138000');
    await passHumanCheck(user);
    await user.click(screen.getByTestId('send-code'));

    await waitFor(() => expect(api.callsTo('POST', '/v1/user/send/sms')).toHaveLength(1));
    expect(api.callsTo('POST', '/v1/user/send/sms')[0]!.body).toMatchObject({
      mobile: '13800138000',
      country_code: '86',
      scene: 'login',
      captcha_key: 'cap-1',
    });
    // The browser did the work: the payload carries the challenge and a counter whose key has the prefix.
    const sent = decodeHumanCheck(api.callsTo('POST', '/v1/user/send/sms')[0]!.body?.captcha_code);
    expect(sent.challenge).toEqual(captchaChallenge);
    expect(sent.solution.derivedKey.startsWith('0')).toBe(true);
    const button = screen.getByTestId('send-code');
    await waitFor(() => expect(button.textContent).toBe('60秒后重新获取'));
    expect((button as HTMLButtonElement).disabled).toBe(true);
    // The used check is replaced and shows unticked again.
    expect(screen.getByRole('checkbox', { name: '人机验证' }).getAttribute('aria-checked')).toBe('false');

    await user.type(screen.getByLabelText('验证码'), '123456');
    // The agreement box starts unticked and must be ticked before the login call.
    const agree = screen.getByRole('checkbox', { name: '我已阅读并同意《用户服务协议》和《隐私政策》' }) as HTMLInputElement;
    expect(agree.checked).toBe(false);
    expect(screen.getByRole('link', { name: '《用户服务协议》' }).getAttribute('href')).toBe('/contract');
    expect(screen.getByRole('link', { name: '《隐私政策》' }).getAttribute('href')).toBe('/privacy');
    await user.click(screen.getByRole('button', { name: '登录/注册' }));
    expect(await screen.findByText('请先阅读并勾选同意《用户服务协议》和《隐私政策》')).toBeTruthy();
    expect(agree.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST', '/v1/user/login')).toHaveLength(0);
    // Keyboard: Space ticks the focused box.
    agree.focus();
    await user.keyboard(' ');
    expect(agree.checked).toBe(true);
    await user.click(screen.getByRole('button', { name: '登录/注册' }));

    expect((await location()).textContent).toBe('/course/7?from=login');
    expect(api.callsTo('POST', '/v1/user/login')[0]!.body).toMatchObject({ type: 'sms', mobile: '13800138000', country_code: '86', code: '123456', agree_terms: true });
    expect(localStorage.getItem(StorageKey.ACCESS_TOKEN)).toBe('acc-1');
    expect(localStorage.getItem(StorageKey.REFRESH_TOKEN)).toBe('ref-1');
    expect(JSON.parse(localStorage.getItem(StorageKey.USER_INFO)!)).toEqual({ avatar_url: '/a.svg', nickname: '李医生' });
  });

  it('sends a new user on to /register with the callback', async () => {
    const user = userEvent.setup();
    serve({ 'POST /v1/user/login': ok(loginData({ is_new_user: true, has_password: false })) });
    loginAt(callbackUrl());
    await user.type(await screen.findByLabelText('手机号'), '13800138000');
    await user.type(screen.getByLabelText('验证码'), '123456');
    await user.click(screen.getByTestId('agree-terms'));
    await user.click(screen.getByRole('button', { name: '登录/注册' }));
    const marker = await location();
    const url = new URL(marker.textContent!, window.location.origin);
    expect(url.pathname).toBe('/register');
    expect(url.searchParams.get('callback')).toBe(callbackUrl().replace(/#.*$/, '#chapters'));
  });

  it('checks the mobile number by country before sending, and shows the wrong-code error next to the field', async () => {
    const user = userEvent.setup();
    const api = serve({
      'POST /v1/user/send/sms': ok({ resend_after: 60, expires_in: 600 }),
      'POST /v1/user/login': fail(ErrorCode.CODE_INVALID),
    });
    loginAt();
    const mobile = await screen.findByLabelText('手机号');
    await user.type(mobile, '7700900123');
    await passHumanCheck(user);
    await user.click(screen.getByTestId('send-code'));
    expect(await screen.findByText('手机号格式不正确')).toBeTruthy();
    expect(mobile.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST', '/v1/user/send/sms')).toHaveLength(0);

    // Valid for the UK (5–15 digits): the country list comes from the API.
    await waitFor(() => expect(screen.getByRole('option', { name: '+44 United Kingdom' })).toBeTruthy());
    await user.selectOptions(screen.getByLabelText('国家/地区区号'), '44');
    await user.click(screen.getByTestId('send-code'));
    await waitFor(() => expect(api.callsTo('POST', '/v1/user/send/sms')).toHaveLength(1));
    expect(api.callsTo('POST', '/v1/user/send/sms')[0]!.body).toMatchObject({ mobile: '7700900123', country_code: '44' });

    await user.type(screen.getByLabelText('验证码'), '000000');
    await user.click(screen.getByTestId('agree-terms'));
    await user.click(screen.getByRole('button', { name: '登录/注册' }));
    expect(await screen.findByText('验证码错误或已失效')).toBeTruthy();
    expect(screen.getByLabelText('验证码').getAttribute('aria-invalid')).toBe('true');
  });

  it('counts down from the retry_after of a RATE_LIMITED answer and says why', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const user = userEvent.setup();
    serve({ 'POST /v1/user/send/sms': fail(ErrorCode.RATE_LIMITED, { retry_after: 42 }) });
    loginAt();
    await user.type(await screen.findByLabelText('手机号'), '13800138000');
    await passHumanCheck(user);
    await user.click(screen.getByTestId('send-code'));
    expect((await screen.findByRole('alert')).textContent).toBe('操作过于频繁，请稍后再试');
    const button = screen.getByTestId('send-code') as HTMLButtonElement;
    await waitFor(() => expect(button.textContent).toBe('42秒后重新获取'));
    vi.advanceTimersByTime(1000);
    await waitFor(() => expect(button.textContent).toBe('41秒后重新获取'));
    vi.advanceTimersByTime(41_000);
    await waitFor(() => expect(button.textContent).toBe('获取验证码'));
    expect(button.disabled).toBe(false);
  });
});

describe('/login: password', () => {
  it('shows the image captcha on CAPTCHA_REQUIRED and sends it with the next try', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const api = serve({
      'POST /v1/user/login': () => (++attempts === 1 ? fail(ErrorCode.CAPTCHA_REQUIRED) : ok(loginData())),
    });
    loginAt(callbackUrl());
    await user.click(await screen.findByTestId('login-tab-password'));
    expect(screen.queryByRole('checkbox', { name: '人机验证' })).toBeNull();
    await user.type(screen.getByLabelText('账号'), 'doctor@example.com');
    await user.type(screen.getByLabelText('密码'), 'secret-pass-1');
    await user.click(screen.getByRole('button', { name: '登录' }));

    expect(await screen.findByText('请先完成人机验证')).toBeTruthy();
    // Keyboard only: Tab to the check and press Space.
    const check = await screen.findByRole('checkbox', { name: '人机验证' });
    await waitFor(() => expect(check.getAttribute('data-captcha-key')).toBe('cap-1'));
    check.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(check.getAttribute('aria-checked')).toBe('true'));
    expect(check.textContent).toContain('验证通过');
    await user.click(screen.getByRole('button', { name: '登录' }));

    expect((await location()).textContent).toBe('/course/7?from=login');
    const [first, second] = api.callsTo('POST', '/v1/user/login');
    expect(first!.body).toMatchObject({ type: 'password', account: 'doctor@example.com', password: 'secret-pass-1' });
    expect(first!.body).not.toHaveProperty('captcha_key');
    expect(second!.body).toMatchObject({ captcha_key: 'cap-1' });
    expect(decodeHumanCheck(second!.body?.captcha_code).solution.derivedKey).toMatch(/^0/);
  });

  it('checks the email pattern and shows WRONG_CREDENTIALS as a readable message (en)', async () => {
    await i18n.changeLanguage('en');
    const user = userEvent.setup();
    const api = serve({ 'POST /v1/user/login': fail(ErrorCode.WRONG_CREDENTIALS) });
    loginAt();
    await user.click(await screen.findByRole('tab', { name: 'Password login' }));
    await user.type(screen.getByLabelText('Account'), 'doctor@example');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('This email address is not valid')).toBeTruthy();
    expect(api.callsTo('POST', '/v1/user/login')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Account'));
    await user.type(screen.getByLabelText('Account'), 'doctor@example.com');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong account or password');
  });

  it('moves between the tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    const api = serve({ 'GET /v1/wechat/qrconnect': ok({ ticket: 't', qr_url: 'http://x/wx/auth?state=t', expires_in: 300, sandbox: true }) });
    loginAt();
    const sms = await screen.findByTestId('login-tab-sms');
    sms.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByTestId('login-tab-password'));
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('login-tab-password');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByTestId('login-tab-wechat').getAttribute('aria-selected')).toBe('true');
    // No QR (and no ticket asked for) before the agreement box is ticked.
    expect(within(screen.getByRole('tabpanel')).getByTestId('wechat-agree-hint')).toBeTruthy();
    expect(api.callsTo('GET', '/v1/wechat/qrconnect')).toHaveLength(0);
    await user.click(within(screen.getByRole('tabpanel')).getByTestId('agree-terms'));
    expect(await within(screen.getByRole('tabpanel')).findByTestId('wechat-qr')).toBeTruthy();
    expect(api.callsTo('GET', '/v1/wechat/qrconnect')[0]!.query.get('agree_terms')).toBe('true');
  });
});

describe('/login while logged in', () => {
  it('goes straight to a same-origin callback', async () => {
    localStorage.setItem(StorageKey.ACCESS_TOKEN, 'tok');
    resetSessionForTests();
    serve();
    const { router } = loginAt(callbackUrl());
    await waitFor(() => expect(router.state.location.pathname).toBe('/course/7'));
    expect(router.state.location.search).toBe('?from=login');
    expect(router.state.location.hash).toBe('#chapters');
  });

  it('rejects an off-site callback and goes home', async () => {
    localStorage.setItem(StorageKey.ACCESS_TOKEN, 'tok');
    resetSessionForTests();
    serve();
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const { router } = loginAt('https://evil.example.com/steal');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(assign).not.toHaveBeenCalled();
  });

  it('goes home without a callback', async () => {
    localStorage.setItem(StorageKey.ACCESS_TOKEN, 'tok');
    resetSessionForTests();
    serve();
    const { router } = loginAt();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('/register', () => {
  it('asks an anonymous visitor for the SMS step, then sets a password and profile and continues', async () => {
    const user = userEvent.setup();
    const api = serve({
      'POST /v1/user/login': ok(loginData({ is_new_user: true, has_password: false, user_info: { avatar_url: '', nickname: '用户8000' } })),
      'GET /v1/user/user/check_has_password': ok({ has_password: false }),
      'GET /v1/user/personal_info': ok({
        id: 1, avatar_url: '', nickname: '用户8000', real_name: '', gender: 0, mobile: '138****8000', country_code: '86', email: null,
        hospital: '', department: null, professional_title: '', occupation: '', province: '', city: '', availablescore: 0,
        profile_completed: false, created_at: '2025-01-01T00:00:00Z',
      }),
      'GET /v2/user/personal_department': ok({ items: [{ id: 1, title: '内科', children: [{ id: 11, title: '血液科', children: [] }] }] }),
      'POST /v1/user/password': ok(null),
      'PUT /v1/user/personal_info': ({ body }) => ok({ nickname: body?.nickname, avatar_url: '' }),
    });
    renderRoutes([{ path: '/register', loader: registerRoute.loader, Component: registerRoute.Component }], `/register?callback=${encodeURIComponent(callbackUrl())}`);
    await user.type(await screen.findByLabelText('手机号'), '13800138000');
    await user.type(screen.getByLabelText('验证码'), '123456');
    await user.click(screen.getByTestId('agree-terms'));
    await user.click(screen.getByRole('button', { name: '下一步' }));

    const password = await screen.findByLabelText('新密码');
    await user.type(password, 'short');
    await user.click(screen.getByRole('button', { name: '完成注册' }));
    expect(await screen.findByText('密码需为8–64位，且至少包含字母、数字、符号中的两种')).toBeTruthy();
    expect(screen.getByLabelText('真实姓名').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('职业').getAttribute('aria-invalid')).toBe('true');

    await user.clear(password);
    await user.type(password, 'Passw0rd!');
    await user.type(screen.getByLabelText('确认新密码'), 'Passw0rd!');
    await user.clear(screen.getByLabelText('昵称'));
    await user.type(screen.getByLabelText('昵称'), '王医生');
    await user.type(screen.getByLabelText('真实姓名'), '王五');
    await user.selectOptions(screen.getByLabelText('职业'), 'doctor');
    await user.type(screen.getByLabelText('医院'), '协和医院');
    await waitFor(() => expect(screen.getByRole('option', { name: '血液科' })).toBeTruthy());
    await user.selectOptions(screen.getByLabelText('科室'), '11');
    await user.click(screen.getByRole('button', { name: '完成注册' }));

    expect((await location()).textContent).toBe('/course/7?from=login');
    expect(api.callsTo('POST', '/v1/user/password')[0]!.body).toMatchObject({ password: 'Passw0rd!' });
    expect(api.callsTo('PUT', '/v1/user/personal_info')[0]!.body).toMatchObject({
      nickname: '王医生', real_name: '王五', occupation: 'doctor', hospital: '协和医院', department_id: 11,
    });
    expect(JSON.parse(localStorage.getItem(StorageKey.USER_INFO)!).nickname).toBe('王医生');
  });
});
