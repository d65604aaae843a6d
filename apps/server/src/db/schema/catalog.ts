import { type AnyPgColumn, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './common.ts';

/** Reference data shared by courses, lives and speakers. Bilingual text: *_en falls back to *_zh. */

export const departments = pgTable(
  'departments',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Stable value used in URLs (`dep_val`). */
    slug: text().notNull().unique(),
    /** Two-level tree (内科 > 心血管内科); null for a top-level group. */
    parentId: integer().references((): AnyPgColumn => departments.id, { onDelete: 'set null' }),
    nameZh: text().notNull(),
    nameEn: text(),
    sort: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('departments_parent_idx').on(t.parentId)],
);

/** Provinces, municipalities and countries at the top; their cities below (parent_id). */
export const regions = pgTable(
  'regions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    parentId: integer().references((): AnyPgColumn => regions.id, { onDelete: 'set null' }),
    nameZh: text().notNull(),
    nameEn: text(),
    sort: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('regions_parent_idx').on(t.parentId)],
);

export const hospitals = pgTable(
  'hospitals',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    nameZh: text().notNull(),
    nameEn: text(),
    cityZh: text().notNull(),
    cityEn: text(),
    logo: text().notNull(),
    /** The most specific region (a city, or a municipality that has no cities below it). */
    regionId: integer().references(() => regions.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('hospitals_region_idx').on(t.regionId)],
);

export const organizers = pgTable('organizers', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  nameZh: text().notNull(),
  nameEn: text(),
  logo: text().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const tags = pgTable('tags', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  titleZh: text().notNull(),
  titleEn: text(),
  cover: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
