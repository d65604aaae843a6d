import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { departments, tags } from './catalog.ts';
import { contentStatus, createdAt, updatedAt } from './common.ts';
import { speakers } from './speakers.ts';

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
    isFeatured: boolean().notNull().default(false),
    status: contentStatus().notNull().default('draft'),
    publishedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('courses_status_published_idx').on(t.status, t.publishedAt),
    index('courses_department_idx').on(t.departmentId),
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
