import { z } from 'zod';
import type { EndpointSchemas } from './api.ts';
import { AdminBulkResult, AdminListQuery } from './admin.ts';
import { Id, Page } from './common.ts';
import { StaffRoleSchema } from './staff.ts';

/**
 * Running the site from the console (decision record 0069): the moderation queue over news
 * comments and live questions, users (search, view, disable, merge, cancellations), the
 * contact-form inbox, and the dashboard's figures.
 */

const define = <const E extends EndpointSchemas>(e: E) => e;
const Instant = z.iso.datetime({ offset: true });

// ---- moderation ----

/** What the queue holds: comments under news, questions asked in lives. Users cannot report content (the spec has no report action). */
export const MODERATION_KINDS = ['comment', 'question'] as const;
export const ModerationKind = z.enum(MODERATION_KINDS);
export type ModerationKind = z.infer<typeof ModerationKind>;
/** pending: not reviewed yet (a comment is visible meanwhile; a question of a moderated live is not). */
export const MODERATION_STATUSES = ['pending', 'approved', 'hidden'] as const;
export const ModerationStatus = z.enum(MODERATION_STATUSES);
export const MODERATION_ACTIONS = ['approve', 'hide', 'restore'] as const;
export const ModerationAction = z.enum(MODERATION_ACTIONS);
export type ModerationAction = z.infer<typeof ModerationAction>;

export const AdminModerationQuery = AdminListQuery.omit({ state: true, sort: true }).extend({
  kind: ModerationKind.default('question'),
  status: ModerationStatus.default('pending'),
  /** Questions of this live only. */
  live_id: Id.optional(),
  /** Comments under this news item only. */
  news_id: Id.optional(),
  from: Instant.optional(),
  to: Instant.optional(),
});
export type AdminModerationQuery = z.infer<typeof AdminModerationQuery>;
export const ModerationItem = z.object({
  kind: ModerationKind,
  id: z.number().int(),
  status: ModerationStatus,
  content: z.string(),
  author: z.object({ id: z.number().int(), nickname: z.string() }),
  /** The news item or the live it belongs to. */
  target: z.object({ id: z.number().int(), title: z.string() }),
  created_at: z.string(),
});
export type ModerationItem = z.infer<typeof ModerationItem>;
export const ModerationCounts = z.object({ comment: z.number().int(), question: z.number().int() });
export const AdminModerationPage = Page(ModerationItem).extend({ pending: ModerationCounts });
export const ModerationActBody = z.object({ action: ModerationAction });
export const ModerationBulkBody = z.object({ kind: ModerationKind, ids: z.array(Id).min(1).max(100), action: ModerationAction });
/** `changed` false: the item was already in that state (a second click, another moderator). */
export const ModerationActData = z.object({ kind: ModerationKind, id: z.number().int(), status: ModerationStatus, changed: z.boolean() });

// ---- users ----

