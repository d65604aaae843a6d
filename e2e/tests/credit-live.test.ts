import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { apiCall, loginViaApi } from '../src/dev-api.ts';
import { HANG_LIMIT_MS, storeLogin, useHarness } from '../src/harness.ts';

/**
 * The whole continuing-education chain over a live: attend → prove it → test → claim → certificate
 * → verify. Live 2 is the demo's upcoming 国家级 live for invited attendees (apps/server/src/seed/credits.ts); its hour
 * and a half passes on the server's development clock (DEV_CLOCK=1), a minute per step, each step
 * beaten as the player beats. Tokens live a day so the moved clock does not expire them.
 */
const h = useHarness({ DEV_CLOCK: '1', ACCESS_TOKEN_TTL_S: '86400' });
const LIVE = 2;
const MODERATOR = { type: 'password', account: '13900000002', country_code: '86', password: 'Moderator-demo-1' };

interface Activity {
  progress: { attended_seconds: number; attendance_pct: number; presence: { asked: number; answered: number }; claimable: boolean; unmet: string[] } | null;
}

async function advance(seconds: number): Promise<Date> {
  const r = await apiCall<{ now: string }>(h.server.url, '/v1/dev/clock', { method: 'POST', body: { advance_s: seconds } });
  assert.equal(r.code, 0, r.message);
  return new Date(r.data.now);
}

