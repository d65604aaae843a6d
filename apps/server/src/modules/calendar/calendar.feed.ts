import type { ApiLanguage } from '@medportal/contract';
import type { Db } from '../../db/client.ts';

/**
 * One event of a personal calendar feed. Timed events are instants shown in Asia/Shanghai; all-day
 * events are calendar days (`end` inclusive). `uid` stays the same across fetches so clients
 * update rather than duplicate it.
 */
export type FeedEvent = {
  uid: string;
  title: string;
  description?: string;
  location?: string;
  url?: string;
  categories?: string[];
} & (
  | { allDay: true; startDate: string; endDate: string }
  | { allDay: false; start: Date; end: Date; /** Minutes before the start to alert, if any. */ alarmMinutes?: number }
);

export interface FeedContext {
  userId: number;
  lang: ApiLanguage;
  now: Date;
  /** Origin of links back to the portal (event URLs). */
  origin: string;
}

/**
 * A source of feed events: the calendar module's own favourites, and what app.ts plugs in from
 * other modules (lives; later the user's own meetings). Each answers for one user.
 */
export type FeedProvider = (db: Db, ctx: FeedContext) => Promise<FeedEvent[]>;
