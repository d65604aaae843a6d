import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './common.ts';
import { users } from './users.ts';

/**
 * Continuing-education credit (owned by modules/credits). Credits are integer hundredths
 * (1 credit = 100). The formulas are rows of credit_rule_sets, not code branches.
 */

/** One credit formula: `hundredths_per_unit` for every `seconds_per_unit`, floored to `step_hundredths`, at most `cap_hundredths` per project. */
export const creditRuleSets = pgTable(
  'credit_rule_sets',
  {
    key: text().primaryKey(),
    /** cn_national | cn_provincial | cn_remote | us_ama */
    regime: text().notNull(),
    /** trainee | lecturer */
    role: text().notNull(),
    secondsPerUnit: integer().notNull(),
    hundredthsPerUnit: integer().notNull(),
    stepHundredths: integer().notNull(),
    capHundredths: integer(),
    nameZh: text().notNull(),
    nameEn: text().notNull(),
  },
  (t) => [
    check('credit_rule_sets_regime_check', sql`${t.regime} in ('cn_national', 'cn_provincial', 'cn_remote', 'us_ama')`),
    check('credit_rule_sets_role_check', sql`${t.role} in ('trainee', 'lecturer')`),
    check('credit_rule_sets_numbers_check', sql`${t.secondsPerUnit} > 0 and ${t.hundredthsPerUnit} > 0 and ${t.stepHundredths} > 0`),
  ],
);

/** A scheduled part of an activity; overlapping sessions (parallel tracks) count once. */
export interface CreditSession {
  key: string;
  title_zh: string;
  title_en: string;
  starts_at: string;
  ends_at: string;
}

/** Lecturers of an activity and the seconds each lectured (credited by the lecturer rule). */
export interface CreditLecturer {
  user_id: number;
  seconds: number;
}

/**
 * An activity designated for credit in advance: what it gives, under which rule, and what a
 * learner must do before claiming. The activity's title and dates are kept here as designated.
 */
export const creditDesignations = pgTable(
  'credit_designations',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** live | meeting | course | series | recording */
    activityKind: text().notNull(),
    activityId: integer().notNull(),
    titleZh: text().notNull(),
    titleEn: text().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    /** I | II | AMA_PRA_1 */
    creditClass: text().notNull(),
    ruleKey: text()
      .notNull()
      .references(() => creditRuleSets.key),
    lecturerRuleKey: text().references(() => creditRuleSets.key),
    projectNumber: text().notNull(),
    maxHundredths: integer().notNull(),
    claimOpensAt: timestamp({ withTimezone: true }).notNull(),
    claimClosesAt: timestamp({ withTimezone: true }).notNull(),
    attendancePct: smallint().notNull().default(85),
    presencePct: smallint().notNull().default(75),
    passMarkPct: smallint().notNull().default(60),
    maxAttempts: smallint().notNull().default(3),
    requiresEvaluation: boolean().notNull().default(true),
    sessions: jsonb().$type<CreditSession[]>().notNull().default(sql`'[]'::jsonb`),
    lecturers: jsonb().$type<CreditLecturer[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    /** The version a console edit carries (a stale save is refused). */
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('credit_designations_activity_uq').on(t.activityKind, t.activityId),
    check('credit_designations_kind_check', sql`${t.activityKind} in ('live', 'meeting', 'course', 'series', 'recording')`),
    check('credit_designations_class_check', sql`${t.creditClass} in ('I', 'II', 'AMA_PRA_1')`),
    check('credit_designations_window_check', sql`${t.claimClosesAt} > ${t.claimOpensAt} and ${t.endsAt} >= ${t.startsAt}`),
    check(
      'credit_designations_pct_check',
      sql`${t.attendancePct} between 0 and 100 and ${t.presencePct} between 0 and 100 and ${t.passMarkPct} between 0 and 100 and ${t.maxAttempts} >= 1`,
    ),
    check('credit_designations_max_check', sql`${t.maxHundredths} > 0`),
  ],
);

/** Post-test questions; `correct` holds the indexes of the right options. */
export const creditTestQuestions = pgTable(
  'credit_test_questions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    designationId: integer()
      .notNull()
      .references(() => creditDesignations.id, { onDelete: 'cascade' }),
    sort: integer().notNull(),
    stemZh: text().notNull(),
    stemEn: text().notNull(),
    optionsZh: jsonb().$type<string[]>().notNull(),
    optionsEn: jsonb().$type<string[]>().notNull(),
    correct: jsonb().$type<number[]>().notNull(),
  },
  (t) => [index('credit_test_questions_designation_idx').on(t.designationId, t.sort)],
);

/**
 * A learner's state for one designation: post-test attempts used (reserved atomically before
 * grading), when the test was passed and the evaluation given.
 */
export const creditProgress = pgTable(
  'credit_progress',
  {
    designationId: integer()
      .notNull()
      .references(() => creditDesignations.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attemptsUsed: smallint().notNull().default(0),
    bestScorePct: smallint().notNull().default(0),
    passedAt: timestamp({ withTimezone: true }),
    evaluatedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.designationId, t.userId] }), check('credit_progress_attempts_check', sql`${t.attemptsUsed} >= 0`)],
);

/** Every graded post-test attempt (append-only evidence). */
export const creditTestAttempts = pgTable(
  'credit_test_attempts',
  {
    designationId: integer()
      .notNull()
      .references(() => creditDesignations.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attemptNo: smallint().notNull(),
    scorePct: smallint().notNull(),
    passed: boolean().notNull(),
    answers: jsonb().$type<Record<string, number[]>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.designationId, t.userId, t.attemptNo] })],
);

export const creditEvaluations = pgTable(
  'credit_evaluations',
  {
    designationId: integer()
      .notNull()
      .references(() => creditDesignations.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ratings: jsonb().$type<Record<string, number>>().notNull(),
    comment: text().notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.designationId, t.userId] })],
);

/** One claimed credit line per session of the activity. */
export interface CreditClaimLine {
  session_key: string;
  title_zh: string;
  title_en: string;
  hundredths: number;
}

/**
 * A submitted claim: one per user and designation, never changed after it is made (the
 * certificate columns are filled in the claim's own transaction when an issuer is wired).
 */
export const creditClaims = pgTable(
  'credit_claims',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    designationId: integer()
      .notNull()
      .references(() => creditDesignations.id),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** trainee | lecturer */
    role: text().notNull(),
    regime: text().notNull(),
    creditClass: text().notNull(),
    projectNumber: text().notNull(),
    hundredths: integer().notNull(),
    lines: jsonb().$type<CreditClaimLine[]>().notNull(),
    attendedS: integer().notNull(),
    scheduledS: integer().notNull(),
    /** The credit year: the activity's end date in China time. */
    creditYear: smallint().notNull(),
    /** pending | issued */
    certificateStatus: text().notNull(),
    certificateId: integer(),
    certificateCode: text(),
    claimedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    unique('credit_claims_designation_user_uq').on(t.designationId, t.userId),
    index('credit_claims_user_year_idx').on(t.userId, t.creditYear),
    check('credit_claims_hundredths_check', sql`${t.hundredths} > 0`),
    check('credit_claims_certificate_check', sql`${t.certificateStatus} in ('pending', 'issued')`),
  ],
);
