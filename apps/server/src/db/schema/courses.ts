import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, smallint, text, timestamp, unique, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { departments, tags } from './catalog.ts';
import { contentStatus, createdAt, updatedAt } from './common.ts';
import { speakers } from './speakers.ts';
import { users } from './users.ts';

export const courses = pgTable(
  'courses',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** contract CourseType: 1 single, 2 series. */
    courseType: smallint().notNull(),
    titleZh: text().notNull(),
    titleEn: text(),
    summaryZh: text().notNull().default(''),
    summaryEn: text(),
    cover: text().notNull(),
    /** contract PriceType: 1 free, 2 paid. */
    priceType: smallint().notNull(),
    /** Integer fen. bigint in the database; values stay far below 2^53 so JS numbers are exact. */
    price: bigint({ mode: 'number' }).notNull().default(0),
    /** Price before discount in fen; 0 when there is none. */
    originalPrice: bigint({ mode: 'number' }).notNull().default(0),
    learnCount: integer().notNull().default(0),
    /** Series courses: number of chapters published so far. */
    courseUpdatedCount: integer().notNull().default(0),
    departmentId: integer().references(() => departments.id, { onDelete: 'set null' }),
    speakerId: integer().references(() => speakers.id, { onDelete: 'set null' }),
    /** The series course (course_type 2) this single course belongs to, if any. */
    seriesId: integer().references((): AnyPgColumn => courses.id, { onDelete: 'set null' }),
    isFeatured: boolean().notNull().default(false),
    status: contentStatus().notNull().default('draft'),
    publishedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('courses_status_published_idx').on(t.status, t.publishedAt),
    index('courses_department_idx').on(t.departmentId),
    index('courses_series_idx').on(t.seriesId),
    check('courses_course_type_check', sql`${t.courseType} in (1, 2)`),
    check('courses_price_type_check', sql`${t.priceType} in (1, 2)`),
    check('courses_price_check', sql`${t.price} >= 0 and ${t.originalPrice} >= 0`),
  ],
);

export const courseChapters = pgTable(
  'course_chapters',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    sort: integer().notNull(),
    titleZh: text().notNull(),
    titleEn: text(),
    durationS: integer().notNull().default(0),
    isFree: boolean().notNull().default(false),
    createdAt: createdAt(),
    /** The version a console edit carries (a stale save is refused). */
    updatedAt: updatedAt(),
  },
  (t) => [unique('course_chapters_course_sort_key').on(t.courseId, t.sort)],
);

export const courseTags = pgTable(
  'course_tags',
  {
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    tagId: integer()
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    sort: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.tagId] }), index('course_tags_tag_idx').on(t.tagId)],
);

/** Tags a learner can attach to an appraisal ("clear", "practical", ...). */
export const appraiseTags = pgTable('appraise_tags', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  titleZh: text().notNull(),
  titleEn: text(),
  sort: integer().notNull().default(0),
});

/** One appraisal per user per course; a second submission updates it. Content is plain text. */
export const courseAppraisals = pgTable(
  'course_appraisals',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint().notNull(),
    content: text().notNull().default(''),
    tagIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('course_appraisals_course_user_key').on(t.courseId, t.userId),
    index('course_appraisals_course_idx').on(t.courseId, t.createdAt),
    check('course_appraisals_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

/** A learner of a course: one row per (user, course); its insertion bumps courses.learn_count once. */
export const courseLearners = pgTable(
  'course_learners',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    lastChapterId: integer().references(() => courseChapters.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    index('course_learners_course_idx').on(t.courseId),
    index('course_learners_user_updated_idx').on(t.userId, t.updatedAt),
  ],
);

/** Progress per (user, chapter); position never decreases. */
export const chapterProgress = pgTable(
  'chapter_progress',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chapterId: integer()
      .notNull()
      .references(() => courseChapters.id, { onDelete: 'cascade' }),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** Where the player was at the last heartbeat: the resume position. */
    positionS: integer().notNull().default(0),
    durationS: integer().notNull().default(0),
    /** Credited played seconds (decision record 0023); never more than the chapter's duration. */
    playedS: integer().notNull().default(0),
    completed: boolean().notNull().default(false),
    /** The playback session of the last heartbeat and what it had played: repeats credit nothing. */
    sessionId: text().notNull().default(''),
    sessionPlayedS: integer().notNull().default(0),
    lastBeatAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.chapterId] }), index('chapter_progress_user_course_idx').on(t.userId, t.courseId)],
);
