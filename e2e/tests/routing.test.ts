import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useSharedHarness } from '../src/harness.ts';

const h = useSharedHarness();

describe('routing', () => {
  it('shows the 404 page with its title for an unknown path', async () => {
    const { page } = await h.newPage({ locale: 'en-US' });
    const res = await page.goto('/definitely/not/here');
    assert.equal(res?.status(), 404, 'the server answers 404 with the 404 page');
    await page.getByRole('heading', { name: 'The page you visited is lost' }).waitFor();
    assert.match(await page.title(), /The page you visited is lost/);
  });

  it('shows the 404 page in Chinese', async () => {
    const { page } = await h.newPage({ locale: 'zh-CN' });
    await page.goto('/nope?lang=zh');
    await page.getByRole('heading', { name: '您访问的页面走丢了' }).waitFor();
    assert.match(await page.title(), /您访问的页面走丢了/);
  });

  it('answers HTTP 404 with the 404 page for unknown paths and missing items, never a soft 404 or a retry', async () => {
    const { page } = await h.newPage({ locale: 'zh-CN' });
    for (const path of ['/meeting/unknown/1', '/vjoncology_selected/hotspot', '/w/o/live/999', '/w/o/vod/999', '/w/o/live/abc', '/paper/99999999', '/topic?id=99999999', '/news_cate/99999999']) {
      // The server's own answer, before any script runs.
      const res = await fetch(`${h.server.url}${path}`, { headers: { 'accept-language': 'zh-CN' } });
      assert.equal(res.status, 404, path);
      // And what the reader sees once the app has taken the page over: the 404 page (or the
      // item's own not-found state), no retry.
      const nav = await page.goto(path);
      assert.equal(nav?.status(), 404, path);
      await page.waitForFunction(() => document.documentElement.dataset.location !== undefined);
      await page.locator('[data-page="not-found"], [data-testid$="not-found"]').first().waitFor();
      assert.equal(await page.getByText('内容不存在或已下线').count(), 0, `${path} shows the retry message`);
      assert.equal(await page.getByRole('button', { name: /重试|Retry/ }).count(), 0, `${path} offers a retry`);
    }
    // Live rooms and recordings that exist are still the browser's to render.
    for (const path of ['/w/o/live/1', '/w/o/vod/11']) {
      const res = await fetch(`${h.server.url}${path}`);
      assert.equal(res.status, 200, path);
    }
  });

  it('sends an anonymous visitor of a login-needed page to /login with the full URL', async () => {
    const { page } = await h.newPage();
    const original = `${h.server.url}/user/myinfo?tab=2&x=%E4%B8%AD#top`;
    await page.goto(original);
    await page.waitForURL((url) => url.pathname === '/login');
    const callback = new URL(page.url()).searchParams.get('callback');
    assert.equal(callback, original);
  });

  it('sets the document title from the route', async () => {
    const { page } = await h.newPage({ locale: 'en-US' });
    await page.goto('/error');
    await page.getByRole('heading').first().waitFor();
    const errorTitle = await page.title();
    await page.goto('/');
    await page.locator('section[data-block-layout="banner"]').waitFor();
    assert.notEqual(await page.title(), errorTitle);
  });
});
