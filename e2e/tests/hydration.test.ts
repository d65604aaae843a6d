import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page, Route } from 'playwright-core';
import { apiCall, loginViaApi, serverRendered as serverRenderedAt, waitFor } from '../src/dev-api.ts';
import { collectErrors, HANG_LIMIT_MS, storeLogin, useSharedHarness } from '../src/harness.ts';

/**
 * Every reader's browser takes the server's page over (hydrates it) instead of rendering it
 * afresh: what they typed before the app's code ran stays where they typed it, in any time zone,
 * logged in or not (decision record 0075).
 */
const h = useSharedHarness();

/**
 * Holds back every script of the page until `release()`: the server's HTML is on screen and
 * answers input, but nothing of the app runs yet (a slow phone's first seconds).
 */
async function holdScripts(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    async (route) => {
      if (released) await route.continue();
      else held.push(route);
    },
  );
  return async () => {
    released = true;
    await Promise.all(held.splice(0).map((r) => r.continue()));
  };
}

const serverRendered = (path: string) => serverRenderedAt(h.server.url, path, HANG_LIMIT_MS);

/**
 * The times on the page and those not written as the browser's own zone writes them: `<time>`
 * elements whose text holds a clock time, against their `datetime` formatted in the page (the
 * context's zone). Runs in the page.
 */
function readTimes() {
  const fmt = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const times = [...document.querySelectorAll('#main time[datetime]')].filter((t) => /\d{2}:\d{2}/.test(t.textContent ?? ''));
  const wrong = times.filter((t) => !(t.textContent ?? '').includes(fmt.format(new Date(t.getAttribute('datetime')!))));
  return { count: times.length, wrong: wrong.map((t) => `${t.getAttribute('datetime')} shown as ${t.textContent}`) };
}

/** The page's times once they are all in the browser's zone, or as they are when that never comes. */
async function timesOnceInBrowserZone(page: Page): Promise<ReturnType<typeof readTimes>> {
  const settled = async () => {
    const times = await page.evaluate(readTimes);
    return times.count > 0 && times.wrong.length === 0 ? times : null;
  };
  return waitFor('times in the browser zone', settled, 15_000).catch(() => page.evaluate(readTimes));
}

describe('hydration for every reader', { concurrency: 2 }, () => {
  for (const timezoneId of ['UTC', 'Asia/Shanghai']) {
    for (const loggedIn of [false, true]) {
      it(`${timezoneId}, ${loggedIn ? 'logged in' : 'logged out'}: text typed before the code runs stays in the same field`, async () => {
        const { page } = await h.newPage({ timezoneId });
        if (loggedIn) await storeLogin(page, await loginViaApi(h.server.url, '145'));
        const errors = collectErrors(page);
        const release = await holdScripts(page);
        const asked: string[] = [];
        page.on('request', (r) => {
          if (r.url().includes('/v1/')) asked.push(new URL(r.url()).pathname);
        });

        await serverRendered('/');
        // Not awaited: the harness's goto waits for the app, which waits for its scripts.
        const loading = page.goto('/');
        const input = page.locator('[data-chrome="search"] input[type="search"]');
        await input.waitFor();
        assert.equal(await page.evaluate(() => document.documentElement.dataset.location), undefined, 'no script ran yet');
        await input.pressSequentially('lymphoma');
        const typed = await input.elementHandle();
        assert.ok(typed);
        await typed.evaluate((el) => {
          (el as HTMLElement & { typedBeforeScripts?: boolean }).typedBeforeScripts = true;
        });

        await release();
        await loading;
        // The reader's own state shows once the page is the app's.
        await page.locator(loggedIn ? '[data-chrome="user-menu"]' : '[data-chrome="login-link"]').waitFor();
        await page.waitForLoadState('networkidle');

        assert.ok(await typed.evaluate((el) => el.isConnected), 'the field typed into is still in the page');
        assert.equal(await typed.evaluate((el) => (el as HTMLElement & { typedBeforeScripts?: boolean }).typedBeforeScripts), true, 'the same element');
        assert.equal(await input.inputValue(), 'lymphoma', 'the text is kept');
        assert.equal(await page.locator('[data-chrome="search"] input[type="search"]').count(), 1);
        assert.equal(await page.locator(loggedIn ? '[data-chrome="login-link"]' : '[data-chrome="user-menu"]').count(), 0);

        // The home page's lives are written in the reader's zone once the page is theirs.
        const times = await timesOnceInBrowserZone(page);
        assert.ok(times.count > 0, 'the home page shows times');
        assert.deepEqual(times.wrong, [], `times in ${timezoneId}`);

        // The server's answers the same for every reader (site settings, related sites) are not
        // asked again; the login's own check is asked once.
        assert.deepEqual(asked.filter((p) => p === '/v1/site/config' || p === '/v1/relate_site'), [], asked.join(' '));
        assert.equal(asked.filter((p) => p === '/v1/user/login_info').length, loggedIn ? 1 : 0, asked.join(' '));

        assert.deepEqual(errors, [], errors.join('\n'));
      });
    }
  }
});

