import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import qrcode from 'qrcode-generator';

/**
 * SVG → PNG on the server with resvg's WebAssembly build and Noto Sans SC from an npm package
 * (@embedpdf/fonts-sc, OFL). A fresh machine has no CJK fonts and system fonts are never loaded,
 * so every machine draws the same picture (certificates, share posters).
 */

// Not `require`: the built bundle's banner declares that name for its CommonJS dependencies (build.mjs).
const requireHere = createRequire(import.meta.url);
const fontDir = () => join(dirname(requireHere.resolve('@embedpdf/fonts-sc')), '..', 'fonts');
let fonts: { regular: Buffer; bold: Buffer } | null = null;

/** The regular and bold OTF files (also embedded by pdfkit documents). */
export function cjkFonts(): { regular: Buffer; bold: Buffer } {
  fonts ??= { regular: readFileSync(join(fontDir(), 'NotoSansHans-Regular.otf')), bold: readFileSync(join(fontDir(), 'NotoSansHans-Bold.otf')) };
  return fonts;
}

/** The family name to write in SVG `font-family`. */
export const CJK_FONT_FAMILY = 'Noto Sans SC';

let wasmReady: Promise<void> | null = null;
function ensureWasm(): Promise<void> {
  wasmReady ??= initWasm(readFileSync(requireHere.resolve('@resvg/resvg-wasm/index_bg.wasm')));
  return wasmReady;
}

/** Renders an SVG to PNG at `zoom` times its own size. */
export async function svgToPng(svg: string, zoom = 1): Promise<Buffer> {
  await ensureWasm();
  const f = cjkFonts();
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: zoom },
    font: { fontBuffers: [new Uint8Array(f.regular), new Uint8Array(f.bold)], defaultFontFamily: CJK_FONT_FAMILY, loadSystemFonts: false },
  });
  const png = resvg.render().asPng();
  resvg.free();
  return Buffer.from(png);
}

// The same QR library as the web app (shared/ui/qr-svg.tsx). Its byte mode is Latin-1 by
// default; text with non-ASCII characters must go in as UTF-8.
const utf8 = new TextEncoder();
qrcode.stringToBytes = (s: string) => Array.from(utf8.encode(s));

/** A QR code's dark modules, row by row (error correction M). */
export function qrModules(text: string): boolean[][] {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const n = qr.getModuleCount();
  const rows: boolean[][] = [];
  for (let r = 0; r < n; r++) {
    const row: boolean[] = [];
    for (let c = 0; c < n; c++) row.push(qr.isDark(r, c));
    rows.push(row);
  }
  return rows;
}

/**
 * A QR code as a PNG data URL about `width` pixels wide with a quiet zone of `margin` modules
 * (payment QR codes). Whole pixels per module keep the edges sharp for cameras.
 */
export async function qrPngDataUrl(text: string, { width = 240, margin = 1 }: { width?: number; margin?: number } = {}): Promise<string> {
  const modules = qrModules(text);
  const cells = modules.length + margin * 2;
  const px = Math.max(1, Math.floor(width / cells));
  const size = cells * px;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path fill="#000" d="${qrPath(modules, margin * px, margin * px, modules.length * px)}"/></svg>`;
  return `data:image/png;base64,${(await svgToPng(svg)).toString('base64')}`;
}

/** An SVG path drawing `modules` in a `size`-wide square at (x, y). */
export function qrPath(modules: boolean[][], x: number, y: number, size: number): string {
  const cell = size / modules.length;
  let d = '';
  modules.forEach((row, r) =>
    row.forEach((on, c) => {
      if (on) d += `M${(x + c * cell).toFixed(2)} ${(y + r * cell).toFixed(2)}h${cell.toFixed(2)}v${cell.toFixed(2)}h-${cell.toFixed(2)}z`;
    }),
  );
  return d;
}

export const escXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Rough advance of a line in ems: CJK and full-width characters are 1, others about 0.56. */
export function ems(text: string): number {
  let w = 0;
  for (const ch of text) w += /[\u2e80-\u9fff\uff00-\uffef\u3000-\u303f]/.test(ch) ? 1 : 0.56;
  return w;
}
