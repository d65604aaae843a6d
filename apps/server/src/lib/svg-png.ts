import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import QRCode from 'qrcode';

/**
 * SVG → PNG on the server with resvg's WebAssembly build and Noto Sans SC from an npm package
 * (@embedpdf/fonts-sc, OFL). A fresh machine has no CJK fonts and system fonts are never loaded,
 * so every machine draws the same picture (certificates, share posters).
 */

const require = createRequire(import.meta.url);
const fontDir = () => join(dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts');
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
  wasmReady ??= initWasm(readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
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

/** A QR code's dark modules, row by row. */
export function qrModules(text: string): boolean[][] {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const rows: boolean[][] = [];
  for (let r = 0; r < n; r++) {
    const row: boolean[] = [];
    for (let c = 0; c < n; c++) row.push(Boolean(qr.modules.get(r, c)));
    rows.push(row);
  }
  return rows;
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
