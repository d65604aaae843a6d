import type { Lang } from '../../../shared/i18n';

// Shared with the search results' congress cards.
export { countryName, dateRange } from '../../../shared/format/event';

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
