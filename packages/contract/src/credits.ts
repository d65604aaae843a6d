import { z } from 'zod';
import type { EndpointSchemas } from './api.ts';
import { Page, PageQuery } from './common.ts';

/**
 * Continuing-education credit (issue 29, "Credit engine"): activities designated with credit in
 * advance, the post-test, the evaluation, claims and the yearly 电子学分卡. Credits travel as
 * integer hundredths (150 = 1.5 credits).
 */

const define = <const E extends EndpointSchemas>(e: E) => e;

export const CREDIT_ACTIVITY_KINDS = ['live', 'meeting', 'course', 'series', 'recording'] as const;
export const CreditActivityKind = z.enum(CREDIT_ACTIVITY_KINDS);
export type CreditActivityKind = z.infer<typeof CreditActivityKind>;

export const CREDIT_REGIMES = ['cn_national', 'cn_provincial', 'cn_remote', 'us_ama'] as const;
export const CreditRegime = z.enum(CREDIT_REGIMES);
export type CreditRegime = z.infer<typeof CreditRegime>;

export const CREDIT_CLASSES = ['I', 'II', 'AMA_PRA_1'] as const;
export const CreditClass = z.enum(CREDIT_CLASSES);
export type CreditClass = z.infer<typeof CreditClass>;

/**
 * The national yearly requirement for a licensed clinician (全国继续医学教育委员会): at least 25
 * credits a year, Class I at least 5 and counted up to 10, Class II at least 15 and counted up to
 * 20 (the classes do not stand in for each other); over five years at least 10 national Class I.
 */
export const CME_REQUIREMENT = {
  totalMin: 2500,
  classIMin: 500,
  classIMax: 1000,
  classIIMin: 1500,
  classIIMax: 2000,
  fiveYearNationalMin: 1000,
  years: 5,
} as const;

/** Rating items of the short evaluation (1–5 each). */
export const CREDIT_EVALUATION_ITEMS = ['content', 'teaching', 'relevance', 'unbiased'] as const;

export const CreditActivityParams = z.object({ kind: CreditActivityKind, id: z.coerce.number().int().positive() });

export const CreditRule = z.object({
  key: z.string(),
  regime: CreditRegime,
  role: z.enum(['trainee', 'lecturer']),
  seconds_per_unit: z.number().int(),
  hundredths_per_unit: z.number().int(),
  step_hundredths: z.number().int(),
  cap_hundredths: z.number().int().nullable(),
  /** The rule in the caller's language ("国家级：每 3 小时 1 学分"). */
  name: z.string(),
});
export type CreditRule = z.infer<typeof CreditRule>;

export const CreditSessionInfo = z.object({ key: z.string(), title: z.string(), starts_at: z.string(), ends_at: z.string() });

export const CreditDesignation = z.object({
  title: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  regime: CreditRegime,
  credit_class: CreditClass,
  project_number: z.string(),
  max_hundredths: z.number().int(),
  rule: CreditRule,
  claim_opens_at: z.string(),
  claim_closes_at: z.string(),
  sessions: z.array(CreditSessionInfo),
  requirements: z.object({
    attendance_pct: z.number().int(),
    presence_pct: z.number().int(),
    /** 0 when the activity has no post-test. */
    test_questions: z.number().int(),
    pass_mark_pct: z.number().int(),
    max_attempts: z.number().int(),
    evaluation: z.boolean(),
  }),
});
export type CreditDesignation = z.infer<typeof CreditDesignation>;

export const CreditClaim = z.object({
  id: z.number().int(),
  kind: CreditActivityKind,
  activity_id: z.number().int(),
  title: z.string(),
  role: z.enum(['trainee', 'lecturer']),
  regime: CreditRegime,
  credit_class: CreditClass,
  project_number: z.string(),
  hundredths: z.number().int(),
  lines: z.array(z.object({ session_key: z.string(), title: z.string(), hundredths: z.number().int() })),
  attended_seconds: z.number().int(),
  scheduled_seconds: z.number().int(),
  credit_year: z.number().int(),
  /** `pending` until a certificate is issued for it. */
  certificate_status: z.enum(['pending', 'issued']),
  certificate_code: z.string().nullable(),
  claimed_at: z.string(),
});
export type CreditClaim = z.infer<typeof CreditClaim>;

/** Why a claim is not possible yet. */
export const CREDIT_UNMET = ['window_not_open', 'window_closed', 'attendance', 'presence', 'test', 'evaluation', 'no_credit'] as const;
export const CreditUnmet = z.enum(CREDIT_UNMET);
export type CreditUnmet = z.infer<typeof CreditUnmet>;

export const CreditProgress = z.object({
  attended_seconds: z.number().int(),
  scheduled_seconds: z.number().int(),
  /** Seconds the credit is computed from: the designated schedule's share attended (lecturers: seconds lectured). */
  credited_seconds: z.number().int(),
  attendance_pct: z.number().int(),
  presence: z.object({ asked: z.number().int(), answered: z.number().int() }),
  signed_in: z.boolean(),
  test: z.object({ attempts_used: z.number().int(), attempts_left: z.number().int(), best_score_pct: z.number().int(), passed: z.boolean() }),
  evaluated: z.boolean(),
  /** What a claim made now would give (0 while nothing is earned). */
  estimated_hundredths: z.number().int(),
  role: z.enum(['trainee', 'lecturer']),
  unmet: z.array(CreditUnmet),
  claimable: z.boolean(),
  claim: CreditClaim.nullable(),
});
export type CreditProgress = z.infer<typeof CreditProgress>;

