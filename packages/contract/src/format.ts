import { MEETING_NUMBER_GROUP } from './constants.ts';

// Display formatting shared by the server (e.g. learn_count_show) and the web. No zod here, so the
// web bundle can import it cheaply.

const trim1 = (n: number) => (Math.floor(n * 10) / 10).toFixed(1).replace(/\.0$/, '');

/**
 * Learner and follower counts as shown: zh 8560, 1.2万, 3.4亿; en 856, 12.3k, 1.2M.
 * Rounded down so 12,999 shows as 1.2万 rather than overstating it as 1.3万.
 */
export function formatCount(count: number, lang: 'zh' | 'zh_CN' | 'en'): string {
  const n = Math.max(0, Math.trunc(count));
  if (lang === 'en') {
    if (n >= 1_000_000) return `${trim1(n / 1_000_000)}M`;
    if (n >= 1_000) return `${trim1(n / 1_000)}k`;
    return String(n);
  }
  if (n >= 100_000_000) return `${trim1(n / 100_000_000)}亿`;
  if (n >= 10_000) return `${trim1(n / 10_000)}万`;
  return String(n);
}

/**
 * Meeting numbers show in groups of four digits joined by hyphens everywhere (spec §5, §9):
 * 123456789012 → "1234-5678-9012". Anything but digits is dropped first.
 */
export function formatMeetingNumber(value: string | number): string {
  const digits = String(value).replace(/\D/g, '');
  const groups: string[] = [];
  for (let i = 0; i < digits.length; i += MEETING_NUMBER_GROUP) groups.push(digits.slice(i, i + MEETING_NUMBER_GROUP));
  return groups.join('-');
}

/** A meeting number as typed (hyphens, spaces, dots allowed between digits) → its digits; null when it has other characters. */
export function parseMeetingNumber(input: string): string | null {
  const trimmed = input.trim();
  if (!/^[\d\s.-]*$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  return digits.length > 0 ? digits : null;
}
