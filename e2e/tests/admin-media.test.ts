import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { apiCall } from '../src/dev-api.ts';
import { HANG_LIMIT_MS, storeLogin, useHarness } from '../src/harness.ts';

const h = useHarness();

const ADMIN = { type: 'password', country_code: '86', account: '13900000001', password: 'Operator-demo-1' };

interface Chapter {
  id: number;
  title: string;
  media: { hls_url: string } | null;
}

describe('console media library', () => {
  it('uploads an MP4 through Uppy, sees it become ready, attaches it to a chapter, and the course page plays it', async () => {
    // A 6-second H.264/AAC clip, made here as an operator's camera would.
    const dir = mkdtempSync(join(tmpdir(), 'e2e-media-'));
    const file = join(dir, 'e2e-clip.mp4');
    execFileSync('ffmpeg', [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', 'testsrc=duration=6:size=640x360:rate=25',
      '-f', 'lavfi', '-i', 'sine=duration=6',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file,
    ]);
    const login = await apiCall<{ user_access_token: string }>(h.server.url, '/v1/user/login', { method: 'POST', body: ADMIN });
    assert.equal(login.code, 0, login.message);
    const token = login.data.user_access_token;

    const { page } = await h.newPage({ width: 1440, height: 900 });
    await storeLogin(page, token);
    await page.goto('/admin/media?lang=en');
    await page.locator('.uppy-Dashboard-input').first().setInputFiles(file);
    // The row appears (the list refreshes while it transcodes); its page shows it ready.
    const row = page.getByRole('link', { name: 'e2e-clip' }).first();
    await row.waitFor({ timeout: HANG_LIMIT_MS });
    await row.click();
    await page.locator('[data-status="ready"]').waitFor({ timeout: HANG_LIMIT_MS * 3 });
    await page.getByTestId('media-player').waitFor();

    // A chapter of a free demo course.
    const list = await apiCall<{ items: Array<{ id: number; title: string }> }>(h.server.url, '/v1/pc/course?price_type=1&page_size=1&language=en');
    const course = list.data.items[0];
    assert.ok(course, 'a free course exists');
    const chapters = await apiCall<{ items: Chapter[] }>(h.server.url, `/v2/user/course/${course.id}/chapter?language=en`);
    const chapter = chapters.data.items[0];
    assert.ok(chapter);

    // Picked by name: the course first, then its chapter.
    await page.getByTestId('media-attach').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Course').fill(course.title.slice(0, 12));
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: course.title }).first().click();
    await dialog.getByLabel('Chapter').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: `1. ${chapter.title}` }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId(`binding-chapter-${chapter.id}`).waitFor();

    // The public course page plays the uploaded video for that chapter.
    const played = await apiCall<{ items: Chapter[] }>(h.server.url, `/v2/user/course/${course.id}/chapter`);
    assert.match(played.data.items.find((c) => c.id === chapter.id)?.media?.hls_url ?? '', /\/media\/hls\/up\/u[a-z0-9]+\/master\.m3u8\?/);
    const { page: reader } = await h.newPage();
    const uploadedSegment = reader.waitForRequest((r) => /\/media\/hls\/up\/u[a-z0-9]+\/360p\/seg_\d+\.ts/.test(r.url()), { timeout: HANG_LIMIT_MS });
    await reader.goto(`/course/${course.id}?lang=en`);
    await reader.getByRole('button', { name: new RegExp(chapter.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first().click();
    await uploadedSegment;
    // The position advances (the clip is 6 s long: it may have ended, and paused, by the time we look).
    await reader.waitForFunction(() => {
      const v = document.querySelector('video');
      return v !== null && v.currentTime > 2;
    }, undefined, { timeout: HANG_LIMIT_MS });
  });
});
