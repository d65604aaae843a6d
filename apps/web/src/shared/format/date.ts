import type { Lang } from '../i18n';
import { browserTimeZoneName } from './timezone';

const locale = (lang: Lang) => (lang === 'zh' ? 'zh-CN' : 'en-GB');

// Building an Intl.DateTimeFormat costs far more than using one, and a list formats a date per
// row: one formatter per language, shape and time zone for the whole visit.
const formatters = new Map<string, Intl.DateTimeFormat>();

function parts(iso: string, lang: Lang, timeZone: string | undefined, shape: string, options: Intl.DateTimeFormatOptions) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const key = `${lang}|${shape}|${timeZone ?? ''}`;
  let fmt = formatters.get(key);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat(locale(lang), { ...options, timeZone, hourCycle: 'h23' });
    formatters.set(key, fmt);
  }
  return Object.fromEntries(fmt.formatToParts(date).map((p) => [p.type, p.value])) as Record<string, string>;
}

/** "2025-03-01 14:00" in the given (default: the browser's) time zone; "" for an invalid date. */
export function formatDateTime(iso: string, lang: Lang, timeZone: string | undefined = browserTimeZoneName()): string {
  const p = parts(iso, lang, timeZone, 'datetime', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  return p ? `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}` : '';
}

/** "2025-03-01" in the given (default: the browser's) time zone. */
export function formatDate(iso: string, lang: Lang, timeZone: string | undefined = browserTimeZoneName()): string {
  const p = parts(iso, lang, timeZone, 'date', { year: 'numeric', month: '2-digit', day: '2-digit' });
  return p ? `${p.year}-${p.month}-${p.day}` : '';
}

/** "14:00" in the given (default: the browser's) time zone. */
export function formatTime(iso: string, lang: Lang, timeZone: string | undefined = browserTimeZoneName()): string {
  const p = parts(iso, lang, timeZone, 'time', { hour: '2-digit', minute: '2-digit' });
  return p ? `${p.hour}:${p.minute}` : '';
}
