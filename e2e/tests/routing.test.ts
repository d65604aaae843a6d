import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useSharedHarness } from '../src/harness.ts';

const h = useSharedHarness();

describe('routing', () => {
  it('shows the 404 page with its title for an unknown path', async () => {
    const { page } = await h.newPage({ locale: 'en-US' });
    const res = await page.goto('/definitely/not/here');
    assert.equal(res?.status(), 200, 'the SPA shell answers and shows its own 404');
    await page.getByRole('heading', { name: 'The page you visited is lost' }).waitFor();
    assert.match(await page.title(), /The page you visited is lost/);
  });

  it('shows the 404 page in Chinese', async () => {
    const { page } = await h.newPage({ locale: 'zh-CN' });
    await page.goto('/nope?lang=zh');
    await page.getByRole('heading', { name: '您访问的页面走丢了' }).waitFor();
    assert.match(await page.title(), /您访问的页面走丢了/);
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
