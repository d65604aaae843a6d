import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { Action } from '@medportal/contract';
import { createdAt } from './common.ts';
import { lives } from './lives.ts';
import { speakers } from './speakers.ts';
import { users } from './users.ts';

/**
 * Per-live room settings and state. A live without a row has the defaults (open to anyone, not
 * moderated, slide 0, seq 0); the first event creates it. `seq` is the room's event counter: it is
 * incremented in the transaction that writes the event, so numbers are unique and gap-free per room
 * across every API process, and the row lock orders concurrent writers.
 */
export const liveRooms = pgTable(
  'live_rooms',
  {
    liveId: integer()
      .primaryKey()
      .references(() => lives.id, { onDelete: 'cascade' }),
    seq: bigint({ mode: 'number' }).notNull().default(0),
    currentSlide: integer().notNull().default(0),
    moderated: boolean().notNull().default(false),
    requireLogin: boolean().notNull().default(false),
    requireSignIn: boolean().notNull().default(false),
    /** scrypt of the access code (modules/auth passwords format); null = no code. */
    accessCodeHash: text(),
    /** The schedule before a moderator moved start_at/end_at (null: never moved). */
    scheduledStartAt: timestamp({ withTimezone: true }),
    scheduledEndAt: timestamp({ withTimezone: true }),
    statusChangedAt: timestamp({ withTimezone: true }),
    statusChangedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /**
     * What becomes of the stream after the end (contract ROOM_RECORDING): `manual`, a moderator
     * marks the replay available (public lives); `auto`, the recording is offered once it ends (a
     * recorded meeting); `off`, never recorded, no replay ever (decision record 0058).
     */
    recording: text().notNull().default('manual'),
  },
  (t) => [
    check('live_rooms_slide_check', sql`${t.currentSlide} >= 0`),
    check('live_rooms_recording_check', sql`${t.recording} in ('manual', 'auto', 'off')`),
  ],
);

/** Who moderates a live (approve, answer, slides, polls, status). */
export const liveModerators = pgTable(
  'live_moderators',
  {
    liveId: integer()
      .notNull()
      .references(() => lives.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.liveId, t.userId] }), index('live_moderators_user_idx').on(t.userId)],
);

/** Speakers besides the live's main one, in order. */
export const liveSpeakers = pgTable(
  'live_speakers',
  {
    liveId: integer()
      .notNull()
      .references(() => lives.id, { onDelete: 'cascade' }),
    speakerId: integer()
      .notNull()
      .references(() => speakers.id, { onDelete: 'cascade' }),
    role: text().notNull().default('speaker'),
    sort: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.liveId, t.speakerId] })],
);

/**
 * The room's event log, for clients that reconnect (since=<seq>). `modsOnly` and `userId` narrow who
 * may read an event (a pending question: its author and the moderators).
 */
export const liveEvents = pgTable(
  'live_events',
  {
    liveId: integer()
      .notNull()
      .references(() => lives.id, { onDelete: 'cascade' }),
    seq: bigint({ mode: 'number' }).notNull(),
    type: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    modsOnly: boolean().notNull().default(false),
    /** With modsOnly: this user may read it too (the author). */
    userId: integer(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.liveId, t.seq] })],
);

/** Questions ("topics"). like_count is rewritten from the likes in the transaction that changes them. */
export const liveTopics = pgTable(
  'live_topics',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    liveId: integer()
      .notNull()
      .references(() => lives.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text().notNull(),
    /** pending (moderated lives, until approved), approved, hidden. */
    status: text().notNull(),
    pinned: boolean().notNull().default(false),
    likeCount: integer().notNull().default(0),
    answer: text(),
    answeredAt: timestamp({ withTimezone: true }),
    answeredBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('live_topics_live_idx').on(t.liveId, t.status, t.createdAt),
    index('live_topics_user_idx').on(t.liveId, t.userId, t.createdAt),
    check('live_topics_status_check', sql`${t.status} in ('pending', 'approved', 'hidden')`),
    check('live_topics_likes_check', sql`${t.likeCount} >= 0`),
  ],
);

export const liveTopicLikes = pgTable(
  'live_topic_likes',
  {
    topicId: integer()
      .notNull()
      .references(() => liveTopics.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.topicId, t.userId] })],
);

