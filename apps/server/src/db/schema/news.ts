import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { contentStatus, createdAt, updatedAt } from './common.ts';

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
    /** Trusted HTML written by editors; may contain DOI text the web turns into links. */
    bodyZh: text().notNull(),
    bodyEn: text(),
    cover: text().notNull(),
    sourceZh: text().notNull().default(''),
    sourceEn: text(),
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
