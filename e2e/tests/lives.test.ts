import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { type ApiInit, apiCall, loginViaApi as loginWithSms, serverRendered } from '../src/dev-api.ts';
import { storeLogin, useHarness } from '../src/harness.ts';
import { liveDaysInOwnZone } from '../src/settle.ts';

const h = useHarness();

/** The browser runs in this machine's timezone; ask the API for days in the same one. */
const offset = (() => {
  const m = -new Date().getTimezoneOffset();
  const abs = Math.abs(m);
  return `${m < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
})();
const api = <T>(path: string, init?: ApiInit) => apiCall<T>(h.server.url, `${path}${path.includes('?') ? '&' : '?'}timezone=${encodeURIComponent(offset)}`, init);
const loginViaApi = () => loginWithSms(h.server.url, '158');

interface Days {
  today: string;
  items: Array<{ date: string; count: number; has_live: boolean }>;
}

async function asMember(page: Page, token: string) {
  await storeLogin(page, token);
}

const selectedDay = (page: Page) => page.getByTestId('live-days').getByRole('tab', { selected: true });

/** The scroll position once it has stopped moving (the same in two consecutive frames). */
async function settledScrollY(page: Page): Promise<number> {
  const settled = await page.waitForFunction(
    () =>
      new Promise<{ y: number } | null>((resolve) => {
        const y = window.scrollY;
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY === y ? { y } : null)));
      }),
  );
  return ((await settled.jsonValue()) as { y: number }).y;
}

describe('live meetings', () => {
  it('shows the days with today selected, the day lives with a now-live badge, and switches days by click and keyboard', async () => {
    const days = (await api<Days>('/v1/live/live_date')).data;
    const today = days.items.find((d) => d.date === days.today);
    // The demo's live on air started 40 minutes before the server did: today, except just after midnight.
    const onAir = days.items.find((d) => d.has_live);
    assert.ok(onAir, 'the demo content has a live on air');
    const { page } = await h.newPage();
    await page.goto('/live');
    await page.getByRole('heading', { level: 1, name: '直播会议' }).waitFor();
    await liveDaysInOwnZone(page, days.today);
    assert.match((await selectedDay(page).textContent()) ?? '', /今天/);
    const cards = page.getByTestId('live-day-list').getByTestId('live-card');
    if (today) {
      // The server renders the day in its own zone; in another, the page asks again after
      // hydration (decision 0075) and a live near midnight may join or leave today.
      await page.waitForFunction(
        (n) => document.querySelectorAll('[data-testid="live-day-list"] [data-testid="live-card"]').length === n,
        today.count,
      );
      assert.equal(await cards.count(), today.count);
    } else {
      await page.getByTestId('live-day-empty').waitFor();
    }
    if (onAir.date !== days.today) await page.getByTestId('live-days').locator(`[data-date="${onAir.date}"]`).click();
    await cards.first().waitFor();
    assert.match((await cards.first().textContent()) ?? '', /会议号 \d{4}-\d{4}-\d{4}/);
    assert.equal(await page.getByTestId('now-live').first().textContent(), '直播中');

    const next = days.items.find((d) => d.date > days.today)!;
    await page.getByTestId('live-days').locator(`[data-date="${next.date}"]`).click();
    await page.waitForURL((url) => url.searchParams.get('date') === next.date);
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="live-day-list"] [data-testid="live-card"]').length === n, next.count);
    assert.equal(await selectedDay(page).getAttribute('data-date'), next.date);

    // Keyboard: the selected tab has focus; ArrowLeft goes back one day.
    await selectedDay(page).focus();
    await page.keyboard.press('ArrowLeft');
    const before = days.items.filter((d) => d.date < next.date).at(-1)!.date;
    await page.waitForURL((url) => url.searchParams.get('date') === (before < days.today ? before : days.today));
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-selected') === 'true');
  });

  it('speaks English, with the live status text of the server', async () => {
    const onAir = (await api<Days>('/v1/live/live_date')).data.items.find((d) => d.has_live)!;
    const { page } = await h.newPage({ locale: 'en-US' });
    await page.goto('/live');
    await page.getByRole('heading', { level: 1, name: 'Live meetings' }).waitFor();
    assert.match((await selectedDay(page).textContent()) ?? '', /Today/);
    await page.goto(`/live?date=${onAir.date}`);
    assert.equal(await page.getByTestId('now-live').first().textContent(), 'Live now');
    await page.getByRole('button', { name: 'Remind me' }).first().waitFor();
  });

  it('asks an anonymous visitor to log in before setting a reminder; Cancel does nothing', async () => {
    const { page } = await h.newPage();
    await page.goto('/live');
    await page.getByRole('button', { name: '开播提醒' }).first().click();
    const dialog = page.getByRole('alertdialog', { name: '温馨提示' });
    await dialog.getByText('此功能需要登录后使用').waitFor();
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(new URL(page.url()).pathname, '/live');
    await page.getByRole('button', { name: '开播提醒' }).first().waitFor();
    assert.equal(await page.getByRole('button', { name: '已预约' }).count(), 0);
  });

  it('sets and clears a reminder and a favourite as a member; both persist and show in my calendar', async () => {
    const token = await loginViaApi();
    const { page } = await h.newPage();
    await asMember(page, token);
    const days = (await api<Days>('/v1/live/live_date')).data;
    const next = days.items.find((d) => d.date > days.today)!;
    const [first] = (await api<{ items: Array<{ id: number }> }>(`/v1/live/date_lives?date=${next.date}`, { token })).data.items;
    // The server renders the day in its own zone; logged in, the page asks again after hydration
    // in the browser's (decision 0075), and a live near midnight may move to another day: act on
    // the browser's list.
    const refetched = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/live/date_lives');
    await page.goto(`/live?date=${next.date}`);
    await refetched;
    const card = page.locator(`[data-testid="live-day-list"] [data-testid="live-card"][data-live-id="${first!.id}"]`);
    await page.locator('[data-testid="live-day-list"] [data-testid="live-card"]').first().and(card).waitFor();
    await card.getByRole('button', { name: '开播提醒' }).click();
    await card.getByRole('button', { name: '已预约' }).waitFor();
    await card.getByRole('button', { name: '收藏', exact: true }).click();
    await card.getByRole('button', { name: '已收藏' }).waitFor();
    const id = Number(await card.getAttribute('data-live-id'));

    await page.reload();
    const again = page.locator(`[data-testid="live-day-list"] [data-live-id="${id}"]`);
    await again.getByRole('button', { name: '已预约' }).waitFor();
    await again.getByRole('button', { name: '已收藏' }).waitFor();
    const fav = await api<{ items: Array<{ module_id: number }> }>('/v1/user/favorite?module_name=live', { token });
    assert.deepEqual(
      fav.data.items.map((x) => x.module_id),
      [id],
    );

    await page.getByTestId('calendar-tab').click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'calendar');
    const calendar = page.getByTestId('live-calendar');
    await calendar.locator(`[data-live-id="${id}"]`).waitFor();
    await page.getByTestId('remind-type').getByRole('button', { name: '保存' }).click();
    await page.getByText('提醒方式已保存').waitFor();
    await page.getByRole('button', { name: '知道了' }).click();

    await page.getByRole('tab', { name: '会议列表' }).click();
    const card2 = page.locator(`[data-testid="live-day-list"] [data-live-id="${id}"]`);
    await card2.getByRole('button', { name: '已预约' }).click();
    await card2.getByRole('button', { name: '开播提醒' }).waitFor();
    await card2.getByRole('button', { name: '已收藏' }).click();
    await card2.getByRole('button', { name: '收藏', exact: true }).waitFor();
  });

  it('keeps the selected day and the scroll position after leaving and coming back, without fetching the day again', async () => {
    const days = (await api<Days>('/v1/live/live_date')).data;
    const next = days.items.find((d) => d.date > days.today)!;
    const { page } = await h.newPage({ width: 390, height: 700 });
    const dayFetches: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/v1/live/date_lives')) dayFetches.push(new URL(r.url()).searchParams.get('date') ?? '');
    });
    await page.goto('/live');
    await page.getByTestId('live-lookback').getByTestId('live-card').first().waitFor();
    await liveDaysInOwnZone(page, days.today);
    await page.getByTestId('live-days').locator(`[data-date="${next.date}"]`).click();
    await page.waitForURL((url) => url.searchParams.get('date') === next.date);
    // Its lives on screen: asked for now, or already when the browser's zone replaced the server's
    // and that day was still the one selected.
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="live-day-list"] [data-testid="live-card"]').length === n, next.count);
    await page.getByTestId('live-lookback').scrollIntoViewIfNeeded();
    const y = await settledScrollY(page);
    assert.ok(y > 200, `scrolled down (${y})`);

    await page.getByRole('link', { name: /全部往期会议/ }).click();
    await page.waitForURL((url) => url.pathname === '/live/history');
    await page.getByTestId('history-list').waitFor();
    const fetchedBefore = dayFetches.filter((d) => d === next.date).length;

    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/live');
    await page.getByTestId('live-day-list').waitFor();
    assert.equal(await selectedDay(page).getAttribute('data-date'), next.date);
    await page.waitForFunction((target) => Math.abs(window.scrollY - target) < 40, y);
    // A positive signal first: choosing another day fetches it, and a refetch of the restored day
    // on return would have been requested (and seen here) before that.
    const other = days.items.find((d) => d.date > next.date)!;
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/v1/live/date_lives') && r.url().includes(`date=${other.date}`)),
      page.getByTestId('live-days').locator(`[data-date="${other.date}"]`).click(),
    ]);
    assert.equal(dayFetches.filter((d) => d === next.date).length, fetchedBefore, 'the day came from the cache');
    await page.getByTestId('live-days').locator(`[data-date="${next.date}"]`).click();
    await selectedDay(page).and(page.locator(`[data-date="${next.date}"]`)).waitFor();

    // A fresh visit through the menu (no ?date=) still opens on the day chosen in this visit.
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('header a[href="/live"]').first().click();
    await page.waitForURL((url) => url.pathname === '/live');
    await page.getByTestId('live-day-list').waitFor();
    assert.equal(await selectedDay(page).getAttribute('data-date'), next.date);
  });

  it("moves from the server page's today to the reader's own in one change: no skeleton, no card moved", async () => {
    // A zone whose date differs from the server page's (+08:00) at this moment: 11 hours behind UTC
    // until 19:00 in Shanghai, 14 hours ahead after.
    const shanghaiHour = Number(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Shanghai' }).format(new Date()));
    const [timezoneId, zoneOffset] = shanghaiHour < 19 ? ['Pacific/Pago_Pago', '-11:00'] : ['Pacific/Kiritimati', '+14:00'];
    const own = (await apiCall<Days>(h.server.url, `/v1/live/live_date?timezone=${encodeURIComponent(zoneOffset)}`)).data;
    const server = (await apiCall<Days>(h.server.url, `/v1/live/live_date?timezone=${encodeURIComponent('+08:00')}`)).data;
    assert.notEqual(own.today, server.today);
    await serverRendered(h.server.url, '/live');
    const { page } = await h.newPage({ timezoneId });
    await page.addInitScript(() => {
      const w = window as unknown as { __skeletons: number; __movedCards: number };
      w.__skeletons = 0;
      w.__movedCards = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as Array<{ sources?: Array<{ node?: Node }> }>)
          for (const source of e.sources ?? []) if (source.node instanceof Element && source.node.closest('[data-testid="live-card"]')) w.__movedCards += 1;
      }).observe({ type: 'layout-shift', buffered: true });
      // A skeleton put into the lives panel (the days, the day's list, the replays) after the first paint.
      new MutationObserver((records) => {
        for (const r of records)
          for (const node of r.addedNodes)
            if (node instanceof Element && (node.matches('.skeleton') || node.querySelector('.skeleton')) && (r.target as Element).closest('#live-view-panel')) w.__skeletons += 1;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/live');
    await liveDaysInOwnZone(page, own.today);
    const count = own.items.find((d) => d.date === own.today)?.count ?? 0;
    await page.waitForFunction(
      (n) => document.querySelector('#live-day-panel [aria-busy="true"]') === null && document.querySelectorAll('#live-day-panel [data-testid="live-card"]').length === Math.min(n, 12),
      count,
    );
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const seen = await page.evaluate(() => {
      const w = window as unknown as { __skeletons: number; __movedCards: number };
      return { skeletons: w.__skeletons, movedCards: w.__movedCards };
    });
    assert.deepEqual(seen, { skeletons: 0, movedCards: 0 }, 'no skeleton between the two days, no card of one moved into the other');
  });
});

describe('past meetings', () => {
  it('pages through past meetings, filters by year and shows an empty state', async () => {
    const first = (await api<{ total: number; items: unknown[] }>('/v1/live/history?page_size=12')).data;
    assert.ok(first.total > 12, 'the demo content has more than a page of past meetings');
    for (const [locale, next, status] of [
      ['zh-CN', '下一页', '第 2 / 2 页'],
      ['en-US', 'Next', 'Page 2 of 2'],
    ] as const) {
      const { page } = await h.newPage({ locale });
      await page.goto('/live/history');
      const cards = page.getByTestId('history-list').getByTestId('live-card');
      await cards.first().waitFor();
      assert.equal(await cards.count(), 12);
      await page.getByRole('button', { name: next }).click();
      await page.waitForURL((url) => url.searchParams.get('page') === '2');
      await page.getByText(status).waitFor();
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid="history-list"] [data-testid="live-card"]').length === n, first.total - 12);
    }

    const { page } = await h.newPage();
    await page.goto('/live/history');
    await page.getByTestId('history-list').waitFor();
    const years = await page.getByTestId('history-year').locator('option').allTextContents();
    const year = years[1]!;
    const inYear = (await api<{ total: number }>(`/v1/live/history?year=${year}`)).data.total;
    await page.getByTestId('history-year').selectOption(year);
    await page.waitForURL((url) => url.searchParams.get('year') === year);
    await page.getByText(`共 ${inYear} 场`).waitFor();
    await page.goto('/live/history?year=1999');
    await page.getByTestId('history-empty').waitFor();
  });
});
