import type { ApiLanguage } from '@medportal/contract';
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { BANKS, type Bank } from './bank-bins.ts';

/** The Luhn (mod 10) check digit rule every UnionPay, Visa and Mastercard number follows. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export interface BinMatch {
  bank: Bank;
  cardType: 'debit' | 'credit';
  bin: string;
}

const byBin = new Map<string, BinMatch>();
for (const bank of BANKS) {
  for (const bin of bank.debit) byBin.set(bin, { bank, cardType: 'debit', bin });
  for (const bin of bank.credit) byBin.set(bin, { bank, cardType: 'credit', bin });
}

/** The bank of a card number by its longest known prefix (BINs are 6 digits here). */
export function lookupBin(digits: string): BinMatch | null {
  for (let len = Math.min(8, digits.length); len >= 5; len--) {
    const hit = byBin.get(digits.slice(0, len));
    if (hit) return hit;
  }
  return null;
}

export function bankByCode(code: string): Bank | undefined {
  return BANKS.find((b) => b.code === code);
}

export function bankName(bank: Bank, lang: ApiLanguage): string {
  return lang === 'en' ? bank.en : bank.zh;
}

/** "6222 **** **** 1234": first four and last four digits, the rest hidden. */
export function maskCardNumber(first4: string, last4: string): string {
  return `${first4} **** **** ${last4}`;
}

/**
 * Seals card numbers (AES-256-GCM, a fresh 96-bit IV each, the version in front so the key can be
 * rotated later) and hashes them with a key derived from the same secret (HMAC-SHA-256), so the
 * same card can be found without decrypting every row.
 */
export class CardVault {
  private readonly hashKey: Buffer;

  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('card encryption key must be 32 bytes');
    this.hashKey = Buffer.from(hkdfSync('sha256', key, 'medportal', 'card-number-hash', 32));
  }

  seal(digits: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(digits, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || !data) throw new Error('unknown card seal');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }

  hash(digits: string): string {
    return createHmac('sha256', this.hashKey).update(digits).digest('base64url');
  }
}

/** CARD_ENCRYPTION_KEY when configured; otherwise (never in production: config refuses) derived from the app secret. */
export function cardKey(configured: Buffer | null, appSecret: string): Buffer {
  return configured ?? Buffer.from(hkdfSync('sha256', appSecret, 'medportal', 'card-encryption-dev', 32));
}
