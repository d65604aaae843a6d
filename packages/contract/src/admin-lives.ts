import { z } from 'zod';
import type { EndpointSchemas } from './api.ts';
import { Id, Page } from './common.ts';
import { AdminBulkBody, AdminBulkResult, AdminListQuery, AdminPublishBody, AdminVersion, PublicationStateSchema } from './admin.ts';

/**
 * Lives in the operator console (decision record 0066): the live's page (bilingual texts, cover,
 * schedule, speakers, organiser, department), its room (access rules, moderators), its agenda,
 * its stream (push URL and key from the streaming adapter, start and end) and its replay.
 */

/** Where a live is by the clock (and the console's start/end). */
export const ADMIN_LIVE_STATES = ['upcoming', 'live', 'ended', 'replay'] as const;
export const AdminLiveStateSchema = z.enum(ADMIN_LIVE_STATES);
export type AdminLiveState = z.infer<typeof AdminLiveStateSchema>;

const Instant = z.iso.datetime({ offset: true });
const TextZh = (max: number) => z.string().trim().min(1).max(max);
const TextEn = (max: number) => z.string().trim().max(max).nullable().optional().transform((v) => (v ? v : null));
/** An uploaded image (`/uploads/...`, from POST /v1/admin/images) or an absolute https URL. */
const ImageUrl = z.string().trim().max(500).regex(/^(\/[A-Za-z0-9/_.-]+|https:\/\/[^\s"'<>]+)$/, 'an uploaded image path or an https URL');

export const AdminLiveListQuery = AdminListQuery.extend({
  live_state: z.enum(['upcoming', 'live', 'ended']).optional(),
  organizer_id: Id.optional(),
  department_id: Id.optional(),
  /** Lives starting in [from, to). */
  from: Instant.optional(),
  to: Instant.optional(),
});

export const AdminLiveAgendaItemInput = z.object({
  start_at: Instant,
  end_at: Instant,
  title_zh: TextZh(200),
  title_en: TextEn(200),
  speaker_id: Id.nullable(),
});
/** An agenda item as the console reads it (plain: answers carry no input transforms). */
export const AdminLiveAgendaItem = z.object({
  id: z.number().int(),
  start_at: z.string(),
  end_at: z.string(),
  title_zh: z.string(),
  title_en: z.string().nullable(),
  speaker_id: z.number().int().nullable(),
});
export const AdminLiveAgendaBody = z.object({ items: z.array(AdminLiveAgendaItemInput).max(60) });
export const AdminLiveAgenda = z.object({ items: z.array(AdminLiveAgendaItem) });

/**
 * Who may watch: a login, an access code (`access_code`: a new code; null removes it; absent keeps
 * it), a check-in before the stream plays; `moderated`: questions wait for a moderator's approval.
 */
export const AdminLiveAccessInput = z.object({
  login_required: z.boolean(),
  sign_in_required: z.boolean(),
  moderated: z.boolean(),
  access_code: z.string().trim().min(4).max(32).nullable().optional(),
});
export const AdminLiveAccess = z.object({
  login_required: z.boolean(),
  sign_in_required: z.boolean(),
  moderated: z.boolean(),
  has_access_code: z.boolean(),
});

/** What the editor saves (create, and edit with the `updated_at` it started from). */
export const AdminLiveBody = z.object({
  title_zh: TextZh(200),
  title_en: TextEn(200),
  sub_title_zh: z.string().trim().max(300).default(''),
  sub_title_en: TextEn(300),
  /** null or absent: a generated cover (like a meeting's room). */
  banner: ImageUrl.nullable().optional(),
  start_at: Instant,
  end_at: Instant,
  organizer_id: Id.nullable(),
  department_id: Id.nullable(),
  /** In order; the first is the host. */
  speaker_ids: z.array(Id).max(30).default([]),
  /** Users who moderate the room (questions, slides, polls, start and end). */
  moderator_ids: z.array(Id).max(50).default([]),
  access: AdminLiveAccessInput,
});
export const AdminLiveCreateBody = AdminLiveBody.extend({ agenda: z.array(AdminLiveAgendaItemInput).max(60).default([]) });
export const AdminLiveEditBody = AdminLiveBody.extend(AdminVersion.shape);

const Named = z.object({ id: z.number().int(), name: z.string() });

export const AdminLiveRow = z.object({
  id: z.number().int(),
  title_zh: z.string(),
  title_en: z.string().nullable(),
  banner: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  state: PublicationStateSchema,
  published_at: z.string().nullable(),
  live_state: AdminLiveStateSchema,
  has_replay: z.boolean(),
  organizer: Named.nullable(),
  department: Named.nullable(),
  meeting_no: z.string(),
  updated_at: z.string(),
});
export const AdminLiveList = Page(AdminLiveRow);

export const AdminLive = AdminLiveRow.extend({
  sub_title_zh: z.string(),
  sub_title_en: z.string().nullable(),
  speakers: z.array(Named),
  moderators: z.array(Named),
  access: AdminLiveAccess,
  agenda: z.array(AdminLiveAgendaItem),
  created_at: z.string(),
});
export type AdminLive = z.infer<typeof AdminLive>;

/** The live's stream as its producer sees it: where to push, the key (secret), its expiry, playback. */
export const AdminLiveStream = z.object({
  provider: z.string(),
  /** The RTMP server (`rtmp://push.example.com/live`). */
  server: z.string(),
  /** The stream name with its signature (`<stream>?txSecret=…&txTime=…`): what the encoder's key field takes. */
  stream_key: z.string(),
  /** server + "/" + stream_key. */
  url: z.string(),
  expires_at: z.string(),
  rotated_at: z.string().nullable(),
  /** A signed playback URL (HLS) of the stream. */
  playback_hls: z.string(),
  live_state: AdminLiveStateSchema,
  has_replay: z.boolean(),
  /** The stream recorded what it played (the sandbox's loop): "use the stream's recording" can offer it. */
  stream_recording: z.boolean(),
  /** A replay file is attached (an uploaded asset, or the stream's recording taken before). */
  replay_attached: z.boolean(),
});

export const AdminLivePushCheckBody = z.object({ url: z.string().trim().min(1).max(1000) });
/** `stale`: a well-signed URL of a key that has been replaced. */
export const AdminLivePushCheck = z.object({ result: z.enum(['ok', 'expired', 'invalid', 'stale']) });

export const AdminLiveStatusBody = z.object({ action: z.enum(['start', 'end']) });
export const AdminLiveReplayBody = z.object({
  available: z.boolean(),
  /** With `available`: attach what the stream recorded as the replay (when no replay file is attached). */
  use_stream_recording: z.boolean().default(false),
});

export const AdminLiveOptionsQuery = z.object({ q: z.string().trim().max(50).optional() });
export const AdminLiveOptions = z.object({
  speakers: z.array(Named),
  organizers: z.array(Named),
  departments: z.array(Named),
  /** Staff who may be named moderators. */
  moderators: z.array(Named),
});

const params = z.object({ id: Id });
const tags = ['admin', 'lives'] as const;

export const adminLiveSchemas = {
  adminLives: { summary: 'Lives: search, publication and live-state filters, organiser, department, start range', tags, query: AdminLiveListQuery, data: AdminLiveList },
  adminLiveOptions: { summary: 'Choices for the live editor: speakers (by name), organisers, departments, staff for moderators', tags, query: AdminLiveOptionsQuery, data: AdminLiveOptions },
  adminLive: { summary: 'A live as the editor shows it', tags, params, data: AdminLive },
  adminLiveCreate: { summary: 'Create a live (a draft) with its speakers, room rules, moderators and agenda', tags, body: AdminLiveCreateBody, data: AdminLive },
  adminLiveUpdate: { summary: 'Edit a live; a stale updated_at answers ADMIN_EDIT_CONFLICT', tags, params, body: AdminLiveEditBody, data: AdminLive },
  adminLiveAgenda: { summary: "Replace a live's agenda in one call", tags, params, body: AdminLiveAgendaBody, data: AdminLiveAgenda },
  adminLivePublish: { summary: 'Publish a live now or at a later instant', tags, params, body: AdminPublishBody, data: AdminLive },
  adminLiveOffline: { summary: 'Take a live offline', tags, params, data: AdminLive },
  adminLiveBulk: { summary: 'Publish or take offline many lives', tags, body: AdminBulkBody, data: AdminBulkResult },
  adminLiveStream: { summary: "A live's push server, stream key, expiry and playback URL", tags, params, data: AdminLiveStream },
  adminLiveStreamRotate: { summary: 'A new stream key (the old push URL stops working; audited)', tags, params, data: AdminLiveStream },
  adminLivePushCheck: { summary: "Check a push URL as the streaming service would: signature, expiry, current key", tags, params, body: AdminLivePushCheckBody, data: AdminLivePushCheck },
  adminLiveStatus: { summary: 'Start or end the live now (viewers see it at once; audited)', tags, params, body: AdminLiveStatusBody, data: AdminLive },
  adminLiveReplay: { summary: 'Offer or hide the replay of an ended live (audited)', tags, params, body: AdminLiveReplayBody, data: AdminLive },
} satisfies Record<string, EndpointSchemas>;
