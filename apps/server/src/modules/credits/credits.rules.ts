import { CME_REQUIREMENT } from '@medportal/contract';

/**
 * The credit formulas as data. Every rule is "hundredths_per_unit for each seconds_per_unit",
 * floored to a step and capped; a new rule is a new row of credit_rule_sets, never a new branch.
 */
export interface RuleParams {
  secondsPerUnit: number;
  hundredthsPerUnit: number;
  stepHundredths: number;
  /** Most one project may give under this rule (远程: 5 credits), or null. */
  capHundredths: number | null;
}

export interface StandardRule extends RuleParams {
  key: string;
  regime: 'cn_national' | 'cn_provincial' | 'cn_remote' | 'us_ama';
  role: 'trainee' | 'lecturer';
  nameZh: string;
  nameEn: string;
}

const HOUR = 3600;

/** The rule sets every database has (written at start when missing; operators may add more rows). */
export const STANDARD_RULES: StandardRule[] = [
  { key: 'cn_national_trainee', regime: 'cn_national', role: 'trainee', secondsPerUnit: 3 * HOUR, hundredthsPerUnit: 100, stepHundredths: 1, capHundredths: null, nameZh: '国家级项目学员：每 3 小时 1 学分', nameEn: 'National project, trainee: 1 credit per 3 hours' },
  { key: 'cn_national_lecturer', regime: 'cn_national', role: 'lecturer', secondsPerUnit: HOUR, hundredthsPerUnit: 200, stepHundredths: 1, capHundredths: null, nameZh: '国家级项目授课教师：每小时 2 学分', nameEn: 'National project, lecturer: 2 credits per hour' },
  { key: 'cn_provincial_trainee', regime: 'cn_provincial', role: 'trainee', secondsPerUnit: 6 * HOUR, hundredthsPerUnit: 100, stepHundredths: 1, capHundredths: null, nameZh: '省级项目学员：每 6 小时 1 学分', nameEn: 'Provincial project, trainee: 1 credit per 6 hours' },
  { key: 'cn_provincial_lecturer', regime: 'cn_provincial', role: 'lecturer', secondsPerUnit: HOUR, hundredthsPerUnit: 100, stepHundredths: 1, capHundredths: null, nameZh: '省级项目授课教师：每小时 1 学分', nameEn: 'Provincial project, lecturer: 1 credit per hour' },
  { key: 'cn_remote_trainee', regime: 'cn_remote', role: 'trainee', secondsPerUnit: 3 * HOUR, hundredthsPerUnit: 100, stepHundredths: 1, capHundredths: 500, nameZh: '远程项目：每 3 课件小时 1 学分，每项目最多 5 学分', nameEn: 'Remote project: 1 credit per 3 courseware hours, at most 5 per project' },
  { key: 'us_ama_cat1', regime: 'us_ama', role: 'trainee', secondsPerUnit: HOUR, hundredthsPerUnit: 100, stepHundredths: 25, capHundredths: null, nameZh: 'AMA PRA 1 类：每 60 分钟 1 学分，以 0.25 为单位', nameEn: 'AMA PRA Category 1: 1 credit per 60 minutes, in 0.25 steps' },
];

/**
 * Credit for `seconds` under a rule: proportional, floored to the rule's step (never more than
 * earned), then capped by the rule's per-project cap and the designation's maximum.
 */
export function creditFor(rule: RuleParams, seconds: number, maxHundredths: number): number {
  if (seconds <= 0) return 0;
  // Integer arithmetic: seconds × hundredths can stay far below 2^53.
  const raw = Math.floor((seconds * rule.hundredthsPerUnit) / rule.secondsPerUnit);
  const stepped = raw - (raw % rule.stepHundredths);
  const cap = Math.min(maxHundredths, rule.capHundredths ?? Number.POSITIVE_INFINITY);
  // A cap that is not on the step still yields a stepped amount.
  const capped = Math.min(stepped, cap - (cap % rule.stepHundredths));
  return Math.max(0, capped);
}

export interface Interval {
  key: string;
  start: number;
  end: number;
}

/**
 * Seconds each session adds to the schedule once parallel (overlapping) sessions are counted
 * once: sessions sorted by start, each contributes only the time no earlier session covered.
 */
export function sessionShares(sessions: Interval[]): { key: string; seconds: number }[] {
  const sorted = [...sessions].sort((a, b) => a.start - b.start || a.end - b.end);
  let covered = Number.NEGATIVE_INFINITY;
  const out = new Map<string, number>();
  for (const s of sorted) {
    const from = Math.max(s.start, covered);
    const seconds = Math.max(0, Math.floor((s.end - from) / 1000));
    out.set(s.key, seconds);
    covered = Math.max(covered, s.end);
  }
  return sessions.map((s) => ({ key: s.key, seconds: out.get(s.key) ?? 0 }));
}

/**
 * Splits a claimed amount over sessions in proportion to their shares, in whole steps, the
 * remainder going to the largest fractions first, so the lines add up to the total exactly.
 */
export function splitByShare(total: number, step: number, shares: { key: string; seconds: number }[]): { key: string; hundredths: number }[] {
  const sum = shares.reduce((a, s) => a + s.seconds, 0);
  if (shares.length === 0) return [];
  if (sum === 0) return shares.map((s, i) => ({ key: s.key, hundredths: i === 0 ? total : 0 }));
  const steps = Math.round(total / step);
  const exact = shares.map((s) => (steps * s.seconds) / sum);
  const base = exact.map((e) => Math.floor(e));
  let left = steps - base.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, frac: e - Math.floor(e) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    base[i] = (base[i] ?? 0) + 1;
    left -= 1;
  }
  const lines = shares.map((s, i) => ({ key: s.key, hundredths: (base[i] ?? 0) * step }));
  // A total that is not a whole number of steps (a cap off the step) puts the rest on the first line.
  const diff = total - lines.reduce((a, l) => a + l.hundredths, 0);
  if (diff !== 0 && lines[0]) lines[0].hundredths += diff;
  return lines;
}

/** A class's tally against the national requirement: what counts, and what is missing. */
export function classTally(earned: number, min: number, max: number) {
  const counted = Math.min(earned, max);
  return { earned_hundredths: earned, counted_hundredths: counted, min_hundredths: min, max_hundredths: max, deficit_hundredths: Math.max(0, min - earned) };
}

/** The yearly card's national part: Class I and II each within its band, not interchangeable. */
export function yearTally(classI: number, classII: number) {
  const r = CME_REQUIREMENT;
  const i = classTally(classI, r.classIMin, r.classIMax);
  const ii = classTally(classII, r.classIIMin, r.classIIMax);
  const counted = i.counted_hundredths + ii.counted_hundredths;
  const total = { counted_hundredths: counted, min_hundredths: r.totalMin, deficit_hundredths: Math.max(0, r.totalMin - counted) };
  return { class_i: i, class_ii: ii, total, met: i.deficit_hundredths === 0 && ii.deficit_hundredths === 0 && total.deficit_hundredths === 0 };
}

/** Whole percent, floored (84.9 % is not 85 %). */
export function pct(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.min(100, Math.floor((part * 100) / whole));
}
