import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgEnum, pgTable, smallint, text, timestamp, unique, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { departments } from './catalog.ts';
import { createdAt, updatedAt } from './common.ts';

/** `merged`: folded into another account (merged_into); `cancelled`: the owner deleted it (data anonymised). */
export const userStatus = pgEnum('user_status', ['active', 'merged', 'cancelled']);

/**
 * People. Personal data lives here and in user_identities; rows are never deleted (orders and the
 * ledger of later features reference the id), only anonymised on cancellation.
 */
export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    status: userStatus().notNull().default('active'),
    nickname: text().notNull(),
    /** Empty = the default avatar. */
    avatarUrl: text().notNull().default(''),
    realName: text().notNull().default(''),
    /** contract Gender: 0 unknown, 1 male, 2 female. */
    gender: smallint().notNull().default(0),
    hospital: text().notNull().default(''),
    departmentId: integer().references(() => departments.id, { onDelete: 'set null' }),
    professionalTitle: text().notNull().default(''),
    occupation: text().notNull().default(''),
    province: text().notNull().default(''),
    city: text().notNull().default(''),
    researchField: text().notNull().default(''),
    acceptUpdates: boolean().notNull().default(false),
    /** Which /improve form was submitted last (info, currency, info_vj, info_jeadv). */
    profileForm: text(),
    profileCompleted: boolean().notNull().default(false),
    /** Credit points available (the credit feature writes a ledger; 0 until then). */
    pointsBalance: bigint({ mode: 'number' }).notNull().default(0),
    /** Versioned scrypt strings (see modules/auth/passwords.ts); null = none set. */
    passwordHash: text(),
    payPasswordHash: text(),
    /** Wrong pay passwords in a row, and the lock they caused. */
    payFailures: integer().notNull().default(0),
    payLockedUntil: timestamp({ withTimezone: true }),
    notifyLive: boolean().notNull().default(true),
    notifyCourse: boolean().notNull().default(true),
    mergedInto: integer().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp({ withTimezone: true }),
    /** Set by an operator (console, users area): no session works and no login succeeds until cleared. */
    disabledAt: timestamp({ withTimezone: true }),
    disabledReason: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_gender_check', sql`${t.gender} in (0, 1, 2)`),
    check('users_points_check', sql`${t.pointsBalance} >= 0`),
  ],
);

export const identityKind = pgEnum('identity_kind', ['mobile', 'email', 'wechat']);

/**
 * Ways to recognise a user: a mobile number in E.164 (`+8613800138000`), an email (lower case) or a WeChat
 * openid. One per kind per user; a value belongs to one user at most.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: identityKind().notNull(),
    value: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('user_identities_kind_value_key').on(t.kind, t.value), unique('user_identities_user_kind_key').on(t.userId, t.kind)],
);

/** Uploaded images (owned by a user, stored by the storage adapter under `key`). */
export const uploads = pgTable(
  'uploads',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text().notNull().unique(),
    url: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    width: integer(),
    height: integer(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_user_idx').on(t.userId)],
);