export const CreditActivityInfo = z.object({
  kind: CreditActivityKind,
  id: z.number().int(),
  /** null: the activity gives no credit. */
  designation: CreditDesignation.nullable(),
  /** null for visitors and undesignated activities. */
  progress: CreditProgress.nullable(),
});
export type CreditActivityInfo = z.infer<typeof CreditActivityInfo>;

export const CreditTest = z.object({
  pass_mark_pct: z.number().int(),
  max_attempts: z.number().int(),
  attempts_used: z.number().int(),
  best_score_pct: z.number().int(),
  passed: z.boolean(),
  questions: z.array(z.object({ id: z.number().int(), stem: z.string(), options: z.array(z.string()), multiple: z.boolean() })),
});
export type CreditTest = z.infer<typeof CreditTest>;

export const CreditTestBody = z.object({
  answers: z
    .array(z.object({ question_id: z.number().int().positive(), options: z.array(z.number().int().min(0).max(9)).max(10) }))
    .max(50),
});
export type CreditTestBody = z.infer<typeof CreditTestBody>;

export const CreditTestResult = z.object({
  attempt_no: z.number().int(),
  score_pct: z.number().int(),
  passed: z.boolean(),
  attempts_left: z.number().int(),
});
export type CreditTestResult = z.infer<typeof CreditTestResult>;

const Rating = z.number().int().min(1).max(5);
export const CreditEvaluationBody = z.object({
  ratings: z.object({ content: Rating, teaching: Rating, relevance: Rating, unbiased: Rating }),
  comment: z.string().trim().max(500).default(''),
});
export type CreditEvaluationBody = z.infer<typeof CreditEvaluationBody>;

export const CreditClaimResult = CreditClaim.extend({ newly: z.boolean() });
export type CreditClaimResult = z.infer<typeof CreditClaimResult>;

export const CreditClaimPage = Page(CreditClaim);

export const CmeQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() });

const ClassTally = z.object({
  earned_hundredths: z.number().int(),
  /** What counts toward the yearly total (capped at the class's maximum). */
  counted_hundredths: z.number().int(),
  min_hundredths: z.number().int(),
  max_hundredths: z.number().int(),
  deficit_hundredths: z.number().int(),
});

export const CmeCard = z.object({
  year: z.number().int(),
  class_i: ClassTally,
  class_ii: ClassTally,
  total: z.object({ counted_hundredths: z.number().int(), min_hundredths: z.number().int(), deficit_hundredths: z.number().int() }),
  /** AMA PRA Category 1 credits of the year: listed, not part of the national count. */
  ama_pra_1_hundredths: z.number().int(),
  met: z.boolean(),
  five_year: z.object({
    from_year: z.number().int(),
    to_year: z.number().int(),
    national_class_i_hundredths: z.number().int(),
    min_hundredths: z.number().int(),
    deficit_hundredths: z.number().int(),
  }),
  /** Years the user has credits in, newest first (for the year picker). */
  years: z.array(z.number().int()),
  claims: z.array(CreditClaim),
});
export type CmeCard = z.infer<typeof CmeCard>;

export const creditSchemas = {
  creditActivity: define({
    summary: "An activity's credit designation and requirements, and the caller's progress toward each (when logged in)",
    tags: ['cme'],
    params: CreditActivityParams,
    data: CreditActivityInfo,
  }),
  creditTest: define({
    summary: "The activity's post-test (no answers) and my attempts",
    tags: ['cme'],
    params: CreditActivityParams,
    data: CreditTest,
  }),
  creditTestSubmit: define({
    summary: 'Submit a post-test attempt; the attempt is reserved before grading, so a burst never exceeds the retakes',
    tags: ['cme'],
    params: CreditActivityParams,
    body: CreditTestBody,
    data: CreditTestResult,
  }),
  creditEvaluation: define({
    summary: 'Submit the short evaluation (once)',
    tags: ['cme'],
    params: CreditActivityParams,
    body: CreditEvaluationBody,
    data: z.object({ evaluated: z.literal(true) }),
  }),
  creditClaim: define({
    summary: 'Claim the credit: inside the claim window with every requirement met; one claim per activity, never changed (a repeat returns it with newly=false)',
    tags: ['cme'],
    params: CreditActivityParams,
    data: CreditClaimResult,
  }),
  creditClaims: define({
    summary: 'My credit claims, newest first',
    tags: ['cme'],
    query: PageQuery,
    data: CreditClaimPage,
  }),
  creditCme: define({
    summary: '电子学分卡: a year of credits, Class I and II against the national requirement, the five-year national count, deficits',
    tags: ['cme'],
    query: CmeQuery,
    data: CmeCard,
  }),
} satisfies Record<string, EndpointSchemas>;
