import { index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { createdAt } from './common.ts';
import { columns } from './editorial.ts';
import { users } from './users.ts';

/**
 * Favourites: one row per user and module item (contract MemberModule names the module).
 * The primary key makes a concurrent double add one row.
 */
export const userFavorites = pgTable(
  'user_favorites',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    moduleName: text().notNull(),
    moduleId: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.moduleName, t.moduleId] }), index('user_favorites_user_idx').on(t.userId, t.moduleName, t.createdAt)],
);

/** Browsing history: one row per user and module item; viewing again only moves last_viewed_at. */
export const userHistory = pgTable(
  'user_history',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    moduleName: text().notNull(),
    moduleId: integer().notNull(),
    lastViewedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('user_history_item_uq').on(t.userId, t.moduleName, t.moduleId),
    index('user_history_user_viewed_idx').on(t.userId, t.lastViewedAt),
  ],
);

/** Column subscriptions: one row per user and column; subscribe_total is counted from these rows. */
export const columnSubscriptions = pgTable(
  'column_subscriptions',
  {
    columnId: integer()
      .notNull()
      .references(() => columns.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.columnId, t.userId] }), index('column_subscriptions_user_idx').on(t.userId, t.createdAt)],
);
