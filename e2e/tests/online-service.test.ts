import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall } from '../src/dev-api.ts';
import { storeLogin, useHarness } from '../src/harness.ts';

// Around the clock, so the chat is "online" whenever the test runs.
const h = useHarness({ SUPPORT_HOURS: '1-7 00:00-24:00' });

/** The demo operator also has the service role (README, demo accounts). */
const OPERATOR = { account: '13900000001', country_code: '86', password: 'Operator-demo-1' };

const mark = (page: Page) => page.evaluate(() => ((window as unknown as { chatMarker: number }).chatMarker = 1));
const notReloaded = async (page: Page) => assert.equal(await page.evaluate(() => (window as unknown as { chatMarker?: number }).chatMarker), 1, 'the page was not reloaded');

describe('online service', () => {
  it('carries a visitor message to the agent with an unread badge, and the reply and typing back live', async () => {
    // The visitor: an anonymous browser context, coming in through the right bar.
    const { page: visitor } = await h.newPage({ fresh: true });
    await visitor.goto('/');
    await visitor.getByRole('complementary', { name: '快捷服务' }).getByRole('link', { name: '在线客服' }).click();
    await visitor.waitForURL('**/online_service_im');
    await visitor.locator('[data-support-chat] [data-socket="open"]').waitFor();
    await mark(visitor);
    // Anonymous visitors cannot upload: the page says so instead of offering the button.
    await visitor.getByTestId('image-login-hint').getByText('未登录的访客只能发送文字').waitFor();
    assert.equal(await visitor.getByText('发送图片', { exact: true }).count(), 0);

    // The agent: the demo operator, in a second context, reaches the desk from the user centre.
    const login = await apiCall<{ user_access_token: string }>(h.server.url, '/v1/user/login', { method: 'POST', body: { type: 'password', ...OPERATOR } });
    assert.equal(login.code, 0, login.message);
    const { page: agent } = await h.newPage({ fresh: true });
    await storeLogin(agent, login.data.user_access_token);
    await agent.goto('/user/myinfo');
    await agent.getByTestId('service-desk-link').click();
    await agent.waitForURL('**/online_service_im/agent');
    await agent.locator('[data-service-desk][data-socket="open"]').waitFor();
    await mark(agent);

    // The visitor writes: the conversation appears on the desk with its unread badge.
    const question = `请问继续教育学分多久到账？ ${Date.now()}`;
    await visitor.getByLabel('输入消息').fill(question);
    await visitor.getByRole('button', { name: '发送', exact: true }).click();
    await visitor.locator('[data-support-message="visitor"]').filter({ hasText: question }).waitFor();
    const conversation = agent.locator('[data-conversation]').filter({ hasText: question });
    await conversation.locator('[data-unread="1"]').getByText('1 条未读').waitFor();
    await notReloaded(agent);

    // The agent opens it (read: the badge goes) and starts typing: the visitor sees that.
    await conversation.click();
    await agent.locator('[data-support-message="visitor"]').filter({ hasText: question }).waitFor();
    await conversation.locator('[data-unread]').waitFor({ state: 'detached' });
    await agent.getByLabel('回复').fill('一般在课程完成后');
    await visitor.getByText('客服正在输入…').waitFor();

    // The reply reaches the visitor over the socket, without a reload.
    const answer = `一般在课程完成后 24 小时内到账。 ${Date.now()}`;
    await agent.getByLabel('回复').fill(answer);
    await agent.getByRole('button', { name: '回复', exact: true }).click();
    await visitor.locator('[data-support-message="agent"]').filter({ hasText: answer }).waitFor();
    await visitor.getByText('客服正在输入…').waitFor({ state: 'hidden' });
    await notReloaded(visitor);

    // And the visitor's typing shows on the desk.
    await visitor.getByLabel('输入消息').fill('好的，谢谢');
    await agent.locator('.support-chat__typing').getByText('访客正在输入…').waitFor();
    await notReloaded(agent);
  });
});
