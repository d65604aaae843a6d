import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiCall } from '../src/dev-api.ts';
import { HANG_LIMIT_MS, useHarness } from '../src/harness.ts';

const h = useHarness();

interface AlbumConfig {
  title: string;
  menus: Array<{ key: string; title: string }>;
}

describe('selected-content channels and special albums', () => {
  it('opens a channel, plays one of its videos, and finds the hot topics and channel search', async () => {
    const { page } = await h.newPage({ locale: 'zh-CN' });
    await page.goto('/vjhemonc_selected');
    assert.equal(await page.getByTestId('selected-channel-name').textContent(), 'VJHemOnc 血液肿瘤精选');
    assert.ok((await page.getByTestId('selected-topic').count()) > 0, 'hot topics on the home');
    const first = page.getByTestId('selected-video').first();
    const title = (await first.locator('.sel-card__title').textContent())!;
    await first.click();
    await page.waitForURL(/\/vjhemonc_selected\/video\/\d+$/);
    assert.equal(await page.getByTestId('selected-video-title').textContent(), title);
    assert.ok(((await page.getByTestId('selected-transcript').textContent()) ?? '').includes('主持人'));
    await page.getByRole('region', { name: /视频播放器/ }).getByRole('button', { name: '播放' }).first().click();
    // The signed HLS really plays: the position advances.
    await page.waitForFunction(() => {
      const v = document.querySelector('video');
      return v !== null && !v.paused && v.currentTime > 1;
    }, undefined, { timeout: HANG_LIMIT_MS });

    // Meeting highlights exist on the hemonc channel; the oncology channel has no such page.
    await page.goto('/vjhemonc_selected/hotspot');
    await page.getByTestId('selected-tag').first().waitFor();
    await page.goto('/vjoncology_selected');
    await page.getByTestId('selected-channel-name').waitFor();
    assert.equal(await page.getByRole('link', { name: '会议亮点' }).count(), 0);
    const missing = await page.goto('/vjoncology_selected/hotspot');
    await page.locator('[data-page="not-found"]').waitFor();
    assert.equal(missing?.status(), 404);

    await page.goto('/vjoncology_selected/search?q=%E8%82%BA%E7%99%8C');
    await page.getByRole('status').filter({ hasText: /共找到 \d+ 个视频/ }).waitFor();
    assert.ok((await page.getByTestId('selected-video').count()) > 0);
  });

  it("opens an album from the home page's link, titled from its config, with a working sub-page", async () => {
    const cfg = await apiCall<AlbumConfig>(h.server.url, '/v1/special/3/2/config?language=en');
    assert.equal(cfg.code, 0);
    const { page } = await h.newPage({ locale: 'en-US' });
    await page.goto('/');
    const link = page.locator('a[href="/special/3/2"]').first();
    await link.waitFor();
    await link.click();
    await page.waitForURL(/\/special\/3\/2$/);
    assert.equal(await page.getByTestId('special-title').textContent(), cfg.data.title);
    await page.waitForFunction((t) => document.title.startsWith(t), cfg.data.title);
    // The config is kept in local storage under the theme and album ids.
    const stored = await page.evaluate(() => localStorage.getItem('special_config_3_2'));
    assert.ok(stored && JSON.parse(stored).config.title === cfg.data.title);

    const field = cfg.data.menus.find((m) => m.key === 'field')!;
    await page.getByTestId('special-menu').filter({ hasText: field.title }).click();
    await page.waitForURL(/\/special\/3\/2\/field$/);
    // The sub-page takes its heading from the menu the layout announced.
    await page.getByTestId('special-subtitle').filter({ hasText: field.title }).waitFor();
    await page.getByTestId('selected-video').first().waitFor();

    // Only themes 1 and 3, as digits, take an album.
    await page.goto('/special/2/1');
    await page.waitForURL(/\/error$/);
    await page.goto('/special/abc/1');
    await page.waitForURL(/\/error$/);
  });
});
