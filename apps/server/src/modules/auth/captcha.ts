import { createChallenge, randomInt, solveChallenge, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { captchas } from '../../db/schema/index.ts';
import { hmac, randomToken, safeEqual } from '../../lib/crypto.ts';

/**
 * Human checks are ALTCHA proof-of-work challenges (decision 0040): the browser searches for the
 * counter whose PBKDF2 key starts with the given prefix. Nothing in the answer to read; a solver
 * has to spend the work, once per challenge, and each challenge is single use.
 */
export const CAPTCHA_TTL_S = 300;
/** PBKDF2-SHA-256 iterations per try, and the range the secret counter is drawn from (tries). */
export const CAPTCHA_COST = 1_000;
export const CAPTCHA_COUNTER: readonly [number, number] = [500, 2_000];
const ALGORITHM = 'PBKDF2/SHA-256';

export class Captchas {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly now: () => Date,
    /** Keep the solved payload for the development route (never in production). */
    private readonly keepDevAnswer: boolean,
  ) {}

  private get signatureSecret(): string {
    return hmac(this.secret, 'altcha-signature');
  }

  private get keySecret(): string {
    return hmac(this.secret, 'altcha-key');
  }

  private hash(key: string, signature: string): string {
    return hmac(this.secret, 'captcha', key, signature);
  }

  async create(): Promise<{ captcha_key: string; challenge: Challenge & { signature: string } }> {
    const now = this.now();
    // Opportunistic clean-up keeps the table small without a scheduler.
    await this.db.delete(captchas).where(lt(captchas.expiresAt, now));
    const key = randomToken(18);
    // Deterministic mode: the server picks the counter, so it checks a solution by the key's
    // signature instead of deriving it again.
    const counter = randomInt(CAPTCHA_COUNTER[0], CAPTCHA_COUNTER[1]);
    const challenge = await createChallenge({
      algorithm: ALGORITHM,
      cost: CAPTCHA_COST,
      counter,
      deriveKey,
      data: { k: key },
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySecret,
    });
    const signature = challenge.signature ?? '';
    let devAnswer: string | null = null;
    if (this.keepDevAnswer) {
      // Starting at the known counter, the library's own solver finds it at the first try.
      const solution = await solveChallenge({ challenge, deriveKey, counterStart: counter });
      devAnswer = solution ? encodePayload({ challenge, solution }) : null;
    }
    await this.db.insert(captchas).values({
      key,
      answerHash: this.hash(key, signature),
      devAnswer,
      expiresAt: new Date(now.getTime() + CAPTCHA_TTL_S * 1000),
      createdAt: now,
    });
    return { captcha_key: key, challenge: { parameters: challenge.parameters, signature } };
  }

  /** Checks and spends a challenge: one attempt each, right or wrong. */
  async verify(key: string, answer: string): Promise<boolean> {
    const [row] = await this.db.delete(captchas).where(eq(captchas.key, key)).returning();
    if (!row || row.expiresAt <= this.now()) return false;
    const payload = decodePayload(answer.trim());
    if (!payload || payload.challenge.parameters.data?.k !== key) return false;
    if (!safeEqual(row.answerHash, this.hash(key, payload.challenge.signature ?? ''))) return false;
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySecret,
    });
    return result.verified;
  }

  async devAnswer(key: string): Promise<string | null> {
    const [row] = await this.db.select({ devAnswer: captchas.devAnswer }).from(captchas).where(eq(captchas.key, key));
    return row?.devAnswer ?? null;
  }
}

const encodePayload = (p: Payload): string => Buffer.from(JSON.stringify(p)).toString('base64');

/** ALTCHA's payload (base64 JSON); null when it is not one. */
function decodePayload(text: string): Payload | null {
  try {
    const p = JSON.parse(Buffer.from(text, 'base64').toString('utf8')) as Partial<Payload> | null;
    const params = p?.challenge?.parameters;
    const solution = p?.solution;
    if (!params || typeof params !== 'object' || typeof p?.challenge?.signature !== 'string') return null;
    if (!solution || typeof solution.counter !== 'number' || typeof solution.derivedKey !== 'string') return null;
    if (params.algorithm !== ALGORITHM || params.cost !== CAPTCHA_COST) return null;
    return p as Payload;
  } catch {
    return null;
  }
}