describe('hydration keeps what was typed inside the page too', () => {
  it('UTC, logged in: the search page\'s own field (hydrated after the header, in the page\'s boundary) keeps its element and text', async () => {
    const { page } = await h.newPage({ timezoneId: 'UTC' });
    await storeLogin(page, await loginViaApi(h.server.url, '145'));
    const errors = collectErrors(page);
    const release = await holdScripts(page);

    await serverRendered('/search?txt=lymphoma');
    const loading = page.goto('/search?txt=lymphoma');
    const fields = [page.locator('[data-chrome="search"] input[type="search"]'), page.locator('#main form[role="search"] input[type="search"]')];
    const handles = [];
    for (const field of fields) {
      await field.waitFor();
      await field.press('End');
      await field.pressSequentially(' cell');
      const handle = await field.elementHandle();
      assert.ok(handle);
      await handle.evaluate((el) => {
        (el as HTMLElement & { typedBeforeScripts?: boolean }).typedBeforeScripts = true;
      });
      handles.push(handle);
    }
    const before = await Promise.all(fields.map((f) => f.inputValue()));
    assert.deepEqual(before, [' cell', 'lymphoma cell']);

    await release();
    await loading;
    await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
    await page.locator('[data-chrome="user-menu"]').waitFor();
    await page.waitForLoadState('networkidle');
    for (const [i, handle] of handles.entries()) {
      assert.equal(await handle.evaluate((el) => el.isConnected && (el as HTMLElement & { typedBeforeScripts?: boolean }).typedBeforeScripts), true, `field ${i + 1} is the same element`);
      assert.equal(await fields[i]!.inputValue(), before[i], `field ${i + 1} keeps its text`);
    }
    assert.deepEqual(errors, [], errors.join('\n'));
  });
});

describe('hydration of the public pages for a logged-in reader elsewhere', () => {
  it('hydrates each page without a mismatch, keeps its <main>, and applies a #fragment after it', async () => {
    const course = (await apiCall<{ items: Array<{ id: number }> }>(h.server.url, '/v1/pc/course?page=1')).data.items[0]!;
    const news = (await apiCall<{ items: Array<{ id: number }> }>(h.server.url, '/v1/news?page=1')).data.items[0]!;
    const categories = (await apiCall<{ items: Array<{ id: number }> }>(h.server.url, '/v1/news/category')).data.items;
    const token = await loginViaApi(h.server.url, '145');
    const { page } = await h.newPage({ timezoneId: 'Europe/London' });
    await storeLogin(page, token);
    const errors = collectErrors(page);
    // The server's <main> gets a mark the moment the HTML is parsed, before any script runs.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => document.querySelector('main')?.setAttribute('data-from-server', ''), { once: true });
    });
    const last = categories.at(-1)!;
    for (const path of ['/', `/course/${course.id}`, '/course', `/news/${news.id}`, '/live', '/live/history', '/meeting/calendar', '/search?txt=lymphoma', '/speaker/1', `/news#${last.id}`]) {
      await serverRendered(path.split('#')[0]!);
      await page.goto(path);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
      await page.locator('[data-chrome="user-menu"]').waitFor();
      await page.waitForLoadState('networkidle');
      assert.equal(await page.locator('main[data-from-server]').count(), 1, `${path}: hydration kept the server's <main>`);
      // Blocks below the fold hydrate when scrolled near, after the reader's own answers came:
      // they must still match what the server wrote.
      for (const block of await page.locator('.later').all()) await block.scrollIntoViewIfNeeded();
      await page.waitForLoadState('networkidle');
      assert.deepEqual(errors, [], `${path}: ${errors.join('\n')}`);
    }
    // The fragment picked its tab once the page was hydrated.
    assert.equal(new URL(page.url()).hash, `#${last.id}`);
    await page.locator(`#news-tab-${last.id}[aria-selected="true"]`).waitFor();
  });
});
