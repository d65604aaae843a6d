import { index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { contentStatus, createdAt, updatedAt } from './common.ts';

/** Programmes published in issues. */
export const columns = pgTable('columns', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  titleZh: text().notNull(),
  titleEn: text(),
  descZh: text().notNull().default(''),
  descEn: text(),
  cover: text().notNull(),
  issueCount: integer().notNull().default(0),
  sort: integer().notNull().default(0),
  status: contentStatus().notNull().default('draft'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const papers = pgTable(
  'papers',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    uuid: uuid().notNull().unique(),
    titleZh: text().notNull(),
    titleEn: text(),
    abstractZh: text().notNull().default(''),
    abstractEn: text(),
    fullJournal: text().notNull(),
    doi: text(),
    status: contentStatus().notNull().default('draft'),
    publishedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('papers_status_published_idx').on(t.status, t.publishedAt)],
);

/** `album`: special album of a themed channel (/special/{theme_id}/{album_id}); `topic`: special topic. */
export const specialKind = pgEnum('special_kind', ['album', 'topic']);

export const specials = pgTable('specials', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  kind: specialKind().notNull(),
  themeId: integer(),
  titleZh: text().notNull(),
  titleEn: text(),
  descZh: text().notNull().default(''),
  descEn: text(),
  cover: text().notNull(),
  sort: integer().notNull().default(0),
  status: contentStatus().notNull().default('draft'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Content a special topic groups; a module's items show in `sort` order. */
export const specialItemModule = pgEnum('special_item_module', ['course', 'news', 'live', 'paper']);

export const specialItems = pgTable(
  'special_items',
  {
    specialId: integer()
      .notNull()
      .references(() => specials.id, { onDelete: 'cascade' }),
    module: specialItemModule().notNull(),
    itemId: integer().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.specialId, t.module, t.itemId] }), index('special_items_list_idx').on(t.specialId, t.module, t.sort)],
);

export const hotWords = pgTable('hot_words', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  wordZh: text().notNull(),
  wordEn: text(),
  sort: integer().notNull().default(0),
  status: contentStatus().notNull().default('published'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
