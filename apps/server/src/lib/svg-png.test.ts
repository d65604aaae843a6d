import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { readPng } from '../../test/png.ts';
import { escXml, qrPath, qrModules, qrPngDataUrl, svgToPng } from './svg-png.ts';

/** What a phone's scanner reads from a PNG (jsQR, the decoder the browser tests use too). */
function scan(png: Buffer): string | null {
  const { width, height, data } = readPng(png);
  return jsQR(new Uint8ClampedArray(data), width, height)?.data ?? null;
}

const TEXTS = ['https://www.example.com/v1/pay/sandbox/page?order_no=20261129000123', 'weixin://wxpay/bizpayurl?pr=AbCdEf1', '扫码观看直播：心血管 2026'];

describe('QR codes drawn on the server', () => {
  it.each(TEXTS)('a payment QR data URL scans back to its text: %s', async (text) => {
    const url = await qrPngDataUrl(text, { width: 240, margin: 1 });
    expect(url).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
    const { width } = readPng(png);
    expect(width).toBeGreaterThan(200);
    expect(width).toBeLessThanOrEqual(240);
    expect(scan(png)).toBe(text);
  });

  it.each(TEXTS)('the modules drawn into an SVG (posters, certificates) scan back: %s', async (text) => {
    const modules = qrModules(text);
    const size = (modules.length + 8) * 4;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" fill="#fff"/><path d="${qrPath(modules, 16, 16, modules.length * 4)}" fill="#000"/><desc>${escXml(text)}</desc></svg>`;
    expect(scan(await svgToPng(svg))).toBe(text);
  });
});
