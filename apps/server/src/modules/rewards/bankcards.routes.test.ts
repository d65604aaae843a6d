import { Writable } from 'node:stream';
import { BANKCARD_MAX_PER_USER, BankCard, BankCardList, CheckBankCardData, ErrorCode } from '@medportal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { cardNumber } from '../../../test/cards.ts';
import { bearer, call, makeUser, type MadeUser } from '../../../test/factories.ts';
import { loadConfig } from '../../config.ts';
import { bankCards } from '../../db/schema/index.ts';
import { BANKS } from './bank-bins.ts';
import { CardVault, lookupBin, luhnValid } from './bank-cards.ts';

let app: FastifyInstance;
let logged = '';
const stream = new Writable({
  write(chunk, _enc, done) {
    logged += String(chunk);
    done();
  },
});

beforeAll(async () => {
  app = await buildTestApp({ seed: false, logger: undefined, logStream: stream });
});
afterAll(async () => {
  await app?.close();
});

const send = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, u?: MadeUser, payload?: object) =>
  call<T>(app, { method, url, headers: u ? bearer(u.access) : {}, ...(payload ? { payload } : {}) });
const add = (u: MadeUser, number: string, extra: object = {}) =>
  send<unknown>('POST', '/v1/user/bankcard', u, { holder_name: '张三', card_number: number, mobile: '13800138000', ...extra });

describe('card numbers', () => {
  it('Luhn accepts real-shaped numbers and refuses a changed digit', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    const n = cardNumber('622848');
    expect(luhnValid(n)).toBe(true);
    expect(luhnValid(`${n.slice(0, 10)}${(Number(n[10]) + 1) % 10}${n.slice(11)}`)).toBe(false);
  });

  it('the BIN table names the fifteen banks, each BIN once', () => {
    expect(BANKS.map((b) => b.code)).toEqual(['ICBC', 'CCB', 'ABC', 'BOC', 'BOCOM', 'CMB', 'PSBC', 'CITIC', 'CEB', 'CMBC', 'CIB', 'SPDB', 'PAB', 'GDB', 'HXB']);
    const all = BANKS.flatMap((b) => [...b.debit, ...b.credit]);
    expect(new Set(all).size).toBe(all.length);
    expect(lookupBin('6222021234567890123')).toMatchObject({ bank: { code: 'ICBC' }, cardType: 'debit' });
    expect(lookupBin('6225881234567890')).toMatchObject({ bank: { code: 'CMB' }, cardType: 'debit' });
    expect(lookupBin('6225761234567890')).toMatchObject({ bank: { code: 'CMB' }, cardType: 'credit' });
    expect(lookupBin('4111111111111111')).toBeNull();
  });

  it('POST /v1/user/check_bankcard names the bank, or says why not', async () => {
    const u = await makeUser(app);
    const ok = await send<unknown>('POST', '/v1/user/check_bankcard?language=en', u, { card_number: cardNumber('621700', 19).replace(/(\d{4})/g, '$1 ') });
    expect(CheckBankCardData.parse(ok.data)).toMatchObject({ bank_code: 'CCB', bank_name: 'China Construction Bank', card_type: 'debit' });
    expect((await send<unknown>('POST', '/v1/user/check_bankcard', u, { card_number: cardNumber('622588', 16) })).data).toMatchObject({
      bank_name: '招商银行',
      masked_number: expect.stringMatching(/^6225 \*{4} \*{4} \d{4}$/),
    });
    const bad = cardNumber('622848');
    expect((await send('POST', '/v1/user/check_bankcard', u, { card_number: `${bad.slice(0, -1)}${(Number(bad.at(-1)) + 1) % 10}` })).code).toBe(ErrorCode.BANKCARD_INVALID);
    expect((await send('POST', '/v1/user/check_bankcard', u, { card_number: '4111111111111111' })).code).toBe(ErrorCode.BANKCARD_UNSUPPORTED);
    expect((await send('POST', '/v1/user/check_bankcard', u, { card_number: '6222abc' })).code).toBe(ErrorCode.VALIDATION);
    expect((await send('POST', '/v1/user/check_bankcard', undefined, { card_number: cardNumber('622848') })).code).toBe(ErrorCode.NOT_LOGGED_IN);
  });
});

