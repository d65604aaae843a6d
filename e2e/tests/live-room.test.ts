import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ErrorCode } from '@medportal/contract/codes';
import { apiCall, loginViaApi } from '../src/dev-api.ts';
import { HANG_LIMIT_MS, storeLogin, useHarness } from '../src/harness.ts';

const h = useHarness();

/** The demo rooms (apps/server/src/seed/live-room.ts): on air and moderated; later today behind a code. */
const MODERATED_LIVE = 1;
const CODE_LIVE = 2;
const ACCESS_CODE = '2468';
const MODERATOR = { account: '13900000002', country_code: '86', password: 'Moderator-demo-1' };

async function moderatorToken(): Promise<string> {
  const res = await apiCall<{ user_access_token: string }>(h.server.url, '/v1/user/login', { method: 'POST', body: { type: 'password', ...MODERATOR } });
  assert.equal(res.code, 0, res.message);
  return res.data.user_access_token;
}

/** A page of its own browser context, signed in with `token`. */
async function signedInPage(token: string, opts: { width?: number; height?: number } = {}): Promise<Page> {
  const { page } = await h.newPage(opts);
  await storeLogin(page, token);
  return page;
}

/** Opens the live room and waits for its socket; marks the document so a reload would show. */
async function openRoom(page: Page, liveId: number) {
  await page.goto(`/w/o/live/${liveId}`);
  await page.locator('[data-testid="viewer-count"][data-socket="open"]').waitFor();
  await page.evaluate(() => ((window as unknown as { roomMarker: number }).roomMarker = 1));
}

const notReloaded = async (page: Page) => assert.equal(await page.evaluate(() => (window as unknown as { roomMarker?: number }).roomMarker), 1, 'the page was not reloaded');

const topic = (page: Page, text: string) => page.getByTestId('topic-list').getByTestId('topic').filter({ hasText: text });

