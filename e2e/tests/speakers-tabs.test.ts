import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall } from '../src/dev-api.ts';
import { useSharedHarness } from '../src/harness.ts';

const h = useSharedHarness();
const api = <T>(path: string) => apiCall<T>(h.server.url, path);

const TABS = {
  zh: { courses: '课程', lives: '直播', news: '资讯', columns: '栏目', docs: '文献' },
  en: { courses: 'Courses', lives: 'Lives', news: 'News', columns: 'Columns', docs: 'Documents' },
} as const;
const LIST_PATH = { courses: 'course', lives: 'live', news: 'news', columns: 'column', docs: 'doc' } as const;
type Tab = keyof typeof LIST_PATH;

/** A seeded speaker with something in every tab, so each tab has items to show (found once the server runs). */
let found = 0;
async function speakerWithEverything(): Promise<number> {
  for (let id = 1; id <= 30 && !found; id++) {
    const totals = await Promise.all(Object.values(LIST_PATH).map((p) => api<{ total: number }>(`/v1/speaker/${id}/${p}`)));
    if (totals.every((r) => r.code === 0 && r.data.total > 0)) found = id;
  }
  assert.ok(found, 'the seed has a speaker with courses, lives, news, columns and documents');
  return found;
}

async function openTab(page: Page, lang: 'zh' | 'en', tab: Tab) {
  await page.getByRole('tab', { name: TABS[lang][tab], exact: true }).click();
  const list = page.getByTestId(`speaker-${tab}`);
  await list.waitFor();
  assert.ok((await list.locator(':scope > li').count()) > 0, `${lang} ${tab} lists items`);
  return list;
}

for (const lang of ['zh', 'en'] as const) {
  describe(`speaker tabs (${lang})`, () => {
    it('lists items in every tab, keeps the tab on reload and links DOIs in documents', async () => {
      const speakerId = await speakerWithEverything();
      const { page } = await h.newPage({ locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
      await page.goto(`/speaker/${speakerId}`);
      await page.getByRole('tab', { name: TABS[lang].courses, exact: true }).waitFor();
      for (const tab of Object.keys(LIST_PATH) as Tab[]) await openTab(page, lang, tab);

      // Documents: the DOI is a link to the resolver, and the title opens the paper page.
      const docs = page.getByTestId('speaker-docs');
      const doi = docs.locator('a.doi-link').first();
      assert.match((await doi.getAttribute('href')) ?? '', /^https:\/\/doi\.org\/10\.\d{4,9}\//);
      assert.match((await docs.locator('.speaker-doc__title').first().getAttribute('href')) ?? '', /^\/paper\/\d+$/);
      assert.equal(new URL(page.url()).searchParams.get('tab'), 'docs');

      await page.reload();
      await page.getByTestId('speaker-docs').waitFor();
      assert.equal(await page.getByRole('tab', { selected: true }).textContent(), TABS[lang].docs);

      // News titles follow the language.
      await openTab(page, lang, 'news');
      const first = await page.getByTestId('speaker-news').locator('.speaker-row__title').first().textContent();
      assert.equal(/[\u4e00-\u9fff]/.test(first ?? ''), lang === 'zh', `news title in ${lang}: ${first}`);
    });

    it('lists the hospitals of the region on a hospital page and switches region with the selector', async () => {
      const regions = await api<{ items: Array<{ id: number; name: string; parent_id: number | null; hospital_count: number }> }>(
        `/v1/region?language=${lang === 'zh' ? 'zh_CN' : 'en'}`,
      );
      const beijing = regions.data.items.find((r) => r.name === (lang === 'zh' ? '北京' : 'Beijing'));
      assert.ok(beijing && beijing.hospital_count > 1);
      const { page } = await h.newPage({ locale: lang === 'zh' ? 'zh-CN' : 'en-US', width: lang === 'zh' ? 1440 : 390, height: 844 });
      // Hospital 6 is in Guangzhou, under Guangdong.
      await page.goto('/hospital/6');
      const list = page.getByTestId('region-hospital-list');
      await list.waitFor();
      assert.equal(await list.locator('[aria-current="page"]').count(), 1, 'the current hospital is marked');
      await page.getByTestId('region-select').selectOption(String(beijing.id));
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid="region-hospital-list"] > li').length === n, Math.min(beijing.hospital_count, 8));
      const names = await list.locator('.hospital-tile__name').allTextContents();
      assert.ok(names.includes(lang === 'zh' ? '北京协和医院' : 'Peking Union Medical College Hospital'), names.join(', '));
      assert.equal(new URL(page.url()).searchParams.get('region'), String(beijing.id));
      await list.getByRole('link', { name: lang === 'zh' ? /北京协和医院/ : /Peking Union Medical College Hospital/ }).click();
      await page.waitForURL((url) => url.pathname === '/hospital/1');
      await page.getByRole('heading', { level: 1, name: lang === 'zh' ? '北京协和医院' : 'Peking Union Medical College Hospital' }).waitFor();
    });
  });
}
