/**
 * Calendar days in the caller's timezone (spec §7: every request carries `timezone`; the context
 * plugin normalises it to "+08:00" or an IANA name). Instants stay UTC; only day edges move.
 */

const DAY_MS = 86_400_000;
const OFFSET = /^([+-])(\d{2}):(\d{2})$/;
const GMT_OFFSET = /GMT(?:([+-])(\d{1,2})(?::?(\d{2}))?)?$/;

/** Minutes east of UTC that `tz` is at the instant `at`. */
export function offsetMinutes(tz: string, at: Date): number {
  const m = OFFSET.exec(tz);
  if (m) return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
  const name = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const g = name ? GMT_OFFSET.exec(name) : null;
  if (!g?.[1]) return 0;
  return (g[1] === '-' ? -1 : 1) * (Number(g[2]) * 60 + Number(g[3] ?? 0));
}

/** YYYY-MM-DD of `at` in `tz`. */
export function localDate(at: Date, tz: string): string {
  return new Date(at.getTime() + offsetMinutes(tz, at) * 60_000).toISOString().slice(0, 10);
}

/** The instant `date` (YYYY-MM-DD) begins in `tz`. */
export function dayStart(date: string, tz: string): Date {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  // Two passes settle the offset for zones whose offset differs on either side of the edge.
  let at = utcMidnight - offsetMinutes(tz, new Date(utcMidnight)) * 60_000;
  at = utcMidnight - offsetMinutes(tz, new Date(at)) * 60_000;
  return new Date(at);
}

/** YYYY-MM-DD `days` after `date` (calendar arithmetic, no timezone involved). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whether YYYY-MM-DD names a real day (the pattern alone lets 2026-02-31 through). */
export function isRealDate(date: string): boolean {
  const t = Date.parse(`${date}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === date;
}

/** Clock time HH:mm of `at` in `tz`. */
export function localTime(at: Date, tz: string): string {
  return new Date(at.getTime() + offsetMinutes(tz, at) * 60_000).toISOString().slice(11, 16);
}
