import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall, loginViaApi } from '../src/dev-api.ts';
import { storeLogin, useHarness } from '../src/harness.ts';

const h = useHarness();

/** The demo's moderated live (apps/server/src/seed/live-room.ts). */
const MODERATED_LIVE = 1;
/** The demo administrator: the demo moderator moderates in the live room but has no console role. */
const OPERATOR = { account: '13900000001', country_code: '86', password: 'Operator-demo-1' };

async function operatorToken(): Promise<string> {
  const res = await apiCall<{ user_access_token: string }>(h.server.url, '/v1/user/login', { method: 'POST', body: { type: 'password', ...OPERATOR } });
  assert.equal(res.code, 0, res.message);
  return res.data.user_access_token;
}

async function signedInPage(token: string): Promise<Page> {
  const { page } = await h.newPage({ width: 1280, height: 900 });
  await storeLogin(page, token);
  return page;
}

/** The dashboard's "awaiting moderation" figure as shown. */
async function shownPending(page: Page): Promise<number> {
  const text = await page.locator('[data-figure="mod"] .ant-statistic-content-value').innerText();
  return Number(text.replace(/[^0-9]/g, ''));
}

describe('running the site from the console', () => {
  it('a question of a moderated live waits in the console, is approved there and shows in the room; the dashboard counts it', async () => {
    const [viewerToken, modToken] = await Promise.all([loginViaApi(h.server.url, '136'), operatorToken()]);
    const viewer = await signedInPage(viewerToken);
    // The console is its own app (it does not mark <html data-location> as the public app does the
    // harness waits for), so it gets a plain context of its own.
    const consoleContext = await h.browser.newContext({ baseURL: h.server.url, viewport: { width: 1280, height: 900 } });
    const console_ = await consoleContext.newPage();
    await console_.goto('/robots.txt');
    await console_.evaluate((t) => window.localStorage.setItem('accessToken', t), modToken);

    await console_.goto('/admin/?lang=zh');
    await console_.getByText('今日概况').waitFor();
    const before = await shownPending(console_);

    await viewer.goto(`/w/o/live/${MODERATED_LIVE}`);
    await viewer.locator('[data-testid="viewer-count"][data-socket="open"]').waitFor();
    const question = `Console moderation check ${Date.now()}`;
    await viewer.getByLabel('输入您的问题').fill(question);
    await viewer.getByRole('button', { name: '提问', exact: true }).click();
    await viewer.getByText('问题已提交，审核通过后将公开显示').waitFor();

    // The dashboard counts it once reloaded.
    await console_.reload();
    await console_.getByText('今日概况').waitFor();
    assert.equal(await shownPending(console_), before + 1, 'the new question is counted as pending');

    // The moderation page lists it among the pending live questions; approve it there.
    await console_.locator('[data-figure="modq"] a').click();
    await console_.waitForURL(/\/admin\/moderation/);
    const row = console_.locator('tr').filter({ hasText: question });
    await row.waitFor();
    await row.getByRole('button', { name: /^通\s?过$/ }).click();
    await console_.getByText('已通过').first().waitFor();
    await row.waitFor({ state: 'detached' });

    // The room shows it, without a reload.
    await viewer.getByTestId('topic-list').getByTestId('topic').filter({ hasText: question }).waitFor();
    assert.equal(await viewer.getByTestId('topic-list').getByTestId('topic').filter({ hasText: question }).getByText('待审核').count(), 0);

    // The dashboard no longer counts it.
    await console_.goto('/admin/?lang=zh');
    await console_.getByText('今日概况').waitFor();
    assert.equal(await shownPending(console_), before, 'the approved question is no longer pending');
    await consoleContext.close();
  });
});
