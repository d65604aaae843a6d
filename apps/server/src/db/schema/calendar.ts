import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { contentStatus, createdAt, updatedAt } from './common.ts';
import { users } from './users.ts';

/**
 * The international meeting calendar (spec §2 /meeting/calendar): congresses worldwide, owned by
 * the calendar module. Dates are the congress's local calendar days (all-day, multi-day), not
 * instants; `field`, `region` and `mode` are keys of the contract's CONGRESS_* lists.
 */
export const congresses = pgTable(
  'congresses',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Short name with the edition's year, e.g. "ASCO 2026". */
    acronym: text().notNull(),
    titleZh: text().notNull(),
    titleEn: text().notNull(),
    organizerZh: text().notNull(),
    organizerEn: text().notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    cityZh: text().notNull().default(''),
    cityEn: text().notNull().default(''),
    /** ISO 3166-1 alpha-2. */
    country: text().notNull(),
    venue: text().notNull().default(''),
    field: text().notNull(),
    region: text().notNull(),
    mode: text().notNull().default('offline'),
    url: text().notNull(),
    abstractDeadline: date({ mode: 'string' }),
    registrationDeadline: date({ mode: 'string' }),
    logo: text().notNull(),
    summaryZh: text().notNull().default(''),
    summaryEn: text().notNull().default(''),
    status: contentStatus().notNull().default('draft'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('congresses_status_start_idx').on(t.status, t.startDate),
    check('congresses_dates_check', sql`${t.endDate} >= ${t.startDate}`),
    check('congresses_mode_check', sql`${t.mode} in ('offline', 'online', 'hybrid')`),
  ],
);

/** A user's favourite congresses: one row per pair, so a double click is one row. */
export const congressFavorites = pgTable(
  'congress_favorites',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    congressId: integer()
      .notNull()
      .references(() => congresses.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.congressId] }), index('congress_favorites_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The token of a user's personal calendar feed (a webcal URL that calendar clients poll without
 * a login). One per user; regenerating replaces it, revoking deletes it (decision 0049).
 */
export const calendarFeedTokens = pgTable('calendar_feed_tokens', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text().notNull().unique(),
  createdAt: createdAt(),
  lastFetchedAt: timestamp({ withTimezone: true }),
});
