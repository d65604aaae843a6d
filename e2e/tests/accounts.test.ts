import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { latestCode } from '../src/dev-api.ts';
import { useHarness } from '../src/harness.ts';

// A short access-token lifetime so the refresh path runs inside the journey.
const h = useHarness({ ACCESS_TOKEN_TTL_S: '4' });

const MOBILE = '13800138123';
const PASSWORD = 'Clinic2026!';
const NEW_PASSWORD = 'Ward-Round-77';
const NICKNAME = '李医生';

async function solveCaptcha(page: Page, scope = page.locator('body')): Promise<void> {
  // The human check: pressing it makes the browser do the proof of work, then it shows ticked.
  const check = scope.getByRole('checkbox', { name: '人机验证' });
  await scope.locator('[data-testid="human-check"][data-captcha-key]').waitFor();
  await check.click();
  await scope.locator('[data-testid="human-check"][aria-checked="true"]').waitFor();
}

async function accessToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('accessToken'));
}

async function loginByPassword(page: Page, password: string, callback = `${h.server.url}/`): Promise<void> {
  await page.goto(`/login?callback=${encodeURIComponent(callback)}`);
  await page.getByTestId('login-tab-password').click();
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('账号').fill(MOBILE);
  await panel.getByLabel('密码', { exact: true }).fill(password);
  await panel.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL(callback);
}

