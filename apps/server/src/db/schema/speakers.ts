import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { departments, hospitals, organizers } from './catalog.ts';
import { contentStatus, createdAt, updatedAt } from './common.ts';
import { columns, papers } from './editorial.ts';
import { news } from './news.ts';
import { users } from './users.ts';

export const speakers = pgTable(
  'speakers',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    nameZh: text().notNull(),
    nameEn: text(),
    avatar: text().notNull(),
    /** Professional title, e.g. 主任医师、教授. */
    titleZh: text().notNull(),
    titleEn: text(),
    introZh: text().notNull().default(''),
    introEn: text(),
    hospitalId: integer().references(() => hospitals.id, { onDelete: 'set null' }),
    organizationId: integer().references(() => organizers.id, { onDelete: 'set null' }),
    /** Cache of count(speaker_follows) for ordering; rewritten from the rows in every follow transaction. */
    followerCount: integer().notNull().default(0),
    sort: integer().notNull().default(0),
    status: contentStatus().notNull().default('draft'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('speakers_status_sort_idx').on(t.status, t.sort)],
);

export const speakerDepartments = pgTable(
  'speaker_departments',
  {
    speakerId: integer()
      .notNull()
      .references(() => speakers.id, { onDelete: 'cascade' }),
    departmentId: integer()
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.speakerId, t.departmentId] })],
);

/** One row per (user, speaker): the primary key makes concurrent follows a single row. */
export const speakerFollows = pgTable(
  'speaker_follows',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    speakerId: integer()
      .notNull()
      .references(() => speakers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.speakerId] }), index('speaker_follows_speaker_idx').on(t.speakerId)],
);

/**
 * Speakers linked to news, columns and papers (the speaker page's news, columns and documents tabs).
 * One table per content kind so each link has real foreign keys; `sort` is the speaker's place
 * among the item's people (author order of a paper, host order of a column).
 */
export const newsSpeakers = pgTable(
  'news_speakers',
  {
    newsId: integer()
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    speakerId: integer()
      .notNull()
      .references(() => speakers.id, { onDelete: 'cascade' }),
    sort: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.newsId, t.speakerId] }), index('news_speakers_speaker_idx').on(t.speakerId)],
);

export const columnSpeakers = pgTable(
  'column_speakers',
  {
    columnId: integer()
      .notNull()
      .references(() => columns.id, { onDelete: 'cascade' }),
    speakerId: integer()
      .notNull()
      .references(() => speakers.id, { onDelete: 'cascade' }),
    sort: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.columnId, t.speakerId] }), index('column_speakers_speaker_idx').on(t.speakerId)],
);

export const paperSpeakers = pgTable(
  'paper_speakers',
  {
    paperId: integer()
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    speakerId: integer()
      .notNull()
      .references(() => speakers.id, { onDelete: 'cascade' }),
    sort: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.paperId, t.speakerId] }), index('paper_speakers_speaker_idx').on(t.speakerId)],
);
