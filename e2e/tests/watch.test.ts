import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall, loginViaApi } from '../src/dev-api.ts';
import { HANG_LIMIT_MS, storeLogin, useHarness } from '../src/harness.ts';

const h = useHarness();

interface Chapter {
  id: number;
  title: string;
  free_preview: boolean;
  media: { hls_url: string } | null;
  locked_reason: 'login' | 'purchase' | null;
}
interface CourseCard {
  id: number;
  price_type: number;
}

async function courses(priceType: 1 | 2): Promise<CourseCard[]> {
  const r = await apiCall<{ items: CourseCard[] }>(h.server.url, `/v1/pc/course?price_type=${priceType}&page_size=50`);
  return r.data.items;
}

async function chaptersOf(id: number, token?: string): Promise<Chapter[]> {
  const r = await apiCall<{ items: Chapter[] }>(h.server.url, `/v2/user/course/${id}/chapter`, token ? { token } : {});
  return r.data.items;
}

async function signedInPage(token: string, opts: { width?: number; height?: number; locale?: string } = {}) {
  const { page } = await h.newPage(opts);
  await storeLogin(page, token);
  return page;
}

const currentTime = (page: Page) => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);

/** Waits until the page's video has played past `seconds`. */
async function playedPast(page: Page, seconds: number) {
  await page.waitForFunction((s) => {
    const v = document.querySelector('video');
    return v !== null && !v.paused && v.currentTime > s;
  }, seconds, { timeout: HANG_LIMIT_MS });
}

