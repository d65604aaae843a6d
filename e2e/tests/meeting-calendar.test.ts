import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import ical, { type VEvent } from 'node-ical';
import { apiCall, loginViaApi } from '../src/dev-api.ts';
import { storeLogin, useSharedHarness } from '../src/harness.ts';

// Writes only a user of its own (favourites, a feed token).
const h = useSharedHarness();

interface Congress {
  id: number;
  acronym: string;
  title: string;
  start_date: string;
  end_date: string;
  field: string;
}

const api = <T>(path: string, token?: string) => apiCall<T>(h.server.url, path, token ? { token } : {});

/** The next ESMO Congress (not ESMO Asia) from the calendar. */
async function nextEsmo(lang: 'zh_CN' | 'en'): Promise<Congress> {
  const res = await api<{ items: Congress[] }>(`/v1/meeting/calendar?keyword=ESMO&page_size=100&language=${lang}`);
  const esmo = res.data.items.find((c) => /^ESMO \d{4}$/.test(c.acronym));
  assert.ok(esmo, 'a coming ESMO Congress is seeded');
  return esmo;
}

describe('international meeting calendar', () => {
  it('browse, filter, open a congress, favourite it, find it in /meeting/collect and in my calendar feed as an all-day event', async () => {
    const esmo = await nextEsmo('zh_CN');
    const month = esmo.start_date.slice(0, 7);
    const token = await loginViaApi(h.server.url, '147');
    const { page } = await h.newPage();
    await storeLogin(page, token);

    await page.goto('/meeting/calendar');
    await page.getByRole('heading', { level: 1, name: '国际会议日历' }).waitFor();
    await page.getByTestId('congress-card').first().waitFor();

    // The month of the congress, oncology only: the grid and the list show it.
    await page.getByTestId('filter-month').selectOption(month);
    await page.waitForURL((url) => url.searchParams.get('month') === month);
    await page.getByTestId('filter-field').selectOption('oncology');
    await page.waitForURL((url) => url.searchParams.get('field') === 'oncology' && url.searchParams.get('month') === month);
    // The filtered list replaces the one shown while it loads: every card is oncology, ESMO among them.
    await page.waitForFunction(() => {
      const cards = [...document.querySelectorAll('[data-testid="congress-list"]:not([aria-busy]) [data-testid="congress-card"]')];
      return cards.length > 0 && cards.every((c) => c.getAttribute('data-field') === 'oncology');
    });
    await page.getByTestId('month-grid').getByRole('link', { name: 'ESMO', exact: true }).first().waitFor();
    assert.equal(await page.getByTestId('congress-card').first().locator('.congress-card__tag').first().textContent(), '肿瘤');

    // A keyword narrows it to the congress; its card opens the detail.
    await page.getByTestId('filter-keyword').fill('ESMO');
    await page.getByRole('search', { name: '筛选会议' }).getByRole('button', { name: '搜索' }).click();
    await page.waitForURL((url) => url.searchParams.get('keyword') === 'ESMO');
    const card = page.locator(`[data-testid="congress-card"][data-id="${esmo.id}"]`);
    await card.getByRole('link').click();
    await page.waitForURL((url) => url.pathname === `/meeting/calendar/${esmo.id}`);
    await page.getByRole('heading', { level: 1, name: esmo.title }).waitFor();

    // The .ics file of the congress is one all-day event over its days.
    const icsHref = await page.getByTestId('congress-ics').getAttribute('href');
    assert.ok(icsHref);
    const ics = await fetch(new URL(icsHref, h.server.url));
    assert.equal(ics.headers.get('content-type'), 'text/calendar; charset=utf-8');
    const [single] = Object.values(ical.sync.parseICS(await ics.text())).filter((c): c is VEvent => c?.type === 'VEVENT');
    assert.equal(single?.datetype, 'date');

    // Favourite it; the button says so once the server agreed.
    const favourite = page.getByTestId('favorite-button');
    await favourite.click();
    await page.locator('[data-testid="favorite-button"][aria-pressed="true"]').waitFor();

    // My favourites list it; the feed panel gives my subscription link.
    await page.getByRole('link', { name: '国际会议日历' }).click();
    await page.getByRole('link', { name: '我收藏的会议' }).click();
    await page.waitForURL((url) => url.pathname === '/meeting/collect');
    await page.locator(`[data-testid="favorite-congresses"] [data-id="${esmo.id}"]`).waitFor();
    await page.getByTestId('feed-show').click();
    const urlBox = page.getByTestId('feed-url');
    await urlBox.waitFor();
    const feedUrl = await urlBox.inputValue();
    assert.match(feedUrl, /\/v1\/calendar\/feed\.ics\?token=/);
    assert.equal(await page.getByTestId('feed-webcal').getAttribute('href'), feedUrl.replace(/^https?:/, 'webcal:'));

    // The feed, read as a calendar client would, holds the congress as an all-day event.
    const feed = await fetch(feedUrl);
    assert.equal(feed.status, 200);
    const events = Object.values(ical.sync.parseICS(await feed.text())).filter((c): c is VEvent => c?.type === 'VEVENT');
    const event = events.find((e) => e.uid === `congress-${esmo.id}@medportal`);
    assert.ok(event, 'the favourite congress is in the feed');
    assert.equal(event.datetype, 'date');
    assert.equal(event.start.toISOString().slice(0, 10), esmo.start_date);
    const lastDay = new Date(Date.parse(esmo.end_date) + 86_400_000).toISOString().slice(0, 10);
    assert.equal(event.end?.toISOString().slice(0, 10), lastDay, 'DTEND is the day after the last day');

    // A new link stops the old one.
    await page.getByTestId('feed-renew').click();
    await page.waitForFunction((old) => (document.querySelector('[data-testid="feed-url"]') as HTMLInputElement | null)?.value !== old, feedUrl);
    assert.equal((await fetch(feedUrl)).status, 404);
  });

  it('reads in English, and the phone gets the list without the month grid or a sideways scroll', async () => {
    const esmo = await nextEsmo('en');
    const { page } = await h.newPage({ width: 390, height: 844, locale: 'en-US' });
    await page.goto(`/meeting/calendar?month=${esmo.start_date.slice(0, 7)}&lang=en`);
    await page.getByRole('heading', { level: 1, name: 'International meeting calendar' }).waitFor();
    await page.locator(`[data-testid="congress-card"][data-id="${esmo.id}"]`).waitFor();
    assert.equal(await page.getByTestId('month-grid').isVisible(), false);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no horizontal page scroll (${overflow}px)`);
    await page.goto(`/meeting/calendar/${esmo.id}?lang=en`);
    await page.getByRole('heading', { level: 1, name: esmo.title }).waitFor();
    await page.goto('/meeting/calendar/99999999?lang=en');
    await page.getByTestId('congress-not-found').waitFor();
  });

  it('sends an anonymous visitor of /meeting/collect to the login', async () => {
    const { page } = await h.newPage();
    await page.goto('/meeting/collect');
    await page.waitForURL((url) => url.pathname === '/login');
    assert.equal(new URL(page.url()).searchParams.get('callback'), `${h.server.url}/meeting/collect`);
  });
});
