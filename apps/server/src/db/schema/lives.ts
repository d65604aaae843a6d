import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { departments, organizers } from './catalog.ts';
import { contentStatus, createdAt, updatedAt } from './common.ts';
import { speakers } from './speakers.ts';

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('lives_status_start_idx').on(t.status, t.startAt),
    check('lives_time_check', sql`${t.endAt} > ${t.startAt}`),
  ],
);
