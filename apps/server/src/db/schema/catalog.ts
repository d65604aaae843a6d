import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './common.ts';

/** Reference data shared by courses, lives and speakers. Bilingual text: *_en falls back to *_zh. */

export const departments = pgTable('departments', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  /** Stable value used in URLs (`dep_val`). */
  slug: text().notNull().unique(),
  nameZh: text().notNull(),
  nameEn: text(),
  sort: integer().notNull().default(0),
  createdAt: createdAt(),
});

export const hospitals = pgTable('hospitals', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  nameZh: text().notNull(),
  nameEn: text(),
  cityZh: text().notNull(),
  cityEn: text(),
  logo: text().notNull(),
  createdAt: createdAt(),
});

export const organizers = pgTable('organizers', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  nameZh: text().notNull(),
  nameEn: text(),
  logo: text().notNull(),
  createdAt: createdAt(),
});

export const tags = pgTable('tags', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  titleZh: text().notNull(),
  titleEn: text(),
  cover: text(),
  createdAt: createdAt(),
});
