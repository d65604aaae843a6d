import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { captchaAnswer, latestCode } from '../src/dev-api.ts';
import { useHarness } from '../src/harness.ts';

const h = useHarness();
/** A seeded item whose body cites a DOI. */
const DOI_NEWS_ID = 22;
const DOI = '10.1056/NEJMoa2034577';

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

async function api<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<Envelope<T>> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(`${h.server.url}${path}`, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  return (await res.json()) as Envelope<T>;
}

/** Logs a new user in through SMS and the dev outbox; returns the access token. */
async function loginViaApi(): Promise<string> {
  const mobile = `137${String(Date.now()).slice(-8)}`;
  const captcha = await api<{ captcha_key: string }>('/v1/user/verify_code_image');
  const captcha_code = await captchaAnswer(h.server.url, captcha.data.captcha_key);
  const sent = await api('/v1/user/send/sms', { method: 'POST', body: { mobile, scene: 'login', captcha_key: captcha.data.captcha_key, captcha_code } });
  assert.equal(sent.code, 0, `send sms: ${sent.message}`);
  const code = await latestCode(h.server.url, mobile);
  const login = await api<{ user_access_token: string }>('/v1/user/login', { method: 'POST', body: { type: 'sms', mobile, code } });
  assert.equal(login.code, 0, `login: ${login.message}`);
  return login.data.user_access_token;
}

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
    await page.goto('/');
    await page.evaluate((t) => window.localStorage.setItem('accessToken', t), token);
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
