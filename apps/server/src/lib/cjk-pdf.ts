import PDFDocument from 'pdfkit';
import { cjkFonts } from './svg-png.ts';

/**
 * PDFs with Chinese text. A fresh machine has no CJK fonts, so the font comes from an npm package
 * (@embedpdf/fonts-sc: Noto Sans SC as OTF); pdfkit embeds only the glyphs a document uses.
 */
/** An A4 document with the fonts `cjk` and `cjk-bold` registered and `cjk` selected. */
export function cjkPdf(info: { title: string }): PDFKit.PDFDocument {
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: info.title }, compress: true });
  doc.registerFont('cjk', cjkFonts().regular);
  doc.registerFont('cjk-bold', cjkFonts().bold);
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
