import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { departments } from './catalog.ts';
import { contentStatus, createdAt } from './common.ts';
import { papers } from './editorial.ts';

/** One paragraph of a link-up's transcript and who said it. */
export interface LinkupLine {
  speaker: 'cn' | 'overseas' | 'moderator';
  zh: string;
  en: string;
}

/**
 * Author voice (spec §2): an author presenting a published paper. The author is stored with the
 * talk (name, role, institution): presenters are often not speakers of the platform. Media is
 * bound through media_bindings (`author_talk`).
 */
export const authorTalks = pgTable(
  'author_talks',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    paperId: integer()
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    /** The field the talk is filed under. */
    departmentId: integer()
      .notNull()
      .references(() => departments.id),
    titleZh: text().notNull(),
    titleEn: text(),
    summaryZh: text().notNull().default(''),
    summaryEn: text(),
    cover: text().notNull(),
    durationS: integer().notNull(),
    authorNameZh: text().notNull(),
    authorNameEn: text(),
    /** Role in the paper and institution, e.g. "通讯作者 · 北京协和医院". */
    authorRoleZh: text().notNull(),
    authorRoleEn: text(),
    countryZh: text().notNull(),
    countryEn: text(),
    region: text().notNull(),
    avatar: text().notNull(),
    transcriptZh: jsonb().$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    transcriptEn: jsonb().$type<string[]>(),
    status: contentStatus().notNull().default('draft'),
    publishedAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('author_talks_status_published_idx').on(t.status, t.publishedAt),
    index('author_talks_department_idx').on(t.departmentId),
    check('author_talks_region_check', sql`${t.region} in ('cn', 'overseas')`),
    check('author_talks_duration_check', sql`${t.durationS} > 0`),
  ],
);

/**
 * International link-up: one session pairing a Chinese and an overseas author, each with their
 * own talk on their paper. Media is bound through media_bindings (`author_linkup`).
 */
export const authorLinkups = pgTable(
  'author_linkups',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    cnTalkId: integer()
      .notNull()
      .references(() => authorTalks.id, { onDelete: 'cascade' }),
    overseasTalkId: integer()
      .notNull()
      .references(() => authorTalks.id, { onDelete: 'cascade' }),
    departmentId: integer()
      .notNull()
      .references(() => departments.id),
    titleZh: text().notNull(),
    titleEn: text(),
    summaryZh: text().notNull().default(''),
    summaryEn: text(),
    cover: text().notNull(),
    durationS: integer().notNull(),
    heldAt: timestamp({ withTimezone: true }).notNull(),
    transcript: jsonb().$type<LinkupLine[]>().notNull().default(sql`'[]'::jsonb`),
    status: contentStatus().notNull().default('draft'),
    createdAt: createdAt(),
  },
  (t) => [index('author_linkups_status_held_idx').on(t.status, t.heldAt), check('author_linkups_duration_check', sql`${t.durationS} > 0`)],
);
