import type { Lang } from '../i18n';
import { SERVER_TIME_ZONE } from './timezone';

const locale = (lang: Lang) => (lang === 'zh' ? 'zh-CN' : 'en-GB');

// Building an Intl.DateTimeFormat costs far more than using one, and a list formats a date per
// row: one formatter per language, shape and time zone for the whole visit.
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Zones whose offset is fixed: China has kept +08:00 without summer time since 1992. */
const FIXED_OFFSET_MIN: Record<string, number> = { 'Asia/Shanghai': 480, UTC: 0, 'Etc/UTC': 0 };
const CHINA_FIXED_SINCE = Date.UTC(1992, 0, 1);
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The fields without Intl where the zone allows: the server's zone, UTC and the browser's own
 * (`undefined`). The first Intl use of a visit loads ICU data (80–290 ms of the hydration task at
 * a phone's speed, decision record 0078); these pages only need digits.
 */
function plainParts(date: Date, timeZone: string | undefined): Record<string, string> | null {
  const fixed = timeZone === undefined ? undefined : FIXED_OFFSET_MIN[timeZone];
  let offset: number;
  if (fixed !== undefined && (fixed === 0 || date.getTime() >= CHINA_FIXED_SINCE)) offset = fixed;
  // The browser's own zone: its offset at that instant is what its local time is.
  else if (timeZone === undefined) offset = -date.getTimezoneOffset();
  else return null;
  const at = new Date(date.getTime() + offset * 60_000);
  const year = at.getUTCFullYear();
  // Intl's `numeric` year: four digits from year 1000 on; other years go to Intl.
  if (year < 1000 || year > 9999) return null;
  return { year: String(year), month: pad(at.getUTCMonth() + 1), day: pad(at.getUTCDate()), hour: pad(at.getUTCHours()), minute: pad(at.getUTCMinutes()) };
}

// On the server "the browser's zone" is the server page's zone, as it was when it was read by name.
const onServer = typeof window === 'undefined';

function parts(iso: string, lang: Lang, zone: string | undefined, shape: string, options: Intl.DateTimeFormatOptions) {
  const timeZone = zone ?? (onServer ? SERVER_TIME_ZONE.name : undefined);
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const plain = plainParts(date, timeZone);
  if (plain) return plain;
  const key = `${lang}|${shape}|${timeZone ?? ''}`;
  let fmt = formatters.get(key);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat(locale(lang), { ...options, timeZone, hourCycle: 'h23' });
    formatters.set(key, fmt);
  }
  return Object.fromEntries(fmt.formatToParts(date).map((p) => [p.type, p.value])) as Record<string, string>;
}

/** "2025-03-01 14:00" in the given (default: the browser's) time zone; "" for an invalid date. */
export function formatDateTime(iso: string, lang: Lang, timeZone?: string): string {
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
export function formatDate(iso: string, lang: Lang, timeZone?: string): string {
  const p = parts(iso, lang, timeZone, 'date', { year: 'numeric', month: '2-digit', day: '2-digit' });
  return p ? `${p.year}-${p.month}-${p.day}` : '';
}

/** "14:00" in the given (default: the browser's) time zone. */
export function formatTime(iso: string, lang: Lang, timeZone?: string): string {
  const p = parts(iso, lang, timeZone, 'time', { hour: '2-digit', minute: '2-digit' });
  return p ? `${p.hour}:${p.minute}` : '';
}
