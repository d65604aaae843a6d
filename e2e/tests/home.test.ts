import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BlockLayout } from '@medportal/contract/home';
import { useSharedHarness } from '../src/harness.ts';

const LAYOUTS = Object.values(BlockLayout);
const h = useSharedHarness();

describe('home page', () => {
  for (const [lang, locale, navHome] of [
    ['zh', 'zh-CN', '首页'],
    ['en', 'en-US', 'Home'],
  ] as const) {
    it(`renders every block kind in ${lang}`, async () => {
      const { page } = await h.newPage({ locale });
      await page.goto('/');
      await page.locator('section[data-block-layout="banner"]').waitFor();
      for (const layout of LAYOUTS) {
        const section = page.locator(`section[data-block-layout="${layout}"]`);
        await section.first().waitFor();
        assert.equal(await section.count(), 1, `block ${layout} is rendered once`);
      }
      assert.equal(await page.locator('html').getAttribute('lang'), lang === 'zh' ? 'zh-CN' : 'en');
      await page.getByRole('navigation').getByRole('link', { name: navHome, exact: true }).first().waitFor();
      const banner = await page.locator('section[data-block-layout="banner"]').boundingBox();
      assert.equal(Math.round(banner?.height ?? 0), 343, 'banner carousel is 343 px tall');
    });
  }

  it('switches language with ?lang=en whatever the browser language', async () => {
    const { page } = await h.newPage({ locale: 'zh-CN' });
    await page.goto('/?lang=en');
    await page.locator('section[data-block-layout="courses"]').waitFor();
    assert.equal(await page.locator('html').getAttribute('lang'), 'en');
    await page.getByRole('navigation').getByRole('link', { name: 'Courses', exact: true }).first().waitFor();
    const zhPage = (await h.newPage({ locale: 'en-US' })).page;
    await zhPage.goto('/?lang=zh');
    await zhPage.locator('section[data-block-layout="courses"]').waitFor();
    assert.equal(await zhPage.locator('html').getAttribute('lang'), 'zh-CN');
    const enTitle = await page.locator('section[data-block-layout="courses"] h2').first().textContent();
    const zhTitle = await zhPage.locator('section[data-block-layout="courses"] h2').first().textContent();
    assert.notEqual(enTitle, zhTitle, 'block titles follow the language');
  });

  it('navigates when a card is clicked', async () => {
    const { page } = await h.newPage();
    await page.goto('/');
    const card = page.locator('section[data-block-layout="courses"] a[href^="/course/"]').first();
    const href = await card.getAttribute('href');
    assert.match(href ?? '', /^\/course\/\d+$/);
    await card.click();
    await page.waitForURL((url) => url.pathname === href);
  });

  it('fits a 390 px phone without sideways scrolling', async () => {
    const { page } = await h.newPage({ width: 390, height: 844 });
    await page.goto('/');
    await page.locator('section[data-block-layout="courses"]').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `page is ${overflow}px wider than the phone`);
  });

  it('draws real QR codes in the site chrome', async () => {
    const { page } = await h.newPage();
    await page.goto('/');
    // The codes are drawn once the footer is on screen. Blocks above it may still grow as their
    // data arrives and push it back out of view, so scroll to it until they are, as a person would.
    await page.waitForFunction(
      () => {
        const footer = document.querySelector('footer');
        footer?.scrollIntoView({ block: 'end' });
        return footer?.querySelector('[data-qr-value] svg') != null;
      },
      undefined,
      { polling: 250 },
    );
    const qr = page.locator('footer [data-qr-value]').first();
    assert.ok((await qr.getAttribute('data-qr-value'))?.startsWith('http'), 'QR encodes a configured URL');
    assert.ok((await qr.locator('svg path, svg rect').count()) > 0, 'QR is drawn');
  });
});
