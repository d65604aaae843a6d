import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiCall, loginViaApi as loginWithSms } from '../src/dev-api.ts';
import { storeLogin, useHarness } from '../src/harness.ts';

const h = useHarness();

interface TopicCard {
  id: number;
  title: string;
  counts: { course: number; live: number; news: number; paper: number };
}
interface PaperCard {
  id: number;
  title: string;
  doi: string | null;
}

const api = <T>(path: string) => apiCall<T>(h.server.url, path);
const loginViaApi = () => loginWithSms(h.server.url, '134');

async function topics(lang: 'zh_CN' | 'en') {
  const res = await api<{ items: TopicCard[] }>(`/v1/topic?language=${lang}`);
  assert.equal(res.code, 0);
  assert.ok(res.data.items.length >= 2, 'seeded topics');
  return res.data.items;
}

describe('topics', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`/topic lists the topics and switching shows the chosen topic's items (${lang})`, async () => {
      const list = await topics(lang === 'zh' ? 'zh_CN' : 'en');
      const [first, second] = list as [TopicCard, TopicCard];
      const { page } = await h.newPage({ locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
      await page.goto('/topic');
      const nav = page.getByTestId('topic-nav-item');
      await nav.first().waitFor();
      assert.equal(await nav.count(), list.length);
      const heading = page.locator('#topic-title');
      assert.equal(await heading.textContent(), first.title, 'the first topic opens by default');
      assert.equal(await nav.first().getAttribute('aria-current'), 'page');

      await nav.filter({ hasText: second.title }).click();
      await page.waitForURL((url) => url.searchParams.get('id') === String(second.id));
      await page.waitForFunction((title) => document.querySelector('#topic-title')?.textContent === title, second.title);
      // Its paper tab lists its papers with DOI links.
      const paperTab = page.getByRole('tab', { name: lang === 'zh' ? /文献/ : /Papers/ });
      await paperTab.click();
      // The tab is selected once the click has rendered, not necessarily when click() returns.
      await page.getByRole('tab', { name: lang === 'zh' ? /文献/ : /Papers/, selected: true }).waitFor();
      const papers = await api<{ items: PaperCard[] }>(`/v1/topic/${second.id}/paper?language=${lang === 'zh' ? 'zh_CN' : 'en'}`);
      const paper = papers.data.items[0]!;
      const panel = page.getByRole('tabpanel');
      await panel.getByRole('link', { name: paper.title }).waitFor();
      assert.equal(await panel.locator('a.doi-link').first().getAttribute('href'), `https://doi.org/${paper.doi}`);
      assert.equal(await page.title(), `${second.title} - ${lang === 'zh' ? '医学教育与学术会议平台' : 'Medical Education & Academic Conference Portal'}`);
    });
  }

  it('/topic/h5 is the phone layout without the site chrome', async () => {
    const [first] = await topics('zh_CN');
    const { page } = await h.newPage({ width: 390, height: 844 });
    await page.goto(`/topic/h5?id=${first!.id}`);
    await page.getByTestId('topic-contents').waitFor();
    assert.equal(await page.locator('.site-header').count(), 0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no horizontal page scroll (${overflow}px)`);
  });

  it('a paper opens from its card with the DOI link (zh and en)', async () => {
    const { page } = await h.newPage();
    const [topic] = (await topics('zh_CN')).filter((t) => t.counts.paper > 0);
    await page.goto(`/topic?id=${topic!.id}&tab=paper`);
    const card = page.getByRole('tabpanel').locator('.paper-item__title a').first();
    const title = (await card.textContent()) ?? '';
    await card.click();
    await page.waitForURL(/\/paper\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByTestId('paper-detail').waitFor();
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), title);
    const detail = await api<{ doi: string; title: string }>(`/v1/paper/${id}?language=en`);
    assert.equal(await page.getByTestId('paper-doi').getByRole('link').getAttribute('href'), `https://doi.org/${detail.data.doi}`);

    await page.goto(`/paper/${id}?lang=en`);
    await page.getByRole('heading', { level: 1, name: detail.data.title }).waitFor();
    await page.getByText('Abstract', { exact: true }).waitFor();
    await page.goto('/paper/99999999');
    await page.getByTestId('paper-not-found').waitFor();
  });

  it('generic module targets resolve to their pages, replacing the URL; unknown ones are 404', async () => {
    const [topic] = await topics('zh_CN');
    const { page } = await h.newPage();
    await page.goto('/');
    await page.goto(`/topic/${topic!.id}`);
    await page.waitForURL((url) => url.pathname === '/topic' && url.searchParams.get('id') === String(topic!.id));
    await page.locator('#topic-title').waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/column/3');
    await page.waitForURL((url) => url.pathname === '/column/index');
    await page.goto('/keyword/1');
    await page.waitForURL((url) => url.pathname === '/keywords/1');

    const news = await api<{ items: Array<{ id: number; title: string }> }>('/v1/news?page_size=1');
    await page.goto(`/news/${news.data.items[0]!.id}`);
    await page.getByRole('heading', { level: 1, name: news.data.items[0]!.title }).waitFor();
    await page.goto('/paper/1');
    await page.getByTestId('paper-detail').waitFor();

    for (const path of ['/foo/3', '/topic/abc', '/paper_x/1', '/course_x/0']) {
      await page.goto(path);
      await page.getByRole('heading', { name: '您访问的页面走丢了' }).waitFor();
      assert.equal(new URL(page.url()).pathname, path);
    }
  });
});

describe('favourites page', () => {
  it('sends an anonymous visitor to login with the full URL as callback', async () => {
    const { page } = await h.newPage();
    await page.goto('/user/collect?module=paper');
    await page.waitForURL((url) => url.pathname === '/login');
    assert.equal(new URL(page.url()).searchParams.get('callback'), `${h.server.url}/user/collect?module=paper`);
  });

  it('an anonymous favourite asks to log in first', async () => {
    const { page } = await h.newPage();
    await page.goto('/paper/2');
    await page.getByTestId('favorite-button').click();
    await page.getByRole('alertdialog', { name: '温馨提示' }).getByRole('button', { name: '取消' }).click();
    assert.equal(new URL(page.url()).pathname, '/paper/2');
  });

  it('a favourited paper shows on /user/collect and can be removed', async () => {
    const token = await loginViaApi();
    const { page } = await h.newPage();
    await storeLogin(page, token);
    await page.goto('/paper/2');
    const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    const button = page.getByTestId('favorite-button');
    assert.equal(await button.textContent(), '收藏');
    await button.click();
    await page.getByRole('button', { name: '已收藏' }).waitFor();

    await page.goto('/user/collect');
    // The tab with favourites opens by default and shows its count.
    await page.getByRole('tab', { name: '文献 (1)', selected: true }).waitFor();
    const item = page.getByTestId('collect-item').filter({ hasText: title });
    await item.waitFor();
    await item.getByRole('link', { name: title }).click();
    await page.waitForURL((url) => url.pathname === '/paper/2');
    await page.getByRole('button', { name: '已收藏' }).waitFor();

    await page.goBack();
    await item.getByRole('button', { name: `取消收藏：${title}` }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: '取消' }).click();
    assert.equal(await page.getByTestId('collect-item').count(), 1, 'Cancel keeps it');
    await item.getByRole('button', { name: `取消收藏：${title}` }).click();
    await page.getByTestId('collect-confirm').click();
    await page.getByTestId('collect-empty').waitFor();
    await page.getByRole('tab', { name: '文献 (0)' }).waitFor();
  });
});