describe('accounts', () => {
  it('registers by SMS, shows the nickname, logs out and logs in by password', async () => {
    const { page } = await h.newPage();
    const callback = `${h.server.url}/?from=register`;
    await page.goto(`/login?callback=${encodeURIComponent(callback)}`);
    await page.getByTestId('login-tab-sms').click();
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('手机号').fill(MOBILE);
    await solveCaptcha(page, panel);
    await panel.getByTestId('send-code').click();
    await panel.getByTestId('send-code').filter({ hasText: /\d+/ }).waitFor();
    await panel.getByLabel('验证码', { exact: true }).fill(await latestCode(h.server.url, MOBILE));
    // The agreement box starts unticked and is required before the account is created.
    const agree = panel.getByRole('checkbox', { name: '我已阅读并同意《用户服务协议》和《隐私政策》' });
    assert.equal(await agree.isChecked(), false);
    await panel.getByRole('button', { name: '登录/注册' }).click();
    await panel.getByText('请先阅读并勾选同意《用户服务协议》和《隐私政策》').waitFor();
    assert.equal(await panel.getByRole('link', { name: '《隐私政策》' }).getAttribute('href'), '/privacy');
    await agree.check();
    await panel.getByRole('button', { name: '登录/注册' }).click();

    await page.waitForURL((url) => url.pathname === '/register');
    await page.getByLabel('新密码', { exact: true }).fill(PASSWORD);
    await page.getByLabel('确认新密码', { exact: true }).fill(PASSWORD);
    await page.getByLabel('昵称').fill(NICKNAME);
    await page.getByLabel('真实姓名').fill('李明');
    await page.getByLabel('职业').selectOption('doctor');
    await page.getByLabel('医院', { exact: true }).fill('北京协和医院');
    await page.getByRole('button', { name: '完成注册' }).click();
    await page.waitForURL(callback);
    await page.getByText(NICKNAME).first().waitFor();

    await page.goto('/logout');
    await page.waitForURL((url) => url.pathname === '/');
    await page.locator('[data-chrome="login-link"]').waitFor();
    assert.equal(await accessToken(page), null);

    await loginByPassword(page, PASSWORD);
    await page.getByText(NICKNAME).first().waitFor();
  });

  it("refuses a form the contract's rules refuse before calling the server, showing every problem and focusing the first", async () => {
    const { page } = await h.newPage({ width: 390, height: 844 });
    const sent: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/v1/user/forget_password')) sent.push(req.url());
    });
    await page.goto('/forget');
    const mobile = page.getByLabel('手机号', { exact: true });
    await mobile.fill('12800138000');
    await page.getByLabel('验证码', { exact: true }).fill('12');
    await page.getByLabel('新密码', { exact: true }).fill('abcdefgh');
    await page.getByLabel('确认新密码', { exact: true }).fill('abcdefgx');
    await page.getByRole('button', { name: '重置密码' }).click();
    for (const message of ['手机号格式不正确', '请输入6位数字验证码', '密码需为8–64位，且至少包含字母、数字、符号中的两种', '两次输入的密码不一致']) {
      await page.getByText(message).waitFor();
    }
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
    assert.equal(await mobile.evaluate((el) => el === document.activeElement), true, 'focus is on the first invalid field');
    // Editing a field clears its message; what was typed stays.
    await page.getByLabel('验证码', { exact: true }).fill('123456');
    await page.getByText('请输入6位数字验证码').waitFor({ state: 'detached' });
    assert.equal(await page.getByLabel('新密码', { exact: true }).inputValue(), 'abcdefgh');
    assert.deepEqual(sent, [], 'nothing was sent');
  });

  it('sends a logged-in visitor of /login straight to the callback', async () => {
    const { page } = await h.newPage();
    await loginByPassword(page, PASSWORD);
    const callback = `${h.server.url}/?after=login`;
    await page.goto(`/login?callback=${encodeURIComponent(callback)}`);
    await page.waitForURL(callback);
  });

  it('refreshes an expired access token without interrupting the user', async () => {
    const { page } = await h.newPage();
    await loginByPassword(page, PASSWORD);
    const before = await accessToken(page);
    // Expired (ACCESS_TOKEN_TTL_S above) once the server refuses it as not logged in. Playwright
    // polls the check; it asks synchronously because a polled predicate cannot be async.
    await page.waitForFunction(
      (token) => {
        const xhr = new XMLHttpRequest();
        xhr.open('GET', '/v1/user/personal_info', false);
        xhr.setRequestHeader('authorization', `Bearer ${token}`);
        xhr.send();
        return (JSON.parse(xhr.responseText) as { code: number }).code === 200203;
      },
      before,
      { polling: 250 },
    );
    await page.goto('/change_password');
    await page.getByLabel('原密码').waitFor();
    await page.waitForFunction((token) => window.localStorage.getItem('accessToken') !== token, before);
    assert.equal(new URL(page.url()).pathname, '/change_password', 'stays on the login-needed page');
    const after = await accessToken(page);
    assert.ok(after && after !== before, 'a new access token was stored');
  });

  it('logs other sessions out when the password changes', async () => {
    const a = (await h.newPage()).page;
    const b = (await h.newPage()).page;
    await loginByPassword(a, PASSWORD);
    await loginByPassword(b, PASSWORD);

    await a.goto('/change_password');
    await a.getByLabel('原密码').fill(PASSWORD);
    await a.getByLabel('新密码', { exact: true }).fill(NEW_PASSWORD);
    await a.getByLabel('确认新密码', { exact: true }).fill(NEW_PASSWORD);
    await a.getByRole('button', { name: '确认修改' }).click();
    await a.getByText('密码已修改').waitFor();

    // The other browser's tokens are revoked: its next login-needed page sends it to log in.
    await b.goto('/change_password');
    await b.waitForURL((url) => url.pathname === '/login');
    // The browser that changed it keeps working.
    await a.goto('/change_password');
    await a.getByLabel('原密码').waitFor();
    assert.equal(new URL(a.url()).pathname, '/change_password');
  });

  it('logs in with the WeChat sandbox by scanning the QR code', async () => {
    const desktop = (await h.newPage()).page;
    const phone = (await h.newPage({ width: 390, height: 844 })).page;
    const callback = `${h.server.url}/?via=wechat`;
    await desktop.goto(`/auth?callback=${encodeURIComponent(callback)}`);
    // No QR before the visitor agreed to the user agreement and privacy policy.
    await desktop.getByTestId('wechat-agree-hint').waitFor();
    await desktop.getByTestId('agree-terms').check();
    const qr = desktop.getByTestId('wechat-qr');
    await qr.waitFor();
    const target = await qr.getAttribute('data-qr-value');
    assert.ok(target?.includes('/wx/auth'), 'the QR opens the consent page');
    if (!target) return;

    await phone.goto(target);
    await phone.getByTestId('wx-confirm').click();
    // A first WeChat login creates the account: the desktop continues to registration.
    await desktop.waitForURL((url) => url.pathname === '/register' && url.searchParams.get('callback') === callback);
    assert.ok(await accessToken(desktop), 'the desktop browser is logged in');
    await desktop.getByRole('button', { name: '暂时跳过' }).click();
    await desktop.waitForURL(callback);
    await desktop.locator('[data-chrome="login-link"]').waitFor({ state: 'detached' });
  });

  it('asks an anonymous member to log in before saving, keeps the form, and Cancel does nothing', async () => {
    const { page } = await h.newPage();
    await page.goto('/improve/info?from=e2e');
    await page.getByLabel('真实姓名').fill('王晓');
    await page.getByLabel('职业').selectOption('doctor');
    await page.getByRole('button', { name: '保存' }).click();

    const dialog = page.getByRole('alertdialog', { name: '温馨提示' });
    await dialog.getByText('此功能需要登录后使用').waitFor();
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(new URL(page.url()).pathname, '/improve/info', 'Cancel stays on the page');

    await page.getByRole('button', { name: '保存' }).click();
    await page.getByRole('alertdialog', { name: '温馨提示' }).getByRole('button', { name: '去登录' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    assert.equal(new URL(page.url()).searchParams.get('callback'), `${h.server.url}/improve/info?from=e2e`);

    await page.getByTestId('login-tab-password').click();
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('账号').fill(MOBILE);
    await panel.getByLabel('密码', { exact: true }).fill(NEW_PASSWORD);
    await panel.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/improve/info');
    assert.equal(await page.getByLabel('真实姓名').inputValue(), '王晓', 'the draft survived the login');
  });
});
