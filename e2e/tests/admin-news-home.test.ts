import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall } from '../src/dev-api.ts';
import { HANG_LIMIT_MS, useHarness } from '../src/harness.ts';

/** News and the home page in the console (decision record 0067), seen through to the public pages. */

const h = useHarness();
const OPERATOR = { account: '13900000001', password: 'Operator-demo-1' };
// A 1×1 PNG: the cover the editor uploads.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** Logs in on the console's own page. */
async function consoleLogin(page: Page, lang: 'zh' | 'en'): Promise<void> {
  await page.goto(`/admin?lang=${lang}`);
  await page.waitForURL((url) => url.pathname === '/admin/login');
  await page.getByLabel(lang === 'en' ? 'Mobile number' : '手机号').fill(OPERATOR.account);
  await page.getByLabel(lang === 'en' ? 'Password' : '密码').fill(OPERATOR.password);
  await page.getByRole('button', { name: lang === 'en' ? 'Log in' : /登\s*录/ }).click();
  await page.waitForURL((url) => url.pathname !== '/admin/login', { timeout: HANG_LIMIT_MS });
}

describe('console news and home page', { timeout: HANG_LIMIT_MS * 4 }, () => {
  it('publishes an article with an uploaded cover and a DOI, changes the home page through its preview, and audits both', async () => {
    const stamp = String(Date.now()).slice(-6);
    const { page } = await h.newPage({ width: 1440, height: 900 });
    await consoleLogin(page, 'zh');

    // (a) An article: category, DOI, title, cover uploaded through the page, body; saved, published.
    const title = `控制台资讯 ${stamp}`;
    const doi = `10.1056/NEJMoa${stamp}`;
    await page.goto('/admin/content/news/new?lang=zh');
    await page.locator('#category_id').click();
    await page.locator('.ant-select-item-option').first().click();
    await page.locator('#doi').fill(doi);
    await page.locator('#title_zh').fill(title);
    // The cover's own upload (the rich-text editors have theirs).
    const cover = page.locator('.ant-form-item').filter({ has: page.locator('label[for="cover"]') });
    await cover.locator('input[type=file]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    await cover.locator('.ant-image img').waitFor({ timeout: HANG_LIMIT_MS });
    await page.getByRole('textbox', { name: '正文 中文' }).fill('控制台写的正文。');
    // A tag picked by typing part of its name.
    // (A multiple select's search box has no width until typed into: the selector takes the click.)
    await page.locator('.ant-form-item').filter({ has: page.locator('#tag_ids') }).locator('.ant-select-selector').click();
    await page.keyboard.type('免疫');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '免疫治疗' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.waitForURL(/\/admin\/content\/news\/\d+/, { timeout: HANG_LIMIT_MS });
    const newsId = Number(/\/admin\/content\/news\/(\d+)/.exec(page.url())?.[1]);
    assert.ok(newsId > 0);
    await page.getByRole('button', { name: '立即发布' }).click();
    // Once published, "publish now" has nothing left to do.
    await page.locator('button:disabled', { hasText: '立即发布' }).waitFor({ timeout: HANG_LIMIT_MS });

    // Another operator saves the article meanwhile: this editor's save is refused, and the
    // operator chooses to keep their own text, which then saves over the newer version.
    const { page: other } = await h.newPage({ width: 1440, height: 900 });
    await consoleLogin(other, 'zh');
    await other.goto(`/admin/content/news/${newsId}?lang=zh`);
    await other.locator('#summary_zh').fill('另一位编辑的摘要');
    await other.getByRole('button', { name: /保\s*存/ }).click();
    await other.getByText('已保存').waitFor({ timeout: HANG_LIMIT_MS });
    await page.locator('#summary_zh').fill('我的摘要');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    const conflict = page.getByRole('alert').filter({ hasText: '已被他人修改' });
    await conflict.waitFor({ timeout: HANG_LIMIT_MS });
    await conflict.getByRole('button', { name: '仍保存我的修改' }).click();
    await conflict.waitFor({ state: 'hidden', timeout: HANG_LIMIT_MS });
    await other.reload();
    await other.waitForFunction(() => (document.querySelector<HTMLTextAreaElement>('#summary_zh')?.value ?? '') === '我的摘要', undefined, { timeout: HANG_LIMIT_MS });

    const { page: reader } = await h.newPage({ width: 1440, height: 900 });
    await reader.goto(`/news/${newsId}?lang=zh`);
    await reader.getByRole('heading', { name: title }).waitFor({ timeout: HANG_LIMIT_MS });
    const doiLink = reader.locator(`a[href="https://doi.org/${doi}"]`).first();
    await doiLink.waitFor();
    assert.equal((await doiLink.textContent())?.trim(), doi);
    await reader.locator('.news-article__tags').getByText('免疫治疗').waitFor();

    // (b) The home page: rename the first block's Chinese title, see it in the draft's preview, publish.
    const renamed = `首页区块 ${stamp}`;
    await page.goto('/admin/content/home?lang=zh');
    const firstRow = page.locator('[data-testid^="home-block-"]').first();
    await firstRow.waitFor({ timeout: HANG_LIMIT_MS });
    await firstRow.getByRole('button', { name: '编辑' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#title_zh').fill(renamed);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await firstRow.getByText(renamed).waitFor();
    await page.getByTestId('home-save').click();
    await page.getByText('草稿已保存').waitFor({ timeout: HANG_LIMIT_MS });
    // The preview reloads with the saved draft; the public page does not show it yet.
    await page.frameLocator('[data-testid="home-preview-zh"]').getByText(renamed).first().waitFor({ timeout: HANG_LIMIT_MS });
    const stillLive = await apiCall<{ blocks: Array<{ header: { title: string } }> }>(h.server.url, '/v1/pc_index?lang=zh');
    assert.equal(stillLive.code, 0, stillLive.message);
    assert.ok(stillLive.data.blocks.length > 0);
    assert.ok(!stillLive.data.blocks.some((b) => b.header.title === renamed), 'the public home waits for publication');
    // Clicked while the editor is still busy, the button would ignore it.
    await page.locator('[data-testid="home-publish"]:enabled:not(.ant-btn-loading)').click();
    const confirm = page.locator('.ant-popconfirm:visible');
    await confirm.getByText('发布后读者立即看到这份草稿').waitFor();
    const published = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/home/publish'));
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await published;
    // Published: the draft is gone, so there is nothing left to publish or discard.
    await page.locator('[data-testid="home-publish"]:disabled').waitFor({ timeout: HANG_LIMIT_MS });
    await page.getByText('与线上一致').waitFor();

    await reader.goto('/?lang=zh');
    await reader.getByText(renamed).first().waitFor({ timeout: HANG_LIMIT_MS });

    // (c) The audit log lists both kinds of action.
    await page.goto('/admin/audit?lang=zh');
    for (const [kind, action] of [['news.', 'news.create'], ['home.', 'home.publish']] as const) {
      const box = page.getByRole('textbox', { name: '动作' });
      await box.fill(kind);
      await page.getByRole('button', { name: /应\s*用/ }).click();
      await page.getByRole('row').filter({ hasText: action }).first().waitFor({ timeout: HANG_LIMIT_MS });
    }
    await page.getByRole('row').filter({ hasText: 'home.draft' }).first().waitFor();
    await page.getByRole('textbox', { name: '动作' }).fill('news.');
    await page.getByRole('button', { name: /应\s*用/ }).click();
    await page.getByRole('row').filter({ hasText: `news:${newsId}` }).first().waitFor({ timeout: HANG_LIMIT_MS });
  });
});
