import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall, loginUserViaApi, waitFor, type Envelope } from '../src/dev-api.ts';
import { HANG_LIMIT_MS, useHarness } from '../src/harness.ts';

/** The operator console at /admin (decision record 0063), as staff and non-staff see it. */

const h = useHarness();
const OPERATOR = { account: '13900000001', password: 'Operator-demo-1' };
const MODERATOR = { account: '13900000002', password: 'Moderator-demo-1' };
const LEARNER = { account: '13900000003', password: 'Learner-demo-1' };
const HAN = /[\u4e00-\u9fff]/;

async function paying<T>(path: string, token: string, body: unknown): Promise<Envelope<T>> {
  const res = await fetch(`${h.server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

/** A course order paid through the sandbox payer, by a new user: its number, amount and buyer. */
async function paidOrder(): Promise<{ orderNo: string; amount: number; userId: number }> {
  const { token } = await loginUserViaApi(h.server.url, '171');
  const me = await apiCall<{ user_id: number }>(h.server.url, '/v1/user/login_info', { token });
  assert.equal(me.code, 0, me.message);
  const list = await apiCall<{ items: { id: number; price: number }[] }>(h.server.url, '/v1/pc/course?price_type=2&page_size=50');
  const course = list.data.items.find((c) => c.price > 0);
  assert.ok(course, 'a paid course in the seed');
  const order = await paying<{ order_no: string; amount: number }>('/v1/pc/order', token, { module: 'course', module_id: course.id, channel: 'wechat' });
  assert.equal(order.code, 0, order.message);
  const paid = await apiCall(h.server.url, `/v1/dev/pay/${encodeURIComponent(order.data.order_no)}`, { method: 'POST', body: { result: 'success' } });
  assert.equal(paid.code, 0, paid.message);
  // The sandbox payer's notice arrives on its own: wait for the order to say paid.
  await waitFor('the order to be paid', async () => (await apiCall<{ status: string }>(h.server.url, `/v1/user/order/info?order_no=${order.data.order_no}`, { token })).data.status === 'paid');
  return { orderNo: order.data.order_no, amount: order.data.amount, userId: me.data.user_id };
}

/** Logs in on the console's own page. */
async function consoleLogin(page: Page, who: { account: string; password: string }, lang: 'zh' | 'en'): Promise<void> {
  await page.goto(`/admin?lang=${lang}`);
  await page.waitForURL((url) => url.pathname === '/admin/login');
  await page.getByLabel(lang === 'en' ? 'Mobile number' : '手机号').fill(who.account);
  await page.getByLabel(lang === 'en' ? 'Password' : '密码').fill(who.password);
  await page.getByRole('button', { name: lang === 'en' ? 'Log in' : /登\s*录/ }).click();
  await page.waitForURL((url) => url.pathname !== '/admin/login', { timeout: HANG_LIMIT_MS });
}

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

describe('operator console', () => {
  it('shows the login error in the chosen language', async () => {
    const { page } = await h.newPage({ width: 1440, height: 900 });
    for (const lang of ['en', 'zh'] as const) {
      await page.goto(`/admin/login?lang=${lang}`);
      await page.getByLabel(lang === 'en' ? 'Mobile number' : '手机号').fill(OPERATOR.account);
      await page.getByLabel(lang === 'en' ? 'Password' : '密码').fill('Wrong-password-9');
      await page.getByRole('button', { name: lang === 'en' ? 'Log in' : /登\s*录/ }).click();
      // The login form's own alert (refine's notification says the same).
      const alert = page.locator('.ant-alert').getByText(/\S/).first();
      await alert.waitFor();
      const text = (await alert.textContent()) ?? '';
      assert.ok(text.trim().length > 0);
      assert.equal(HAN.test(text), lang === 'zh', `${lang} error: ${text}`);
    }
  });

  it('lets the operator log in, switch language, refund a paid order and find the refund in the audit log', async () => {
    const order = await paidOrder();
    const { page } = await h.newPage({ width: 1440, height: 900 });
    await consoleLogin(page, OPERATOR, 'zh');
    // The administrator reaches every area with pages.
    const menu = page.getByRole('menu');
    for (const name of ['资金', '学分', '审计', '员工与角色']) await menu.getByText(name, { exact: true }).first().waitFor();
    await menu.getByText('资金', { exact: true }).click();
    await menu.getByRole('menuitem', { name: '订单' }).waitFor();

    await page.getByText('English', { exact: true }).click();
    // The menu speaks English at once; the open group follows the page (a rebuilt menu).
    await menu.getByText('Money', { exact: true }).waitFor();
    await page.goto('/admin/money/orders');
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    // Remembered: a reload stays in English.
    await page.reload();
    await page.getByRole('heading', { name: 'Orders' }).waitFor();

    await page.getByRole('spinbutton', { name: 'User ID' }).fill(String(order.userId));
    await page.getByRole('button', { name: 'Apply' }).click();
    const row = page.getByRole('row').filter({ hasText: order.orderNo });
    await row.getByText('Paid', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: order.orderNo });
    await dialog.getByLabel('Reason').fill('The buyer asked by phone');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    const status = page.getByRole('status').filter({ hasText: 'Refunded' });
    await status.waitFor({ timeout: HANG_LIMIT_MS });
    assert.match((await status.textContent()) ?? '', new RegExp(`Refunded ${yuan(order.amount).replace('.', '\\.')}`));
    await page.getByRole('dialog').getByText('Refunded', { exact: true }).first().waitFor();
    // The order's drawer keeps the result on screen, over the page, until the operator closes it
    // (named: the refund dialog may still be fading out, with its own close button).
    await page.getByRole('dialog', { name: `Order ${order.orderNo}` }).getByRole('button', { name: 'Close' }).click();

    // The audit group is closed while a money page is open: its entry is reached by the group.
    await menu.getByText('Audit', { exact: true }).click();
    await menu.getByRole('menuitem', { name: 'Audit log' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/audit');
    await page.getByRole('textbox', { name: 'Target' }).fill(`order:${order.orderNo}`);
    await page.getByRole('button', { name: 'Apply' }).click();
    const entry = page.getByRole('row').filter({ hasText: 'order.refund' }).filter({ hasText: `order:${order.orderNo}` });
    await entry.waitFor();
    // Its before and after.
    await entry.click();
    await page.getByText('"status": "refunded"').waitFor();
    await page.getByText('"status": "paid"').waitFor();
  });

  it('shows a moderator only moderation', async () => {
    // The demo moderator runs live rooms; the administrator makes them a staff moderator too.
    const login = async (who: { account: string; password: string }) => {
      const r = await apiCall<{ user_access_token: string }>(h.server.url, '/v1/user/login', { method: 'POST', body: { type: 'password', country_code: '86', ...who } });
      assert.equal(r.code, 0, r.message);
      return r.data.user_access_token;
    };
    const moderator = await apiCall<{ user_id: number }>(h.server.url, '/v1/admin/me', { token: await login(MODERATOR) });
    const granted = await apiCall(h.server.url, `/v1/admin/users/${moderator.data.user_id}/roles`, { method: 'PUT', body: { roles: ['moderator'] }, token: await login(OPERATOR) });
    assert.equal(granted.code, 0, granted.message);
    const { page } = await h.newPage({ width: 1440, height: 900 });
    await consoleLogin(page, MODERATOR, 'en');
    await page.getByText('Moderation').first().waitFor();
    assert.equal(await page.getByText('No access to the console').count(), 0);
    for (const name of ['Orders', 'Audit log', 'Staff & roles', 'Attendance']) {
      assert.equal(await page.getByRole('menuitem', { name }).count(), 0, `${name} is not in the moderator's menu`);
    }
    // Another area's page, typed in, does not open for them either: the server refuses its calls.
    const refused = await apiCall(h.server.url, '/v1/admin/orders', { token: await page.evaluate(() => localStorage.getItem('accessToken') ?? '') });
    assert.notEqual(refused.code, 0);
  });

  it('shows a learner the no-access page, with a way to log out', async () => {
    const { page } = await h.newPage({ width: 1024, height: 768 });
    await consoleLogin(page, LEARNER, 'en');
    await page.getByText('No access to the console').waitFor();
    assert.equal(await page.getByRole('menu').count(), 0);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/login');
    assert.equal(await page.evaluate(() => localStorage.getItem('accessToken')), null);
  });
});
