import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall } from '../src/dev-api.ts';
import { HANG_LIMIT_MS, storeLogin, useHarness } from '../src/harness.ts';

const h = useHarness();

/** The demo live on air (apps/server/src/seed/live-room.ts) and the demo accounts (README). */
const LIVE = 1;
const MODERATOR = { account: '13900000002', country_code: '86', password: 'Moderator-demo-1' };
const LEARNER = { account: '13900000003', country_code: '86', password: 'Learner-demo-1' };

async function tokenOf(who: typeof MODERATOR): Promise<string> {
  const res = await apiCall<{ user_access_token: string }>(h.server.url, '/v1/user/login', { method: 'POST', body: { type: 'password', ...who } });
  assert.equal(res.code, 0, res.message);
  return res.data.user_access_token;
}

async function roomAs(token: string, opts: { width?: number; height?: number } = {}): Promise<Page> {
  const { page } = await h.newPage(opts);
  await storeLogin(page, token);
  await page.goto(`/w/o/live/${LIVE}`);
  await page.locator('[data-testid="viewer-count"][data-socket="open"]').waitFor();
  return page;
}

describe('attendance', () => {
  it('the learner watches the live, answers the moderator’s presence check, and sees the attendance counted', async () => {
    const [learnerToken, modToken] = await Promise.all([tokenOf(LEARNER), tokenOf(MODERATOR)]);
    const learner = await roomAs(learnerToken, { width: 390, height: 844 });
    const mod = await roomAs(modToken);
    const card = learner.getByTestId('attendance');
    await card.getByText('我的出勤').waitFor();

    // Watching: the player's beats count on-air time once a second beat joins the first.
    const counted = learner.waitForResponse(
      async (res) => res.url().includes(`/v1/user/live/${LIVE}/attend`) && ((await res.json()) as { data?: { credited_s?: number } }).data?.credited_s !== 0,
      { timeout: HANG_LIMIT_MS },
    );
    await learner.getByTestId('player').locator('.player__big-play').click();
    await counted;

    // The moderator asks; the learner's room prompts at once, with the answer button focused.
    await mod.getByTestId('moderator-panel').getByRole('button', { name: '发起在线确认' }).click();
    const prompt = learner.getByRole('alertdialog', { name: '您还在吗？' });
    await prompt.waitFor();
    const here = prompt.getByRole('button', { name: '我在' });
    await learner.waitForFunction(() => document.activeElement?.textContent === '我在');
    await learner.keyboard.press('Enter');
    await prompt.waitFor({ state: 'detached' });

    // The attendance card shows the answered check and the minutes counted.
    await learner.locator('[data-testid="attendance"][data-answered="1"]').waitFor();
    await learner.getByTestId('attendance-checks').getByText('已回应 1 / 1 次').waitFor();
    const seconds = Number(await card.getAttribute('data-seconds'));
    assert.ok(seconds > 0, `attended seconds counted: ${seconds}`);
    assert.equal(await here.count(), 0);
  });
});
