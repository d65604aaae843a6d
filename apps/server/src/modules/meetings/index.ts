/**
 * The meetings module's public entry: its routes for app.ts, and a user's own meetings as calendar
 * events for the personal calendar feed.
 */
export { default as meetingsRoutes, type MeetingsRoutesOptions } from './meetings.routes.ts';
export { listMeetingEvents, type MeetingCalendarEvent } from './meetings.service.ts';
