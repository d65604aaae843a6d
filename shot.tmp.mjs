import { chromium } from 'playwright-core';
const [,, url, out, w, h] = process.argv;
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const p = await b.newPage({ viewport: { width: +w, height: +h } });
await p.goto(url, { waitUntil: 'networkidle' });
for (let y = 0; y < 20000; y += 600) { await p.evaluate((y) => window.scrollTo(0, y), y); await p.waitForTimeout(50); }
await p.waitForLoadState('networkidle'); await p.evaluate(() => window.scrollTo(0, 0)); await p.waitForTimeout(300);
const H = await p.evaluate(() => document.documentElement.scrollHeight);
const seg = +w > 600 ? 1800 : 2400;
for (let i = 0, y = 0; y < H; i++, y += seg) await p.screenshot({ path: `${out}-${i}.png`, fullPage: true, clip: { x: 0, y, width: +w, height: Math.min(seg, H - y) } });
console.log('height', H);
await b.close();
