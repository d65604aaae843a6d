import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';

/**
 * PDFs with Chinese text. A fresh machine has no CJK fonts, so the font comes from an npm package
 * (@embedpdf/fonts-sc: Noto Sans SC as OTF); pdfkit embeds only the glyphs a document uses.
 */
const fonts = new Map<string, Buffer>();

function fontFile(weight: 'Regular' | 'Bold'): Buffer {
  let buf = fonts.get(weight);
  if (!buf) {
    const entry = createRequire(import.meta.url).resolve('@embedpdf/fonts-sc');
    buf = readFileSync(join(dirname(entry), '..', 'fonts', `NotoSansHans-${weight}.otf`));
    fonts.set(weight, buf);
  }
  return buf;
}

/** An A4 document with the fonts `cjk` and `cjk-bold` registered and `cjk` selected. */
export function cjkPdf(info: { title: string }): PDFKit.PDFDocument {
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: info.title }, compress: true });
  doc.registerFont('cjk', fontFile('Regular'));
  doc.registerFont('cjk-bold', fontFile('Bold'));
  doc.font('cjk');
  return doc;
}

/** Ends the document and collects its bytes. */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    doc.on('data', (c: Buffer) => parts.push(c));
    doc.on('end', () => resolve(Buffer.concat(parts)));
    doc.on('error', reject);
    doc.end();
  });
}
