import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type ApiInit, type Envelope, apiCall, loginViaApi as loginWithSms } from '../src/dev-api.ts';
import { storeLogin, useHarness } from '../src/harness.ts';

const h = useHarness();

const api = <T>(path: string, init?: ApiInit) => apiCall<T>(h.server.url, path, init);
const loginViaApi = () => loginWithSms(h.server.url, '136');

async function loggedInPage() {
  const token = await loginViaApi();
  const { page } = await h.newPage();
  await storeLogin(page, token);
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
