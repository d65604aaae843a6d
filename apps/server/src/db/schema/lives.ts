import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { departments, organizers } from './catalog.ts';
import { contentStatus, createdAt, updatedAt } from './common.ts';
import { speakers } from './speakers.ts';
import { users } from './users.ts';

/** Live conferences. Live status is not stored: it is derived from start_at/end_at and now. */
export const lives = pgTable(
  'lives',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    titleZh: text().notNull(),
    titleEn: text(),
    subTitleZh: text().notNull().default(''),
    subTitleEn: text(),
    banner: text().notNull(),
    previewGif: text(),
    startAt: timestamp({ withTimezone: true }).notNull(),
    endAt: timestamp({ withTimezone: true }).notNull(),
    /** After the end, a recording exists (status "replay" rather than "ended"). */
    hasReplay: boolean().notNull().default(false),
    /** Meeting number, shown in groups of four digits. */
    meetingNo: text().notNull(),
    organizerId: integer().references(() => organizers.id, { onDelete: 'set null' }),
    departmentId: integer().references(() => departments.id, { onDelete: 'set null' }),
    speakerId: integer().references(() => speakers.id, { onDelete: 'set null' }),
    status: contentStatus().notNull().default('draft'),
    /** Readers see a published live from this instant (a future one is a scheduled publication, decision record 0062). */
    publishedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('lives_status_start_idx').on(t.status, t.startAt),
    check('lives_time_check', sql`${t.endAt} > ${t.startAt}`),
  ],
);

/**
 * Live reminders: one row per user and live (the unique key makes a concurrent double click one
 * row). The sweep claims due rows by setting sent_at, so each reminder goes out once even with
 * several processes; `channel` records where it went (null: no address to send to).
 */
export const liveReminders = pgTable(
  'live_reminders',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    liveId: integer()
      .notNull()
      .references(() => lives.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** The language and timezone the reminder was set in: its message is written in them. */
    lang: text().notNull().default('zh_CN'),
    timezone: text().notNull().default('+08:00'),
    sentAt: timestamp({ withTimezone: true }),
    channel: text(),
  },
  (t) => [
    unique('live_reminders_user_live_uq').on(t.userId, t.liveId),
    index('live_reminders_live_idx').on(t.liveId),
    index('live_reminders_pending_idx').on(t.liveId).where(sql`${t.sentAt} is null`),
  ],
);

/** How a user's live reminders are delivered (contract RemindChannel; minutes before the start). */
export const userRemindSettings = pgTable(
  'user_remind_settings',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text().notNull(),
    minutesBefore: integer().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('user_remind_settings_minutes_check', sql`${t.minutesBefore} between 1 and 10080`)],
);
