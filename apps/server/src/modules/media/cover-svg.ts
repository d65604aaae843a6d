import { createRng, hashString } from '../../lib/prng.ts';

/** Generated artwork: covers, banners, avatars and logos are drawn here, never fetched. */
export const COVER_KINDS = {
  course: [640, 360],
  live: [640, 360],
  'live-preview': [320, 180],
  news: [480, 320],
  speaker: [240, 240],
  column: [480, 360],
  special: [640, 360],
  banner: [1200, 343],
  paper: [480, 320],
  logo: [160, 160],
  icon: [96, 96],
} as const satisfies Record<string, readonly [number, number]>;
export type CoverKind = keyof typeof COVER_KINDS;

export const isCoverKind = (k: string): k is CoverKind => Object.hasOwn(COVER_KINDS, k);

/** Calm clinical palettes: teal, blue, indigo, plum, coral, green, slate. */
const PALETTES: ReadonlyArray<readonly [string, string, string]> = [
  ['#0f766e', '#14b8a6', '#ccfbf1'],
  ['#1d4ed8', '#60a5fa', '#dbeafe'],
  ['#4338ca', '#818cf8', '#e0e7ff'],
  ['#7e22ce', '#c084fc', '#f3e8ff'],
  ['#be123c', '#fb7185', '#ffe4e6'],
  ['#c2410c', '#fb923c', '#ffedd5'],
  ['#15803d', '#4ade80', '#dcfce7'],
  ['#0e7490', '#22d3ee', '#cffafe'],
  ['#334155', '#94a3b8', '#f1f5f9'],
];

const FONT = "'PingFang SC','Hiragino Sans GB','Microsoft YaHei','Noto Sans CJK SC','Source Han Sans SC',system-ui,sans-serif";

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

function motif(kind: CoverKind, w: number, h: number, light: string, r: ReturnType<typeof createRng>): string {
  const s = Math.min(w, h);
  switch (kind) {
    case 'course': {
      const cx = w * 0.78;
      const cy = h * 0.5;
      const rad = s * 0.2;
      return `<circle cx="${cx}" cy="${cy}" r="${rad}" fill="${light}" fill-opacity=".25"/>
<path d="M${cx - rad * 0.3} ${cy - rad * 0.45} L${cx + rad * 0.5} ${cy} L${cx - rad * 0.3} ${cy + rad * 0.45}Z" fill="#fff" fill-opacity=".9"/>`;
    }
    case 'live':
    case 'live-preview': {
      const cx = w * 0.8;
      const cy = h * 0.42;
      const rings = [0.1, 0.18, 0.26]
        .map((k, i) => {
          const anim =
            kind === 'live-preview'
              ? `<animate attributeName="stroke-opacity" values=".9;.1;.9" dur="1.6s" begin="${i * 0.3}s" repeatCount="indefinite"/>`
              : '';
          return `<circle cx="${cx}" cy="${cy}" r="${s * k}" fill="none" stroke="#fff" stroke-width="${s * 0.02}" stroke-opacity=".5">${anim}</circle>`;
        })
        .join('');
      return `${rings}<circle cx="${cx}" cy="${cy}" r="${s * 0.05}" fill="#fff"/>`;
    }
    case 'news': {
      const lines = Array.from({ length: 4 }, (_, i) => {
        const lw = w * (0.3 + r.next() * 0.25);
        return `<rect x="${w * 0.55}" y="${h * (0.3 + i * 0.12)}" width="${lw * 0.6}" height="${h * 0.045}" rx="${h * 0.02}" fill="#fff" fill-opacity=".35"/>`;
      }).join('');
      return `${lines}<rect x="${w * 0.08}" y="${h * 0.25}" width="${w * 0.36}" height="${h * 0.5}" rx="${s * 0.04}" fill="${light}" fill-opacity=".25"/>`;
    }
    case 'speaker':
      return `<circle cx="${w / 2}" cy="${h * 0.4}" r="${s * 0.19}" fill="#fff" fill-opacity=".85"/>
<path d="M${w * 0.16} ${h} Q${w / 2} ${h * 0.5} ${w * 0.84} ${h}Z" fill="#fff" fill-opacity=".85"/>`;
    case 'column':
      return [0, 1, 2]
        .map(
          (i) =>
            `<rect x="${w * (0.52 + i * 0.06)}" y="${h * (0.2 + i * 0.08)}" width="${w * 0.32}" height="${h * 0.5}" rx="${s * 0.03}" fill="#fff" fill-opacity="${0.2 + i * 0.2}"/>`,
        )
        .join('');
    case 'special':
    case 'banner': {
      // A field of medical crosses.
      const size = s * (kind === 'banner' ? 0.16 : 0.12);
      let out = '';
      for (let i = 0; i < 7; i++) {
        const x = w * (0.45 + r.next() * 0.5);
        const y = h * (0.1 + r.next() * 0.75);
        const k = size * (0.5 + r.next());
        out += `<path d="M${x - k * 0.17} ${y - k / 2}h${k * 0.34}v${k * 0.33}h${k * 0.33}v${k * 0.34}h-${k * 0.33}v${k * 0.33}h-${k * 0.34}v-${k * 0.33}h-${k * 0.33}v-${k * 0.34}h${k * 0.33}z" fill="#fff" fill-opacity="${(0.12 + r.next() * 0.25).toFixed(2)}"/>`;
      }
      return `<path d="M0 ${h * 0.78} C${w * 0.3} ${h * 0.62} ${w * 0.6} ${h * 0.95} ${w} ${h * 0.7} V${h} H0Z" fill="#fff" fill-opacity=".12"/>${out}`;
    }
    case 'paper':
      return `<rect x="${w * 0.62}" y="${h * 0.15}" width="${w * 0.26}" height="${h * 0.7}" rx="${s * 0.03}" fill="#fff" fill-opacity=".8"/>`;
    case 'logo':
    case 'icon':
      return `<circle cx="${w * 0.82}" cy="${h * 0.18}" r="${s * 0.08}" fill="#fff" fill-opacity=".5"/>`;
  }
}

