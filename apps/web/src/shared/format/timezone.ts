import { useSyncExternalStore } from 'react';
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
 * China). A browser elsewhere hydrates the page in this zone too, then writes its own (useTimeZone).
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

export interface TimeZone {
  /** UTC offset, `+08:00`: what the API is told (`timezone`) and what zone-dependent keys hold. */
  offset: string;
  /** IANA name for Intl formatting; undefined when the browser cannot tell (Intl's default). */
  name: string | undefined;
}

let browserZone: TimeZone | null = null;
/** The browser's zone, one object per visit (a snapshot must stay the same while nothing changes). */
function browserZoneSnapshot(): TimeZone {
  if (!browserZone) {
    const own = { offset: browserTimezone(), name: browserTimeZoneName() };
    // The server's own object when they agree: nothing renders again after hydration.
    browserZone = own.offset === SERVER_TIME_ZONE.offset && own.name === SERVER_TIME_ZONE.name ? SERVER_TIME_ZONE : own;
  }
  return browserZone;
}
const serverZoneSnapshot = (): TimeZone => SERVER_TIME_ZONE;
const unchanging = () => () => undefined;

/**
 * The zone to write times in and to ask zone-dependent questions in: the server page's while the
 * page is rendered on the server and while the browser hydrates it (both sides write the same
 * text), the browser's own right after (React renders again when the two differ) and in every
 * render made in the browser alone (decision record 0075).
 */
export function useTimeZone(): TimeZone {
  return useSyncExternalStore(unchanging, browserZoneSnapshot, serverZoneSnapshot);
}

/** `useTimeZone().name`: the third argument of formatDate / formatDateTime / formatTime. */
export const useTimeZoneName = (): string | undefined => useTimeZone().name;
