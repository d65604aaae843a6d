import { randomInt } from 'node:crypto';
import { CODE_RESEND_SECONDS, CODE_TTL_SECONDS, ErrorCode, type ApiLanguage, VERIFY_CODE_LENGTH } from '@medportal/contract';
import { and, asc, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { verificationCodes } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { fieldError } from '../../lib/app-error.ts';
import { hmac, safeEqual } from '../../lib/crypto.ts';
import { type CanonicalMobile, canonicalCountryCode, canonicalMobile } from '../../lib/phone.ts';
import { codeMessageText, type MessageOutbox } from '../messages/index.ts';

export const CODE_MAX_ATTEMPTS = 5;
export const CODE_DAILY_PER_RECIPIENT = 10;
export const CODE_DAILY_PER_IP = 50;
const DAY_MS = 86_400_000;

/** Where a code goes: the canonical recipient key plus the address to deliver to. */
export interface Recipient {
  channel: 'sms' | 'email';
  /** E.164 (`+8613800138000`) or a lower-case email: how codes, limits and identities are keyed. */
  key: string;
  to: string;
  countryCode?: string;
}

export const e164Recipient = (m: CanonicalMobile): Recipient => ({ channel: 'sms', key: m.e164, to: m.e164, countryCode: m.countryCode });

/**
 * A typed mobile and calling code as a recipient: every spelling of one number (`86`, `086`,
 * `0086`, `+86`; a trunk prefix) is one recipient. VALIDATION when the calling code is unknown or
 * the number is not a mobile number of that country.
 */
export function mobileRecipient(mobile: string, countryCode: string, lang: ApiLanguage): Recipient {
  if (!canonicalCountryCode(countryCode)) throw fieldError(lang, 'country_code', { zh: '不是有效的国家或地区代码', en: 'is not a known calling code' });
  const m = canonicalMobile(mobile, countryCode);
  if (!m) throw fieldError(lang, 'mobile', { zh: '不是该国家或地区的有效手机号', en: 'is not a valid mobile number for this country' });
  return e164Recipient(m);
}

export const emailRecipient = (email: string): Recipient => ({ channel: 'email', key: email.trim().toLowerCase(), to: email.trim().toLowerCase() });

/**
 * SMS/email verification codes: 6 digits stored as an HMAC, expiring, single use, invalid after
 * 5 wrong tries; one send per recipient per CODE_RESEND_SECONDS, daily caps per recipient and per IP.
 */
export class VerificationCodes {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly outbox: MessageOutbox,
    private readonly now: () => Date,
  ) {}

  private hash(r: Recipient, scene: string, code: string): string {
    return hmac(this.secret, 'code', r.key, scene, code);
  }

  private limited(retryAfter: number): AppError {
    return new AppError(ErrorCode.RATE_LIMITED, { data: { retry_after: Math.max(1, Math.ceil(retryAfter)) } });
  }

  /**
   * Issues a code: stores its hash and queues the message in one transaction; the outbox worker
   * delivers it. The request never calls the provider nor looks for an account: with
   * `onlyToAccount` (reset-type scenes) the worker drops the message when no account has the
   * address, so known and unknown addresses take the same path and get the same answer.
   */
  async send(r: Recipient, scene: string, opts: { ip: string; lang: ApiLanguage; onlyToAccount: boolean }): Promise<{ resend_after: number; expires_in: number }> {
    const now = this.now();
    const code = Array.from({ length: VERIFY_CODE_LENGTH }, () => randomInt(0, 10)).join('');
    await this.db.transaction(async (tx) => {
      // Serialise sends to one recipient across processes (PostgreSQL); harmless on PGlite.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`code:${r.key}`}))`);
      // … and to one address, so the per-address count below cannot be read by two sends at once
      // (always after the recipient's lock: one order, no deadlock).
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`code-ip:${opts.ip}`}))`);
      const dayAgo = new Date(now.getTime() - DAY_MS);
      const [last] = await tx
        .select({ createdAt: verificationCodes.createdAt })
        .from(verificationCodes)
        .where(eq(verificationCodes.recipient, r.key))
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      if (last) {
        const wait = CODE_RESEND_SECONDS - (now.getTime() - last.createdAt.getTime()) / 1000;
        if (wait > 0) throw this.limited(wait);
      }
      const [perRecipient] = await tx
        .select({ n: count() })
        .from(verificationCodes)
        .where(and(eq(verificationCodes.recipient, r.key), gt(verificationCodes.createdAt, dayAgo)));
      if ((perRecipient?.n ?? 0) >= CODE_DAILY_PER_RECIPIENT) throw this.limited(await this.oldestWait(tx, 'recipient', r.key, dayAgo));
      const [perIp] = await tx
        .select({ n: count() })
        .from(verificationCodes)
        .where(and(eq(verificationCodes.ip, opts.ip), gt(verificationCodes.createdAt, dayAgo)));
      if ((perIp?.n ?? 0) >= CODE_DAILY_PER_IP) throw this.limited(await this.oldestWait(tx, 'ip', opts.ip, dayAgo));

      // A new code replaces older ones of the same scene.
      await tx
        .update(verificationCodes)
        .set({ consumedAt: now })
        .where(and(eq(verificationCodes.recipient, r.key), eq(verificationCodes.scene, scene), isNull(verificationCodes.consumedAt)));
      const expiresAt = new Date(now.getTime() + CODE_TTL_SECONDS * 1000);
      await tx.insert(verificationCodes).values({
        channel: r.channel,
        recipient: r.key,
        scene,
        codeHash: this.hash(r, scene, code),
        ip: opts.ip,
        expiresAt,
        createdAt: now,
      });
      await this.outbox.enqueue(tx, {
        channel: r.channel,
        to: r.to,
        ...(r.countryCode ? { countryCode: r.countryCode } : {}),
        text: codeMessageText(opts.lang, code, scene, CODE_TTL_SECONDS),
        code,
        scene,
        onlyToAccount: opts.onlyToAccount,
        deliverBefore: expiresAt,
      });
    });
    this.outbox.kick();
    return { resend_after: CODE_RESEND_SECONDS, expires_in: CODE_TTL_SECONDS };
  }

  private async oldestWait(tx: Parameters<Parameters<Db['transaction']>[0]>[0], by: 'recipient' | 'ip', value: string, since: Date): Promise<number> {
    const column = by === 'recipient' ? verificationCodes.recipient : verificationCodes.ip;
    const [oldest] = await tx
      .select({ createdAt: verificationCodes.createdAt })
      .from(verificationCodes)
      .where(and(eq(column, value), gt(verificationCodes.createdAt, since)))
      .orderBy(asc(verificationCodes.createdAt))
      .limit(1);
    return oldest ? (oldest.createdAt.getTime() + DAY_MS - this.now().getTime()) / 1000 : 60;
  }

  /**
   * Checks and spends a code: single use on every path that checks one. Each try first takes one
   * of the code's CODE_MAX_ATTEMPTS with a conditional update, then compares, so a burst of
   * concurrent guesses gets at most that many compared; the fifth wrong one invalidates the code.
   * A right answer spends it (a conditional update: two concurrent uses, one wins).
   */
  async check(r: Recipient, scene: string, code: string): Promise<boolean> {
    const now = this.now();
    const [latest] = await this.db
      .select({ id: verificationCodes.id })
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.recipient, r.key),
          eq(verificationCodes.scene, scene),
          isNull(verificationCodes.consumedAt),
          gt(verificationCodes.expiresAt, now),
        ),
      )
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    if (!latest) return false;
    const [row] = await this.db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(and(eq(verificationCodes.id, latest.id), isNull(verificationCodes.consumedAt), lt(verificationCodes.attempts, CODE_MAX_ATTEMPTS)))
      .returning({ codeHash: verificationCodes.codeHash, attempts: verificationCodes.attempts });
    if (!row) return false;
    if (!safeEqual(row.codeHash, this.hash(r, scene, code))) {
      if (row.attempts >= CODE_MAX_ATTEMPTS) {
        await this.db
          .update(verificationCodes)
          .set({ consumedAt: now })
          .where(and(eq(verificationCodes.id, latest.id), isNull(verificationCodes.consumedAt)));
      }
      return false;
    }
    const spent = await this.db
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(and(eq(verificationCodes.id, latest.id), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id });
    return spent.length === 1;
  }

  /** check(), throwing CODE_INVALID when it fails. */
  async require(r: Recipient, scene: string, code: string): Promise<void> {
    if (!(await this.check(r, scene, code))) throw new AppError(ErrorCode.CODE_INVALID);
  }
}
