import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { loginViaApi } from '../src/dev-api.ts';
import { storeLogin, useSharedHarness } from '../src/harness.ts';

/**
 * Layout defects found in review, checked by geometry in both languages: the right-hand bar over
 * the footer's app QR codes, the top product bar cut off on phones, the misaligned password
 * fields of the registration's second step.
 */

const h = useSharedHarness();

const LANGS = [
  ['zh', 'zh-CN'],
  ['en', 'en-US'],
] as const;

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const boxes = (page: Page, selector: string): Promise<Box[]> =>
  page.$$eval(selector, (els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    }),
  );

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('layout defects', () => {
  for (const [lang, locale] of LANGS) {
    for (const width of [1024, 1280, 1440]) {
      it(`the right-hand bar leaves the footer's QR codes in sight at ${width} px (${lang})`, async () => {
        const { page } = await h.newPage({ width, height: 800, locale });
        await page.goto('/about_us');
        await page.locator('[data-footer="downloads"] .qr-figure').first().waitFor();
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        // Every QR code (drawn once the footer is in view) and every button of the bar.
        await page.waitForFunction(() => document.querySelectorAll('.site-footer .qr-code:not(.qr-code--loading)').length > 0);
        const codes = await boxes(page, '.site-footer .qr-figure');
        const bar = await boxes(page, '.right-bar__item');
        assert.ok(codes.length >= 2 && bar.length >= 1, `found ${codes.length} QR codes and ${bar.length} bar buttons`);
        for (const code of codes) {
          for (const button of bar) assert.ok(!overlaps(code, button), `a QR code ${JSON.stringify(code)} lies under the bar ${JSON.stringify(button)}`);
        }
      });
    }

    it(`every sister product and main entry is in sight at 390 px (${lang})`, async () => {
      const { page } = await h.newPage({ width: 390, height: 844, locale });
      await page.goto('/');
      await page.locator('.top-bar__sites a').first().waitFor();
      // Inside the viewport and inside the box of its list (a list that scrolls sideways hides the rest).
      for (const [selector, list] of [
        ['.top-bar__sites a', '.top-bar__sites'],
        ['.top-bar__lang', '.top-bar'],
        ['.navbar__nav a', '.navbar__nav'],
      ] as const) {
        const found = await boxes(page, selector);
        const [box] = await boxes(page, list);
        assert.ok(found.length > 0 && box, `no ${selector}`);
        const left = Math.max(0, box.left);
        const right = Math.min(390, box.right);
        for (const b of found) assert.ok(b.left >= left - 0.5 && b.right <= right + 0.5, `${selector} at ${Math.round(b.left)}–${Math.round(b.right)} px is cut off (${Math.round(left)}–${Math.round(right)} shown)`);
      }
    });

    it(`the new and confirmed password fields of registration step 2 line up (${lang})`, async () => {
      const token = await loginViaApi(h.server.url, lang === 'zh' ? '198' : '199');
      const { page } = await h.newPage({ width: 1440, height: 900, locale });
      await storeLogin(page, token);
      await page.goto('/register');
      const inputs = page.locator('form input[type="password"]');
      await inputs.nth(1).waitFor();
      const [first, second] = await boxes(page, 'form input[type="password"]');
      assert.ok(first && second);
      // Side by side at this width: same top, same height.
      assert.ok(second.left > first.right, 'the two fields are side by side');
      assert.equal(Math.round(second.top), Math.round(first.top), 'tops differ');
      assert.equal(Math.round(second.bottom - second.top), Math.round(first.bottom - first.top), 'heights differ');
    });
  }
});