describe('live room', () => {
  it('plays the live; questions wait for the moderator, are approved and answered; slides and polls reach viewers; ending turns the page', async () => {
    const [viewerToken, secondToken, modToken] = await Promise.all([loginViaApi(h.server.url, '136'), loginViaApi(h.server.url, '135'), moderatorToken()]);
    const viewer = await signedInPage(viewerToken);
    const second = await signedInPage(secondToken, { width: 390, height: 844 });
    const mod = await signedInPage(modToken);
    await Promise.all([openRoom(viewer, MODERATED_LIVE), openRoom(second, MODERATED_LIVE), openRoom(mod, MODERATED_LIVE)]);
    await mod.getByTestId('moderator-panel').waitFor();
    assert.equal(await viewer.getByTestId('moderator-panel').count(), 0);

    // The simulated live stream really plays: the position advances.
    await viewer.getByTestId('player').locator('.player__big-play').click();
    const t0 = await viewer.getByTestId('player').locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);
    await viewer.waitForFunction((t) => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="player"] video');
      return v !== null && !v.paused && v.currentTime > t + 1;
    }, t0, { timeout: HANG_LIMIT_MS });

    // A question on a moderated live: its author sees it waiting, the moderator sees it to approve.
    const question = `Is the new regimen suitable for elderly patients? ${Date.now()}`;
    await viewer.getByLabel('输入您的问题').fill(question);
    await viewer.getByRole('button', { name: '提问', exact: true }).click();
    await viewer.getByText('问题已提交，审核通过后将公开显示').waitFor();
    await topic(viewer, question).getByText('待审核').waitFor();
    const pending = mod.getByTestId('pending-topic').filter({ hasText: question });
    await pending.waitFor();

    // The presenter moves the slide; once the second viewer has it, it has had every earlier event,
    // and the waiting question was not among them.
    const before = Number(await second.getByTestId('current-slide').getAttribute('data-index'));
    await mod.getByRole('button', { name: '下一页 ›' }).click();
    await second.locator(`[data-testid="current-slide"][data-index="${before + 1}"]`).waitFor();
    await viewer.locator(`[data-testid="current-slide"][data-index="${before + 1}"]`).waitFor();
    assert.equal(await topic(second, question).count(), 0, 'a waiting question is not shown to other viewers');
    // A viewer may browse back and return to the presenter's slide.
    await second.getByRole('button', { name: '‹ 上一页' }).click();
    await second.locator(`[data-testid="current-slide"][data-index="${before}"]`).waitFor();
    await second.getByRole('button', { name: '回到当前页' }).click();
    await second.locator(`[data-testid="current-slide"][data-index="${before + 1}"]`).waitFor();

    // Approved: everyone sees it; answered: the answer appears in place.
    await pending.getByRole('button', { name: '通过' }).click();
    await topic(second, question).waitFor();
    await viewer.waitForFunction((q) => {
      const item = Array.from(document.querySelectorAll('[data-testid="topic"]')).find((el) => el.textContent?.includes(q));
      return item !== undefined && !item.textContent?.includes('待审核');
    }, question);
    const answer = 'Yes, with dose adjustment and closer monitoring.';
    const toAnswer = mod.getByTestId('answer-topic').filter({ hasText: question });
    await toAnswer.getByLabel('输入回答').fill(answer);
    await toAnswer.getByRole('button', { name: '回答', exact: true }).click();
    await topic(viewer, question).getByTestId('topic-answer').filter({ hasText: answer }).waitFor();
    await topic(second, question).getByTestId('topic-answer').filter({ hasText: answer }).waitFor();

    // A poll: viewers vote once and see the results change as others vote.
    const pollQuestion = `Which first-line option do you use most? ${Date.now()}`;
    const panel = mod.getByTestId('moderator-panel');
    await panel.getByLabel('问题', { exact: true }).fill(pollQuestion);
    await panel.getByLabel('选项（每行一个）').fill('Option A\nOption B');
    await panel.getByRole('button', { name: '发起投票' }).click();
    const viewerPoll = viewer.getByTestId('poll-card').filter({ hasText: pollQuestion });
    await viewerPoll.getByLabel('Option A').check();
    await viewerPoll.getByRole('button', { name: '投票' }).click();
    await viewerPoll.getByText('1 人参与').waitFor();
    const secondPoll = second.getByTestId('poll-card').filter({ hasText: pollQuestion });
    await secondPoll.getByLabel('Option B').check();
    await secondPoll.getByRole('button', { name: '投票' }).click();
    await viewerPoll.getByText('2 人参与').waitFor();
    assert.deepEqual(await viewerPoll.getByTestId('poll-votes').allTextContents(), ['1 票 · 50%', '1 票 · 50%']);

    // The moderator ends the live: the viewers' pages turn to "ended, replay being prepared".
    await panel.getByRole('button', { name: '结束直播' }).click();
    await mod.getByRole('alertdialog').getByRole('button', { name: '结束直播' }).click();
    for (const page of [viewer, second]) {
      await page.locator('[data-testid="after-live"][data-replay="preparing"]').waitFor();
      await page.locator('[data-testid="live-status"][data-status="2"]').waitFor();
      await page.locator('[data-testid="player-empty"][data-reason="replay_pending"]').waitFor();
      await page.getByText('直播已结束，提问已关闭').waitFor();
      await notReloaded(page);
    }
  });

  it('refuses the access-code live without the code and opens it with the right one', async () => {
    const token = await loginViaApi(h.server.url, '134');
    const refused = await apiCall(h.server.url, `/v1/live/${CODE_LIVE}/topiclist`, { token });
    assert.equal(refused.code, ErrorCode.LIVE_ACCESS_CODE_REQUIRED, 'the questions are closed to someone without the code');

    // Signed out: the room asks for a login first.
    const { page: anon } = await h.newPage();
    await anon.goto(`/w/o/live/${CODE_LIVE}`);
    await anon.getByText('此直播需要登录后参加').waitFor();

    const page = await signedInPage(token, { width: 390, height: 844 });
    await page.goto(`/w/o/live/${CODE_LIVE}`);
    await page.getByRole('heading', { name: '需要观看码' }).waitFor();
    assert.equal(await page.getByTestId('player-empty').getAttribute('data-reason'), 'access_code');
    assert.equal(await page.getByRole('heading', { name: '互动问答' }).count(), 0);
    await page.getByRole('textbox', { name: '观看码' }).fill('1111');
    await page.getByRole('button', { name: '进入直播间' }).click();
    await page.getByRole('alert').filter({ hasText: '观看码错误' }).waitFor();
    await page.getByRole('textbox', { name: '观看码' }).fill(ACCESS_CODE);
    await page.getByRole('button', { name: '进入直播间' }).click();
    await page.getByRole('heading', { name: '互动问答' }).waitFor();
    await page.locator('[data-testid="viewer-count"][data-socket="open"]').waitFor();
    assert.equal(await page.getByRole('heading', { name: '需要观看码' }).count(), 0);
    assert.equal(await page.getByTestId('player-empty').getAttribute('data-reason'), 'not_started');
    assert.equal((await apiCall(h.server.url, `/v1/live/${CODE_LIVE}/topiclist`, { token })).code, 0);
  });

  it("opens the live's own agenda (times, titles, speakers) and its related courses", async () => {
    const { page } = await h.newPage({ width: 390, height: 844 });
    await page.goto(`/w/o/live/${MODERATED_LIVE}`);
    await page.getByRole('button', { name: '会议议程' }).click();
    const agenda = page.getByTestId('live-agenda');
    await agenda.getByText('主题报告：最新循证证据解读').waitFor();
    assert.ok((await agenda.locator('li time').count()) >= 3, 'sessions with times');
    await page.getByRole('button', { name: '相关课程' }).click();
    const courses = page.getByTestId('live-related-courses');
    await courses.locator('li a').first().waitFor();
    assert.match((await courses.locator('li a').first().getAttribute('href')) ?? '', /\/course\/\d+/);
  });
});

