import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { REDIRECT_LINK_TTL_S } from '@medportal/contract/constants';
import { apiCall } from '../src/dev-api.ts';
import { storeLogin, useHarness } from '../src/harness.ts';

// The development clock lets the last test see a scan-to-watch link expire.
const h = useHarness({ DEV_CLOCK: '1', ACCESS_TOKEN_TTL_S: '864000' });

/** The demo rooms and accounts (apps/server/src/seed/live-room.ts, demo-accounts.ts). */
const MODERATED_LIVE = 1;
const MODERATOR = { account: '13900000002', country_code: '86', password: 'Moderator-demo-1' };
const LEARNER = { account: '13900000003', password: 'Learner-demo-1' };

async function moderatorToken(): Promise<string> {
  const res = await apiCall<{ user_access_token: string }>(h.server.url, '/v1/user/login', { method: 'POST', body: { type: 'password', ...MODERATOR } });
  assert.equal(res.code, 0, res.message);
  return res.data.user_access_token;
}

/** The scan-to-watch link as the moderator's panel shows it (the QR's encoded value), path and query only. */
async function linkFromModeratorPanel(): Promise<string> {
  const { page } = await h.newPage();
  await storeLogin(page, await moderatorToken());
  await page.goto(`/w/o/live/${MODERATED_LIVE}`);
  await page.getByTestId('moderator-panel').getByRole('button', { name: '扫码观看二维码' }).click();
  const qr = page.getByTestId('scan-qr').locator('[data-qr-value]');
  await qr.waitFor();
  const value = await qr.getAttribute('data-qr-value');
  assert.ok(value, 'the QR encodes a link');
  const url = new URL(value);
  assert.equal(url.pathname, '/redirect');
  assert.match(await page.getByTestId('scan-qr-expires').innerText(), /^有效期至 /);
  // Drawn big enough to scan from a distance.
  const box = await qr.boundingBox();
  assert.ok(box && box.width >= 240, `QR is ${box?.width}px wide`);
  return `${url.pathname}${url.search}`;
}

async function expectLinkError(page: Page, path: string, message: RegExp) {
  await page.goto(path);
  const error = page.getByTestId('redirect-error');
  await error.waitFor();
  assert.match(await error.getByRole('alert').innerText(), message);
  await error.getByRole('link', { name: '返回首页' }).waitFor();
}

/** What a phone's camera reads from the poster: its QR code decoded from the PNG's pixels. */
async function posterQr(src: string): Promise<string | null> {
  const res = await fetch(new URL(src, h.server.url));
  assert.equal(res.status, 200, src);
  const png = PNG.sync.read(Buffer.from(await res.arrayBuffer()));
  return jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.byteLength), png.width, png.height)?.data ?? null;
}

const ITEM_PATHS = { live: '/w/o/live/1', news: '/news/1', speaker: '/speaker/1' } as const;

describe('share posters and scan-to-watch', () => {
  it('a share poster is drawn and offered for download on a desktop', async () => {
    const { page } = await h.newPage({ width: 1440, height: 900 });
    for (const kind of ['live', 'news', 'speaker'] as const) {
      await page.goto(`/share_card/${kind}?id=1`);
      const poster = page.getByTestId('share-poster');
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('[data-testid="share-poster"]');
        return img !== null && img.complete && img.naturalWidth > 0;
      });
      assert.ok((await poster.evaluate((img: HTMLImageElement) => img.naturalWidth)) > 0, `${kind} poster loaded`);
      const download = page.getByRole('link', { name: '下载海报' });
      assert.ok(await download.isVisible(), 'download button on a desktop');
      assert.equal(await download.getAttribute('download'), `medportal-${kind}-1.png`);
      // Its QR code opens the item.
      const decoded = await posterQr((await poster.getAttribute('src')) ?? '');
      assert.ok(decoded, `${kind} poster has a readable QR code`);
      assert.equal(new URL(decoded).pathname, ITEM_PATHS[kind]);
    }
  });

  it('the live room share button opens its poster in a browser', async () => {
    const { page } = await h.newPage({ width: 390, height: 844 });
    await page.goto(`/w/o/live/${MODERATED_LIVE}`);
    await page.getByTestId('share-button').click();
    await page.waitForURL((url) => url.pathname === '/share_card/live' && url.searchParams.get('id') === String(MODERATED_LIVE));
    await page.getByTestId('share-poster').waitFor();
  });

  it('a phone scanning the moderator’s QR logs in and lands in the live room', async () => {
    const link = await linkFromModeratorPanel();
    const { page } = await h.newPage({ width: 390, height: 844 });
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByTestId('login-tab-password').click();
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('账号').fill(LEARNER.account);
    await panel.getByLabel('密码', { exact: true }).fill(LEARNER.password);
    await panel.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/w/o/live/${MODERATED_LIVE}`);
    await page.getByTestId('live-room').waitFor();
  });

  it('a tampered or expired link shows the error page', async () => {
    const link = await linkFromModeratorPanel();
    const { page } = await h.newPage({ width: 390, height: 844 });
    const token = new URL(link, h.server.url).searchParams.get('t') ?? '';
    const flipped = `${token.slice(0, -2)}${token.at(-2) === 'A' ? 'B' : 'A'}${token.at(-1)}`;
    await expectLinkError(page, `/redirect?t=${encodeURIComponent(flipped)}`, /无效|改动/);

    const moved = await apiCall<{ now: string }>(h.server.url, '/v1/dev/clock', { method: 'POST', body: { advance_s: REDIRECT_LINK_TTL_S + 60 } });
    assert.equal(moved.code, 0, moved.message);
    await expectLinkError(page, link, /过期/);
  });
});