/** Deterministic SVG for (kind, seed, label): same input, byte-identical output. */
export function coverSvg(kind: CoverKind, seed: string, label?: string): string {
  const [w, h] = COVER_KINDS[kind];
  const r = createRng(hashString(`${kind}:${seed}`));
  const [dark, mid, light] = r.pick(PALETTES);
  const angle = r.int(0, 359);
  const s = Math.min(w, h);
  const text = label ? esc([...label].slice(0, 24).join('')) : '';
  let labelSvg = '';
  if (text) {
    const centred = kind === 'speaker' || kind === 'logo' || kind === 'icon';
    const chars = [...text].length;
    // A centred label shrinks past six characters so it stays inside the square (about 0.7 em per bold Latin letter, with a margin).
    const size = centred ? s * (chars <= 2 ? 0.42 : Math.min(0.22, 1.2 / chars)) : Math.min(h * 0.13, (w * 0.5) / Math.max(chars * 0.7, 1));
    labelSvg = centred
      ? `<text x="50%" y="${kind === 'speaker' ? 88 : 62}%" text-anchor="middle" font-family="${FONT}" font-size="${size.toFixed(1)}" font-weight="700" fill="${kind === 'speaker' ? dark : '#fff'}">${text}</text>`
      : `<text x="${(w * 0.07).toFixed(1)}" y="${(h * 0.58).toFixed(1)}" font-family="${FONT}" font-size="${size.toFixed(1)}" font-weight="700" fill="#fff">${text}</text>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img">
<defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>
${motif(kind, w, h, light, r)}
${labelSvg}
</svg>`;
}

/** Relative URL of a generated image, as stored in content rows. */
export function coverUrl(kind: CoverKind, seed: string, label?: string): string {
  const base = `/media/cover/${kind}/${encodeURIComponent(seed)}.svg`;
  return label ? `${base}?label=${encodeURIComponent(label)}` : base;
}