describe('recording', () => {
  it('replays the questions and the slides at the moment the video reaches them', async () => {
    const live = await apiCall<{ recording_id: number | null }>(h.server.url, '/v1/live/11');
    const recordingId = live.data.recording_id;
    assert.ok(recordingId, 'the recorded demo live has a recording');
    const rec = await apiCall<{ qa_timeline: Array<{ asked_at_s: number; answered_at_s: number | null }>; slide_timeline: Array<{ at_s: number; index: number }> }>(
      h.server.url,
      `/v1/vod/${recordingId}`,
    );
    const first = rec.data.qa_timeline[0];
    assert.ok(first && first.asked_at_s > 2, 'the first question comes a few seconds in');

    const { page } = await h.newPage();
    await page.goto(`/w/o/vod/${recordingId}`);
    await page.getByText('问题将在提出的时刻出现').waitFor();
    const video = page.getByTestId('player').locator('video');
    await page.getByTestId('player').locator('.player__big-play').click();
    // Played up to the first question's second, it appears.
    await page.getByTestId('vod-topic').first().waitFor({ timeout: HANG_LIMIT_MS });
    const playedTo = await video.evaluate((v: HTMLVideoElement) => {
      v.pause();
      return v.currentTime;
    });
    assert.ok(playedTo >= first.asked_at_s, `shown at ${playedTo} s, asked at ${first.asked_at_s} s`);
    const shownAt = (s: number) => rec.data.qa_timeline.filter((q) => q.asked_at_s <= s).length;
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="vod-topic"]').length === n, shownAt(playedTo));

    // Seek: what is shown is what had been asked and answered by then.
    const at = 30;
    await video.evaluate((v: HTMLVideoElement, s: number) => {
      v.currentTime = s;
    }, at);
    const asked = shownAt(at);
    const answered = rec.data.qa_timeline.filter((q) => q.answered_at_s !== null && q.answered_at_s <= at).length;
    await page.waitForFunction(([a, b]) => document.querySelectorAll('[data-testid="vod-topic"]').length === a && document.querySelectorAll('[data-testid="vod-answer"]').length === b, [asked, answered]);
    const slide = [...rec.data.slide_timeline].reverse().find((s) => s.at_s <= at)!.index;
    assert.equal(await page.getByTestId('vod-slide').getAttribute('data-index'), String(slide));

    // A chapter jumps the video back to its start; later questions leave again.
    await page.getByRole('button', { name: /^0:00 / }).click();
    await page.getByText('问题将在提出的时刻出现').waitFor();
    assert.ok((await video.evaluate((v: HTMLVideoElement) => v.currentTime)) < 1);
  });
});
