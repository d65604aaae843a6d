import { POSTER_SIZE } from '@medportal/contract';
import { CJK_FONT_FAMILY, ems, escXml, qrModules, qrPath, svgToPng } from '../../lib/svg-png.ts';

/**
 * The share poster (WeChat Moments): the site's identity, a cover, the title, a line of detail
 * (time, speaker, source) and a QR code opening the item, laid out on a 375 × 600 canvas and drawn
 * at 2× (POSTER_SIZE). The QR's position is fixed (POSTER_QR) so tests can read it back.
 */
export interface PosterInput {
  lang: 'zh' | 'en';
  kindLabel: string;
  title: string;
  lines: string[];
  /** A data: URI (the cover drawn in), or null for a plain colour block. */
  cover: string | null;
  /** Round avatar instead of a 16:9 cover (speakers). */
  round: boolean;
  /** What the QR encodes; ignored when `qrImage` is given (a mini-program code). */
  qrText: string;
  qrImage: string | null;
  qrHint: string;
  brand: string;
  tagline: string;
}

const W = POSTER_SIZE.width / 2;
const H = POSTER_SIZE.height / 2;
const TEAL = '#0f766e';
const INK = '#111827';
const MUTED = '#4b5563';
/** The QR square in layout units (×2 in the PNG). */
export const POSTER_QR = { x: 243, y: 458, size: 116 } as const;

/** Breaks `text` into at most `max` lines of `width` layout units at `size`; the last one ends in … when cut. */
export function wrap(text: string, size: number, width: number, max: number): string[] {
  const perLine = width / size;
  const tokens = text.match(/[\u2e80-\u9fff\uff00-\uffef\u3000-\u303f]|[^\s\u2e80-\u9fff\uff00-\uffef\u3000-\u303f]+|\s+/g) ?? [];
  const lines: string[] = [];
  let cur = '';
  for (const tok of tokens) {
    if (ems(cur + tok) <= perLine) {
      cur += tok;
      continue;
    }
    if (cur.trim()) lines.push(cur.trim());
    cur = /^\s+$/.test(tok) ? '' : tok;
    if (lines.length === max) break;
  }
  if (lines.length < max && cur.trim()) lines.push(cur.trim());
  const used = lines.join('');
  if (lines.length === max && used.replace(/\s/g, '').length < text.replace(/\s/g, '').length) {
    let last = lines[max - 1] ?? '';
    while (last && ems(`${last}…`) > perLine) last = last.slice(0, -1);
    lines[max - 1] = `${last}…`;
  }
  return lines;
}

export function posterSvg(p: PosterInput): string {
  const parts: string[] = [];
  parts.push(`<rect width="${W}" height="${H}" fill="#f3f6f8"/>`);
  parts.push(`<rect width="${W}" height="52" fill="${TEAL}"/>`);
  parts.push(`<circle cx="32" cy="26" r="11" fill="#fff"/><path d="M27 26h10M32 21v10" stroke="${TEAL}" stroke-width="3"/>`);
  parts.push(`<text x="50" y="32" font-size="16" font-weight="700" fill="#fff">${escXml(p.brand)}</text>`);
  parts.push(`<rect x="12" y="64" width="${W - 24}" height="${H - 76}" rx="12" fill="#fff"/>`);
  let y = 76;
  if (p.round) {
    const r = 56;
    parts.push(`<clipPath id="av"><circle cx="${W / 2}" cy="${y + r}" r="${r}"/></clipPath>`);
    parts.push(
      p.cover
        ? `<image href="${p.cover}" x="${W / 2 - r}" y="${y}" width="${r * 2}" height="${r * 2}" preserveAspectRatio="xMidYMid slice" clip-path="url(#av)"/>`
        : `<circle cx="${W / 2}" cy="${y + r}" r="${r}" fill="#ccfbf1"/>`,
    );
    y += r * 2 + 14;
  } else {
    const cw = W - 48;
    const ch = Math.round((cw * 9) / 16);
    parts.push(`<clipPath id="cv"><rect x="24" y="${y}" width="${cw}" height="${ch}" rx="8"/></clipPath>`);
    parts.push(
      p.cover
        ? `<image href="${p.cover}" x="24" y="${y}" width="${cw}" height="${ch}" preserveAspectRatio="xMidYMid slice" clip-path="url(#cv)"/>`
        : `<rect x="24" y="${y}" width="${cw}" height="${ch}" rx="8" fill="#ccfbf1"/>`,
    );
    y += ch + 12;
  }
  const chipW = ems(p.kindLabel) * 12 + 16;
  const chipX = p.round ? W / 2 - chipW / 2 : 24;
  parts.push(`<rect x="${chipX}" y="${y}" width="${chipW}" height="20" rx="10" fill="#e6f4f1"/>`);
  parts.push(`<text x="${chipX + chipW / 2}" y="${y + 14.5}" font-size="12" fill="${TEAL}" text-anchor="middle">${escXml(p.kindLabel)}</text>`);
  y += 30;
  const anchor = p.round ? 'middle' : 'start';
  const tx = p.round ? W / 2 : 24;
  for (const line of wrap(p.title, 19, W - 48, p.round ? 2 : 3)) {
    y += 24;
    parts.push(`<text x="${tx}" y="${y}" font-size="19" font-weight="700" fill="${INK}" text-anchor="${anchor}">${escXml(line)}</text>`);
  }
  y += 8;
  for (const text of p.lines) {
    for (const line of wrap(text, 13, W - 48, 2)) {
      if (y > POSTER_QR.y - 30) break;
      y += 20;
      parts.push(`<text x="${tx}" y="${y}" font-size="13" fill="${MUTED}" text-anchor="${anchor}">${escXml(line)}</text>`);
    }
  }
  // Footer: identity and the hint on the left, the QR on the right.
  const q = POSTER_QR;
  parts.push(`<line x1="24" y1="${q.y - 14}" x2="${W - 24}" y2="${q.y - 14}" stroke="#e5e7eb" stroke-dasharray="4 4"/>`);
  const hint = wrap(p.qrHint, 15, q.x - 40, 2);
  hint.forEach((line, i) => parts.push(`<text x="24" y="${q.y + 30 + i * 22}" font-size="15" font-weight="700" fill="${INK}">${escXml(line)}</text>`));
  wrap(p.tagline, 11, q.x - 40, 3).forEach((line, i) =>
    parts.push(`<text x="24" y="${q.y + 40 + hint.length * 22 + i * 16}" font-size="11" fill="${MUTED}">${escXml(line)}</text>`),
  );
  parts.push(`<rect x="${q.x - 4}" y="${q.y - 4}" width="${q.size + 8}" height="${q.size + 8}" fill="#fff"/>`);
  if (p.qrImage) parts.push(`<image href="${p.qrImage}" x="${q.x}" y="${q.y}" width="${q.size}" height="${q.size}"/>`);
  else parts.push(`<path d="${qrPath(qrModules(p.qrText), q.x, q.y, q.size)}" fill="#000"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="${CJK_FONT_FAMILY}">${parts.join('')}</svg>`;
}

export function posterPng(p: PosterInput): Promise<Buffer> {
  return svgToPng(posterSvg(p), 2);
}
