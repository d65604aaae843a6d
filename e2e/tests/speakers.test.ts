import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { captchaAnswer, latestCode } from '../src/dev-api.ts';
import { useHarness } from '../src/harness.ts';

const h = useHarness();
/** A seeded, published speaker. */
const SPEAKER_ID = 1;

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

const countOf = (text: string | null) => Number(/\d+/.exec(text ?? '')?.[0] ?? NaN);

describe('speakers', () => {
  it('asks an anonymous visitor to log in before following; 去登录 opens login with the callback', async () => {
    const { page } = await h.newPage();
    await page.goto(`/speaker/${SPEAKER_ID}`);
    await page.getByRole('button', { name: '关注', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: '温馨提示' });
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(new URL(page.url()).pathname, `/speaker/${SPEAKER_ID}`, 'Cancel stays on the page');
    await page.getByRole('button', { name: '关注', exact: true }).click();
    await page.getByRole('alertdialog', { name: '温馨提示' }).getByRole('button', { name: '去登录' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    assert.equal(new URL(page.url()).searchParams.get('callback'), `${h.server.url}/speaker/${SPEAKER_ID}`);
  });

  it('follows and unfollows as a member: the button and the count follow the server', async () => {
    const token = await loginViaApi();
    const { page } = await h.newPage();
    await page.goto('/');
    await page.evaluate((t) => window.localStorage.setItem('accessToken', t), token);
    await page.goto(`/speaker/${SPEAKER_ID}`);
    const count = page.getByTestId('follower-count');
    await count.waitFor();
    assert.match((await count.textContent()) ?? '', /人关注$/);
    const before = countOf(await count.textContent());
    await page.getByRole('button', { name: '关注', exact: true }).click();
    await page.getByRole('button', { name: '已关注' }).waitFor();
    assert.equal(countOf(await count.textContent()), before + 1);
    await page.getByRole('button', { name: '已关注' }).click();
    await page.getByRole('button', { name: '关注', exact: true }).waitFor();
    assert.equal(countOf(await count.textContent()), before);
  });

  it('shows the followers suffix in English and a not-found state for an unknown id', async () => {
    const { page } = await h.newPage({ locale: 'en-US' });
    await page.goto(`/speaker/${SPEAKER_ID}`);
    assert.match((await page.getByTestId('follower-count').textContent()) ?? '', /^\d+ followers$/);
    await page.goto('/speaker/99999999');
    await page.getByTestId('speaker-not-found').waitFor();
  });
});

describe('hospitals', () => {
  it('shows the hospital header with its name and counts', async () => {
    const hospital = await api<{ name: string }>('/v1/hospital/1');
    assert.equal(hospital.code, 0);
    const { page } = await h.newPage();
    await page.goto('/hospital/1');
    const header = page.getByTestId('place-header');
    await header.waitFor();
    assert.equal(await header.getByRole('heading', { level: 1 }).textContent(), hospital.data.name);
    assert.match((await header.textContent()) ?? '', /讲者 \d+/);
  });
});
