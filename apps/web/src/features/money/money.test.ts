import { describe, expect, it } from 'vitest';
import { parseYuan } from './api/payment';

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
});
