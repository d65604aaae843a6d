import { describe, expect, it } from 'vitest';
import { chinaDateTime, chinaRfc3339, fenToYuan, parseChinaDateTime, yuanToFen } from './provider-support.ts';

describe('fen and yuan', () => {
  it('writes fen as the two-decimal yuan string the providers expect', () => {
    expect(fenToYuan(1)).toBe('0.01');
    expect(fenToYuan(10)).toBe('0.10');
    expect(fenToYuan(9900)).toBe('99.00');
    expect(fenToYuan(123456789)).toBe('1234567.89');
    expect(() => fenToYuan(1.5)).toThrow(RangeError);
    expect(() => fenToYuan(-1)).toThrow(RangeError);
  });

  it('reads yuan strings exactly, refusing anything finer than a fen', () => {
    expect(yuanToFen('0.10')).toBe(10);
    expect(yuanToFen('0.1')).toBe(10);
    expect(yuanToFen('88.88')).toBe(8888);
    expect(yuanToFen('12')).toBe(1200);
    // 0.29 * 100 is 28.999999999999996 in floating point; integer parsing is not fooled.
    expect(yuanToFen('0.29')).toBe(29);
    for (const bad of ['0.105', '-1.00', '1.', '.5', '1e3', ' 1.00', '', undefined]) expect(yuanToFen(bad)).toBeNull();
  });
});

describe('China time', () => {
  it('writes and reads GMT+8 whatever the server time zone', () => {
    const d = new Date('2026-11-24T16:30:05Z');
    expect(chinaDateTime(d)).toBe('2026-11-25 00:30:05');
    expect(chinaRfc3339(d)).toBe('2026-11-25T00:30:05+08:00');
    expect(parseChinaDateTime('2026-11-25 00:30:05')).toEqual(d);
    expect(parseChinaDateTime('2026-11-25T00:30:05')).toBeNull();
    expect(parseChinaDateTime(undefined)).toBeNull();
  });
});
