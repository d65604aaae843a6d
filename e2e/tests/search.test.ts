import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { useSharedHarness } from '../src/harness.ts';

const h = useSharedHarness();

const LANGS = [
  {
    lang: 'zh',
    locale: 'zh-CN',
    query: '',
    boxName: '搜索课程、会议、讲者',
    typed: '肺',
    hotWord: '淋巴瘤',
    /** Matches more than one page (seeded courses, lives, news and columns). */
    manyTerm: '指南',
    newsTab: '资讯',
    pageStatus: (page: number, pages: number) => `第 ${page} / ${pages} 页`,
    next: '下一页',
    history: '搜索历史',
    hot: '热门搜索',
    courses: '热门课程',
    clear: '清空历史',
    emptyTitle: (txt: string) => `没有找到与“${txt}”相关的内容`,
    /** A congress of the meeting calendar, by its city. */
    congressTerm: '厦门',
    congressTab: '国际会议',
    congressTitle: '中国临床肿瘤学会学术年会',
    congressPlace: '厦门, 中国',
  },
  {
    lang: 'en',
    locale: 'en-US',
    query: '?lang=en',
    boxName: 'Search courses, meetings and speakers',
    typed: 'lym',
    hotWord: 'Lymphoma',
    manyTerm: 'guideline',
    newsTab: 'News',
    pageStatus: (page: number, pages: number) => `Page ${page} of ${pages}`,
    next: 'Next',
    history: 'Recent searches',
    hot: 'Trending searches',
    courses: 'Popular courses',
    clear: 'Clear all',
    emptyTitle: (txt: string) => `Nothing found for “${txt}”`,
    congressTerm: 'Berlin',
    congressTab: 'Congresses',
    congressTitle: 'ESMO Congress',
    congressPlace: 'Berlin, Germany',
  },
] as const;

/** Waits until the element's attribute has the value (null: until it has none). */
async function attributeBecomes(locator: Locator, name: string, value: string | null): Promise<void> {
  const selector = value === null ? `:not([${name}])` : `[${name}=${JSON.stringify(value)}]`;
  await locator.and(locator.page().locator(selector)).waitFor();
}

const txtOf = (page: Page) => new URL(page.url()).searchParams.get('txt');

