import { type ApiLanguage, BANKCARD_MAX_PER_USER, type BankCard, type BankCardBody, type BankCardUpdateBody, type CheckBankCardData, ErrorCode } from '@medportal/contract';
import type { z } from 'zod';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bankCards } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { canonicalMobile, parseE164 } from '../../lib/phone.ts';
import { maskMobile } from '../auth/index.ts';
import { type BinMatch, bankByCode, bankName, type CardVault, lookupBin, luhnValid, maskCardNumber } from './bank-cards.ts';

type CardRow = typeof bankCards.$inferSelect;

const notFound = () => new AppError(ErrorCode.NOT_FOUND);

/** A card number that passes Luhn and whose bank we know; the contract's errors otherwise. */
export function checkCardNumber(digits: string): BinMatch {
  if (!luhnValid(digits)) throw new AppError(ErrorCode.BANKCARD_INVALID);
  const match = lookupBin(digits);
  if (!match) throw new AppError(ErrorCode.BANKCARD_UNSUPPORTED);
  return match;
}

export function presentCard(row: CardRow, lang: ApiLanguage): BankCard {
  const bank = bankByCode(row.bankCode);
  const mobile = parseE164(row.mobile);
  return {
    id: row.id,
    bank_code: row.bankCode,
    bank_name: bank ? bankName(bank, lang) : row.bankCode,
    card_type: row.cardType,
    holder_name: row.holderName,
    masked_number: maskCardNumber(row.bin.slice(0, 4), row.last4),
    last4: row.last4,
    mobile: maskMobile(mobile?.national ?? row.mobile),
    is_default: row.isDefault,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Withdrawal accounts. Numbers are sealed before they reach a query (the clear number is never a
 * bound parameter, so it cannot end up in a logged query error), found again by their keyed hash.
 */
export class BankCardService {
  constructor(
    private readonly db: Db,
    private readonly vault: CardVault,
  ) {}

  check(digits: string, lang: ApiLanguage): CheckBankCardData {
    const m = checkCardNumber(digits);
    return { bank_code: m.bank.code, bank_name: bankName(m.bank, lang), card_type: m.cardType, masked_number: maskCardNumber(digits.slice(0, 4), digits.slice(-4)), last4: digits.slice(-4) };
  }

  async list(userId: number, lang: ApiLanguage): Promise<{ items: BankCard[] }> {
    const rows = await this.db
      .select()
      .from(bankCards)
      .where(and(eq(bankCards.userId, userId), isNull(bankCards.removedAt)))
      .orderBy(desc(bankCards.isDefault), asc(bankCards.id));
    return { items: rows.map((r) => presentCard(r, lang)) };
  }

  async add(userId: number, body: z.output<typeof BankCardBody>, lang: ApiLanguage): Promise<BankCard> {
    const digits = body.card_number;
    const match = checkCardNumber(digits);
    const mobile = this.mobile(body.mobile, body.country_code, lang);
    const hash = this.vault.hash(digits);
    const row = await this.db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const active = and(eq(bankCards.userId, userId), isNull(bankCards.removedAt));
      const [dup] = await tx.select({ id: bankCards.id }).from(bankCards).where(and(active, eq(bankCards.numberHash, hash)));
      if (dup) throw new AppError(ErrorCode.BANKCARD_DUPLICATE);
      const [counted] = await tx.select({ n: count() }).from(bankCards).where(active);
      const n = counted?.n ?? 0;
      if (n >= BANKCARD_MAX_PER_USER) throw new AppError(ErrorCode.BANKCARD_LIMIT);
      // The first card is the default; a new default takes the flag from the old one.
      const makeDefault = body.is_default || n === 0;
      if (makeDefault) await tx.update(bankCards).set({ isDefault: false }).where(and(active, eq(bankCards.isDefault, true)));
      const [inserted] = await tx
        .insert(bankCards)
        .values({
          userId,
          holderName: body.holder_name,
          numberSealed: this.vault.seal(digits),
          numberHash: hash,
          bin: digits.slice(0, 6),
          last4: digits.slice(-4),
          numberLength: digits.length,
          bankCode: match.bank.code,
          cardType: match.cardType,
          mobile,
          isDefault: makeDefault,
        })
        .returning();
      return inserted!;
    });
    return presentCard(row, lang);
  }

  async update(userId: number, id: number, body: z.output<typeof BankCardUpdateBody>, lang: ApiLanguage): Promise<BankCard> {
    const set: Partial<typeof bankCards.$inferInsert> = {};
    if (body.holder_name !== undefined) set.holderName = body.holder_name;
    if (body.mobile !== undefined) set.mobile = this.mobile(body.mobile, body.country_code, lang);
    const where = and(eq(bankCards.id, id), eq(bankCards.userId, userId), isNull(bankCards.removedAt));
    const [row] = Object.keys(set).length
      ? await this.db.update(bankCards).set(set).where(where).returning()
      : await this.db.select().from(bankCards).where(where);
    if (!row) throw notFound();
    return presentCard(row, lang);
  }

  async setDefault(userId: number, id: number, lang: ApiLanguage): Promise<{ items: BankCard[] }> {
    await this.db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const active = and(eq(bankCards.userId, userId), isNull(bankCards.removedAt));
      const [card] = await tx.select({ id: bankCards.id }).from(bankCards).where(and(active, eq(bankCards.id, id)));
      if (!card) throw notFound();
      await tx.update(bankCards).set({ isDefault: false }).where(and(active, eq(bankCards.isDefault, true)));
      await tx.update(bankCards).set({ isDefault: true }).where(eq(bankCards.id, id));
    });
    return this.list(userId, lang);
  }

  /** Removes a card (kept for the withdrawals that name it); the next oldest card becomes the default. */
  async remove(userId: number, id: number, lang: ApiLanguage): Promise<{ items: BankCard[] }> {
    await this.db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const active = and(eq(bankCards.userId, userId), isNull(bankCards.removedAt));
      const [card] = await tx.update(bankCards).set({ removedAt: new Date(), isDefault: false }).where(and(active, eq(bankCards.id, id))).returning();
      if (!card) throw notFound();
      if (card.isDefault || !(await tx.select({ id: bankCards.id }).from(bankCards).where(and(active, eq(bankCards.isDefault, true)))).length) {
        const [next] = await tx.select({ id: bankCards.id }).from(bankCards).where(active).orderBy(asc(bankCards.id)).limit(1);
        if (next) await tx.update(bankCards).set({ isDefault: true }).where(eq(bankCards.id, next.id));
      }
    });
    return this.list(userId, lang);
  }

  /** An active card of the user, or NOT_FOUND. */
  async get(db: Db | Tx, userId: number, id: number): Promise<CardRow> {
    const [row] = await db.select().from(bankCards).where(and(eq(bankCards.id, id), eq(bankCards.userId, userId), isNull(bankCards.removedAt)));
    if (!row) throw notFound();
    return row;
  }

  private mobile(mobile: string, countryCode: string, lang: ApiLanguage): string {
    const m = canonicalMobile(mobile, countryCode);
    if (!m) throw fieldError(lang, 'mobile', { zh: '手机号格式不正确', en: 'is not a valid mobile number' });
    return m.e164;
  }
}

/** Serialises one user's card changes (count limit, one default) without a table of our own to lock. */
export async function lockUser(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${7301}, ${userId})`);
}
