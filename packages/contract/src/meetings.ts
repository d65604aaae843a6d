import { z } from 'zod';
import { LoginData } from './accounts.ts';
import type { EndpointSchemas } from './api.ts';
import { Id, Page, PageQuery } from './common.ts';
import { MEETING_DURATION_MAX_MIN, MEETING_DURATION_MIN_MIN, MEETING_NUMBER_DIGITS, MEETING_PASSWORD_PATTERN } from './constants.ts';
import { parseMeetingNumber } from './format.ts';

/**
 * My meetings (spec §2 `/my_meeting`, `/meeting/create`; §7 "Meetings: create, launch_token,
 * index, department"). A meeting is a small online webinar a clinician hosts; its room is a live
 * room (unlisted) whose moderator is the host. Decision record 0050.
 */

export const MEETING_STATUSES = ['upcoming', 'live', 'ended', 'cancelled'] as const;
export const MeetingStatus = z.enum(MEETING_STATUSES);
export type MeetingStatus = z.infer<typeof MeetingStatus>;

/** A password to join: 4–12 letters or digits; empty string or null means none. */
const MeetingPassword = z.string().trim().regex(MEETING_PASSWORD_PATTERN, 'password must be 4-12 letters or digits');

const MeetingFields = {
  title: z.string().trim().min(2).max(80),
  /** ISO 8601 instant with an offset. */
  start_at: z.string().datetime({ offset: true }),
  duration_min: z.coerce.number().int().min(MEETING_DURATION_MIN_MIN).max(MEETING_DURATION_MAX_MIN),
  department_id: Id,
  recorded: z.boolean().default(false),
};

export const MeetingCreateBody = z.object({ ...MeetingFields, password: MeetingPassword.or(z.literal('')).nullable().optional() });
export type MeetingCreateBody = z.input<typeof MeetingCreateBody>;

/** An edit: fields left out keep their value; `password` null or '' removes it. */
export const MeetingUpdateBody = z.object({
  title: MeetingFields.title.optional(),
  start_at: MeetingFields.start_at.optional(),
  duration_min: MeetingFields.duration_min.optional(),
  department_id: Id.optional(),
  recorded: z.boolean().optional(),
  password: MeetingPassword.or(z.literal('')).nullable().optional(),
});
export type MeetingUpdateBody = z.input<typeof MeetingUpdateBody>;

export const Meeting = z.object({
  id: z.number().int(),
  /** 12 digits; shown as XXXX-XXXX-XXXX (formatMeetingNumber). */
  meeting_no: z.string(),
  title: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  duration_min: z.number().int(),
  department: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  has_password: z.boolean(),
  /** Only the host sees the password (to share it). */
  password: z.string().nullable(),
  recorded: z.boolean(),
  status: MeetingStatus,
  /** The live room that holds the meeting. */
  live_id: z.number().int(),
  /** Path of the attendee link (`/meeting/join/<number>`). */
  join_path: z.string(),
  /** Upcoming meetings may be edited and cancelled; a live one may be cancelled. */
  can_edit: z.boolean(),
  can_cancel: z.boolean(),
  created_at: z.string(),
});
export type Meeting = z.infer<typeof Meeting>;

export const MeetingIndexQuery = PageQuery.extend({ status: z.enum(['upcoming', 'live', 'ended']).default('upcoming') });
export const MeetingPage = Page(Meeting).extend({
  counts: z.object({ upcoming: z.number().int(), live: z.number().int(), ended: z.number().int() }),
});
export type MeetingPage = z.infer<typeof MeetingPage>;

export const MeetingDepartment = z.object({ id: z.number().int(), title: z.string(), children: z.array(z.object({ id: z.number().int(), title: z.string() })) });
export const MeetingDepartmentData = z.object({ items: z.array(MeetingDepartment) });
export type MeetingDepartmentData = z.infer<typeof MeetingDepartmentData>;

export const MeetingLaunchTokenData = z.object({
  token: z.string(),
  /** Path that opens the host's room with the token (`/meeting/launch?token=`). */
  launch_path: z.string(),
  expires_at: z.string(),
});
export type MeetingLaunchTokenData = z.infer<typeof MeetingLaunchTokenData>;

export const MeetingLaunchBody = z.object({ token: z.string().min(16).max(128) });
export const MeetingLaunchData = z.object({ live_id: z.number().int(), meeting_no: z.string(), login: LoginData });
export type MeetingLaunchData = z.infer<typeof MeetingLaunchData>;

/** A meeting number typed with or without hyphens or spaces. */
const MeetingNumberParam = z
  .string()
  .max(40)
  .transform((s) => parseMeetingNumber(s))
  .refine((s): s is string => s !== null && s.length === MEETING_NUMBER_DIGITS, 'meeting number must have 12 digits');

export const MeetingJoinInfo = z.object({
  meeting_no: z.string(),
  title: z.string(),
  host: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  status: MeetingStatus,
  has_password: z.boolean(),
  live_id: z.number().int(),
  department: z.string().nullable(),
});
export type MeetingJoinInfo = z.infer<typeof MeetingJoinInfo>;

const define = <const E extends EndpointSchemas>(e: E) => e;
const IdParams = z.object({ id: Id });

export const meetingSchemas = {
  meetingCreate: define({ summary: 'Create an online meeting (its room is a live room the host moderates)', tags: ['meetings'], body: MeetingCreateBody, data: Meeting }),
  meetingIndex: define({ summary: 'My meetings: upcoming, live or ended (cancelled ones with the ended)', tags: ['meetings'], query: MeetingIndexQuery, data: MeetingPage }),
  meetingDepartment: define({ summary: 'Departments a meeting can be filed under', tags: ['meetings'], data: MeetingDepartmentData }),
  meetingDetail: define({ summary: 'One of my meetings', tags: ['meetings'], params: IdParams, data: Meeting }),
  meetingUpdate: define({ summary: 'Edit an upcoming meeting', tags: ['meetings'], params: IdParams, body: MeetingUpdateBody, data: Meeting }),
  meetingCancel: define({ summary: 'Cancel a meeting (its room closes)', tags: ['meetings'], params: IdParams, data: Meeting }),
  meetingLaunchToken: define({
    summary: 'A short-lived, single-use token that opens the host’s room as its moderator',
    tags: ['meetings'],
    params: IdParams,
    data: MeetingLaunchTokenData,
  }),
  meetingLaunch: define({ summary: 'Use a launch token: logs the host in and names the room to open', tags: ['meetings'], body: MeetingLaunchBody, data: MeetingLaunchData }),
  meetingByNumber: define({
    summary: 'A meeting by its number (digits, with or without hyphens or spaces), to join it',
    tags: ['meetings'],
    params: z.object({ number: MeetingNumberParam }),
    data: MeetingJoinInfo,
  }),
} as const;
