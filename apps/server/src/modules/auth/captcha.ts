import { randomInt } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { captchas } from '../../db/schema/index.ts';
import { hmac, randomToken, safeEqual } from '../../lib/crypto.ts';

/**
 * Image captchas drawn from a small stroke font: every glyph is a jittered path (no <text>, no
 * font), rotated and shifted, under noise curves and dots, so the SVG source does not spell the answer.
 */
type Stroke = ReadonlyArray<readonly [number, number]>;
const P_STROKE: Stroke = [[0, 6], [0, 0], [3, 0], [4, 1], [4, 2.2], [3, 3.2], [0, 3.2]];
const GLYPHS: Record<string, readonly Stroke[]> = {
  '2': [[[0, 1], [1, 0], [3, 0], [4, 1], [4, 2], [0, 6], [4, 6]]],
  '3': [[[0, 0], [4, 0], [2, 2.5], [3.5, 3], [4, 4.5], [3, 6], [1, 6], [0, 5]]],
  '4': [[[3, 6], [3, 0], [0, 4], [4, 4]]],
  '5': [[[4, 0], [0, 0], [0, 2.7], [3, 2.5], [4, 3.8], [3.5, 5.5], [2, 6], [0, 5.5]]],
  '6': [[[3.5, 0], [1, 1.5], [0, 4], [1, 6], [3, 6], [4, 4.5], [3, 3], [1, 3], [0, 4]]],
  '7': [[[0, 0], [4, 0], [1.5, 6]]],
  '8': [[[2, 3], [0.5, 2], [0.5, 0.8], [2, 0], [3.5, 0.8], [3.5, 2], [2, 3], [0, 4.5], [1, 6], [3, 6], [4, 4.5], [2, 3]]],
  '9': [[[4, 2], [3, 3], [1, 3], [0, 1.5], [1, 0], [3, 0], [4, 1.5], [4, 3.5], [2.5, 6], [0.5, 6]]],
  A: [[[0, 6], [2, 0], [4, 6]], [[1, 3.5], [3, 3.5]]],
  C: [[[4, 0.8], [3, 0], [1, 0], [0, 1.5], [0, 4.5], [1, 6], [3, 6], [4, 5.2]]],
  E: [[[4, 0], [0, 0], [0, 6], [4, 6]], [[0, 3], [3, 3]]],
  F: [[[4, 0], [0, 0], [0, 6]], [[0, 3], [3, 3]]],
  H: [[[0, 0], [0, 6]], [[4, 0], [4, 6]], [[0, 3], [4, 3]]],
  K: [[[0, 0], [0, 6]], [[4, 0], [0, 3.5]], [[1.3, 2.7], [4, 6]]],
  M: [[[0, 6], [0, 0], [2, 3.5], [4, 0], [4, 6]]],
  N: [[[0, 6], [0, 0], [4, 6], [4, 0]]],
  P: [P_STROKE],
  R: [P_STROKE, [[2, 3.2], [4, 6]]],
  T: [[[0, 0], [4, 0]], [[2, 0], [2, 6]]],
  U: [[[0, 0], [0, 4.8], [1, 6], [3, 6], [4, 4.8], [4, 0]]],
  W: [[[0, 0], [1, 6], [2, 2.5], [3, 6], [4, 0]]],
  X: [[[0, 0], [4, 6]], [[4, 0], [0, 6]]],
  Y: [[[0, 0], [2, 3], [4, 0]], [[2, 3], [2, 6]]],
};
const ALPHABET = Object.keys(GLYPHS);
export const CAPTCHA_LENGTH = 4;
export const CAPTCHA_TTL_S = 300;
const W = 120;
const H = 40;

const rnd = (min: number, max: number) => min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
const f = (n: number) => n.toFixed(1);
const colour = () => `hsl(${randomInt(0, 360)},${randomInt(45, 75)}%,${randomInt(25, 45)}%)`;

export function randomAnswer(): string {
  return Array.from({ length: CAPTCHA_LENGTH }, () => ALPHABET[randomInt(0, ALPHABET.length)]).join('');
}

