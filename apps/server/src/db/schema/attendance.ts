import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './common.ts';
import { lives } from './lives.ts';
import { users } from './users.ts';

/**
 * Attendance evidence (modules/attendance, decision record 0053): append-only, kept at least six
 * years. Nothing updates or deletes these rows (no repository function does, and no cleanup job
 * touches them); the references have no cascade, so a user or live with evidence cannot be
 * deleted. An operator's correction is a new row with a reason, pointing at what it corrects.
 */
export const attendanceEvidence = pgTable(
  'attendance_evidence',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    liveId: integer()
      .notNull()
      .references(() => lives.id),
    kind: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    /** On-air seconds this row adds (heartbeats; corrections may take away). */
    seconds: integer().notNull().default(0),
    presenceCheckId: bigint({ mode: 'number' }),
    sessionId: text(),
    correctsId: bigint({ mode: 'number' }),
    reason: text(),
    actorId: integer().references(() => users.id),
    detail: jsonb(),
    createdAt: createdAt(),
  },
  (t) => [
    index('attendance_evidence_user_live_idx').on(t.userId, t.liveId, t.id),
    check('attendance_evidence_kind_check', sql`${t.kind} in ('join', 'leave', 'heartbeat', 'presence_answer', 'sign_in', 'correction')`),
    check('attendance_evidence_correction_check', sql`(${t.kind} = 'correction') = (${t.reason} is not null and ${t.actorId} is not null)`),
  ],
);

/**
 * On-air slots (ATTEND_SLOT_S long, numbered from the epoch) a user has been credited for in a
 * live: the primary key makes two tabs, retries and racing beats count a slot once.
 */
export const attendanceSlots = pgTable(
  'attendance_slots',
  {
    liveId: integer()
      .notNull()
      .references(() => lives.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    slot: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.liveId, t.userId, t.slot] })],
);

/** The last counting beat of each player session: the next beat joins the time between. */
export const attendanceSessions = pgTable(
  'attendance_sessions',
  {
    liveId: integer()
      .notNull()
      .references(() => lives.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text().notNull(),
    /** Null after a beat that did not count (paused, hidden, off air): the next one starts afresh. */
    lastBeatAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.liveId, t.userId, t.sessionId] })],
);

/** "Still here?" prompts of a live, asked by a moderator or its schedule. */
export const presenceChecks = pgTable(
  'presence_checks',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    liveId: integer()
      .notNull()
      .references(() => lives.id),
    askedAt: timestamp({ withTimezone: true }).notNull(),
    closesAt: timestamp({ withTimezone: true }).notNull(),
    source: text().notNull(),
    askedBy: integer().references(() => users.id),
  },
  (t) => [
    index('presence_checks_live_idx').on(t.liveId, t.askedAt),
    check('presence_checks_source_check', sql`${t.source} in ('moderator', 'schedule')`),
    check('presence_checks_window_check', sql`${t.closesAt} > ${t.askedAt}`),
  ],
);

/** One answer per user and check (the key holds under a burst); its evidence row is written with it. */
export const presenceAnswers = pgTable(
  'presence_answers',
  {
    checkId: bigint({ mode: 'number' })
      .notNull()
      .references(() => presenceChecks.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    answeredAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.checkId, t.userId] })],
);

/** A live's presence-check schedule: every `everyS` seconds, with a random offset, while on air. */
export const presenceSchedules = pgTable('presence_schedules', {
  liveId: integer()
    .primaryKey()
    .references(() => lives.id, { onDelete: 'cascade' }),
  everyS: integer().notNull(),
  windowS: integer().notNull(),
  nextAt: timestamp({ withTimezone: true }).notNull(),
});
