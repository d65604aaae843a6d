import ical, { ICalAlarmType, type ICalCalendar } from 'ical-generator';
import { DateTime } from 'luxon';
import type { FeedEvent } from './calendar.feed.ts';

/** Timed events are written in China's time zone, which has had no daylight saving since 1991. */
export const FEED_TIMEZONE = 'Asia/Shanghai';

const VTIMEZONE_SHANGHAI = [
  'BEGIN:VTIMEZONE',
  'TZID:Asia/Shanghai',
  'X-LIC-LOCATION:Asia/Shanghai',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0800',
  'TZOFFSETTO:+0800',
  'TZNAME:CST',
  'DTSTART:19700101T000000',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

/** A calendar day as UTC midnight: all-day values are written from its UTC fields. */
const utcDay = (date: string, plusDays = 0) => new Date(Date.parse(`${date}T00:00:00Z`) + plusDays * 86_400_000);

/** An iCalendar document of `events` (RFC 5545): VTIMEZONE for timed events, all-day ones as DATE values. */
export function icsCalendar(opts: { name: string; events: FeedEvent[]; stamp: Date; refreshMinutes?: number }): string {
  const cal: ICalCalendar = ical({
    name: opts.name,
    prodId: { company: 'MedPortal', product: 'Meeting calendar', language: 'EN' },
    timezone: { name: null, generator: (tz) => (tz === FEED_TIMEZONE ? VTIMEZONE_SHANGHAI : null) },
    ...(opts.refreshMinutes ? { ttl: opts.refreshMinutes * 60 } : {}),
  });
  const stamp = opts.stamp;
  for (const e of opts.events) {
    const common = {
      id: e.uid,
      stamp,
      summary: e.title,
      ...(e.description ? { description: e.description } : {}),
      ...(e.location ? { location: e.location } : {}),
      ...(e.url ? { url: e.url } : {}),
      ...(e.categories?.length ? { categories: e.categories.map((name) => ({ name })) } : {}),
    };
    if (e.allDay) {
      // DTEND of an all-day event is the day after the last (exclusive).
      cal.createEvent({ ...common, allDay: true, start: utcDay(e.startDate), end: utcDay(e.endDate, 1) });
    } else {
      const ev = cal.createEvent({
        ...common,
        timezone: FEED_TIMEZONE,
        start: DateTime.fromJSDate(e.start).setZone(FEED_TIMEZONE),
        end: DateTime.fromJSDate(e.end).setZone(FEED_TIMEZONE),
      });
      if (e.alarmMinutes) ev.createAlarm({ type: ICalAlarmType.display, trigger: e.alarmMinutes * 60, description: e.title });
    }
  }
  return cal.toString();
}
