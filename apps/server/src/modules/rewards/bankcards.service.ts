import { type ApiLanguage, BANKCARD_MAX_PER_USER, type BankCard, type BankCardBody, type BankCardUpdateBody, type CheckBankCardData, ErrorCode } from '@medportal/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { canonicalMobile, parseE164 } from '../../lib/phone.ts';
import { maskMobile } from '../auth/index.ts';
import { type BinMatch, bankByCode, bankName, type CardVault, lookupBin, luhnValid, maskCardNumber } from './bank-cards.ts';
import * as repo from './bankcards.repository.ts';
import { type CardRow, lockUser } from './bankcards.repository.ts';

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
    const rows = await repo.activeCards(this.db, userId);
    return { items: rows.map((r) => presentCard(r, lang)) };
  }

  async add(userId: number, body: z.output<typeof BankCardBody>, lang: ApiLanguage): Promise<BankCard> {
    const digits = body.card_number;
    const match = checkCardNumber(digits);
    const mobile = this.mobile(body.mobile, body.country_code, lang);
    const hash = this.vault.hash(digits);
    const row = await this.db.transaction(async (tx) => {
      await lockUser(tx, userId);
      if (await repo.hasActiveNumber(tx, userId, hash)) throw new AppError(ErrorCode.BANKCARD_DUPLICATE);
      const n = await repo.activeCount(tx, userId);
      if (n >= BANKCARD_MAX_PER_USER) throw new AppError(ErrorCode.BANKCARD_LIMIT);
      // The first card is the default; a new default takes the flag from the old one.
      const makeDefault = body.is_default || n === 0;
      if (makeDefault) await repo.clearDefault(tx, userId);
      return repo.insertCard(tx, {
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
      });
    });
    return presentCard(row, lang);
  }

  async update(userId: number, id: number, body: z.output<typeof BankCardUpdateBody>, lang: ApiLanguage): Promise<BankCard> {
    const set: Parameters<typeof repo.updateCard>[3] = {};
    if (body.holder_name !== undefined) set.holderName = body.holder_name;
    if (body.mobile !== undefined) set.mobile = this.mobile(body.mobile, body.country_code, lang);
    const row = Object.keys(set).length ? await repo.updateCard(this.db, userId, id, set) : await repo.activeCard(this.db, userId, id);
    if (!row) throw notFound();
    return presentCard(row, lang);
  }

  async setDefault(userId: number, id: number, lang: ApiLanguage): Promise<{ items: BankCard[] }> {
    await this.db.transaction(async (tx) => {
      await lockUser(tx, userId);
      if (!(await repo.activeCard(tx, userId, id))) throw notFound();
      await repo.clearDefault(tx, userId);
      await repo.setDefault(tx, id);
    });
    return this.list(userId, lang);
  }

  /** Removes a card (kept for the withdrawals that name it); the next oldest card becomes the default. */
  async remove(userId: number, id: number, lang: ApiLanguage): Promise<{ items: BankCard[] }> {
    await this.db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const card = await repo.removeCard(tx, userId, id, new Date());
      if (!card) throw notFound();
      if (card.isDefault || !(await repo.hasDefault(tx, userId))) {
        const next = await repo.oldestActive(tx, userId);
        if (next !== null) await repo.setDefault(tx, next);
      }
    });
    return this.list(userId, lang);
  }

  /** An active card of the user, or NOT_FOUND. */
  async get(db: Db | Tx, userId: number, id: number): Promise<CardRow> {
    const row = await repo.activeCard(db, userId, id);
    if (!row) throw notFound();
    return row;
  }

  private mobile(mobile: string, countryCode: string, lang: ApiLanguage): string {
    const m = canonicalMobile(mobile, countryCode);
    if (!m) throw fieldError(lang, 'mobile', { zh: '手机号格式不正确', en: 'is not a valid mobile number' });
    return m.e164;
  }
}
