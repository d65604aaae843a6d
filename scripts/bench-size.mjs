// Size report: the JavaScript a browser loads for the home route (until the network is idle),
// gzipped, from the production build served by the real server. Target: <= 150 KB.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../e2e/src/chromium.ts';
import { startServer } from '../e2e/src/server.ts';

const server = await startServer();
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  const rows = [];
  for (const lang of ['zh', 'en']) {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const scripts = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res);
    });
    await page.goto(`${server.url}/?lang=${lang}`, { waitUntil: 'networkidle' });
    let total = 0;
    for (const res of scripts) {
      const body = await res.body();
      const gz = gzipSync(body, { level: 9 }).length;
      total += gz;
      rows.push(`  ${lang}  ${(gz / 1024).toFixed(1).padStart(6)} KB  ${new URL(res.url()).pathname}`);
    }
    rows.push(`  ${lang}  ${(total / 1024).toFixed(1).padStart(6)} KB  total home-route JavaScript, gzipped (target <= 150 KB)`);
    await page.close();
  }
  console.log(rows.join('\n'));
} finally {
  await browser.close();
  await server.stop();
}
