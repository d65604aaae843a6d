import { describe, expect, it } from 'vitest';
import { creditFor, pct, sessionShares, splitByShare, STANDARD_RULES, yearTally } from './credits.rules.ts';

const rule = (key: string) => {
  const r = STANDARD_RULES.find((x) => x.key === key);
  if (!r) throw new Error(key);
  return r;
};
const H = 3600;
const NO_MAX = 1_000_000;

describe('credit formulas (rules are rows, one formula)', () => {
  it('国家级 trainees: 1 credit per 3 hours attended, proportional below it, floored to 0.01', () => {
    const r = rule('cn_national_trainee');
    expect(creditFor(r, 3 * H, NO_MAX)).toBe(100);
    expect(creditFor(r, 6 * H, NO_MAX)).toBe(200);
    expect(creditFor(r, 1.5 * H, NO_MAX)).toBe(50);
    // 2.5 h = 0.8333… credits: floored, never rounded up.
    expect(creditFor(r, 2.5 * H, NO_MAX)).toBe(83);
    expect(creditFor(r, 0, NO_MAX)).toBe(0);
  });

  it('省级 trainees: 1 credit per 6 hours', () => {
    const r = rule('cn_provincial_trainee');
    expect(creditFor(r, 6 * H, NO_MAX)).toBe(100);
    expect(creditFor(r, 3 * H, NO_MAX)).toBe(50);
    expect(creditFor(r, 12 * H, NO_MAX)).toBe(200);
  });

  it('远程: 1 credit per 3 courseware hours, at most 5 per project whatever the designation allows', () => {
    const r = rule('cn_remote_trainee');
    expect(creditFor(r, 9 * H, NO_MAX)).toBe(300);
    expect(creditFor(r, 15 * H, NO_MAX)).toBe(500);
    expect(creditFor(r, 30 * H, NO_MAX)).toBe(500);
    // The designation's own maximum caps below the rule's cap.
    expect(creditFor(r, 30 * H, 400)).toBe(400);
  });

  it('lecturers: 2 credits an hour (国家级), 1 an hour (省级)', () => {
    expect(creditFor(rule('cn_national_lecturer'), H, NO_MAX)).toBe(200);
    expect(creditFor(rule('cn_national_lecturer'), 1.5 * H, NO_MAX)).toBe(300);
    expect(creditFor(rule('cn_provincial_lecturer'), H, NO_MAX)).toBe(100);
    expect(creditFor(rule('cn_provincial_lecturer'), 45 * 60, NO_MAX)).toBe(75);
  });

  it('AMA PRA Category 1: 1 credit per 60 minutes in 0.25 steps, floored to the step', () => {
    const r = rule('us_ama_cat1');
    expect(creditFor(r, 60 * 60, NO_MAX)).toBe(100);
    expect(creditFor(r, 15 * 60, NO_MAX)).toBe(25);
    expect(creditFor(r, 14 * 60 + 59, NO_MAX)).toBe(0);
    expect(creditFor(r, 89 * 60, NO_MAX)).toBe(125);
    expect(creditFor(r, 90 * 60, NO_MAX)).toBe(150);
    // A maximum off the step still gives a whole number of steps.
    expect(creditFor(r, 10 * H, 210)).toBe(200);
  });

  it('caps at the designated maximum', () => {
    expect(creditFor(rule('cn_national_trainee'), 30 * H, 150)).toBe(150);
  });
});

describe('sessions', () => {
  const t = (h: number) => Date.parse('2026-05-01T00:00:00Z') + h * H * 1000;
  it('parallel sessions count once: each adds only time no earlier session covered', () => {
    const shares = sessionShares([
      { key: 'a', start: t(0), end: t(1) },
      { key: 'b', start: t(1), end: t(3) },
      { key: 'c', start: t(1), end: t(3) },
      { key: 'd', start: t(2.5), end: t(4) },
    ]);
    expect(shares).toEqual([
      { key: 'a', seconds: H },
      { key: 'b', seconds: 2 * H },
      { key: 'c', seconds: 0 },
      { key: 'd', seconds: H },
    ]);
  });

  it('splits a claim over sessions in whole steps, adding up to the total exactly', () => {
    const shares = [
      { key: 'a', seconds: 1 },
      { key: 'b', seconds: 1 },
      { key: 'c', seconds: 1 },
    ];
    const lines = splitByShare(100, 1, shares);
    expect(lines.map((l) => l.hundredths)).toEqual([34, 33, 33]);
    const us = splitByShare(175, 25, shares);
    expect(us.reduce((a, l) => a + l.hundredths, 0)).toBe(175);
    expect(us.every((l) => l.hundredths % 25 === 0)).toBe(true);
  });
});

describe('the national yearly requirement', () => {
  it('≥ 25 counted, Class I 5–10, Class II 15–20, not interchangeable', () => {
    expect(yearTally(1000, 1500).met).toBe(true);
    // 30 Class I credits: only 10 count, and Class II is still 15 short.
    const heavyI = yearTally(3000, 0);
    expect(heavyI.class_i.counted_hundredths).toBe(1000);
    expect(heavyI.class_ii.deficit_hundredths).toBe(1500);
    expect(heavyI.total.deficit_hundredths).toBe(1500);
    expect(heavyI.met).toBe(false);
    // 25 Class II credits: 20 count, Class I 5 short, total 5 short.
    const heavyII = yearTally(0, 2500);
    expect(heavyII.class_ii.counted_hundredths).toBe(2000);
    expect(heavyII.class_i.deficit_hundredths).toBe(500);
    expect(heavyII.total.deficit_hundredths).toBe(500);
    expect(yearTally(500, 2000).met).toBe(true);
    expect(yearTally(499, 2100).met).toBe(false);
  });

  it('percentages floor (84.9 % is not 85 %)', () => {
    expect(pct(849, 1000)).toBe(84);
    expect(pct(850, 1000)).toBe(85);
    expect(pct(5, 0)).toBe(0);
  });
});
