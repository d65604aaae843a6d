import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { loginViaApi } from '../src/dev-api.ts';
import { SERVER_PAGE_TIME_ZONE, storeLogin, useSharedHarness } from '../src/harness.ts';

// Layout stability of the detail pages: once something is on screen it stays where it is while the
// rest of the page (data, lessons, player, images) arrives. Cumulative layout shift is a sum of
// moved areas, not a timing, so it is asserted; images are held back a little so that a box not
// reserved for an image would move what follows it.

const h = useSharedHarness();

interface Shift {
  value: number;
  sources: string[];
}

declare global {
  interface Window {
    __shifts?: Shift[];
    __flushShifts?: () => void;
  }
}

/**
 * Records every layout shift not caused by input from the first paint on. Plain page-side source:
 * a compiled function could carry helpers of the test's own bundler into the page.
 */
const RECORD_SHIFTS = `
  (() => {
    const shifts = [];
    window.__shifts = shifts;
    const name = (node) => {
      if (!node) return '?';
      if (!(node instanceof Element)) return node.nodeName;
      const cls = typeof node.className === 'string' && node.className.trim() ? '.' + node.className.trim().split(/\\s+/).join('.') : '';
      return node.tagName.toLowerCase() + cls;
    };
    const take = (entries) => {
      for (const e of entries) {
        if (!e.hadRecentInput) shifts.push({ value: e.value, sources: (e.sources || []).map((s) => name(s.node)) });
      }
    };
    const observer = new PerformanceObserver((list) => take(list.getEntries()));
    observer.observe({ type: 'layout-shift', buffered: true });
    window.__flushShifts = () => take(observer.takeRecords());
  })();
`;

async function totalShift(page: Page): Promise<{ total: number; shifts: Shift[] }> {
  // Everything has arrived: no request in flight, every image on screen loaded, two frames painted since.
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    Array.from(document.images).every((img) => {
      const r = img.getBoundingClientRect();
      return img.complete || r.height === 0 || r.top > window.innerHeight || r.bottom < 0;
    }),
  );
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const shifts = await page.evaluate(() => {
    if (!window.__flushShifts || !window.__shifts) throw new Error('the layout-shift recorder did not start');
    window.__flushShifts();
    return window.__shifts;
  });
  return { total: shifts.reduce((sum, s) => sum + s.value, 0), shifts };
}

/**
 * Opens `path` with every image held back until the returned `release` is called: the test lets
 * them through once the page's text is on screen, so images always arrive after the layout.
 */
async function openWithLateImages(page: Page, path: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((r) => (release = r));
  await page.addInitScript(RECORD_SHIFTS);
  await page.route(/\/media\/.*\.(svg|png|jpe?g|webp)(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  // Not until `load`: that waits for the held images (the server's HTML has them).
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  return release;
}

// A phone in both languages (titles wrap differently), and a desktop; in the machine's zone the
// browser hydrates the server's page and then writes its own zone's times, in the server pages'
// zone it only hydrates it. Each is a first visit (`fresh`), with nothing in the tab's caches.
const CASES = [
  { vp: { name: 'phone', width: 412, height: 823 }, lang: 'zh', locale: 'zh-CN', query: '', timezoneId: undefined },
  { vp: { name: 'phone', width: 412, height: 823 }, lang: 'en', locale: 'en-US', query: '?lang=en', timezoneId: undefined },
  { vp: { name: 'desktop', width: 1440, height: 900 }, lang: 'zh', locale: 'zh-CN', query: '', timezoneId: undefined },
  { vp: { name: 'phone, hydrated', width: 412, height: 823 }, lang: 'zh', locale: 'zh-CN', query: '', timezoneId: SERVER_PAGE_TIME_ZONE },
  // The server renders a visitor's page; a member's own parts are laid over it after hydration.
  { vp: { name: 'phone, logged in', width: 412, height: 823 }, lang: 'zh', locale: 'zh-CN', query: '', timezoneId: SERVER_PAGE_TIME_ZONE, loggedIn: true },
  { vp: { name: 'desktop, logged in', width: 1440, height: 900 }, lang: 'en', locale: 'en-US', query: '?lang=en', timezoneId: undefined, loggedIn: true },
] as const;

describe('layout stability', () => {
  for (const { vp, lang, locale, query, timezoneId, ...rest } of CASES) {
    const loggedIn = 'loggedIn' in rest;
    const signIn = async (page: Page) => {
      if (loggedIn) await storeLogin(page, await loginViaApi(h.server.url, '147'));
    };
    // A member's own parts (menu, player line, favourites) are laid over the visitor's page the
    // server rendered, in place: nothing of it may move (a player line that went away for members
    // moved course detail by 0.010–0.013).
    const limit = loggedIn ? 0.005 : 0.05;
    it(`course detail does not move while it loads (${vp.name}, ${lang})`, async () => {
      const { page } = await h.newPage({ width: vp.width, height: vp.height, locale, timezoneId, fresh: true });
      await signIn(page);
      const releaseImages = await openWithLateImages(page, `/course/11${query}`);
      await page.locator('h1.course-hero__title').waitFor();
      await page.locator('.chapter-list__button').first().waitFor();
      await page.locator('.course-hero__media .player, .course-hero__media .course-locked').first().waitFor();
      releaseImages();
      const { total, shifts } = await totalShift(page);
      assert.ok(total < limit, `layout shift ${total.toFixed(3)} (target < ${limit}): ${JSON.stringify(shifts)}`);
    });

    it(`news detail does not move while it loads (${vp.name}, ${lang})`, async () => {
      const { page } = await h.newPage({ width: vp.width, height: vp.height, locale, timezoneId, fresh: true });
      await signIn(page);
      const releaseImages = await openWithLateImages(page, `/news/1${query}`);
      await page.locator('[data-testid="news-body"]').waitFor();
      await page.locator('.news-comments').waitFor();
      releaseImages();
      const { total, shifts } = await totalShift(page);
      assert.ok(total < limit, `layout shift ${total.toFixed(3)} (target < ${limit}): ${JSON.stringify(shifts)}`);
    });
  }

  it('reserves the space of images on the course detail before they load', async () => {
    const { page } = await h.newPage({ width: 412, height: 823, fresh: true });
    const releaseImages = await openWithLateImages(page, '/course/11');
    await page.locator('.teacher-card__avatar').first().waitFor({ state: 'attached' });
    releaseImages();
    // Every image either says its size (width and height) or sits in a box whose CSS fixes its shape.
    const unsized = await page.evaluate(() =>
      Array.from(document.querySelectorAll('main img')).flatMap((img) => {
        if (img.getAttribute('width') && img.getAttribute('height')) return [];
        const own = getComputedStyle(img).aspectRatio !== 'auto';
        const parent = img.parentElement ? getComputedStyle(img.parentElement).aspectRatio !== 'auto' : false;
        return own || parent ? [] : [img.outerHTML.slice(0, 120)];
      }),
    );
    assert.deepEqual(unsized, []);
    const avatar = page.locator('.teacher-card__avatar').first();
    assert.equal(await avatar.getAttribute('width'), '56');
    assert.equal(await avatar.getAttribute('height'), '56');
  });
});
