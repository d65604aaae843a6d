import { z } from 'zod';
import type { EndpointSchemas } from './api.ts';
import { AdminBulkBody, AdminBulkResult, AdminListQuery, AdminPublishBody, AdminVersion, PublicationStateSchema } from './admin.ts';
import { Id, Page } from './common.ts';
import { CreditActivityKind } from './credits.ts';

/**
 * The console's courses and series (decision record 0065): list, editor, chapters and their order,
 * publication; and the continuing-education credit designation of a course, series or live.
 */

const zh = (max: number) => z.string().trim().min(1).max(max);
const en = (max: number) => z.string().trim().max(max).nullish().transform((v) => (v ? v : null));
/** A stored image: a path of the upload store (`/uploads/...`) or of the media store (`/media/...`). */
export const AdminImagePath = z.string().max(500).regex(/^\/(uploads|media)\/[^\s?#]+(\?[^\s#]*)?$/, 'an image path of the upload or media store');
const Fen = z.number().int().min(0).max(100_000_000);

export const ADMIN_COURSE_SORTS = ['updated', 'published', 'learners'] as const;
export const AdminCourseListQuery = AdminListQuery.extend({
  sort: z.enum(ADMIN_COURSE_SORTS).default('updated'),
  course_type: z.coerce.number().int().min(1).max(2).optional(),
  price_type: z.coerce.number().int().min(1).max(2).optional(),
  speaker_id: Id.optional(),
  department_id: Id.optional(),
});
export type AdminCourseListQuery = z.infer<typeof AdminCourseListQuery>;

export const AdminCourseItem = z.object({
  id: z.number().int(),
  course_type: z.number().int(),
  title_zh: z.string(),
  title_en: z.string().nullable(),
  cover: z.string(),
  price_type: z.number().int(),
  price: z.number().int(),
  state: PublicationStateSchema,
  published_at: z.string().nullable(),
  updated_at: z.string(),
  learn_count: z.number().int(),
  chapters: z.number().int(),
  is_featured: z.boolean(),
  speaker: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  department: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  series_id: z.number().int().nullable(),
  credit: z.boolean(),
});
export type AdminCourseItem = z.infer<typeof AdminCourseItem>;

/** The video bound to a chapter through the media module, if any. */
export const AdminChapterVideo = z.object({ hls_url: z.string(), poster: z.string(), duration_s: z.number().int() });

export const AdminChapter = z.object({
  id: z.number().int(),
  sort: z.number().int(),
  title_zh: z.string(),
  title_en: z.string().nullable(),
  duration_s: z.number().int(),
  is_free: z.boolean(),
  learners: z.number().int(),
  video: AdminChapterVideo.nullable(),
  updated_at: z.string(),
});
export type AdminChapter = z.infer<typeof AdminChapter>;

export const AdminCourse = AdminCourseItem.extend({
  summary_zh: z.string(),
  summary_en: z.string().nullable(),
  original_price: z.number().int(),
  speaker_id: z.number().int().nullable(),
  department_id: z.number().int().nullable(),
  chapters_list: z.array(AdminChapter),
  /** A series: its courses in the order readers see them. A single course: empty. */
  members: z.array(z.object({ id: z.number().int(), title_zh: z.string(), state: PublicationStateSchema })),
  created_at: z.string(),
});
export type AdminCourse = z.infer<typeof AdminCourse>;

const courseFields = {
  course_type: z.number().int().min(1).max(2),
  title_zh: zh(200),
  title_en: en(200),
  summary_zh: z.string().trim().max(5000).default(''),
  summary_en: en(5000),
  cover: AdminImagePath,
  price_type: z.number().int().min(1).max(2),
  /** Fen. A paid course costs more than 0; a free one 0. */
  price: Fen.default(0),
  /** Fen; 0 for none, else at least the price. */
  original_price: Fen.default(0),
  speaker_id: Id.nullable().default(null),
  department_id: Id.nullable().default(null),
  /** The series (a course of type 2) a single course belongs to. */
  series_id: Id.nullable().default(null),
  is_featured: z.boolean().default(false),
};
export const AdminCourseBody = z.object(courseFields);
export type AdminCourseBody = z.infer<typeof AdminCourseBody>;
export const AdminCourseEditBody = AdminCourseBody.extend(AdminVersion.shape);
export type AdminCourseEditBody = z.infer<typeof AdminCourseEditBody>;

export const AdminChapterBody = z.object({
  title_zh: zh(200),
  title_en: en(200),
  duration_s: z.number().int().min(0).max(86_400).default(0),
  /** A trial chapter: free to watch in a paid course. */
  is_free: z.boolean().default(false),
});
export type AdminChapterBody = z.infer<typeof AdminChapterBody>;
export const AdminChapterEditBody = AdminChapterBody.extend(AdminVersion.shape);
/** The course's chapters in their new order: every chapter once. */
export const AdminChapterOrderBody = z.object({ ids: z.array(Id).min(1).max(500) });

export const ADMIN_COURSE_BULK_ACTIONS = ['publish', 'offline'] as const;

// ---- credit designation ----

export const AdminCreditSession = z.object({
  key: z.string().trim().min(1).max(40),
  title_zh: zh(200),
  title_en: z.string().trim().max(200).default(''),
  starts_at: z.iso.datetime({ offset: true }),
  ends_at: z.iso.datetime({ offset: true }),
});
export const AdminCreditQuestion = z.object({
  stem_zh: zh(1000),
  stem_en: z.string().trim().max(1000).default(''),
  options_zh: z.array(zh(300)).min(2).max(8),
  options_en: z.array(z.string().trim().max(300)).max(8).default([]),
  /** Indexes of the right options. */
  correct: z.array(z.number().int().min(0).max(7)).min(1).max(8),
});
export const AdminCreditDesignationBody = z.object({
  title_zh: zh(200),
  title_en: z.string().trim().max(200).default(''),
  starts_at: z.iso.datetime({ offset: true }),
  ends_at: z.iso.datetime({ offset: true }),
  credit_class: z.enum(['I', 'II', 'AMA_PRA_1']),
  /** A row of credit_rule_sets (its regime: 国家级, 省级, 远程, AMA). */
  rule_key: z.string().min(1).max(60),
  lecturer_rule_key: z.string().min(1).max(60).nullable().default(null),
  project_number: z.string().trim().min(1).max(60),
  /** The most a learner can get, in hundredths of a credit. */
  max_hundredths: z.number().int().min(1).max(100_000),
  claim_opens_at: z.iso.datetime({ offset: true }),
  claim_closes_at: z.iso.datetime({ offset: true }),
  attendance_pct: z.number().int().min(0).max(100).default(85),
  presence_pct: z.number().int().min(0).max(100).default(75),
  pass_mark_pct: z.number().int().min(0).max(100).default(60),
  max_attempts: z.number().int().min(1).max(20).default(3),
  requires_evaluation: z.boolean().default(true),
  sessions: z.array(AdminCreditSession).max(100).default([]),
  questions: z.array(AdminCreditQuestion).max(100).default([]),
  /** Absent when designating; the designation's `updated_at` when editing one. */
  updated_at: z.iso.datetime({ offset: true }).optional(),
});
export type AdminCreditDesignationBody = z.infer<typeof AdminCreditDesignationBody>;

export const AdminCreditDesignation = AdminCreditDesignationBody.omit({ updated_at: true }).extend({
  id: z.number().int(),
  kind: CreditActivityKind,
  activity_id: z.number().int(),
  regime: z.string(),
  claims: z.number().int(),
  learners_started: z.number().int(),
  updated_at: z.string(),
});
export type AdminCreditDesignation = z.infer<typeof AdminCreditDesignation>;
export const AdminCreditParams = z.object({ kind: CreditActivityKind, id: Id });
export const AdminCreditRule = z.object({
  key: z.string(),
  regime: z.string(),
  role: z.string(),
  name_zh: z.string(),
  name_en: z.string(),
});

export const adminCourseSchemas = {
  adminCourses: {
    summary: 'Courses and series for the console: search (zh/en title), filters, sort',
    tags: ['admin'],
    query: AdminCourseListQuery,
    data: Page(AdminCourseItem),
  },
  adminCourse: { summary: 'One course with everything its editor needs', tags: ['admin'], params: z.object({ id: Id }), data: AdminCourse },
  adminCourseCreate: { summary: 'Create a course or series (a draft)', tags: ['admin'], body: AdminCourseBody, data: AdminCourse },
  adminCourseUpdate: {
    summary: 'Edit a course (carries the updated_at it was loaded with)',
    tags: ['admin'],
    params: z.object({ id: Id }),
    body: AdminCourseEditBody,
    data: AdminCourse,
  },
  adminCourseDelete: { summary: 'Delete a draft course (others go offline)', tags: ['admin'], params: z.object({ id: Id }), data: z.object({ deleted: z.boolean() }) },
  adminCoursePublish: {
    summary: 'Publish now, or at `at` (scheduled)',
    tags: ['admin'],
    params: z.object({ id: Id }),
    body: AdminPublishBody,
    data: AdminCourse,
  },
  adminCourseOffline: { summary: 'Take a course offline', tags: ['admin'], params: z.object({ id: Id }), data: AdminCourse },
  adminCourseUnlist: { summary: 'Reachable by its link only', tags: ['admin'], params: z.object({ id: Id }), data: AdminCourse },
  adminCourseBulk: {
    summary: 'Publish or take offline many courses',
    tags: ['admin'],
    body: AdminBulkBody.extend({ action: z.enum(ADMIN_COURSE_BULK_ACTIONS) }),
    data: AdminBulkResult,
  },
  adminChapterCreate: { summary: 'Add a chapter at the end', tags: ['admin'], params: z.object({ id: Id }), body: AdminChapterBody, data: AdminChapter },
  adminChapterUpdate: { summary: 'Edit a chapter', tags: ['admin'], params: z.object({ id: Id }), body: AdminChapterEditBody, data: AdminChapter },
  adminChapterDelete: { summary: 'Delete a chapter', tags: ['admin'], params: z.object({ id: Id }), data: z.object({ deleted: z.boolean() }) },
  adminChapterOrder: {
    summary: "Put a course's chapters in a new order (every chapter once)",
    tags: ['admin'],
    params: z.object({ id: Id }),
    body: AdminChapterOrderBody,
    data: z.object({ items: z.array(AdminChapter) }),
  },
  adminCreditRules: { summary: 'The credit rule sets a designation can use', tags: ['admin'], data: z.object({ items: z.array(AdminCreditRule) }) },
  adminCreditDesignation: {
    summary: "An activity's credit designation (null when none)",
    tags: ['admin'],
    params: AdminCreditParams,
    data: z.object({ designation: AdminCreditDesignation.nullable() }),
  },
  adminCreditDesignate: {
    summary: 'Designate an activity for credit, or edit its designation (updated_at)',
    tags: ['admin'],
    params: AdminCreditParams,
    body: AdminCreditDesignationBody,
    data: AdminCreditDesignation,
  },
  adminCreditWithdraw: {
    summary: "Withdraw an activity's designation (only before any claim)",
    tags: ['admin'],
    params: AdminCreditParams,
    data: z.object({ withdrawn: z.boolean() }),
  },
} satisfies Record<string, EndpointSchemas>;
