import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Envelope, loginViaApi as loginWithSms } from '../src/dev-api.ts';
import { storeLogin, useHarness } from '../src/harness.ts';

const h = useHarness();
/** A seeded item whose body cites a DOI. */
const DOI_NEWS_ID = 22;
const DOI = '10.1056/NEJMoa2034577';

const loginViaApi = () => loginWithSms(h.server.url, '137');

describe('news', () => {
  for (const [lang, locale] of [
    ['zh', 'zh-CN'],
    ['en', 'en-US'],
  ] as const) {
    it(`links the DOI in a news body to doi.org (${lang})`, async () => {
      const { page } = await h.newPage({ locale });
      await page.goto(`/news/${DOI_NEWS_ID}`);
      const body = page.getByTestId('news-body');
      await body.waitFor();
      const link = body.getByRole('link', { name: DOI, exact: true });
      assert.equal(await link.getAttribute('href'), `https://doi.org/${DOI}`);
      assert.equal(await link.getAttribute('rel'), 'noopener noreferrer');
      assert.equal(await page.locator('html').getAttribute('lang'), lang === 'zh' ? 'zh-CN' : 'en');
      const title = await page.getByRole('heading', { level: 1 }).textContent();
      assert.ok(lang === 'en' ? /mRNA COVID-19 vaccine/.test(title ?? '') : /新冠/.test(title ?? ''), `title in ${lang}: ${title}`);
    });
  }

  it('shows a friendly not-found state for an unknown id', async () => {
    const { page } = await h.newPage();
    await page.goto('/news/99999999');
    await page.getByTestId('news-not-found').waitFor();
    assert.match((await page.getByTestId('news-not-found').textContent()) ?? '', /资讯不存在/);
  });

  it('chooses the category tab from the URL hash and updates it', async () => {
    const { page } = await h.newPage();
    await page.goto('/news#2');
    const selected = page.getByRole('tab', { selected: true });
    await selected.waitFor();
    const tabs = page.getByRole('tab');
    assert.equal(await selected.textContent(), await tabs.nth(1).textContent());
    await tabs.nth(2).click();
    await page.waitForURL((url) => url.hash === '#3');
    await page.locator('.news-row').first().waitFor();
  });

  it('renders a posted comment with script text as text', async () => {
    const token = await loginViaApi();
    const { page } = await h.newPage();
    await storeLogin(page, token);
    const viewed = page.waitForResponse((res) => res.request().method() === 'PUT' && new URL(res.url()).pathname === `/v1/news/${DOI_NEWS_ID}/view`);
    await page.goto(`/news/${DOI_NEWS_ID}`);
    assert.equal(((await (await viewed).json()) as Envelope<unknown>).code, 0, 'the visit is counted');
    // Liking as a member: the count follows the server's answer.
    const count = page.getByTestId('like-count');
    const before = Number(await count.textContent());
    await page.getByRole('button', { name: /点赞/ }).click();
    await page.getByRole('button', { name: /已点赞/ }).waitFor();
    assert.equal(Number(await count.textContent()), before + 1);
    const text = `<script>window.__pwned = 1</script><img src=x onerror="window.__pwned=2"> ${Date.now()}`;
    await page.getByRole('textbox', { name: '发表评论' }).fill(text);
    await page.getByRole('button', { name: '发表', exact: true }).click();
    const comment = page.locator('.news-comment__content', { hasText: 'window.__pwned = 1' });
    await comment.waitFor();
    assert.equal(await comment.textContent(), text);
    assert.equal(await comment.locator('script, img').count(), 0);
    assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
  });
});
