import type { Lang } from '../../../shared/i18n';

/** "2026-05-29 – 06-02" (one year), "2026-12-30 – 2027-01-02", or one day. */
export function dateRange(start: string, end: string): string {
  if (start === end) return start;
  return `${start} – ${start.slice(0, 4) === end.slice(0, 4) ? end.slice(5) : end}`;
}

const regionNames = new Map<Lang, Intl.DisplayNames>();
/** A country's name from its ISO code, in the page's language. */
export function countryName(code: string, lang: Lang): string {
  let names = regionNames.get(lang);
  if (!names) {
    names = new Intl.DisplayNames([lang === 'zh' ? 'zh-CN' : 'en'], { type: 'region' });
    regionNames.set(lang, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The days (YYYY-MM-DD) of a month, and the weekday its first falls on (0 = Monday). */
export function monthDays(month: string): { days: string[]; lead: number } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const lead = (new Date(Date.UTC(y, m - 1, 1)).getUTCDay() + 6) % 7;
  return { days: Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`), lead };
}

/** The month before or after `month` (YYYY-MM). */
export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

const monthNames = new Map<Lang, Intl.DateTimeFormat>();
/** "October 2027" / "2027年10月" for YYYY-MM. */
export function monthName(month: string, lang: Lang): string {
  let fmt = monthNames.get(lang);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', { year: 'numeric', month: 'long', timeZone: 'UTC' });
    monthNames.set(lang, fmt);
  }
  const [y, m] = month.split('-').map(Number) as [number, number];
  return fmt.format(new Date(Date.UTC(y, m - 1, 1)));
}
