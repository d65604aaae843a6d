import type { ApiLanguage, CmeCard, CreditClaim } from '@medportal/contract';

/** Hundredths as a credit figure: 150 → "1.5", 200 → "2", 25 → "0.25". */
export function creditText(hundredths: number): string {
  return String(Number((hundredths / 100).toFixed(2)));
}

const REGIME = {
  cn_national: { zh_CN: '国家级', en: 'National' },
  cn_provincial: { zh_CN: '省级', en: 'Provincial' },
  cn_remote: { zh_CN: '远程', en: 'Remote' },
  us_ama: { zh_CN: 'AMA PRA', en: 'AMA PRA' },
} as const;

const CLASS = {
  I: { zh_CN: 'I类', en: 'Class I' },
  II: { zh_CN: 'II类', en: 'Class II' },
  AMA_PRA_1: { zh_CN: '1类', en: 'Category 1' },
} as const;

const HEAD = {
  zh_CN: ['学分年度', '项目编号', '项目名称', '级别', '类别', '学分', '申领日期', '证书编号'],
  en: ['Year', 'Project number', 'Activity', 'Level', 'Class', 'Credits', 'Claimed on', 'Certificate'],
} as const;

function row(c: CreditClaim, lang: ApiLanguage): string[] {
  return [
    String(c.credit_year),
    c.project_number,
    c.title,
    REGIME[c.regime][lang],
    CLASS[c.credit_class][lang],
    creditText(c.hundredths),
    c.claimed_at.slice(0, 10),
    c.certificate_code ?? '',
  ];
}

/** One CSV field: quoted when needed, and never read as a formula by a spreadsheet. */
function field(v: string): string {
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n']/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The year's claims as CSV (UTF-8 with a BOM, so spreadsheet programs read the Chinese). */
export function cmeCsv(card: CmeCard, lang: ApiLanguage): string {
  const lines = [HEAD[lang], ...card.claims.map((c) => row(c, lang))].map((cells) => cells.map(field).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

const WORDS = {
  zh_CN: {
    title: (y: number) => `继续医学教育学分登记表（${y} 年度）`,
    holder: '姓名',
    summary: (c: CmeCard) =>
      `I类学分 ${creditText(c.class_i.earned_hundredths)}（要求 ${creditText(c.class_i.min_hundredths)}–${creditText(c.class_i.max_hundredths)}）　II类学分 ${creditText(c.class_ii.earned_hundredths)}（要求 ${creditText(c.class_ii.min_hundredths)}–${creditText(c.class_ii.max_hundredths)}）　计入合计 ${creditText(c.total.counted_hundredths)}（要求 ≥ ${creditText(c.total.min_hundredths)}）`,
    fiveYear: (c: CmeCard) => `${c.five_year.from_year}–${c.five_year.to_year} 年国家级 I类学分 ${creditText(c.five_year.national_class_i_hundredths)}（要求 ≥ ${creditText(c.five_year.min_hundredths)}）`,
    deficit: (c: CmeCard) =>
      c.met ? '本年度学分已达标。' : `尚缺：I类 ${creditText(c.class_i.deficit_hundredths)}，II类 ${creditText(c.class_ii.deficit_hundredths)}，合计 ${creditText(c.total.deficit_hundredths)}`,
    ama: (c: CmeCard) => `AMA PRA 1类学分（不计入国家学分）：${creditText(c.ama_pra_1_hundredths)}`,
    none: '本年度暂无学分记录。',
    sign: '单位审核（盖章）：　　　　　　　　　日期：',
  },
  en: {
    title: (y: number) => `Continuing Medical Education Credit Record (${y})`,
    holder: 'Name',
    summary: (c: CmeCard) =>
      `Class I ${creditText(c.class_i.earned_hundredths)} (required ${creditText(c.class_i.min_hundredths)}–${creditText(c.class_i.max_hundredths)})   Class II ${creditText(c.class_ii.earned_hundredths)} (required ${creditText(c.class_ii.min_hundredths)}–${creditText(c.class_ii.max_hundredths)})   Counted ${creditText(c.total.counted_hundredths)} (required ≥ ${creditText(c.total.min_hundredths)})`,
    fiveYear: (c: CmeCard) => `National Class I, ${c.five_year.from_year}–${c.five_year.to_year}: ${creditText(c.five_year.national_class_i_hundredths)} (required ≥ ${creditText(c.five_year.min_hundredths)})`,
    deficit: (c: CmeCard) =>
      c.met ? 'This year’s requirement is met.' : `Missing: Class I ${creditText(c.class_i.deficit_hundredths)}, Class II ${creditText(c.class_ii.deficit_hundredths)}, total ${creditText(c.total.deficit_hundredths)}`,
    ama: (c: CmeCard) => `AMA PRA Category 1 credits (not part of the national count): ${creditText(c.ama_pra_1_hundredths)}`,
    none: 'No credits recorded this year.',
    sign: 'Verified by (stamp):                              Date:',
  },
} as const;

/** The year's 登记表 as a PDF with Chinese text, for the hospital's records. */
export async function cmePdf(card: CmeCard, holder: string, lang: ApiLanguage): Promise<Buffer> {
  const w = WORDS[lang];
  // pdfkit and its fonts load with the first PDF (in a render worker), not with the server.
  const { cjkPdf, pdfBytes } = await import('../../lib/cjk-pdf.ts');
  const doc = cjkPdf({ title: w.title(card.year) });
  doc.font('cjk-bold').fontSize(16).text(w.title(card.year), { align: 'center' });
  doc.moveDown(0.8).font('cjk').fontSize(10.5);
  doc.text(`${w.holder}: ${holder}`);
  doc.moveDown(0.4).text(w.summary(card));
  doc.text(w.fiveYear(card));
  doc.fillColor(card.met ? '#1a5f3f' : '#a3261b').text(w.deficit(card)).fillColor('#000000');
  if (card.ama_pra_1_hundredths > 0) doc.text(w.ama(card));
  doc.moveDown(0.8);
  const widths = [36, 82, 150, 44, 44, 36, 58, 49];
  const head = HEAD[lang];
  const drawRow = (cells: readonly string[], bold: boolean) => {
    const y = doc.y;
    let x = doc.page.margins.left;
    let h = 0;
    doc.font(bold ? 'cjk-bold' : 'cjk').fontSize(8.5);
    cells.forEach((cell, i) => {
      const width = widths[i] ?? 40;
      h = Math.max(h, doc.heightOfString(cell, { width: width - 4 }));
    });
    if (y + h + 6 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const top = doc.y;
    cells.forEach((cell, i) => {
      const width = widths[i] ?? 40;
      doc.text(cell, x + 2, top + 3, { width: width - 4 });
      x += width;
    });
    doc.moveTo(doc.page.margins.left, top + h + 6).lineTo(x, top + h + 6).lineWidth(0.5).strokeColor('#999999').stroke();
    doc.x = doc.page.margins.left;
    doc.y = top + h + 6;
  };
  drawRow(head, true);
  if (card.claims.length === 0) doc.moveDown(0.5).font('cjk').fontSize(10).text(w.none);
  for (const c of card.claims) drawRow(row(c, lang), false);
  doc.moveDown(2).font('cjk').fontSize(10.5).text(w.sign, doc.page.margins.left);
  return pdfBytes(doc);
}