describe('credit over a live', () => {
  it('a learner attends the accredited live, answers the presence check, passes the post-test, claims, downloads the certificate, and a second browser verifies it', async () => {
    const url = h.server.url;
    const live = await apiCall<{ start_at: string; end_at: string }>(url, `/v1/live/${LIVE}`);
    const start = Date.parse(live.data.start_at);
    const end = Date.parse(live.data.end_at);
    const clock = await apiCall<{ now: string }>(url, '/v1/dev/clock');
    // The doors open half a minute after the start.
    let now = await advance(Math.ceil((start - Date.parse(clock.data.now)) / 1000) + 30);

    const [token, modLogin] = await Promise.all([loginViaApi(url, '137'), apiCall<{ user_access_token: string }>(url, '/v1/user/login', { method: 'POST', body: MODERATOR })]);
    assert.equal(modLogin.code, 0, modLogin.message);
    const { page } = await h.newPage({ locale: 'zh-CN', width: 390, height: 844 });
    await storeLogin(page, token);
    await page.goto(`/w/o/live/${LIVE}`);
    // Invited attendees only: the organiser's viewing code (the demo's, README) opens the room.
    await page.getByLabel('观看码', { exact: true }).fill('2468');
    await page.getByRole('button', { name: '进入直播间' }).click();
    await page.locator('[data-testid="viewer-count"][data-socket="open"]').waitFor({ timeout: HANG_LIMIT_MS });
    const panel = page.getByTestId('credit-panel');
    await panel.getByText('2026-02-01-037（国）', { exact: false }).waitFor({ timeout: HANG_LIMIT_MS });

    // The learner plays: the player's second beat counts on-air time.
    const counted = page.waitForResponse(
      async (res) => res.url().includes(`/v1/user/live/${LIVE}/attend`) && ((await res.json()) as { data?: { credited_s?: number } }).data?.credited_s !== 0,
      { timeout: HANG_LIMIT_MS },
    );
    await page.getByTestId('player').locator('.player__big-play').click();
    await counted;

    // The moderator asks whether everyone is still there; the learner's room prompts and is answered from the keyboard.
    const asked = await apiCall(url, `/v1/user/live/${LIVE}/presence_check`, { method: 'POST', token: modLogin.data.user_access_token, body: { window_s: 120 } });
    assert.equal(asked.code, 0, asked.message);
    const prompt = page.getByRole('alertdialog', { name: '您还在吗？' });
    await prompt.waitFor({ timeout: HANG_LIMIT_MS });
    await page.waitForFunction(() => document.activeElement?.textContent === '我在', undefined, { timeout: HANG_LIMIT_MS });
    await page.keyboard.press('Enter');
    await prompt.waitFor({ state: 'detached', timeout: HANG_LIMIT_MS });

    // The rest of the live, a minute at a time, beaten as the player does while it plays in a visible page.
    const beat = (session_id: string) => apiCall(url, `/v1/user/live/${LIVE}/attend`, { method: 'POST', token, body: { session_id, playing: true, visible: true } });
    assert.equal((await beat('e2e-rest-of-live')).code, 0);
    while (now.getTime() < end) {
      now = await advance(60);
      const r = await beat('e2e-rest-of-live');
      assert.equal(r.code, 0, r.message);
    }
    const progress = (await apiCall<Activity>(url, `/v1/credit/activity/live/${LIVE}`, { token })).data.progress;
    assert.ok(progress && progress.attendance_pct >= 95, `attended ${progress?.attendance_pct}%`);
    assert.deepEqual(progress.presence, { asked: 1, answered: 1 });

    // Off air now: the room's credit panel leads to the post-test, the evaluation and the claim.
    await page.reload();
    await panel.getByRole('link', { name: '测试、评价与申领' }).click();
    await page.waitForURL((u) => u.pathname === `/credit/cme/live/${LIVE}`, { timeout: HANG_LIMIT_MS });
    const test = page.getByTestId('cme-test');
    await test.locator('fieldset').first().waitFor({ timeout: HANG_LIMIT_MS });
    for (const q of await test.locator('fieldset').all()) await q.locator('input').first().check();
    await test.getByRole('button', { name: '提交答案' }).click();
    await test.getByTestId('cme-test-result').getByText(/得分 100，通过/).waitFor({ timeout: HANG_LIMIT_MS });
    const evaluation = page.getByTestId('cme-evaluation');
    await evaluation.locator('fieldset').first().waitFor({ timeout: HANG_LIMIT_MS });
    for (const group of await evaluation.locator('fieldset').all()) await group.getByLabel('5').check();
    await evaluation.getByRole('button', { name: '提交评价' }).click();
    await evaluation.getByText('感谢您的评价。').waitFor({ timeout: HANG_LIMIT_MS });

    // The certificate carries the legal name on file.
    const idcard = await apiCall(url, '/v1/user/cert/idcard', { method: 'PUT', token, body: { legal_name: '李医生', doc_type: 'cn_resident', number: '11010519491231002X' } });
    assert.equal(idcard.code, 0, idcard.message);
    const claim = page.getByTestId('cme-claim');
    await page.waitForFunction(() => !(document.querySelector('[data-testid="cme-claim"]') as HTMLButtonElement | null)?.disabled, undefined, { timeout: HANG_LIMIT_MS });
    // 1 国家级 credit per 3 hours attended, in hundredths, floored: the half minute before the doors opened is missing.
    const credits = String(Math.floor((progress.attended_seconds * 100) / 10_800) / 100);
    assert.match(credits, /^0\.4\d$/);
    assert.equal((await claim.textContent())?.trim(), `申领 ${credits} 学分`);
    await claim.click();
    await page.getByTestId('cme-claimed').getByText(`已申领 ${credits} 学分`, { exact: false }).waitFor({ timeout: HANG_LIMIT_MS });
    await page.getByTestId('cme-certificate').getByRole('link', { name: /证书已签发/ }).click();

    // My certificates: the PDF, and the link its QR code holds.
    await page.waitForURL((u) => u.pathname === '/user/cert', { timeout: HANG_LIMIT_MS });
    const card = page.getByTestId('certificate').filter({ hasText: '2026-02-01-037' });
    await card.waitFor({ timeout: HANG_LIMIT_MS });
    const code = ((await card.getByTestId('cert-code').textContent()) ?? '').trim();
    assert.match(code, /^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: HANG_LIMIT_MS }), card.getByTestId('cert-pdf').click()]);
    const pdf = await readFile(await download.path());
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    const verifyUrl = await card.getByTestId('cert-verify-link').getAttribute('href');
    assert.ok(verifyUrl?.endsWith(`/cert/verify/${code}`), `verify link: ${verifyUrl}`);
    if (!verifyUrl) return;

    // A second browser, logged in as nobody, opens that link.
    const other = await h.newPage({ locale: 'zh-CN' });
    const res = await other.page.goto(verifyUrl);
    assert.equal(res?.status(), 200);
    await other.page.getByRole('heading', { level: 1, name: '证书有效' }).waitFor({ timeout: HANG_LIMIT_MS });
    assert.equal(await other.page.locator('[data-field="holder"]').textContent(), '李医生');
    const body = (await other.page.locator('main').textContent()) ?? '';
    assert.ok(body.includes(code) && body.includes('2026-02-01-037'), body);
    assert.doesNotMatch(await other.page.content(), /110105194912310/);
  });
});
