import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HANG_LIMIT_MS, useSharedHarness } from '../src/harness.ts';

const h = useSharedHarness();

describe('author voice', () => {
  it('plays a talk with its transcript and DOI, then filters the list by field and journal', async () => {
    const { page } = await h.newPage({ locale: 'en-US' });
    await page.goto('/author_voice?lang=en');
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    await page.getByRole('heading', { name: 'Transcript' }).waitFor();
    const doi = page.locator('a.doi-link').first();
    assert.match((await doi.getAttribute('href')) ?? '', /^https:\/\/doi\.org\/10\./);

    // hls.js plays the talk's signed recording: the position advances.
    await page.locator('.player__big-play').click();
    await page.waitForFunction(() => {
      const v = document.querySelector('video');
      return v !== null && !v.paused && v.currentTime > 2;
    }, undefined, { timeout: HANG_LIMIT_MS });

    // Another talk from the grid replaces the one playing.
    const first = await heading.textContent();
    const other = page.locator('.voice-block .voice-card').nth(1);
    const otherTitle = await other.locator('.voice-card__title').textContent();
    await other.click();
    await page.waitForURL(/\/author_voice\?id=\d+/);
    await page.getByRole('heading', { level: 1, name: otherTitle ?? '' }).waitFor();
    assert.notEqual(await heading.textContent(), first);

    await page.getByRole('navigation', { name: 'Author voice sections' }).getByRole('link', { name: 'All talks' }).click();
    await page.waitForURL(/\/author_voice\/list/);
    const total = page.locator('.voice-total');
    await total.waitFor();
    const all = Number(/\d+/.exec((await total.textContent()) ?? '')?.[0]);
    assert.ok(all >= 10, `at least 10 talks, got ${all}`);

    await page.getByLabel('Journal').selectOption('The Lancet');
    await page.waitForURL(/journal=The\+Lancet|journal=The%20Lancet/);
    await page.waitForFunction((n) => !document.querySelector('.voice-total')?.textContent?.includes(`${n} `), all);
    const journals = await page.locator('.voice-grid .voice-card__meta i').allTextContents();
    assert.ok(journals.length > 0 && journals.every((j) => j === 'The Lancet'), journals.join(', '));

    await page.getByLabel('Field').selectOption({ label: 'Pulmonary & Critical Care Medicine' });
    await page.waitForURL(/field=\d+/);
    await page.waitForFunction(() => document.querySelectorAll('.voice-grid .voice-card').length === 1);
    const fields = await page.locator('.voice-grid .voice-card__field').allTextContents();
    assert.deepEqual(fields, ['Pulmonary & Critical Care Medicine']);
  });

  it('shows an international link-up with a Chinese and an overseas author, and the /w variant without site chrome', async () => {
    const { page } = await h.newPage({ locale: 'zh-CN' });
    await page.goto('/author_voice/inter/w?lang=zh');
    await page.getByRole('heading', { level: 1 }).waitFor();
    assert.equal(await page.locator('header.site-header, .site-header').count(), 0);
    await page.locator('.linkup-pair .voice-region--cn').waitFor();
    await page.locator('.linkup-pair .voice-region--overseas').waitFor();
    assert.equal(await page.locator('.linkup-talk a.doi-link').count(), 2);
  });
});

describe('course albums', () => {
  it('opens an album from the album bar on the course page', async () => {
    const { page } = await h.newPage({ locale: 'zh-CN' });
    await page.goto('/course?lang=zh');
    const chip = page.getByRole('navigation', { name: '课程专辑' }).getByRole('link').first();
    const title = (await chip.locator('.album-chip__title').textContent()) ?? '';
    await chip.click();
    await page.waitForURL(/\/course\/album\/\d+/);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const cards = page.locator('.album .course-tile');
    await cards.first().waitFor();
    const count = Number(/\d+/.exec((await page.locator('.album-banner__count').textContent()) ?? '')?.[0]);
    assert.equal(await cards.count(), count);

    await page.goto('/course/album/999999?lang=zh');
    await page.getByRole('alert').getByText('专辑不存在或已下线').waitFor();
  });
});
