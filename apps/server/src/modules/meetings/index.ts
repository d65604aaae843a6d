/**
 * The meetings module's public entry: its routes for app.ts, and a user's own meetings as calendar
 * events for the personal calendar feed; the demo seed writes its meeting through here.
 */
export { default as meetingsRoutes, type MeetingsRoutesOptions } from './meetings.routes.ts';
export { meetingsFeed } from './meetings.feed.ts';
export { hostsAnyMeeting, insertMeetingWithRoom, listMeetingEvents, meetingLiveId, type MeetingCalendarEvent, type NewMeeting } from './meetings.service.ts';
export { mergeMeetings } from './meetings.merge.ts';
