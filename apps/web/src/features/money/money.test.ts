import { describe, expect, it } from 'vitest';
import { luhnValid } from './api/money';
import { parseYuan } from './components/parts';

describe('money input', () => {
  it('reads yuan with at most two decimals as integer fen', () => {
    expect(parseYuan('12')).toBe(1200);
    expect(parseYuan('12.5')).toBe(1250);
    expect(parseYuan(' 0.07 ')).toBe(7);
    expect(parseYuan('19.99')).toBe(1999);
    expect(parseYuan('1.234')).toBeNull();
    expect(parseYuan('-3')).toBeNull();
    expect(parseYuan('1e3')).toBeNull();
    expect(parseYuan('')).toBeNull();
  });

  it('checks card numbers with the Luhn digit', () => {
    expect(luhnValid('6222020200000000006')).toBe(true);
    expect(luhnValid('6222020200000000001')).toBe(false);
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('41111111111')).toBe(false);
    expect(luhnValid('4111 1111 1111 1111')).toBe(false);
  });
});
