import PDFDocument from 'pdfkit';
import { cjkFonts, ems, escXml, qrModules, qrPath as drawQr, svgToPng } from '../../lib/svg-png.ts';

/**
 * The certificate as a PNG (SVG drawn by resvg's WebAssembly build) and a PDF (pdfkit, which
 * subsets the CJK font it embeds). Both draw one layout in A4-landscape points with Noto Sans SC
 * from an npm package (@embedpdf/fonts-sc, OFL): a fresh machine has no CJK fonts, and system
 * fonts are never loaded, so every machine draws the same picture.
 */

/** Draws the certificate's files; app.ts runs these functions in the render worker pool. */
export interface CertificateDrawer {
  png(c: CertLayoutInput): Promise<Buffer>;
  pdf(c: CertLayoutInput, meta: { title: string }): Promise<Buffer>;
}

export interface CertLayoutInput {
  kindZh: string;
  kindEn: string;
  holderName: string;
  titleZh: string;
  titleEn: string;
  /** Already formatted in the portal's time zone. */
  datesText: string;
  creditZh: string;
  creditEn: string;
  projectNumber: string | null;
  issuedText: string;
  codeGrouped: string;
  verifyUrl: string;
}

const W = 842;
const H = 595;
const INK = '#1f2937';
const MUTED = '#4b5563';
const ACCENT = '#0b5cad';

interface TextItem {
  text: string;
  x: number;
  /** Baseline. */
  y: number;
  size: number;
  bold?: boolean;
  color?: string;
  anchor?: 'start' | 'middle';
}

const fit = (text: string, size: number, maxWidth: number) => Math.min(size, maxWidth / Math.max(ems(text), 1));

function layout(c: CertLayoutInput): { texts: TextItem[]; qr: { x: number; y: number; size: number; modules: boolean[][] } } {
  const mid = W / 2;
  const texts: TextItem[] = [
    { text: c.kindZh, x: mid, y: 92, size: 30, bold: true, color: ACCENT, anchor: 'middle' },
    { text: c.kindEn, x: mid, y: 120, size: fit(c.kindEn, 15, 600), color: ACCENT, anchor: 'middle' },
    { text: '兹证明 This is to certify that', x: mid, y: 170, size: 13, color: MUTED, anchor: 'middle' },
    { text: c.holderName, x: mid, y: 212, size: fit(c.holderName, 30, 600), bold: true, color: INK, anchor: 'middle' },
    { text: '参加了 attended', x: mid, y: 246, size: 13, color: MUTED, anchor: 'middle' },
    { text: c.titleZh, x: mid, y: 280, size: fit(c.titleZh, 20, 680), bold: true, color: INK, anchor: 'middle' },
    { text: c.titleEn, x: mid, y: 304, size: fit(c.titleEn, 13, 680), color: INK, anchor: 'middle' },
    { text: c.datesText, x: mid, y: 330, size: 12, color: MUTED, anchor: 'middle' },
  ];
  if (c.creditZh) {
    texts.push({ text: c.creditZh, x: mid, y: 366, size: fit(c.creditZh, 17, 680), bold: true, color: ACCENT, anchor: 'middle' });
    texts.push({ text: c.creditEn, x: mid, y: 388, size: fit(c.creditEn, 12, 680), color: ACCENT, anchor: 'middle' });
  }
  const left = 80;
  texts.push(
    { text: `项目编号 Project No.: ${c.projectNumber ?? '—'}`, x: left, y: 450, size: 11, color: INK },
    { text: `颁发日期 Issued: ${c.issuedText}`, x: left, y: 470, size: 11, color: INK },
    { text: `验证码 Verification code: ${c.codeGrouped}`, x: left, y: 490, size: 11, bold: true, color: INK },
    { text: 'MedPortal 医学教育平台', x: left, y: 520, size: 12, bold: true, color: ACCENT },
    { text: c.verifyUrl, x: left, y: 538, size: fit(c.verifyUrl, 9, 520), color: MUTED },
  );
  const modules = qrModules(c.verifyUrl);
  texts.push({ text: '扫码验证 Scan to verify', x: 712, y: 548, size: 9, color: MUTED, anchor: 'middle' });
  return { texts, qr: { x: 657, y: 425, size: 110, modules } };
}

const esc = escXml;

export function certificateSvg(c: CertLayoutInput): string {
  const { texts, qr } = layout(c);
  const qrPath = drawQr(qr.modules, qr.x, qr.y, qr.size);
  const body = texts
    .map(
      (t) =>
        `<text x="${t.x}" y="${t.y}" font-size="${t.size.toFixed(2)}" font-weight="${t.bold ? 700 : 400}" fill="${t.color ?? INK}" text-anchor="${t.anchor ?? 'start'}">${esc(t.text)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="Noto Sans SC">`
    + `<rect width="${W}" height="${H}" fill="#fffdf7"/>`
    + `<rect x="22" y="22" width="${W - 44}" height="${H - 44}" fill="none" stroke="${ACCENT}" stroke-width="3"/>`
    + `<rect x="30" y="30" width="${W - 60}" height="${H - 60}" fill="none" stroke="${ACCENT}" stroke-width="0.8"/>`
    + `<rect x="${qr.x - 6}" y="${qr.y - 6}" width="${qr.size + 12}" height="${qr.size + 12}" fill="#fff"/>`
    + `<path d="${qrPath}" fill="#000"/>${body}</svg>`;
}

/** PNG at twice the layout's size (1684 × 1190). */
export async function certificatePng(c: CertLayoutInput): Promise<Buffer> {
  return svgToPng(certificateSvg(c), 2);
}

export async function certificatePdf(c: CertLayoutInput, meta: { title: string }): Promise<Buffer> {
  const f = cjkFonts();
  const { texts, qr } = layout(c);
  const doc = new PDFDocument({ size: [W, H], margin: 0, info: { Title: meta.title, Author: 'MedPortal', Creator: 'MedPortal' } });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', f.regular);
  doc.registerFont('bold', f.bold);
  doc.rect(0, 0, W, H).fill('#fffdf7');
  doc.lineWidth(3).rect(22, 22, W - 44, H - 44).stroke(ACCENT);
  doc.lineWidth(0.8).rect(30, 30, W - 60, H - 60).stroke(ACCENT);
  for (const t of texts) {
    doc.font(t.bold ? 'bold' : 'regular').fontSize(t.size).fillColor(t.color ?? INK);
    const x = t.anchor === 'middle' ? t.x - doc.widthOfString(t.text) / 2 : t.x;
    doc.text(t.text, x, t.y, { baseline: 'alphabetic', lineBreak: false });
  }
  const cell = qr.size / qr.modules.length;
  doc.rect(qr.x - 6, qr.y - 6, qr.size + 12, qr.size + 12).fill('#ffffff');
  qr.modules.forEach((row, r) =>
    row.forEach((on, col) => {
      if (on) doc.rect(qr.x + col * cell, qr.y + r * cell, cell + 0.05, cell + 0.05);
    }),
  );
  doc.fill('#000000');
  doc.end();
  return done;
}
