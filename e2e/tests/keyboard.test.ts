import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { apiCall, loginViaApi } from '../src/dev-api.ts';
import { HANG_LIMIT_MS, storeLogin, useSharedHarness } from '../src/harness.ts';
import { liveDaysInOwnZone } from '../src/settle.ts';

const h = useSharedHarness();
/** A seeded speaker with content in every tab. */
const SPEAKER_ID = 1;
/** Must match BANNER_INTERVAL_MS of the banner carousel. */
const BANNER_INTERVAL_MS = 5000;

/** Whether focus is on (or inside) the element. */
const hasFocus = (locator: Locator) => locator.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));
const focusedText = (page: Page) => page.evaluate(() => (document.activeElement?.getAttribute('aria-label') || document.activeElement?.textContent || '').trim());
const politeRegion = (page: Page) => page.locator('[data-announcer="polite"]');

async function asMember(page: Page) {
  const token = await loginViaApi(h.server.url, '176');
  await storeLogin(page, token);
}

describe('keyboard and screen readers', () => {
  it('makes "skip to content" the first Tab stop; it moves focus to main and leaves the URL alone', async () => {
    const { page } = await h.newPage();
    const categories = await apiCall<{ items: Array<{ id: number; title: string }> }>(h.server.url, '/v1/news/category');
    const second = categories.data.items[1]!;
    await page.goto(`/news#${second.id}`);
    await page.getByRole('tab', { name: second.title, selected: true }).waitFor();
    await page.keyboard.press('Tab');
    assert.equal(await focusedText(page), '跳到主要内容');
    const skip = page.getByRole('link', { name: '跳到主要内容' });
    // `:focus` matches once the tab itself has focus, which a shared browser may hand it a moment late.
    await page.waitForFunction(() => (document.querySelector('.skip-link')?.getBoundingClientRect().y ?? -1) >= 0, undefined, { timeout: HANG_LIMIT_MS });
    assert.ok((await skip.boundingBox())!.y >= 0, 'the focused skip link is on screen');
    // A page that scrolls itself after focus moved (a late hash or a restored position) does not
    // take the focused link off screen.
    await page.evaluate(() => window.scrollTo(0, 400));
    await page.waitForFunction(() => window.scrollY > 0);
    assert.ok((await skip.boundingBox())!.y >= 0, 'the focused skip link stays on screen when the page scrolls');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'main');
    assert.equal(new URL(page.url()).hash, `#${second.id}`, 'the category in the hash is kept');
    await page.getByRole('tab', { name: second.title, selected: true }).waitFor();
    // The next Tab continues inside the content, not back in the header.
    await page.keyboard.press('Tab');
    assert.ok(await hasFocus(page.locator('main')), 'Tab after the skip goes on inside main');
  });

  it('traps focus in a modal dialog, closes it with Escape and returns focus to the opener', async () => {
    const { page } = await h.newPage();
    await page.goto('/');
    const opener = page.locator('[data-footer-link="contact-dialog"]');
    await opener.scrollIntoViewIfNeeded();
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '联系方式' });
    await dialog.waitFor();
    assert.equal(await dialog.evaluate((el) => el.matches(':modal')), true, 'opened with showModal');
    assert.ok(await hasFocus(dialog), 'focus moved into the dialog');
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      assert.ok(await hasFocus(dialog), `focus stays in the dialog after ${key}`);
    }
    // The page behind is inert: a click there does not reach its links.
    assert.equal(await page.evaluate(() => document.elementFromPoint(10, 10)?.tagName), 'DIALOG');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.ok(await hasFocus(opener), 'focus is back on the button that opened the dialog');
  });

  it('moves between tabs with the arrow keys, Home and End (one Tab stop, selection follows focus)', async () => {
    const { page } = await h.newPage({ locale: 'en-US' });
    await page.goto(`/speaker/${SPEAKER_ID}`);
    const selected = page.getByRole('tab', { selected: true });
    await selected.waitFor();
    assert.equal(await selected.textContent(), 'Courses');
    assert.deepEqual(await page.getByRole('tab').evaluateAll((tabs) => tabs.map((t) => (t as HTMLElement).tabIndex)), [0, -1, -1, -1, -1]);
    await selected.focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL((url) => url.searchParams.get('tab') === 'lives');
    await page.getByRole('tab', { name: 'Lives', selected: true }).waitFor();
    assert.equal(await focusedText(page), 'Lives');
    assert.equal(await page.getByRole('tabpanel').getAttribute('aria-labelledby'), 'speaker-tab-lives');
    await page.keyboard.press('End');
    await page.waitForURL((url) => url.searchParams.get('tab') === 'docs');
    await page.getByRole('tab', { name: 'Documents', selected: true }).waitFor();
    assert.equal(await focusedText(page), 'Documents');
    await page.keyboard.press('ArrowRight');
    await page.waitForURL((url) => !url.searchParams.has('tab'));
    // The next key is pressed once the tab it moved to shows as selected, as a user would see it.
    await page.getByRole('tab', { name: 'Courses', selected: true }).waitFor();
    assert.equal(await focusedText(page), 'Courses');
    await page.keyboard.press('ArrowLeft');
    await page.waitForURL((url) => url.searchParams.get('tab') === 'docs');
    await page.getByRole('tab', { name: 'Documents', selected: true }).waitFor();
    assert.equal(await focusedText(page), 'Documents');
    await page.keyboard.press('Home');
    await page.waitForURL((url) => !url.searchParams.has('tab'));
    await page.getByRole('tab', { name: 'Courses', selected: true }).waitFor();
  });

  it('runs the search board from the keyboard: arrows, Enter, Escape, and says how many suggestions came', async () => {
    const { page } = await h.newPage();
    await page.goto('/');
    const box = page.getByRole('combobox', { name: '搜索课程、会议、讲者' });
    await box.focus();
    const hot = page.getByRole('listbox', { name: '热门搜索' }).getByRole('option');
    await hot.first().waitFor();
    await page.keyboard.press('ArrowDown');
    const first = hot.first();
    await page.waitForFunction((id) => document.activeElement?.getAttribute('aria-activedescendant') === id, await first.getAttribute('id'));
    assert.equal(await first.getAttribute('aria-selected'), 'true');
    const word = (await first.textContent()) ?? '';
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('txt') === word);
    assert.ok(await hasFocus(box), 'focus stays in the search box');

    await box.fill('');
    await page.keyboard.type('肺');
    const suggestions = page.getByRole('listbox', { name: '搜索建议' }).getByRole('option');
    await suggestions.first().waitFor();
    const count = await suggestions.count();
    await politeRegion(page).getByText(`${count} 条搜索建议，可用上下方向键选择`).waitFor();
    assert.equal(await box.getAttribute('aria-expanded'), 'true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-expanded') === 'false');
    assert.equal(await box.inputValue(), '肺', 'the first Escape only closes the list');
    assert.equal(await page.getByRole('listbox').count(), 0);
    assert.equal(await box.getAttribute('aria-activedescendant'), null);
    // The arrow key opens it again.
    await page.keyboard.press('ArrowDown');
    await suggestions.first().waitFor();
  });

  it('does not rotate the banners with reduced motion, and pauses them while focus is inside', async () => {
    const { page } = await h.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    const carousel = page.locator('section[data-block-layout="banner"] .carousel');
    await carousel.waitFor();
    const active = () => carousel.locator('.carousel__slide.is-active').getAttribute('data-slide');
    // The server's page cannot know the setting: the carousel pauses as soon as the app runs.
    await page.waitForFunction(() => document.querySelector('.carousel')?.getAttribute('data-rotation') === 'paused');
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await carousel.getByRole('button', { name: '继续轮播' }).waitFor();
    await page.clock.runFor(BANNER_INTERVAL_MS * 3);
    assert.equal(await active(), '0', 'no slide change in three intervals');

    // The same page without the setting rotates: the check above could have failed.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.waitForFunction(() => document.querySelector('.carousel')?.getAttribute('data-rotation') === 'running');
    await carousel.getByRole('button', { name: '暂停轮播' }).waitFor();
    await page.clock.runFor(BANNER_INTERVAL_MS);
    await page.waitForFunction(() => document.querySelector('.carousel__slide.is-active')?.getAttribute('data-slide') === '1');

    // Focus inside pauses it; focus elsewhere lets it go on.
    await carousel.getByRole('button', { name: '下一张' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('.carousel__slide.is-active')?.getAttribute('data-slide') === '2');
    assert.equal(await carousel.getAttribute('data-rotation'), 'paused');
    await page.clock.runFor(BANNER_INTERVAL_MS * 3);
    assert.equal(await active(), '2', 'no rotation while focus is inside');
    await page.getByRole('combobox', { name: '搜索课程、会议、讲者' }).focus();
    await page.waitForFunction(() => document.querySelector('.carousel')?.getAttribute('data-rotation') === 'running');
    await page.clock.runFor(BANNER_INTERVAL_MS);
    await page.waitForFunction(() => document.querySelector('.carousel__slide.is-active')?.getAttribute('data-slide') === '3');

    // The pause button stops it for good, from the keyboard too.
    await carousel.getByRole('button', { name: '暂停轮播' }).focus();
    await page.keyboard.press('Enter');
    await carousel.getByRole('button', { name: '继续轮播' }).waitFor();
    await page.getByRole('combobox', { name: '搜索课程、会议、讲者' }).focus();
    await page.clock.runFor(BANNER_INTERVAL_MS * 3);
    assert.equal(await active(), '3');
  });

  it('runs no endless animation with reduced motion (live badges, skeletons)', async () => {
    const endless = (page: Page) =>
      page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations === Infinity).length);
    const { page } = await h.newPage({ reducedMotion: 'no-preference' });
    await page.goto('/live');
    // The browser's own days replace the server's (+08:00) after hydration: from 16:00 to midnight
    // UTC that moves the live on air back a day, so its dot is looked for once they have arrived.
    await liveDaysInOwnZone(page);
    // The day of the live on air (marked with a dot): past midnight it is no longer today.
    await page.getByTestId('live-days').locator('[data-date]:has(.live-day__dot)').first().click();
    await page.getByTestId('now-live').first().waitFor();
    assert.ok((await endless(page)) > 0, 'the live badge pulses normally');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.waitForFunction(
      () => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations === Infinity).length === 0,
    );
  });

  it('opens the account menu with the keyboard and says "followed" after a follow, keeping focus on the button', async () => {
    const { page } = await h.newPage();
    await asMember(page);
    await page.goto(`/speaker/${SPEAKER_ID}`);
    const follow = page.getByRole('button', { name: '关注', exact: true });
    await follow.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: '已关注' }).waitFor();
    await politeRegion(page).getByText('已关注', { exact: true }).waitFor();
    assert.ok(await hasFocus(page.getByTestId('follow-button')), 'focus stayed on the follow button');
    await page.keyboard.press('Enter');
    await politeRegion(page).getByText('已取消关注', { exact: true }).waitFor();
    await page.getByRole('button', { name: '关注', exact: true }).waitFor();

    const menuButton = page.locator('[data-chrome="user-menu"] button');
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    assert.equal(await focusedText(page), '个人中心');
    await page.keyboard.press('ArrowUp');
    assert.equal(await focusedText(page), '退出登录');
    await page.keyboard.press('Home');
    assert.equal(await focusedText(page), '个人中心');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    assert.ok(await hasFocus(menuButton), 'Escape gives focus back to the menu button');
    await page.keyboard.press('ArrowDown');
    await menu.waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/user/myinfo');
  });
});
