import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { departments } from './catalog.ts';
import { createdAt, updatedAt } from './common.ts';
import { lives } from './lives.ts';
import { users } from './users.ts';

/**
 * Online meetings clinicians host (decision record 0050). Each has an unlisted live (status
 * `unlisted`) as its room, created through the lives and live-room modules; the meeting number is
 * unique here and copied to the live. The password itself is the room's access code (hashed).
 */
export const meetings = pgTable(
  'meetings',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    hostId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    liveId: integer()
      .notNull()
      .unique('meetings_live_uq')
      .references(() => lives.id, { onDelete: 'cascade' }),
    /** 12 digits, the first not 0. */
    meetingNo: text().notNull().unique('meetings_meeting_no_uq'),
    title: text().notNull(),
    startAt: timestamp({ withTimezone: true }).notNull(),
    durationMin: integer().notNull(),
    departmentId: integer().references(() => departments.id, { onDelete: 'set null' }),
    /** Kept in the clear for the host to share (it is a meeting password, not an account secret); null = none. */
    password: text(),
    recorded: boolean().notNull().default(false),
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('meetings_host_start_idx').on(t.hostId, t.startAt),
    check('meetings_duration_check', sql`${t.durationMin} between 15 and 480`),
    check('meetings_no_check', sql`${t.meetingNo} ~ '^[1-9][0-9]{11}$'`),
  ],
);

/**
 * Host launch tokens: stored as a SHA-256 hash, used once (used_at set by one conditional update),
 * valid for a couple of minutes.
 */
export const meetingLaunchTokens = pgTable(
  'meeting_launch_tokens',
  {
    tokenHash: text().primaryKey(),
    meetingId: integer()
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('meeting_launch_tokens_expiry_idx').on(t.expiresAt)],
);