describe('bank cards', () => {
  it('adds a card sealed at rest, shows it masked, and never logs or stores the clear number', async () => {
    const u = await makeUser(app);
    const number = cardNumber('622202', 19, '4725913');
    const res = await add(u, number, { mobile: '138 0013 8000'.replace(/ /g, ''), country_code: '+86' });
    expect(res.code).toBe(0);
    const card = BankCard.parse(res.data);
    expect(card).toMatchObject({ bank_code: 'ICBC', bank_name: '中国工商银行', card_type: 'debit', holder_name: '张三', last4: number.slice(-4), mobile: '138****8000', is_default: true });
    expect(card.masked_number).toBe(`6222 **** **** ${number.slice(-4)}`);
    expect(JSON.stringify(res)).not.toContain(number.slice(0, 10));

    const [row] = await app.db.select().from(bankCards).where(eq(bankCards.id, card.id));
    expect(row).toBeDefined();
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(number);
    expect(stored).not.toContain(number.slice(6, 15));
    expect(row!.mobile).toBe('+8613800138000');
    // The sealed number opens with the configured key and with no other.
    const key = Buffer.alloc(32, 7);
    const other = new CardVault(key);
    expect(() => other.open(row!.numberSealed)).toThrow();
    // Sealing twice gives different ciphertexts (fresh IVs), one hash.
    expect(other.seal(number)).not.toBe(other.seal(number));
    expect(other.hash(number)).toBe(other.hash(number));

    // A failing request with the number in it: still absent from the logs.
    await add(u, number);
    await send('POST', '/v1/user/check_bankcard', u, { card_number: `${number}x` });
    expect(logged.length).toBeGreaterThan(100);
    expect(logged).not.toContain(number);
  });

  it('refuses the same card twice, bad numbers, bad mobiles, and more than the limit', async () => {
    const u = await makeUser(app);
    const n = cardNumber('622848');
    expect((await add(u, n)).code).toBe(0);
    expect((await add(u, n.replace(/(\d{4})/g, '$1-'))).code).toBe(ErrorCode.BANKCARD_DUPLICATE);
    expect((await add(u, '4111111111111111')).code).toBe(ErrorCode.BANKCARD_UNSUPPORTED);
    expect((await add(u, `${n.slice(0, -1)}${(Number(n.at(-1)) + 3) % 10}`)).code).toBe(ErrorCode.BANKCARD_INVALID);
    expect((await add(u, cardNumber('621661'), { mobile: '12345' })).code).toBe(ErrorCode.VALIDATION);
    expect((await add(u, cardNumber('621661'), { holder_name: '' })).code).toBe(ErrorCode.VALIDATION);
    // Another user may add the same card.
    expect((await add(await makeUser(app), n)).code).toBe(0);
    const prefixes = ['621661', '622260', '621799', '622690', '622660', '622615'];
    for (const p of prefixes.slice(0, BANKCARD_MAX_PER_USER - 1)) expect((await add(u, cardNumber(p))).code).toBe(0);
    expect((await add(u, cardNumber(prefixes[BANKCARD_MAX_PER_USER - 1]!))).code).toBe(ErrorCode.BANKCARD_LIMIT);
  });

  it('keeps one default, updates holder and mobile, removes cards, and hides other users’ cards', async () => {
    const u = await makeUser(app);
    const a = BankCard.parse((await add(u, cardNumber('622588', 16))).data);
    const b = BankCard.parse((await add(u, cardNumber('622155'))).data);
    expect([a.is_default, b.is_default]).toEqual([true, false]);
    const c = BankCard.parse((await add(u, cardNumber('622630'), { is_default: true })).data);
    let list = BankCardList.parse((await send<unknown>('GET', '/v1/user/bankcard?language=en', u)).data);
    expect(list.items.map((x) => [x.id, x.is_default])).toEqual([
      [c.id, true],
      [a.id, false],
      [b.id, false],
    ]);
    expect(list.items[0]?.bank_name).toBe('Hua Xia Bank');

    list = BankCardList.parse((await send<unknown>('PUT', `/v1/user/bankcard/${b.id}/default`, u)).data);
    expect(list.items.filter((x) => x.is_default).map((x) => x.id)).toEqual([b.id]);

    const updated = await send<unknown>('PUT', `/v1/user/bankcard/${a.id}`, u, { holder_name: '李四', mobile: '13900139000' });
    expect(BankCard.parse(updated.data)).toMatchObject({ holder_name: '李四', mobile: '139****9000' });

    // Removing the default passes the flag to the oldest remaining card.
    list = BankCardList.parse((await send<unknown>('DELETE', `/v1/user/bankcard/${b.id}`, u)).data);
    expect(list.items.map((x) => [x.id, x.is_default])).toEqual([
      [a.id, true],
      [c.id, false],
    ]);
    // A removed card can be added again.
    expect((await add(u, cardNumber('622155'))).code).toBe(0);

    const stranger = await makeUser(app);
    expect((await send('PUT', `/v1/user/bankcard/${a.id}`, stranger, { holder_name: 'X' })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await send('PUT', `/v1/user/bankcard/${a.id}/default`, stranger)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await send('DELETE', `/v1/user/bankcard/${a.id}`, stranger)).code).toBe(ErrorCode.NOT_FOUND);
    expect(BankCardList.parse((await send<unknown>('GET', '/v1/user/bankcard', stranger)).data).items).toEqual([]);
  });

  it('two concurrent adds of the same card keep one', async () => {
    const u = await makeUser(app);
    const n = cardNumber('622700');
    const res = await Promise.all([add(u, n), add(u, n), add(u, n)]);
    expect(res.filter((r) => r.code === 0)).toHaveLength(1);
    expect(res.filter((r) => r.code === ErrorCode.BANKCARD_DUPLICATE)).toHaveLength(2);
  });
});

describe('CARD_ENCRYPTION_KEY', () => {
  it('is required in production and must be 32 bytes', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/CARD_ENCRYPTION_KEY: required in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', CARD_ENCRYPTION_KEY: 'short' })).toThrow(/CARD_ENCRYPTION_KEY: must be 32 bytes/);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://portal.example.com', CERT_SIGNING_KEY: '22'.repeat(32), CARD_ENCRYPTION_KEY: 'ab'.repeat(32) }).rewards.cardEncryptionKey).toEqual(Buffer.alloc(32, 0xab));
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://portal.example.com', CERT_SIGNING_KEY: '22'.repeat(32), CARD_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64') }).rewards.cardEncryptionKey).toEqual(Buffer.alloc(32, 1));
    expect(loadConfig({ NODE_ENV: 'development' }).rewards.cardEncryptionKey).toBeNull();
  });
});
