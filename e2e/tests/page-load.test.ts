import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { HANG_LIMIT_MS, useSharedHarness } from '../src/harness.ts';

const WEB_DIST = process.env.WEB_DIST ?? fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

/** The raw bytes and headers of a GET (no decompression on our side). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((res, rej) => {
    get(url, { headers }, (r) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => res({ status: r.statusCode ?? 0, headers: r.headers, body: Buffer.concat(chunks) }));
      r.on('error', rej);
    }).on('error', rej);
  });
}

// What a page load does not do: work that only a later action needs (a video stream before play,
// footer QR codes before the footer is on screen) stays out of it. A first visit each (`fresh`):
// a tab that played a video before could load the player from its memory cache unseen.

const h = useSharedHarness();

describe('page load', () => {
  it('course detail fetches no video stream and no player library until play is pressed', async () => {
    const { page } = await h.newPage({ width: 412, height: 823, fresh: true });
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await page.goto('/course/11');
    const play = page.locator('.course-hero__media .player__big-play');
    await play.waitFor();
    await page.waitForLoadState('networkidle');
    const streamed = requests.filter((p) => p.endsWith('.m3u8') || p.endsWith('.ts') || /\/assets\/hls[.-]/.test(p));
    assert.deepEqual(streamed, [], 'nothing of the stream loads with the page');
    assert.equal(await page.locator('.course-hero__media video').getAttribute('poster') !== null, true, 'the poster shows');

    await play.click();
    await page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('.course-hero__media video');
      return v !== null && !v.paused && v.currentTime > 0.5;
    }, undefined, { timeout: HANG_LIMIT_MS });
    assert.ok(requests.some((p) => p.endsWith('.m3u8')), 'the stream loads on play');
  });

  it('draws the footer QR codes only once the footer is on screen', async () => {
    const { page } = await h.newPage({ width: 412, height: 823, fresh: true });
    await page.goto('/news/1');
    await page.locator('[data-testid="news-body"]').waitFor();
    await page.waitForLoadState('networkidle');
    assert.equal(await page.locator('footer [data-qr-value] svg').count(), 0, 'no QR code is encoded during the load');
    await page.locator('footer').scrollIntoViewIfNeeded();
    await page.locator('footer [data-qr-value] svg').first().waitFor();
  });

  it('sends the entry script as the build compressed it (brotli 11, gzip 9), and plain to who asks for neither', async () => {
    const html = await (await fetch(`${h.server.url}/`)).text();
    const entry = html.match(/\/assets\/[^"']+\.js/)?.[0];
    assert.ok(entry, 'index.html references the entry script');
    const file = join(WEB_DIST, entry);
    for (const [encoding, ext] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      const res = await rawGet(`${h.server.url}${entry}`, { 'accept-encoding': encoding });
      assert.equal(res.status, 200);
      assert.equal(res.headers['content-encoding'], encoding);
      assert.match(String(res.headers['content-type']), /javascript/);
      assert.match(String(res.headers['vary']), /accept-encoding/i);
      assert.ok(res.body.equals(readFileSync(file + ext)), `the ${encoding} body is the build's ${ext} file`);
    }
    const plain = await rawGet(`${h.server.url}${entry}`, { 'accept-encoding': 'identity' });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.ok(plain.body.equals(readFileSync(file)));
  });
});
