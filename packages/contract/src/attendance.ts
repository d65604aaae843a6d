import { z } from 'zod';
import type { EndpointSchemas } from './api.ts';
import { Id } from './common.ts';

/**
 * Attendance evidence (decision record 0053): a ledger per user and live built from the room's
 * socket (join, leave), the player's heartbeats, presence checks ("still here?") and check-in.
 * Evidence rows are append-only; operators add corrections with a reason.
 */

/** On-air time is counted in slots of this many seconds, each at most once per user and live. */
export const ATTEND_SLOT_S = 30;
/** The player beats this often while it plays in a visible page (its progress timer). */
export const ATTEND_BEAT_S = 15;
/** Two beats of a session further apart than this are not joined: the time between is not counted. */
export const ATTEND_GAP_S = 75;
/** How long viewers have to answer a presence check, unless the asker says otherwise. */
export const PRESENCE_WINDOW_S = 120;

const PlaySession = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
const Params = z.object({ id: Id });

export const AttendBeatBody = z.object({
  session_id: PlaySession,
  /** The player is playing (not paused, not buffering at the end). */
  playing: z.boolean(),
  /** The page is visible (document.visibilityState): a background tab is not attending. */
  visible: z.boolean(),
});
export type AttendBeatBody = z.infer<typeof AttendBeatBody>;
export const AttendBeatData = z.object({ on_air: z.boolean(), credited_s: z.number().int(), attended_s: z.number().int() });
export type AttendBeatData = z.infer<typeof AttendBeatData>;

/** What the credit engine reads (`attendanceSummary`) and the learner sees. */
export const AttendanceSummary = z.object({
  attended_seconds: z.number().int(),
  scheduled_seconds: z.number().int(),
  presence_checks: z.object({ asked: z.number().int(), answered: z.number().int() }),
  signed_in: z.boolean(),
  first_seen: z.string().nullable(),
  last_seen: z.string().nullable(),
});
export type AttendanceSummary = z.infer<typeof AttendanceSummary>;

export const PresenceCheck = z.object({
  id: z.number().int(),
  live_id: z.number().int(),
  asked_at: z.string(),
  closes_at: z.string(),
  source: z.enum(['moderator', 'schedule']),
});
export type PresenceCheck = z.infer<typeof PresenceCheck>;

export const MyAttendance = AttendanceSummary.extend({
  /** The check open now, if any, and whether the caller has answered it. */
  open_check: PresenceCheck.extend({ answered: z.boolean() }).nullable(),
});
export type MyAttendance = z.infer<typeof MyAttendance>;

export const PresenceAskBody = z.object({ window_s: z.number().int().min(30).max(600).default(PRESENCE_WINDOW_S) });
export const PresenceScheduleBody = z.object({
  /** Every this many minutes (with a random offset) while on air; 0 stops the schedule. */
  every_min: z.number().int().min(0).max(240),
  window_s: z.number().int().min(30).max(600).default(PRESENCE_WINDOW_S),
});
export const PresenceScheduleData = z.object({ every_min: z.number().int(), window_s: z.number().int(), next_at: z.string().nullable() });
export const PresenceAnswerData = z.object({ check_id: z.number().int(), answered_at: z.string() });

export const EvidenceKind = z.enum(['join', 'leave', 'heartbeat', 'presence_answer', 'sign_in', 'correction']);
export type EvidenceKind = z.infer<typeof EvidenceKind>;
export const EvidenceRow = z.object({
  id: z.number().int(),
  kind: EvidenceKind,
  at: z.string(),
  seconds: z.number().int(),
  presence_check_id: z.number().int().nullable(),
  session_id: z.string().nullable(),
  corrects_id: z.number().int().nullable(),
  reason: z.string().nullable(),
  actor_id: z.number().int().nullable(),
});
export type EvidenceRow = z.infer<typeof EvidenceRow>;

export const AdminAttendanceQuery = z.object({ user_id: Id, live_id: Id });
export const AdminAttendanceData = z.object({ summary: AttendanceSummary, evidence: z.array(EvidenceRow) });
export const AttendanceCorrectionBody = z
  .object({
    user_id: Id,
    live_id: Id,
    /** Seconds added to (or, negative, taken from) the attended time. */
    seconds: z.number().int().min(-86_400).max(86_400).default(0),
    /** Counts this presence check as answered (e.g. the viewer answered by phone). */
    presence_check_id: Id.optional(),
    /** The evidence row this correction is about, if one. */
    corrects_id: Id.optional(),
    reason: z.string().trim().min(5).max(500),
  })
  .refine((b) => b.seconds !== 0 || b.presence_check_id !== undefined, { message: 'seconds or presence_check_id', path: ['seconds'] });
export const AttendanceCorrectionData = z.object({ correction: EvidenceRow, summary: AttendanceSummary });

const define = <const E extends EndpointSchemas>(e: E) => e;

export const attendanceSchemas = {
  attendBeat: define({
    summary: 'Player heartbeat while a live is on air (every 15 s while playing in a visible page): on-air time counted once per 30 s slot',
    tags: ['attendance'],
    params: Params,
    body: AttendBeatBody,
    data: AttendBeatData,
  }),
  attendMine: define({
    summary: 'My attendance of a live: minutes attended, presence checks asked and answered, check-in, the open check',
    tags: ['attendance'],
    params: Params,
    data: MyAttendance,
  }),
  presenceAsk: define({
    summary: 'Moderators: ask the viewers "still here?" now; they answer within window_s',
    tags: ['attendance'],
    params: Params,
    body: PresenceAskBody,
    data: PresenceCheck,
  }),
  presenceSchedule: define({
    summary: 'Moderators: ask a presence check every N minutes (random offset) while on air; 0 stops',
    tags: ['attendance'],
    params: Params,
    body: PresenceScheduleBody,
    data: PresenceScheduleData,
  }),
  presenceScheduleGet: define({
    summary: 'Moderators: the live’s presence-check schedule (every_min 0: none)',
    tags: ['attendance'],
    params: Params,
    data: PresenceScheduleData,
  }),
  presenceAnswer: define({
    summary: 'Answer a presence check within its window (once; a late answer is refused with 40414)',
    tags: ['attendance'],
    params: z.object({ check_id: Id }),
    data: PresenceAnswerData,
  }),
  adminAttendance: define({
    summary: 'Operators: a user’s attendance evidence of a live, with the summary',
    tags: ['admin'],
    query: AdminAttendanceQuery,
    data: AdminAttendanceData,
  }),
  adminAttendanceCorrect: define({
    summary: 'Operators: append a correction (seconds and/or a presence answer) with a reason; originals never change; audited',
    tags: ['admin'],
    body: AttendanceCorrectionBody,
    data: AttendanceCorrectionData,
  }),
} as const;