describe('search', () => {
  for (const L of LANGS) {
    describe(`(${L.lang})`, () => {
      const open = async (path = '/', width?: number) => {
        const { page } = await h.newPage({ locale: L.locale, ...(width ? { width, height: 844 } : {}) });
        await page.goto(`${path}${path.includes('?') ? L.query.replace('?', '&') : L.query}`);
        const box = page.getByRole('combobox', { name: L.boxName });
        await box.waitFor();
        return { page, box };
      };

      it('suggests while typing; choosing a suggestion searches it', async () => {
        const { page, box } = await open();
        await box.fill(L.typed);
        const suggestions = page.getByRole('listbox').getByRole('option');
        await suggestions.first().waitFor();
        assert.ok((await suggestions.count()) >= 2, 'several suggestions');
        const all = await suggestions.allTextContents();
        assert.ok(all.every((s) => s.toLowerCase().includes(L.typed)), `every suggestion contains the typed text: ${all.join(' | ')}`);
        await attributeBecomes(box, 'aria-expanded', 'true');

        await box.press('ArrowDown');
        await box.press('ArrowDown');
        const second = suggestions.nth(1);
        await attributeBecomes(second, 'aria-selected', 'true');
        await attributeBecomes(box, 'aria-activedescendant', await second.getAttribute('id'));
        const chosen = (await second.textContent()) ?? '';
        await box.press('Enter');
        await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('txt') === chosen);
        await page.locator('.search-result').first().waitFor();
        await attributeBecomes(box, 'aria-expanded', 'false');

        // A click on a suggestion works too.
        await box.fill(L.typed);
        const first = page.getByRole('listbox').getByRole('option').first();
        await first.waitFor();
        const clicked = (await first.textContent()) ?? '';
        await first.click();
        await page.waitForURL((url) => url.searchParams.get('txt') === clicked);
      });

      it('shows hot words and hot courses in the empty focused box', async () => {
        const { page, box } = await open();
        await box.focus();
        const hot = page.getByRole('listbox', { name: L.hot });
        await hot.getByRole('option', { name: L.hotWord, exact: true }).waitFor();
        const courses = page.getByRole('listbox', { name: L.courses }).getByRole('option');
        await courses.first().waitFor();
        assert.ok((await courses.count()) > 0);
        // A hot word searches; a hot course opens the course.
        await hot.getByRole('option', { name: L.hotWord, exact: true }).click();
        await page.waitForURL((url) => url.searchParams.get('txt') === L.hotWord);
        await box.fill('');
        await courses.first().click();
        await page.waitForURL((url) => /^\/course\/\d+$/.test(url.pathname));
      });

      it('keeps the newest 10 searches first, one entry per term, and clears them', async () => {
        const { page, box } = await open();
        const terms = Array.from({ length: 10 }, (_, i) => `${L.lang}-term-${i + 1}`);
        terms.push('CAR-T, ADC'); // the history separator inside a term
        for (const term of terms) {
          await box.fill(term);
          await box.press('Enter');
          await page.waitForURL((url) => url.searchParams.get('txt') === term);
        }
        // Searching an older term again moves it to the front instead of repeating it.
        await box.fill(`${L.lang}-term-5`);
        await box.press('Enter');
        await page.waitForURL((url) => url.searchParams.get('txt') === `${L.lang}-term-5`);

        await box.fill('');
        const history = page.getByRole('listbox', { name: L.history }).getByRole('option');
        await history.first().waitFor();
        const expected = [`${L.lang}-term-5`, 'CAR-T, ADC', ...[10, 9, 8, 7, 6, 4, 3].map((i) => `${L.lang}-term-${i}`)];
        await waitForText(history, [...expected, `${L.lang}-term-2`]);
        assert.equal((await page.evaluate(() => localStorage.getItem('search_history')))?.split(',').length, 10);

        // After a reload the history is still there; clear-all empties it.
        await page.reload();
        await box.focus();
        await history.first().waitFor();
        assert.equal(await history.count(), 10);
        await page.getByRole('button', { name: L.clear }).click();
        await page.getByRole('listbox', { name: L.hot }).waitFor();
        assert.equal(await page.getByRole('listbox', { name: L.history }).count(), 0);
        assert.equal(await page.evaluate(() => localStorage.getItem('search_history')), null);
      });

      it('does nothing for an empty or blank term', async () => {
        const { page, box } = await open();
        await box.press('Enter');
        await page.getByRole('button', { name: L.lang === 'zh' ? '搜索' : 'Search', exact: true }).click();
        await box.fill('   ');
        await box.press('Enter');
        // A positive signal first: a real term searches; going back from it then returns to the
        // home page itself, so the blank submissions before it navigated nowhere.
        await box.fill(`${L.lang}-real`);
        await box.press('Enter');
        await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('txt') === `${L.lang}-real`);
        assert.equal(await page.evaluate(() => localStorage.getItem('search_history')), `${L.lang}-real`);
        await page.goBack();
        await page.waitForURL((url) => url.pathname === '/');
      });

      it('shows tabs, filters by tab, highlights terms and pages', async () => {
        const { page } = await open(`/search?txt=${encodeURIComponent(L.manyTerm)}`);
        const tabs = page.getByRole('tab');
        await tabs.first().waitFor();
        assert.ok((await tabs.count()) >= 5, 'all, courses, conferences, news, speakers …');
        assert.equal(await page.getByRole('tab', { selected: true }).getAttribute('id'), 'search-tab-all');
        assert.match(await page.title(), new RegExp(L.manyTerm));

        const cards = page.locator('.search-result');
        await cards.first().waitFor();
        const marks = await page.locator('.search-result mark').allTextContents();
        assert.ok(marks.length > 0 && marks.every((m) => m.toLowerCase() === L.manyTerm), `terms are marked: ${marks.join(',')}`);
        const allTags = new Set(await page.locator('.search-result__tag').allTextContents());
        assert.ok(allTags.size > 1, 'all mixes modules');

        // Paging keeps the term and tab in the URL.
        const status = page.locator('.pager__status');
        const pages = Number((await status.textContent())?.match(/\d+/g)?.[1]);
        assert.ok(pages >= 2, 'the seed has more than one page for this term');
        assert.equal(await status.textContent(), L.pageStatus(1, pages));
        const firstTitle = await cards.first().locator('.search-result__title').textContent();
        await page.getByRole('button', { name: L.next }).click();
        await page.waitForURL((url) => url.searchParams.get('page') === '2' && url.searchParams.get('txt') === L.manyTerm);
        await waitForStatus(page, L.pageStatus(2, pages));
        assert.notEqual(await cards.first().locator('.search-result__title').textContent(), firstTitle);
        await page.goBack();
        await waitForStatus(page, L.pageStatus(1, pages));

        // The news tab shows only news, and survives a reload.
        await page.getByRole('tab', { name: L.newsTab }).click();
        await page.waitForURL((url) => url.searchParams.get('type') === 'news' && !url.searchParams.has('page'));
        await page.waitForFunction((tag) => {
          const tags = Array.from(document.querySelectorAll('.search-result__tag'), (t) => t.textContent);
          return tags.length > 0 && tags.every((t) => t === tag);
        }, L.newsTab);
        await page.reload();
        await page.getByRole('tab', { name: L.newsTab, selected: true }).waitFor();
        await page.locator('.search-result').first().waitFor();
      });

      it('shows the empty state with hot words for a term that matches nothing', async () => {
        const { page } = await open('/search?txt=xqzvwq');
        await page.getByText(L.emptyTitle('xqzvwq')).waitFor();
        const word = page.getByTestId('search-empty').getByRole('link', { name: L.hotWord, exact: true });
        await word.click();
        await page.waitForURL((url) => url.searchParams.get('txt') === L.hotWord);
        await page.locator('.search-result').first().waitFor();
        // A search from the page is remembered like one from the box.
        assert.equal(await page.evaluate(() => localStorage.getItem('search_history')), L.hotWord);
        assert.equal(txtOf(page), L.hotWord);
      });

      for (const width of [undefined, 390]) {
        it(`finds a congress of the meeting calendar and opens it${width ? ` on a ${width} px screen` : ''}`, async () => {
          const { page } = await open(`/search?txt=${encodeURIComponent(L.congressTerm)}`, width);
          await page.getByRole('tab', { name: L.congressTab }).click();
          await page.waitForURL((url) => url.searchParams.get('type') === 'congress');
          const card = page.locator('.search-result--congress', { hasText: L.congressTitle }).first();
          await card.waitFor();
          // Its days (YYYY-MM-DD – MM-DD) and city, country.
          assert.match((await card.locator('time').textContent()) ?? '', /^\d{4}-\d{2}-\d{2}( – [\d-]+)?$/);
          assert.equal(await card.locator('.search-result__place').textContent(), L.congressPlace);
          if (width) assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= width, 'no horizontal scrolling');
          const title = (await card.locator('.search-result__title').textContent()) ?? '';
          await card.getByRole('link').click();
          await page.waitForURL((url) => /^\/meeting\/calendar\/\d+$/.test(url.pathname));
          await page.getByRole('heading', { level: 1, name: title }).waitFor();
        });
      }

      it('fits the board and the results on a 390 px screen', async () => {
        const { page, box } = await open('/', 390);
        await box.focus();
        const board = page.getByTestId('search-board');
        await board.getByRole('option').first().waitFor();
        const rect = await board.boundingBox();
        assert.ok(rect && rect.x >= 0 && rect.x + rect.width <= 390, `board inside the viewport: ${JSON.stringify(rect)}`);
        await page.goto(`/search?txt=${encodeURIComponent(L.manyTerm)}${L.query.replace('?', '&')}`);
        await page.locator('.search-result').first().waitFor();
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= 390, `no horizontal scrolling (${width}px)`);
      });
    });
  }
});

/** Waits until the options read `expected`, in order and no more. */
async function waitForText(options: Locator, expected: string[]): Promise<void> {
  const page = options.page();
  for (const [i, text] of expected.entries()) {
    await options.nth(i).and(page.getByRole('option', { name: text, exact: true })).waitFor();
  }
  await options.nth(expected.length).waitFor({ state: 'detached' });
  assert.deepEqual(await options.allTextContents(), expected);
}

/** The pager shows the page asked for, and the results are that page's, not the previous one kept on screen while it loads. */
async function waitForStatus(page: Page, text: string): Promise<void> {
  await page.locator('.pager__status', { hasText: text }).waitFor();
  await page.locator('.search-results[aria-busy="false"]').waitFor();
}
