import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type ApiInit, apiCall, loginViaApi as loginWithSms } from '../src/dev-api.ts';
import { storeLogin, useHarness } from '../src/harness.ts';

const h = useHarness();
/** A seeded, published speaker. */
const SPEAKER_ID = 1;

const api = <T>(path: string, init?: ApiInit) => apiCall<T>(h.server.url, path, init);
const loginViaApi = () => loginWithSms(h.server.url, '135');

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
    await storeLogin(page, token);
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
