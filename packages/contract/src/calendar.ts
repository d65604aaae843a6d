import { z } from 'zod';
import type { EndpointSchemas } from './api.ts';
import { Id, Page, PageQuery } from './common.ts';
import { CONGRESS_FIELDS, CONGRESS_REGIONS } from './constants.ts';
import { LocalDate, LocalMonth } from './lives.ts';

/**
 * The international meeting calendar (spec §2 /meeting/calendar*, /meeting/collect): congresses
 * worldwide by month, a detail with an .ics file, favourites, and a personal calendar feed.
 */

export type CongressField = keyof typeof CONGRESS_FIELDS;
export const CongressField = z.enum(Object.keys(CONGRESS_FIELDS) as [CongressField, ...CongressField[]]);

export type CongressRegion = keyof typeof CONGRESS_REGIONS;
export const CongressRegion = z.enum(Object.keys(CONGRESS_REGIONS) as [CongressRegion, ...CongressRegion[]]);

/** How a congress is attended: `hybrid` matches both the online and the offline filter. */
export const CongressMode = z.enum(['offline', 'online', 'hybrid']);
export type CongressMode = z.infer<typeof CongressMode>;

export const CongressCard = z.object({
  id: z.number().int(),
  acronym: z.string(),
  title: z.string(),
  organizer: z.string(),
  /** First and last day, the congress's local calendar days (all-day, inclusive). */
  start_date: LocalDate,
  end_date: LocalDate,
  city: z.string(),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  field: CongressField,
  field_name: z.string(),
  region: CongressRegion,
  region_name: z.string(),
  mode: CongressMode,
  logo: z.string(),
  /** False for anonymous callers. */
  is_favorite: z.boolean(),
});
export type CongressCard = z.infer<typeof CongressCard>;

export const CongressDetail = CongressCard.extend({
  /** The other language's title (both are shown on the detail). */
  title_en: z.string(),
  title_zh: z.string(),
  venue: z.string(),
  url: z.string(),
  abstract_deadline: LocalDate.nullable(),
  registration_deadline: LocalDate.nullable(),
  summary: z.string(),
  /** Path of the congress's own .ics file (one all-day event). */
  ics_path: z.string(),
});
export type CongressDetail = z.infer<typeof CongressDetail>;

export const CalendarListQuery = PageQuery.extend({
  /** Congresses overlapping this month; without it, those not yet over (caller's today). */
  month: LocalMonth.optional(),
  field: CongressField.optional(),
  region: CongressRegion.optional(),
  /** `online` also lists hybrid congresses, so does `offline`. */
  mode: z.enum(['online', 'offline']).optional(),
  keyword: z.string().trim().max(50).optional(),
});

export const CongressIdParams = z.object({ id: Id });
export const CongressFavoriteBody = z.strictObject({ status: z.union([z.literal(1), z.literal(2)]) });
export const CongressFavoriteData = z.object({ is_favorite: z.boolean() });

export const CalendarFiltersData = z.object({
  fields: z.array(z.object({ key: CongressField, name: z.string() })),
  regions: z.array(z.object({ key: CongressRegion, name: z.string() })),
  /** The months (YYYY-MM) congresses are listed for: the current year and the next. */
  months: z.array(LocalMonth),
});

/** The personal feed: `url` (https) and `webcal_url` (the same, for "subscribe" links). */
export const CalendarFeedData = z.object({ url: z.string(), webcal_url: z.string(), created_at: z.string() });

const define = <const E extends EndpointSchemas>(e: E) => e;
const tags = ['calendar'] as const;

export const calendarSchemas = {
  calendarList: define({
    summary: 'Congresses by month (overlapping it) or from today on, filtered by field, region, online/offline and keyword; by start date',
    tags,
    query: CalendarListQuery,
    data: Page(CongressCard),
  }),
  calendarFilters: define({ summary: 'The fields, regions and months the calendar filters by, named in the caller language', tags, data: CalendarFiltersData }),
  calendarDetail: define({
    summary: 'One published congress (login optional: is_favorite); NOT_FOUND otherwise. Its .ics file: GET /v1/meeting/calendar/{id}.ics',
    tags,
    params: CongressIdParams,
    data: CongressDetail,
  }),
  calendarFavorite: define({
    summary: 'Favourite (status 1) or unfavourite (status 2) a congress; idempotent',
    tags,
    params: CongressIdParams,
    body: CongressFavoriteBody,
    data: CongressFavoriteData,
  }),
  calendarFavorites: define({ summary: 'My favourite congresses, by start date', tags, query: PageQuery, data: Page(CongressCard) }),
  calendarFeed: define({
    summary: 'The URL of my personal calendar feed (.ics: favourite congresses, reminded and favourite lives, ...); made on first call',
    tags,
    data: CalendarFeedData,
  }),
  calendarFeedRenew: define({ summary: 'A new feed URL; the old one stops working at once', tags, data: CalendarFeedData }),
  calendarFeedRevoke: define({ summary: 'Stop the feed: its URL answers 404 until a new one is made', tags, data: z.null() }),
} as const;