export const ADMIN_USER_STATUSES = ['active', 'disabled', 'merged', 'cancelled'] as const;
export const AdminUserStatus = z.enum(ADMIN_USER_STATUSES);
export const AdminUsersQuery = AdminListQuery.omit({ state: true, sort: true }).extend({ status: AdminUserStatus.optional() });
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;
export const AdminPlainListQuery = AdminListQuery.omit({ state: true, sort: true });
export type AdminPlainListQuery = z.infer<typeof AdminPlainListQuery>;
export const AdminUserItem = z.object({
  id: z.number().int(),
  nickname: z.string(),
  /** Masked (138****8000): customer service finds a user by the full number, never reads it back. */
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  status: AdminUserStatus,
  created_at: z.string(),
});
export const AdminUserDetail = AdminUserItem.extend({
  avatar: z.string(),
  real_name: z.string(),
  hospital: z.string(),
  professional_title: z.string(),
  wechat_bound: z.boolean(),
  roles: z.array(StaffRoleSchema),
  disabled_at: z.string().nullable(),
  disabled_reason: z.string().nullable(),
  merged_into: z.number().int().nullable(),
  cancelled_at: z.string().nullable(),
  orders: z.object({ total: z.number().int(), paid: z.number().int(), paid_fen: z.number().int() }),
  wallet_fen: z.number().int(),
  points: z.number().int(),
  certificates: z.number().int(),
  sessions: z.array(z.object({ id: z.number().int(), platform: z.string(), created_at: z.string(), last_used_at: z.string(), expires_at: z.string() })),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;
export const AdminUserDisableBody = z.object({ reason: z.string().trim().min(1).max(500) });
export const AdminUserEnableBody = z.object({ reason: z.string().trim().max(500).default('') });
export const AdminUserMergeBody = z.object({ from_user_id: Id, reason: z.string().trim().min(1).max(500) });
export const AdminUserMergeData = z.object({ user_id: z.number().int(), merged_user_id: z.number().int() });
export const AdminCancellation = z.object({ id: z.number().int(), cancelled_at: z.string(), created_at: z.string() });

// ---- customer service ----

export const CONTACT_STATUSES = ['new', 'handled'] as const;
export const AdminContactQuery = AdminListQuery.omit({ state: true, sort: true }).extend({ status: z.enum(CONTACT_STATUSES).optional() });
export type AdminContactQuery = z.infer<typeof AdminContactQuery>;
export const AdminContactMessage = z.object({
  id: z.number().int(),
  name: z.string(),
  contact: z.string(),
  contact_kind: z.enum(['phone', 'email']),
  message: z.string(),
  user_id: z.number().int().nullable(),
  lang: z.string(),
  status: z.enum(CONTACT_STATUSES),
  created_at: z.string(),
  handled_at: z.string().nullable(),
  handled_by: z.number().int().nullable(),
  handled_note: z.string().nullable(),
});
export const AdminContactHandleBody = z.object({ note: z.string().trim().min(1).max(2000) });

// ---- dashboard ----

/** Each figure is null when the caller's roles do not reach the area it belongs to. */
export const AdminDashboard = z.object({
  /** The business day the figures count (Asia/Shanghai), YYYY-MM-DD. */
  day: z.string(),
  lives: z.object({ today: z.number().int(), live_now: z.number().int(), viewers: z.number().int() }).nullable(),
  users: z.object({ new_today: z.number().int() }).nullable(),
  orders: z.object({ paid_today: z.number().int(), revenue_fen: z.number().int() }).nullable(),
  moderation: z.object({ pending: z.number().int(), comments: z.number().int(), questions: z.number().int() }).nullable(),
  withdrawals: z.object({ pending: z.number().int() }).nullable(),
  service: z.object({ contact_new: z.number().int() }).nullable(),
});
export type AdminDashboard = z.infer<typeof AdminDashboard>;

const KindId = z.object({ kind: ModerationKind, id: Id });

export const adminRunningSchemas = {
  adminModeration: define({ summary: 'The moderation queue: news comments and live questions by state', tags: ['admin'], query: AdminModerationQuery, data: AdminModerationPage }),
  adminModerationAct: define({
    summary: "Approve, hide or restore one comment or question (a question through its live room, which viewers see at once; audited)",
    tags: ['admin'],
    params: KindId,
    body: ModerationActBody,
    data: ModerationActData,
  }),
  adminModerationBulk: define({ summary: 'Approve, hide or restore many items of one kind (audited each)', tags: ['admin'], body: ModerationBulkBody, data: AdminBulkResult }),
  adminUsers: define({ summary: 'Find users by mobile, email, nickname or id', tags: ['admin'], query: AdminUsersQuery, data: Page(AdminUserItem) }),
  adminUser: define({ summary: 'One user: profile, roles, orders, wallet, certificates, open sessions', tags: ['admin'], params: z.object({ id: Id }), data: AdminUserDetail }),
  adminUserDisable: define({ summary: 'Disable a user: every session ends at once, logins are refused (audited)', tags: ['admin'], params: z.object({ id: Id }), body: AdminUserDisableBody, data: AdminUserDetail }),
  adminUserEnable: define({ summary: 'Enable a disabled user again (audited)', tags: ['admin'], params: z.object({ id: Id }), body: AdminUserEnableBody, data: AdminUserDetail }),
  adminUserMerge: define({
    summary: 'Fold a duplicate account into this one with the account-merge rules (money in flight refuses; audited)',
    tags: ['admin'],
    params: z.object({ id: Id }),
    body: AdminUserMergeBody,
    data: AdminUserMergeData,
  }),
  adminCancellations: define({ summary: 'Accounts their owners cancelled (cancellation is immediate), latest first', tags: ['admin'], query: AdminPlainListQuery, data: Page(AdminCancellation) }),
  adminContactMessages: define({ summary: 'The contact-form inbox', tags: ['admin'], query: AdminContactQuery, data: Page(AdminContactMessage) }),
  adminContactMessage: define({ summary: 'One contact-form message', tags: ['admin'], params: z.object({ id: Id }), data: AdminContactMessage }),
  adminContactHandle: define({ summary: 'Mark a contact-form message handled, with a note (audited; once)', tags: ['admin'], params: z.object({ id: Id }), body: AdminContactHandleBody, data: AdminContactMessage }),
  adminDashboard: define({ summary: "Today's figures, each for the areas the caller's roles reach", tags: ['admin'], data: AdminDashboard }),
} as const;
