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

export interface TimeZone {
  /** UTC offset, `+08:00`: what the API is told (`timezone`) and what zone-dependent keys hold. */
  offset: string;
  /**
   * IANA name for formatting; undefined for the browser's own zone, written through its offsets
   * (reading its name is an Intl call, whose first use in a visit loads ICU data: 150–290 ms at a
   * phone's speed inside the render after hydration, decision record 0078).
   */
  name: string | undefined;
}

/** The browser keeps the server's offset all year (this year's January and July): same times. */
function keepsServerOffset(): boolean {
  const year = new Date().getFullYear();
  return [0, 6].every((month) => browserTimezone(new Date(year, month, 1)) === SERVER_TIME_ZONE.offset);
}

let browserZone: TimeZone | null = null;
/** The browser's zone, one object per visit (a snapshot must stay the same while nothing changes). */
function browserZoneSnapshot(): TimeZone {
  // The server's own object when they agree: nothing renders again after hydration.
  browserZone ??= keepsServerOffset() ? SERVER_TIME_ZONE : { offset: browserTimezone(), name: undefined };
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
