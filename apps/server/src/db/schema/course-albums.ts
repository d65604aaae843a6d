import { boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { contentStatus, createdAt, updatedAt } from './common.ts';
import { courses } from './courses.ts';

/** Course albums (spec §7 course_album): an editor's themed collection of courses. */
export const courseAlbums = pgTable(
  'course_albums',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    titleZh: text().notNull(),
    titleEn: text(),
    descZh: text().notNull().default(''),
    descEn: text(),
    cover: text().notNull(),
    /** Shown in the album bar above the course list (course_album_bar). */
    inBar: boolean().notNull().default(false),
    sort: integer().notNull().default(0),
    status: contentStatus().notNull().default('draft'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('course_albums_status_sort_idx').on(t.status, t.sort)],
);

export const courseAlbumItems = pgTable(
  'course_album_items',
  {
    albumId: integer()
      .notNull()
      .references(() => courseAlbums.id, { onDelete: 'cascade' }),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    sort: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.albumId, t.courseId] }), index('course_album_items_course_idx').on(t.courseId)],
);
