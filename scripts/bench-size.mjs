// Size report: the JavaScript a browser loads for the home route (until the network is idle), from
// the production build served by the real server: per script its gzip -9 size and what went over
// the wire (compressed body and headers, as Lighthouse counts it). Target: <= 150 KB transferred.
// Then the same totals for the form pages (BENCH_FORM_ROUTES, comma-separated paths; their form
// code is loaded lazily and must not add to the home route).
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
    let wire = 0;
    const kb = (n) => `${(n / 1024).toFixed(1).padStart(6)} KB`;
    rows.push(`  ${lang}   gzip -9   transferred  script`);
    for (const res of scripts) {
      const body = await res.body();
      const gz = gzipSync(body, { level: 9 }).length;
      const sizes = await res.request().sizes();
      const sent = sizes.responseBodySize + sizes.responseHeadersSize;
      total += gz;
      wire += sent;
      rows.push(`  ${lang}  ${kb(gz)}  ${kb(sent)}  ${new URL(res.url()).pathname} (${res.headers()['content-encoding'] ?? 'identity'})`);
    }
    rows.push(`  ${lang}  ${kb(total)}  ${kb(wire)}  total home-route JavaScript, ${scripts.length} scripts (target <= 150 KB transferred)`);
    await page.close();
  }
  const formRoutes = (process.env.BENCH_FORM_ROUTES ?? '/login,/register,/forget').split(',').filter(Boolean);
  rows.push('', '  route            gzip -9   transferred  scripts (zh)');
  for (const route of formRoutes) {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const scripts = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res);
    });
    await page.goto(`${server.url}${route}?lang=zh`, { waitUntil: 'networkidle' });
    let total = 0;
    let wire = 0;
    for (const res of scripts) {
      total += gzipSync(await res.body(), { level: 9 }).length;
      const sizes = await res.request().sizes();
      wire += sizes.responseBodySize + sizes.responseHeadersSize;
    }
    rows.push(`  ${route.padEnd(14)} ${(total / 1024).toFixed(1).padStart(6)} KB  ${(wire / 1024).toFixed(1).padStart(6)} KB  ${scripts.length}`);
    await page.close();
  }
  console.log(rows.join('\n'));
} finally {
  await browser.close();
  await server.stop();
}
