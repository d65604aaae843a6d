import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgEnum, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './common.ts';
import { courses } from './courses.ts';
import { users } from './users.ts';

/**
 * Credit points, sign-in, vouchers, bank cards and withdrawals (decision record 0028). The points
 * balance itself is users.points_balance; every change of it writes one score_logs row in the same
 * transaction, so the balance always equals the sum of the user's changes.
 */

export const scoreReason = pgEnum('score_reason', ['sign_in', 'voucher', 'order_spend', 'order_return', 'merge', 'adjust']);

export const scoreLogs = pgTable(
  'score_logs',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    change: bigint({ mode: 'number' }).notNull(),
    balanceAfter: bigint({ mode: 'number' }).notNull(),
    reason: scoreReason().notNull(),
    /** What caused it (`sign_in` + a day, `order` + an order number, `voucher` + an id); with reason, the effect key. */
    refType: text().notNull(),
    refId: text().notNull(),
    memo: text().notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    // One effect applies once: a retried award or refund finds its row and changes nothing.
    unique('score_logs_effect_uq').on(t.userId, t.reason, t.refType, t.refId),
    index('score_logs_user_idx').on(t.userId, t.id),
    check('score_logs_change_check', sql`${t.change} <> 0`),
    check('score_logs_balance_check', sql`${t.balanceAfter} >= 0`),
  ],
);

/** One row per user and day signed in (the day in the timezone the request carried). */
export const signIns = pgTable(
  'sign_ins',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    streak: integer().notNull(),
    points: integer().notNull(),
    timezone: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('sign_ins_user_day_uq').on(t.userId, t.day)],
);

export const voucherKind = pgEnum('voucher_kind', ['coupon', 'points', 'course']);

export const voucherBatches = pgTable(
  'voucher_batches',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    kind: voucherKind().notNull(),
    count: integer().notNull(),
    points: integer(),
    courseId: integer().references(() => courses.id, { onDelete: 'restrict' }),
    /** money module's coupon campaign (no foreign key: that table belongs to another module). */
    couponCampaignId: integer(),
    expiresAt: timestamp({ withTimezone: true }),
    memo: text().notNull().default(''),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'voucher_batches_target_check',
      sql`(${t.kind} = 'points' and ${t.points} > 0) or (${t.kind} = 'course' and ${t.courseId} is not null) or (${t.kind} = 'coupon' and ${t.couponCampaignId} is not null)`,
    ),
  ],
);

export const voucherStatus = pgEnum('voucher_status', ['unused', 'redeemed']);

/** A code is kept only as its keyed hash (HMAC of the normalised code): the batch answer shows it once. */
export const vouchers = pgTable(
  'vouchers',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    batchId: integer()
      .notNull()
      .references(() => voucherBatches.id, { onDelete: 'cascade' }),
    codeHash: text().notNull().unique(),
    status: voucherStatus().notNull().default('unused'),
    redeemedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    redeemedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('vouchers_batch_idx').on(t.batchId, t.status)],
);

export const cardType = pgEnum('card_type', ['debit', 'credit']);

/**
 * Withdrawal accounts. The number is AES-256-GCM sealed (CARD_ENCRYPTION_KEY), with its last four
 * digits for display and a keyed hash to find the same card twice; the clear number is nowhere.
 */
export const bankCards = pgTable(
  'bank_cards',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    holderName: text().notNull(),
    numberSealed: text().notNull(),
    numberHash: text().notNull(),
    bin: text().notNull(),
    last4: text().notNull(),
    numberLength: integer().notNull(),
    bankCode: text().notNull(),
    cardType: cardType().notNull(),
    /** E.164. */
    mobile: text().notNull(),
    isDefault: boolean().notNull().default(false),
    removedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('bank_cards_user_number_uq').on(t.userId, t.numberHash).where(sql`${t.removedAt} is null`),
    uniqueIndex('bank_cards_one_default_uq').on(t.userId).where(sql`${t.isDefault} and ${t.removedAt} is null`),
  ],
);

export const withdrawalStatus = pgEnum('withdrawal_status', ['pending', 'approved', 'paid', 'rejected', 'failed']);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    withdrawalNo: text().notNull().unique(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    bankCardId: integer()
      .notNull()
      .references(() => bankCards.id),
    amount: bigint({ mode: 'number' }).notNull(),
    status: withdrawalStatus().notNull().default('pending'),
    /** The day (in the requester's timezone) it counts against the daily limit. */
    day: date({ mode: 'string' }).notNull(),
    idempotencyKey: text(),
    /** Hash of the request body under that key: the same key with another body is refused. */
    requestHash: text(),
    rejectReason: text(),
    reviewedBy: integer().references(() => users.id),
    reviewedAt: timestamp({ withTimezone: true }),
    /** The payout provider's reference once it took the transfer, and when it reported the result. */
    payoutRef: text(),
    payoutAttempts: integer().notNull().default(0),
    payoutNextAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    failureReason: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('withdrawals_user_key_uq').on(t.userId, t.idempotencyKey),
    index('withdrawals_user_idx').on(t.userId, t.id),
    index('withdrawals_status_idx').on(t.status, t.id),
    check('withdrawals_amount_check', sql`${t.amount} > 0`),
  ],
);
