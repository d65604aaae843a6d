import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { captchaAnswer, latestCode } from '../src/dev-api.ts';
import { useHarness } from '../src/harness.ts';

const h = useHarness();

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

async function api<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<Envelope<T>> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(`${h.server.url}${path}`, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  return (await res.json()) as Envelope<T>;
}

/** Logs a new user in through SMS and the dev outbox; returns the access token. */
async function loginViaApi(): Promise<string> {
  const mobile = `136${String(Date.now()).slice(-8)}`;
  const captcha = await api<{ captcha_key: string }>('/v1/user/verify_code_image');
  const captcha_code = await captchaAnswer(h.server.url, captcha.data.captcha_key);
  const sent = await api('/v1/user/send/sms', { method: 'POST', body: { mobile, scene: 'login', captcha_key: captcha.data.captcha_key, captcha_code } });
  assert.equal(sent.code, 0, `send sms: ${sent.message}`);
  const code = await latestCode(h.server.url, mobile);
  const login = await api<{ user_access_token: string }>('/v1/user/login', { method: 'POST', body: { type: 'sms', mobile, code } });
  assert.equal(login.code, 0, `login: ${login.message}`);
  return login.data.user_access_token;
}

async function loggedInPage() {
  const token = await loginViaApi();
  const { page } = await h.newPage();
  await page.goto('/');
  await page.evaluate((t) => window.localStorage.setItem('accessToken', t), token);
  return { page, token };
}

describe('member: history and column subscriptions', () => {
  it('a viewed course shows in /user/history and can be deleted', async () => {
    const list = await api<{ items: Array<{ id: number; title: string }> }>('/v1/pc/course');
    const course = list.data.items[0];
    assert.ok(course, 'a seeded course');
    const { page } = await loggedInPage();
    const recorded = page.waitForResponse((res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/v1/user/history');
    await page.goto(`/course/${course.id}`);
    assert.equal(((await (await recorded).json()) as Envelope<unknown>).code, 0, 'the view is recorded');

    await page.goto('/user/history?module=course');
    const item = page.getByTestId('history-item').filter({ hasText: course.title });
    await item.waitFor();
    await item.getByRole('checkbox').check();
    await page.getByRole('button', { name: '删除所选' }).click();
    await page.getByText('暂无浏览记录').waitFor();
    assert.equal(await page.getByTestId('history-item').count(), 0);
  });

  it('column follow and unfollow update the button and the count', async () => {
    const { page } = await loggedInPage();
    await page.goto('/column/index');
    const card = page.getByTestId('column-card').first();
    await card.waitFor();
    const total = card.getByTestId('subscribe-total');
    const count = async () => Number(((await total.textContent()) ?? '').replace(/\D/g, ''));
    const before = await count();
    await card.getByRole('button', { name: '+ 关注' }).click();
    await card.getByRole('button', { name: '已关注' }).waitFor();
    assert.equal(await count(), before + 1);
    await card.getByRole('button', { name: '已关注' }).click();
    await card.getByRole('button', { name: '+ 关注' }).waitFor();
    assert.equal(await count(), before);
  });
});
