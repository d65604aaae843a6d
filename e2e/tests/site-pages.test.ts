import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { useHarness } from '../src/harness.ts';

const h = useHarness();

async function noSidewaysScroll(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${what} is ${overflow}px wider than the phone`);
}

describe('site pages', () => {
  // The right bar's customer service opens the online service (online-service.test.ts).
  it('the contact page’s form is stored and confirmed', async () => {
    const { page } = await h.newPage();
    await page.goto('/contact_us');
    await page.getByRole('heading', { level: 1, name: '联系我们' }).waitFor();
    await page.locator('[data-contact-details]').getByRole('link', { name: 'service@medportal.cn' }).waitFor();

    await page.getByLabel('您的称呼').fill('王医生');
    await page.getByLabel('手机号或邮箱').fill('wang@example.com');
    await page.getByLabel('留言内容').fill('第三章视频无法播放，请帮忙看看。');
    const sent = page.waitForResponse((r) => r.url().includes('/v1/user/contact_form'));
    await page.getByRole('button', { name: '提交留言' }).click();
    const body = (await (await sent).json()) as { code: number; data: { reference: string } };
    assert.equal(body.code, 0);
    const status = page.getByRole('status').filter({ hasText: '留言已收到' });
    await status.waitFor();
    assert.equal(await status.locator('[data-contact-reference]').textContent(), body.data.reference);
    assert.match(body.data.reference, /^C\d{8}-\d{6}$/);
  });

  it('the footer opens the about, agreement and privacy documents; the SDK list and /w variants have no chrome (en)', async () => {
    const { page } = await h.newPage({ locale: 'en-US' });
    await page.goto('/');
    for (const [link, heading, path] of [
      ['about', 'About us', '/about_us'],
      ['contract', 'User Agreement', '/contract'],
      ['privacy', 'Privacy Policy', '/privacy'],
    ] as const) {
      await page.locator(`[data-footer-link="${link}"]`).click();
      await page.waitForURL((url) => url.pathname === path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      assert.match(await page.title(), new RegExp(`^${heading} - `));
    }
    await page.getByRole('link', { name: 'Third-party SDK list' }).first().click();
    await page.waitForURL((url) => url.pathname === '/privacy/sdk');
    await page.getByRole('heading', { level: 1, name: 'Third-party SDK list' }).waitFor();
    assert.equal(await page.locator('[data-chrome]').count(), 0, 'the SDK list is a web-view page');

    await page.goto('/contract/w');
    await page.getByRole('heading', { level: 1, name: 'User Agreement' }).waitFor();
    assert.equal(await page.locator('[data-chrome]').count(), 0);
    assert.equal(await page.getByRole('link', { name: 'Privacy Policy' }).first().getAttribute('href'), '/privacy/w');
  });

  it("every sister product in the top bar has its landing page, in the page's language", async () => {
    const { page } = await h.newPage({ locale: 'en-US' });
    await page.goto('/');
    const links = page.locator('[data-chrome="top-bar"] nav a');
    await links.nth(5).waitFor();
    const targets = await links.evaluateAll((as) => as.map((a) => [(a as HTMLAnchorElement).pathname, a.textContent ?? ''] as const));
    assert.equal(targets.length, 6);
    for (const [path, title] of targets) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      const cta = page.locator('.product-hero__cta');
      assert.equal(await cta.getAttribute('target'), '_blank');
      assert.ok((await page.locator('.product-feature').count()) >= 3, `${path} lists its features`);
    }
  });

  it('documents, the contact page and a landing page fit a 390 px phone', async () => {
    const { page } = await h.newPage({ width: 390, height: 844 });
    for (const [path, heading] of [
      ['/privacy', '隐私政策'],
      ['/privacy/sdk', '第三方 SDK 目录'],
      ['/contact_us', '联系我们'],
      ['/creation', '创作中心'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await noSidewaysScroll(page, path);
    }
  });
});