/** Check-ins: one per user and live; the first time is kept. */
export const liveSigns = pgTable(
  'live_signs',
  {
    liveId: integer()
      .notNull()
      .references(() => lives.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    signedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.liveId, t.userId] }), index('live_signs_time_idx').on(t.liveId, t.signedAt)],
);

/** Access-code state per user and live: granted once right, or failures counting towards a lock. */
export const liveAccess = pgTable(
  'live_access',
  {
    liveId: integer()
      .notNull()
      .references(() => lives.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    grantedAt: timestamp({ withTimezone: true }),
    failures: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.liveId, t.userId] })],
);

/** Slide images of a live, by index from 0. */
export const liveSlides = pgTable(
  'live_slides',
  {
    liveId: integer()
      .notNull()
      .references(() => lives.id, { onDelete: 'cascade' }),
    idx: integer().notNull(),
    image: text().notNull(),
    titleZh: text().notNull().default(''),
    titleEn: text(),
  },
  (t) => [primaryKey({ columns: [t.liveId, t.idx] })],
);

/** Every slide change with its time: the recording's slide timeline. */
export const liveSlideMarks = pgTable(
  'live_slide_marks',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    liveId: integer()
      .notNull()
      .references(() => lives.id, { onDelete: 'cascade' }),
    idx: integer().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('live_slide_marks_live_idx').on(t.liveId, t.at)],
);

/** Links under the player. */
export const liveButtons = pgTable(
  'live_buttons',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    liveId: integer()
      .notNull()
      .references(() => lives.id, { onDelete: 'cascade' }),
    titleZh: text().notNull(),
    titleEn: text(),
    action: jsonb().$type<Action>().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [index('live_buttons_live_idx').on(t.liveId, t.sort)],
);

export const livePolls = pgTable(
  'live_polls',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    liveId: integer()
      .notNull()
      .references(() => lives.id, { onDelete: 'cascade' }),
    question: text().notNull(),
    multiple: boolean().notNull().default(false),
    /** true while open, null once closed: the unique key then allows one open poll per live. */
    open: boolean().default(true),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    closedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('live_polls_live_idx').on(t.liveId, t.createdAt), unique('live_polls_one_open_uq').on(t.liveId, t.open)],
);

export const livePollOptions = pgTable(
  'live_poll_options',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    pollId: integer()
      .notNull()
      .references(() => livePolls.id, { onDelete: 'cascade' }),
    text: text().notNull(),
    sort: integer().notNull().default(0),
    votes: integer().notNull().default(0),
  },
  (t) => [index('live_poll_options_poll_idx').on(t.pollId, t.sort)],
);

/** One row per voter and poll: the primary key is what makes a vote once-only. */
export const livePollVoters = pgTable(
  'live_poll_voters',
  {
    pollId: integer()
      .notNull()
      .references(() => livePolls.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    optionIds: jsonb().$type<number[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.userId] })],
);

/** Recordings: an ended live's replay (liveId) or a standalone recorded talk. */
export const recordings = pgTable(
  'recordings',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    liveId: integer().references(() => lives.id, { onDelete: 'set null' }),
    titleZh: text().notNull(),
    titleEn: text(),
    subTitleZh: text().notNull().default(''),
    subTitleEn: text(),
    banner: text().notNull(),
    /** The instant second 0 of the recording corresponds to. */
    recordedAt: timestamp({ withTimezone: true }).notNull(),
    durationS: integer().notNull(),
    speakerId: integer().references(() => speakers.id, { onDelete: 'set null' }),
    /** False while the replay is being prepared. */
    ready: boolean().notNull().default(true),
    status: text().notNull().default('published'),
    createdAt: createdAt(),
  },
  (t) => [unique('recordings_live_uq').on(t.liveId), check('recordings_duration_check', sql`${t.durationS} > 0`)],
);

export const recordingChapters = pgTable(
  'recording_chapters',
  {
    recordingId: integer()
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    atS: integer().notNull(),
    titleZh: text().notNull(),
    titleEn: text(),
  },
  (t) => [primaryKey({ columns: [t.recordingId, t.atS] })],
);
