import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tags } from './catalog.ts';
import { contentStatus, createdAt, updatedAt } from './common.ts';
import { users } from './users.ts';

export const newsCategories = pgTable('news_categories', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  titleZh: text().notNull(),
  titleEn: text(),
  sort: integer().notNull().default(0),
  status: contentStatus().notNull().default('published'),
  createdAt: createdAt(),
});

export const news = pgTable(
  'news',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    categoryId: integer()
      .notNull()
      .references(() => newsCategories.id, { onDelete: 'restrict' }),
    titleZh: text().notNull(),
    titleEn: text(),
    descriptionZh: text().notNull().default(''),
    descriptionEn: text(),
    /** HTML written by editors; sanitised with an allow-list when served. May contain DOI text the web links. */
    bodyZh: text().notNull(),
    bodyEn: text(),
    cover: text().notNull(),
    sourceZh: text().notNull().default(''),
    sourceEn: text(),
    authorZh: text().notNull().default(''),
    authorEn: text(),
    /** The article's DOI (10.xxxx/...), set in the console; the public page links it. */
    doi: text(),
    viewCount: integer().notNull().default(0),
    status: contentStatus().notNull().default('draft'),
    publishedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('news_status_published_idx').on(t.status, t.publishedAt),
    index('news_category_published_idx').on(t.categoryId, t.publishedAt),
  ],
);

/** Tags shown on a news detail. */
export const newsTags = pgTable(
  'news_tags',
  {
    newsId: integer()
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    tagId: integer()
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    sort: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.newsId, t.tagId] })],
);

/** One row per user who likes a news item; the like count is counted from these rows. */
export const newsLikes = pgTable(
  'news_likes',
  {
    newsId: integer()
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.newsId, t.userId] }), index('news_likes_user_idx').on(t.userId)],
);

/**
 * Comments are plain text (rendered as text by the web); deleting one removes the row. They show at
 * once (`pending`: not reviewed yet); a moderator approves them or hides them from readers.
 */
export const newsComments = pgTable(
  'news_comments',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    newsId: integer()
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text().notNull(),
    /** pending (shown, not reviewed), approved, hidden (readers no longer see it). */
    status: text().notNull().default('pending'),
    moderatedAt: timestamp({ withTimezone: true }),
    moderatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('news_comments_news_idx').on(t.newsId, t.id),
    index('news_comments_user_idx').on(t.userId, t.id),
    index('news_comments_status_idx').on(t.status, t.createdAt),
    check('news_comments_status_check', sql`${t.status} in ('pending', 'approved', 'hidden')`),
  ],
);

/** Reading log: one row per user and news item, with how often and when last read. */
export const newsReads = pgTable(
  'news_reads',
  {
    newsId: integer()
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readCount: integer().notNull().default(1),
    firstReadAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastReadAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.newsId, t.userId] }), index('news_reads_user_idx').on(t.userId, t.lastReadAt)],
);
