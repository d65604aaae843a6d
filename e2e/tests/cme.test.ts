import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiCall, loginViaApi } from '../src/dev-api.ts';
import { HANG_LIMIT_MS, storeLogin, useSharedHarness } from '../src/harness.ts';

// Writes only a user of its own.
const h = useSharedHarness();

interface Activity {
  progress: { attendance_pct: number; claimable: boolean } | null;
}

describe('continuing-education credit', () => {
  it('watches the designated recording, passes the post-test, evaluates, claims, and sees the credit on the CME card', async () => {
    const token = await loginViaApi(h.server.url, '136');
    const { page } = await h.newPage();
    await storeLogin(page, token);

    // The recording's page shows its credit and the requirements.
    await page.goto('/w/o/vod/1');
    const panel = page.getByTestId('credit-panel');
    await panel.getByText('AMA PRA Category 1').waitFor();
    await panel.getByText(/参会时长 0%/).waitFor();

    // Watch it through at double speed (the fastest the server credits): its end sends the last heartbeat.
    await page.getByRole('region', { name: /视频播放器/ }).getByRole('button', { name: '播放' }).first().click();
    await page.waitForFunction(() => {
      const v = document.querySelector('video');
      return v !== null && !v.paused && v.currentTime > 0;
    }, undefined, { timeout: HANG_LIMIT_MS });
    await page.locator('video').evaluate((v: HTMLVideoElement) => {
      v.playbackRate = 2;
    });
    const attended = async () => (await apiCall<Activity>(h.server.url, '/v1/credit/activity/recording/1', { token })).data.progress?.attendance_pct ?? 0;
    await page.waitForFunction(() => document.querySelector('video')?.ended === true, undefined, { timeout: HANG_LIMIT_MS });
    const deadline = Date.now() + HANG_LIMIT_MS;
    // The end's heartbeat may still be on its way: wait for the server to have credited it.
    while ((await attended()) < 85) {
      assert.ok(Date.now() < deadline, 'the recording was credited as watched');
      await page.waitForResponse((r) => r.url().includes('/v1/user/watch_log'), { timeout: HANG_LIMIT_MS }).catch(() => undefined);
    }

    await panel.getByRole('link', { name: '测试、评价与申领' }).click();
    await page.waitForURL((u) => u.pathname === '/credit/cme/recording/1');
    await page.getByText(/参会时长 \d+%/).waitFor();

    // The post-test: the right answers are the first options.
    const test = page.getByTestId('cme-test');
    await test.locator('fieldset').first().waitFor();
    for (const q of await test.locator('fieldset').all()) await q.locator('input').first().check();
    await test.getByRole('button', { name: '提交答案' }).click();
    await test.getByTestId('cme-test-result').getByText(/得分 100，通过/).waitFor();

    const evaluation = page.getByTestId('cme-evaluation');
    await evaluation.locator('fieldset').first().waitFor();
    for (const group of await evaluation.locator('fieldset').all()) await group.getByLabel('5').check();
    await evaluation.getByRole('button', { name: '提交评价' }).click();
    await evaluation.getByText('感谢您的评价。').waitFor();

    const claim = page.getByTestId('cme-claim');
    await page.waitForFunction(() => !(document.querySelector('[data-testid="cme-claim"]') as HTMLButtonElement | null)?.disabled, undefined, { timeout: HANG_LIMIT_MS });
    const credits = /申领 ([\d.]+) 学分/.exec((await claim.textContent()) ?? '')?.[1];
    assert.ok(credits && Number(credits) >= 1.75, `the claim offers ${credits} credits`);
    // The certificate comes with the claim, so the holder's legal name is asked for first.
    await claim.click();
    const refusal = page.getByRole('alert').filter({ hasText: '请先填写证书所用的真实姓名和证件号码' });
    await refusal.getByRole('link', { name: '前往“我的证书”填写' }).waitFor();
    const idcard = await apiCall(h.server.url, '/v1/user/cert/idcard', { method: 'PUT', token, body: { legal_name: '王医生', doc_type: 'cn_resident', number: '11010519491231002X' } });
    assert.equal(idcard.code, 0);
    await claim.click();
    await page.getByTestId('cme-claimed').getByText(`已申领 ${credits} 学分`, { exact: false }).waitFor();
    await page.getByTestId('cme-certificate').getByRole('link', { name: /证书已签发/ }).waitFor();

    // The CME card lists it (AMA credit, apart from the national count) and exports the 登记表.
    await page.getByRole('link', { name: /返回我的学分/ }).click();
    await page.waitForURL((u) => u.pathname === '/credit' && u.searchParams.get('tab') === 'cme');
    await page.getByTestId('cme-ama').getByText(credits, { exact: true }).waitFor();
    assert.match((await page.getByTestId('cme-claim-row').first().textContent()) ?? '', /JA-26-0117-H01/);
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: HANG_LIMIT_MS }), page.getByTestId('cme-export-pdf').click()]);
    assert.match(download.suggestedFilename(), /^cme-\d{4}\.pdf$/);
  });
});