describe('course player', () => {
  it('plays a chapter in place, keeps the position through heartbeats, and resumes it after leaving', async () => {
    const token = await loginViaApi(h.server.url, '137');
    const [course] = await courses(1);
    assert.ok(course, 'a free course exists');
    const chapters = await chaptersOf(course.id, token);
    const second = chapters[1] ?? chapters[0];
    assert.ok(second?.media, 'the chapter has media');

    const page = await signedInPage(token);
    await page.goto(`/course/${course.id}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
    await page.getByRole('button', { name: new RegExp(second.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).click();
    // hls.js plays real H.264/AAC: the position advances.
    await playedPast(page, 6);
    const beat = page.waitForResponse((r) => r.url().includes(`/v1/user/course/${course.id}/learn_log`) && r.request().method() === 'POST');
    await page.getByRole('region', { name: /视频播放器/ }).getByRole('button', { name: '暂停' }).click();
    const answered = (await (await beat).json()) as { code: number; data: { position_s: number; chapter_id: number } };
    assert.equal(answered.code, 0);
    assert.equal(answered.data.chapter_id, second.id);
    const position = await currentTime(page);
    assert.ok(answered.data.position_s >= 6 && Math.abs(answered.data.position_s - position) < 2, `heartbeat position ${answered.data.position_s} ≈ ${position}`);

    // Leave, come back: "continue learning" resumes the chapter near where it stopped.
    await page.goto('/about_us');
    await page.goto(`/course/${course.id}`);
    const resume = page.getByRole('button', { name: /^继续学习/ });
    await resume.waitFor();
    assert.match((await resume.textContent()) ?? '', new RegExp(second.title.slice(0, 4)));
    await resume.click();
    await playedPast(page, Math.max(0, answered.data.position_s - 1));
    const resumedAt = await currentTime(page);
    assert.ok(resumedAt >= answered.data.position_s - 1 && resumedAt < answered.data.position_s + 8, `resumed at ${resumedAt}`);

    // The quality menu lists the renditions, the subtitles menu both languages.
    const quality = page.getByRole('combobox', { name: '清晰度' });
    await quality.waitFor();
    assert.deepEqual(await quality.locator('option').allTextContents(), ['自动', '360p', '240p']);
    assert.deepEqual(await page.getByRole('combobox', { name: '字幕' }).locator('option').allTextContents(), ['关闭字幕', '中文', 'English']);

    // The personal centre lists the course with its progress and a continue button.
    const paused = page.waitForResponse((r) => r.url().includes('/learn_log') && r.request().method() === 'POST');
    await page.keyboard.press('k');
    await paused;
    await page.goto('/user/mycourse');
    const card = page.locator('.center-card').filter({ hasText: second.title.slice(0, 2) }).first();
    await card.waitFor();
    const bar = card.getByRole('progressbar');
    assert.ok(Number(await bar.getAttribute('value')) > 0, 'the progress bar shows learned time');
    assert.match((await card.textContent()) ?? '', /已学习 \d+%/);
    await card.getByRole('link', { name: '继续学习' }).click();
    await page.waitForURL((url) => url.pathname === `/course/${course.id}` && url.searchParams.get('resume') === '1');
    await playedPast(page, 1);
  });

  it('lists lives and recordings watched in the personal centre, with the sidebar and time watched', async () => {
    const token = await loginViaApi(h.server.url, '137');
    const lives = await apiCall<{ items: Array<{ id: number; title: string }> }>(h.server.url, '/v1/live/look_back?limit=3');
    const live = lives.data.items[0];
    assert.ok(live, 'a past live with a replay exists');
    const beat = (played: number) =>
      apiCall(h.server.url, '/v1/user/watch_log', { method: 'POST', token, body: { module_name: 'vod', id: live.id, played_s: played, session_id: 'e2e-watch-session' } });
    assert.equal((await beat(0)).code, 0);
    const page = await signedInPage(token, { width: 390, height: 844, locale: 'en-US' });
    await page.goto('/user/watch?lang=en');
    await page.getByRole('heading', { name: 'Watched', level: 1 }).waitFor();
    await page.locator('.user-center__nickname').waitFor();
    assert.match((await page.locator('.user-center__points').textContent()) ?? '', /Points available: \d+/);
    const card = page.locator('.center-card').first();
    await card.waitFor();
    assert.match((await card.textContent()) ?? '', /Recording.*Watched 0 s/s);
    await page.getByRole('button', { name: 'Lives' }).click();
    await page.getByText('You have not watched anything yet.').waitFor();
  });

  it('refuses a paid chapter: visitors are asked to log in, others see the price and how to buy', async () => {
    const paid = await courses(2);
    let target: { course: CourseCard; chapter: Chapter } | undefined;
    for (const course of paid) {
      const chapter = (await chaptersOf(course.id)).find((c) => c.locked_reason === 'login');
      if (chapter) {
        target = { course, chapter };
        break;
      }
    }
    assert.ok(target, 'a paid course with a locked chapter exists');
    const name = new RegExp(target.chapter.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

    const { page } = await h.newPage();
    await page.goto(`/course/${target.course.id}`);
    await page.getByRole('button', { name }).click();
    const locked = page.getByRole('region', { name: '本节暂不能播放' });
    await locked.getByText('登录后观看', { exact: true }).waitFor();
    const login = locked.getByRole('link', { name: '登录' });
    assert.match((await login.getAttribute('href')) ?? '', /^\/login\?callback=/);

    const token = await loginViaApi(h.server.url, '137');
    const member = await signedInPage(token, { locale: 'en-US' });
    await member.goto(`/course/${target.course.id}?lang=en`);
    const index = (await chaptersOf(target.course.id)).findIndex((c) => c.id === target.chapter.id);
    // The list first shows what the server rendered for a visitor; the member's own list says
    // "Buy to watch", and a click before it comes may land on a list that is being replaced.
    const button = member.locator('.chapter-list__button').nth(index);
    await button.getByText('Buy to watch', { exact: true }).waitFor();
    await button.click();
    const prompt = member.getByRole('region', { name: 'This lesson cannot be played yet' });
    await prompt.getByText('Buy the course to watch', { exact: true }).waitFor();
    assert.match((await prompt.textContent()) ?? '', /¥\d+\.\d{2}/);
    assert.equal(await member.locator('video').count(), 0, 'no video for a locked lesson');
  });
});
