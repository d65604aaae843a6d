import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useSharedHarness } from '../src/harness.ts';

const h = useSharedHarness();

describe('courses', () => {
  for (const [lang, locale, query, chaptersHeading] of [
    ['zh', 'zh-CN', '', '课程目录'],
    ['en', 'en-US', '?lang=en', 'Lessons'],
  ] as const) {
    it(`opens a course from the home page and shows its title and chapters (${lang})`, async () => {
      const { page } = await h.newPage({ locale });
      await page.goto(`/${query}`);
      const card = page.locator('section[data-block-layout="courses"] a[href^="/course/"]').first();
      await card.waitFor();
      const href = await card.getAttribute('href');
      assert.match(href ?? '', /^\/course\/\d+$/);
      await card.click();
      await page.waitForURL((url) => url.pathname === href);
      const title = page.locator('h1.course-hero__title');
      await title.waitFor();
      const text = (await title.textContent())?.trim() ?? '';
      assert.ok(text.length > 0, 'the course title is shown');
      assert.equal(/[\u4e00-\u9fff]/.test(text), lang === 'zh', `the title is in ${lang}`);
      await page.getByRole('heading', { name: chaptersHeading }).waitFor();
      const chapters = page.locator('.chapter-list__item');
      await chapters.first().waitFor();
      assert.ok((await chapters.count()) > 0, 'the chapter list has lessons');
      assert.match((await chapters.first().locator('.chapter-list__duration').textContent()) ?? '', /\d+:\d{2}/);
      assert.match(await page.title(), new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    });
  }

  it('shows the not-found state for an unknown course id', async () => {
    const { page } = await h.newPage({ locale: 'zh-CN' });
    await page.goto('/course/99999999');
    await page.getByText('该课程不存在或已下线').waitFor();
    const en = (await h.newPage({ locale: 'en-US' })).page;
    await en.goto('/course/99999999?lang=en');
    await en.getByText('This course does not exist or is no longer available').waitFor();
  });

  it('lists courses with URL filters and pages', async () => {
    const { page } = await h.newPage({ locale: 'zh-CN' });
    await page.goto('/course?price_type=1');
    await page.locator('.course-grid a[href^="/course/"]').first().waitFor();
    const next = page.getByRole('button', { name: '第 2 页' });
    if (await next.count()) {
      await next.click();
      await page.waitForURL((url) => url.searchParams.get('page') === '2' && url.searchParams.get('price_type') === '1');
    }
  });
});
