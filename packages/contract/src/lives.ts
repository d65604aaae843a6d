import { z } from 'zod';
import type { EndpointSchemas } from './api.ts';
import { Id, Page, PageQuery } from './common.ts';
import { LiveItem } from './entities.ts';

/**
 * Conferences listing (spec §2 /live, /live/history; §7 "Lives": live_date, date_lives, look_back,
 * history, the live calendar with remind and favourite, remind type). The live room comes later.
 */

/** A calendar day in the caller's timezone (years 1970–2999: day arithmetic stays in range). */
export const LocalDate = z.string().regex(/^(19[7-9]\d|2\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'YYYY-MM-DD');
export const LocalMonth = z.string().regex(/^(19[7-9]\d|2\d{3})-(0[1-9]|1[0-2])$/, 'YYYY-MM');

/** Days shown around today by live_date: this many days back and ahead. */
export const LIVE_DATE_DAYS_BACK = 7;
export const LIVE_DATE_DAYS_AHEAD = 60;

/** A live card of the listing pages: the Live item of spec §3 plus what the cards show. */
export const LiveCard = LiveItem.extend({
  /** ISO 8601 instant. */
  end_at: z.string(),
  /** Digits only; shown in groups of four. */
  meeting_no: z.string(),
  has_replay: z.boolean(),
  /** Calendar day of start_at in the caller's timezone. */
  date: LocalDate,
  /** Number of reminders set for this live (counted from rows). */
  remind_count: z.number().int(),
  /** For a logged-in caller; false when anonymous. */
  is_remind: z.boolean(),
  is_favorite: z.boolean(),
});
export type LiveCard = z.infer<typeof LiveCard>;

export const LiveDay = z.object({
  date: LocalDate,
  /** Published lives starting that day. */
  count: z.number().int(),
  /** One of them is on air now. */
  has_live: z.boolean(),
});
export type LiveDay = z.infer<typeof LiveDay>;

export const LiveDateData = z.object({
  /** Today in the caller's timezone, and the timezone the days are in (+08:00 by default). */
  today: LocalDate,
  timezone: z.string(),
  items: z.array(LiveDay),
});
export type LiveDateData = z.infer<typeof LiveDateData>;

export const DateLivesQuery = PageQuery.extend({ date: LocalDate });

export const LookBackQuery = z.object({ limit: z.coerce.number().int().min(1).max(20).default(8) });
export const LookBackData = z.object({ items: z.array(LiveCard) });

export const LiveHistoryQuery = PageQuery.extend({
  /** Year of start_at in the caller's timezone. */
  year: z.coerce.number().int().min(1970).max(2999).optional(),
  department_id: Id.optional(),
});

export const LiveHistoryFiltersData = z.object({
  years: z.array(z.number().int()),
  departments: z.array(z.object({ id: z.number().int(), title: z.string() })),
});

export const LiveIdParams = z.object({ id: Id });

/** 1 on, 2 off — like the speaker follow (spec §4). */
export const LiveToggleBody = z.object({ status: z.union([z.literal(1), z.literal(2)]) });
export const LiveRemindData = z.object({ is_remind: z.boolean(), remind_count: z.number().int() });
export const LiveFavoriteData = z.object({ is_favorite: z.boolean() });

export const LiveCalendarQuery = z.object({ month: LocalMonth });
export const LiveCalendarData = z.object({
  month: LocalMonth,
  /** Days of the month (caller's timezone) with my reminded or favourited lives, in order. */
  days: z.array(z.object({ date: LocalDate, items: z.array(LiveCard) })),
});
export type LiveCalendarData = z.infer<typeof LiveCalendarData>;

/** Channels that reminders are delivered through. */
export const REMIND_CHANNELS = ['sms', 'email'] as const;
export const RemindChannel = z.enum(REMIND_CHANNELS);
export type RemindChannel = z.infer<typeof RemindChannel>;
/** How long before the start a reminder goes out, in minutes. */
export const REMIND_MINUTES = [5, 15, 30, 60, 1440] as const;
export const DEFAULT_REMIND_MINUTES = 15;

export const RemindTypeBody = z.strictObject({
  channel: RemindChannel,
  minutes_before: z.union([z.literal(5), z.literal(15), z.literal(30), z.literal(60), z.literal(1440)]),
});
export const RemindTypeData = z.object({
  channel: RemindChannel,
  minutes_before: z.number().int(),
  /** Every channel, and whether the account has an address for it (a bound mobile or email). */
  channels: z.array(z.object({ value: RemindChannel, title: z.string(), available: z.boolean() })),
  minutes_options: z.array(z.number().int()),
});
export type RemindTypeData = z.infer<typeof RemindTypeData>;

const define = <const E extends EndpointSchemas>(e: E) => e;

export const liveSchemas = {
  liveDate: define({
    summary: `Days (caller's timezone) from ${LIVE_DATE_DAYS_BACK} days back to ${LIVE_DATE_DAYS_AHEAD} ahead that have published lives`,
    tags: ['lives'],
    data: LiveDateData,
  }),
  dateLives: define({
    summary: "One day's published lives (caller's timezone), by start time (start_at, id); is_remind/is_favorite with a token",
    tags: ['lives'],
    query: DateLivesQuery,
    data: Page(LiveCard),
  }),
  liveLookBack: define({
    summary: 'Recent ended lives that have a replay, newest first',
    tags: ['lives'],
    query: LookBackQuery,
    data: LookBackData,
  }),
  liveHistory: define({
    summary: 'Past meetings (ended), newest first (start_at desc, id desc); optional year and department',
    tags: ['lives'],
    query: LiveHistoryQuery,
    data: Page(LiveCard),
  }),
  liveHistoryFilters: define({
    summary: 'Years and departments that past meetings exist for',
    tags: ['lives'],
    data: LiveHistoryFiltersData,
  }),
  liveRemind: define({
    summary: 'Set (status 1) or cancel (status 2) a reminder; idempotent; an ended live answers 40120',
    tags: ['lives'],
    params: LiveIdParams,
    body: LiveToggleBody,
    data: LiveRemindData,
  }),
  liveFavorite: define({
    summary: 'Favourite (status 1) or unfavourite (status 2) a live; the same rows as /v1/user/favorite',
    tags: ['lives'],
    params: LiveIdParams,
    body: LiveToggleBody,
    data: LiveFavoriteData,
  }),
  liveCalendar: define({
    summary: "My reminded or favourited lives in one month (caller's timezone), by day",
    tags: ['lives'],
    query: LiveCalendarQuery,
    data: LiveCalendarData,
  }),
  remindTypeGet: define({
    summary: 'How my live reminders are delivered: channel and minutes before the start',
    tags: ['lives'],
    data: RemindTypeData,
  }),
  remindTypeSet: define({
    summary: 'Choose the reminder channel and lead time; the channel needs a bound mobile or email',
    tags: ['lives'],
    body: RemindTypeBody,
    data: RemindTypeData,
  }),
} as const;
