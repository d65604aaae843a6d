/** The meeting calendar's public entry: its routes for app.ts and the feed port other modules fill. */
export { default as calendarRoutes, type CalendarRoutesOptions } from './calendar.routes.ts';
export type { FeedContext, FeedEvent, FeedProvider } from './calendar.feed.ts';
export { mergeCalendar } from './calendar.merge.ts';
