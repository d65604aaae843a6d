import { describe, expect, it } from 'vitest';
import { luhnValid } from './api/rewards';

describe('rewards input', () => {
  it('checks card numbers with the Luhn digit', () => {
    expect(luhnValid('6222020200000000006')).toBe(true);
    expect(luhnValid('6222020200000000001')).toBe(false);
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('41111111111')).toBe(false);
    expect(luhnValid('4111 1111 1111 1111')).toBe(false);
  });
});