/** SVG markup of `answer`: one jittered path per glyph stroke. */
export function captchaSvg(answer: string): string {
  const parts: string[] = [];
  for (let i = 0; i < 5; i++) {
    parts.push(
      `<path d="M${f(rnd(0, 10))} ${f(rnd(0, H))}C${f(rnd(20, 50))} ${f(rnd(0, H))} ${f(rnd(70, 100))} ${f(rnd(0, H))} ${f(rnd(110, W))} ${f(rnd(0, H))}" stroke="${colour()}" stroke-width="${f(rnd(0.8, 1.6))}" fill="none"/>`,
    );
  }
  [...answer].forEach((ch, i) => {
    const strokes = GLYPHS[ch] ?? [];
    const scale = rnd(3.8, 4.6);
    const angle = rnd(-0.35, 0.35);
    const cx = 16 + i * 27 + rnd(-3, 3);
    const cy = H / 2 + rnd(-3, 3);
    const skew = rnd(-0.25, 0.25);
    const place = ([x, y]: readonly [number, number]): [number, number] => {
      const px = (x - 2 + skew * (y - 3)) * scale + rnd(-0.9, 0.9);
      const py = (y - 3) * scale + rnd(-0.9, 0.9);
      return [cx + px * Math.cos(angle) - py * Math.sin(angle), cy + px * Math.sin(angle) + py * Math.cos(angle)];
    };
    const colourOf = colour();
    for (const stroke of strokes) {
      // Each segment is split at a jittered midpoint, so straight strokes wobble.
      const pts: Array<[number, number]> = [];
      stroke.forEach((pt, k) => {
        const prev = stroke[k - 1];
        if (prev) pts.push(place([(prev[0] + pt[0]) / 2 + rnd(-0.25, 0.25), (prev[1] + pt[1]) / 2 + rnd(-0.25, 0.25)]));
        pts.push(place(pt));
      });
      const d = pts.map(([x, y], k) => `${k === 0 ? 'M' : 'L'}${f(x)} ${f(y)}`).join('');
      parts.push(`<path d="${d}" stroke="${colourOf}" stroke-width="${f(rnd(2.2, 3))}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`);
    }
  });
  for (let i = 0; i < 40; i++) {
    parts.push(`<circle cx="${f(rnd(0, W))}" cy="${f(rnd(0, H))}" r="${f(rnd(0.4, 1.2))}" fill="${colour()}"/>`);
  }
  // Shuffle so glyph paths are not in reading order in the source.
  for (let i = parts.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [parts[i], parts[j]] = [parts[j] as string, parts[i] as string];
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><rect width="${W}" height="${H}" fill="#f4f6f8"/>${parts.join('')}</svg>`;
}

export class Captchas {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly now: () => Date,
    /** Keep the plain answer for the development route (never in production). */
    private readonly keepDevAnswer: boolean,
  ) {}

  private hash(key: string, answer: string): string {
    return hmac(this.secret, 'captcha', key, answer.toUpperCase());
  }

  async create(): Promise<{ captcha_key: string; image: string }> {
    const now = this.now();
    // Opportunistic clean-up keeps the table small without a scheduler.
    await this.db.delete(captchas).where(lt(captchas.expiresAt, now));
    const key = randomToken(18);
    const answer = randomAnswer();
    await this.db.insert(captchas).values({
      key,
      answerHash: this.hash(key, answer),
      devAnswer: this.keepDevAnswer ? answer : null,
      expiresAt: new Date(now.getTime() + CAPTCHA_TTL_S * 1000),
      createdAt: now,
    });
    return { captcha_key: key, image: `data:image/svg+xml;base64,${Buffer.from(captchaSvg(answer)).toString('base64')}` };
  }

  /** Checks and spends a captcha: one attempt each, right or wrong. */
  async verify(key: string, answer: string): Promise<boolean> {
    const [row] = await this.db.delete(captchas).where(eq(captchas.key, key)).returning();
    if (!row || row.expiresAt <= this.now()) return false;
    return safeEqual(row.answerHash, this.hash(key, answer.trim()));
  }

  async devAnswer(key: string): Promise<string | null> {
    const [row] = await this.db.select({ devAnswer: captchas.devAnswer }).from(captchas).where(eq(captchas.key, key));
    return row?.devAnswer ?? null;
  }
}
