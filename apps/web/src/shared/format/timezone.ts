import { DEFAULT_TIMEZONE } from '@medportal/contract/constants';

/** Formats minutes east of UTC as `+08:00` / `-05:30`. */
export function formatUtcOffset(minutesEast: number): string {
  if (!Number.isFinite(minutesEast)) return DEFAULT_TIMEZONE;
  const sign = minutesEast < 0 ? '-' : '+';
  const abs = Math.abs(Math.trunc(minutesEast));
  const hours = String(Math.floor(abs / 60)).padStart(2, '0');
  const minutes = String(abs % 60).padStart(2, '0');
  return `${sign}${hours}:${minutes}`;
}

/**
 * The zone a server-rendered page is written in: the product's default (most readers are in
 * China). The browser hydrates such a page only when its own zone matches (main.tsx).
 */
export const SERVER_TIME_ZONE = { offset: DEFAULT_TIMEZONE, name: 'Asia/Shanghai' } as const;

const onServer = typeof window === 'undefined';

/** The browser's current UTC offset (`+08:00`), or the product default when it cannot be read. */
export function browserTimezone(now: Date = new Date()): string {
  if (onServer) return SERVER_TIME_ZONE.offset;
  const offset = now.getTimezoneOffset();
  return Number.isFinite(offset) ? formatUtcOffset(-offset) : DEFAULT_TIMEZONE;
}

let zoneName: { value: string | undefined } | null = null;

/**
 * The browser's IANA zone name when available (for Intl date formatting). Read once per visit:
 * every formatted date asks for it, and each read builds a formatter.
 */
export function browserTimeZoneName(): string | undefined {
  if (onServer) return SERVER_TIME_ZONE.name;
  if (!zoneName) {
    try {
      zoneName = { value: Intl.DateTimeFormat().resolvedOptions().timeZone || undefined };
    } catch {
      zoneName = { value: undefined };
    }
  }
  return zoneName.value;
}
