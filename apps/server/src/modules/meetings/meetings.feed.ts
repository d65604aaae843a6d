import { formatMeetingNumber } from '@medportal/contract';
import type { Db } from '../../db/client.ts';
import type { FeedEvent, FeedProvider } from '../calendar/index.ts';
import { listMeetingEvents } from './meetings.service.ts';

/** Minutes before a meeting its host is alerted. */
const HOST_ALARM_MINUTES = 15;

/** The user's own meetings in their calendar feed (the calendar module's port), as the host sees them. */
export const meetingsFeed: FeedProvider = async (db: Db, ctx) => {
  const events = await listMeetingEvents(db, ctx.userId);
  const label = ctx.lang === 'en' ? 'Meeting number' : '会议号';
  const category = ctx.lang === 'en' ? 'My meetings' : '我的会议';
  return events.map(
    (e): FeedEvent => ({
      uid: e.uid,
      title: e.title,
      description: `${label}: ${formatMeetingNumber(e.meetingNo)}\n${ctx.origin}${e.url}`,
      url: `${ctx.origin}${e.url}`,
      categories: [category],
      allDay: false,
      start: e.start,
      end: e.end,
      alarmMinutes: HOST_ALARM_MINUTES,
    }),
  );
};
