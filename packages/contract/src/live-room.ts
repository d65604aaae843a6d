import { z } from 'zod';
import { Action } from './actions.ts';
import type { EndpointSchemas } from './api.ts';
import { Id, Page, PageQuery } from './common.ts';

/**
 * The live room (spec §2 /w/o/live/{id}, §7 "Lives": {id}, sign, buttons, topicstore, topiclist,
 * ppt) and recordings (/w/o/vod/{id}). Real-time events over the room's WebSocket are described at
 * the end (LiveEvent); decision records 0024 and 0025.
 */

import { ANSWER_MAX_CHARS, POLL_MAX_OPTIONS, TOPIC_MAX_CHARS } from './constants.ts';
import { Media } from './media.ts';

/** A user may ask this many questions per window in one live. */
export const TOPIC_RATE_LIMIT = { count: 3, windowS: 60 } as const;
/** Wrong access codes per user and live before a lock, and the lock's length. */
export const ACCESS_CODE_MAX_FAILURES = 5;
export const ACCESS_CODE_LOCK_S = 600;
/** Sign-in (check-in) opens this long before the start. */
export const SIGN_OPENS_BEFORE_S = 1800;
/** A client that missed more events than this gets `reset` (refetch) instead of the events. */
export const LIVE_RESUME_MAX = 500;

export const LiveUser = z.object({ id: z.number().int(), nickname: z.string(), avatar: z.string() });
export type LiveUser = z.infer<typeof LiveUser>;

export const LiveSpeaker = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  /** Professional title. */
  title: z.string(),
  /** host, speaker or panelist. */
  role: z.enum(['host', 'speaker', 'panelist']),
});
export type LiveSpeaker = z.infer<typeof LiveSpeaker>;

export const LiveOrganizer = z.object({ id: z.number().int(), name: z.string(), logo: z.string() });

export const LiveButton = z.object({ id: z.number().int(), title: z.string(), action: Action });
export type LiveButton = z.infer<typeof LiveButton>;

/**
 * Why there is no media: not started, ended without a replay yet, ended and never recorded (a
 * meeting held without recording), caller must log in, enter the code or check in first (a live
 * that asks for a check-in), no stream source configured.
 */
export const MEDIA_UNAVAILABLE = ['not_started', 'replay_pending', 'not_recorded', 'login', 'access_code', 'sign_in', 'no_source'] as const;
export const MediaUnavailable = z.enum(MEDIA_UNAVAILABLE);
export type MediaUnavailable = z.infer<typeof MediaUnavailable>;

/**
 * What becomes of a room's stream after the end: `manual`, a moderator marks the replay available
 * (public lives); `auto`, the recording is offered as soon as it ends (a recorded meeting); `off`,
 * not recorded: no replay, ever.
 */
export const ROOM_RECORDING = ['manual', 'auto', 'off'] as const;
export const RoomRecording = z.enum(ROOM_RECORDING);
export type RoomRecording = z.infer<typeof RoomRecording>;

/** Why the caller may not take part yet (Q&A, slides, polls, the socket); null = may. */
export const LiveAccessBlock = z.enum(['login', 'access_code']);

export const LiveRoomDetail = z.object({
  id: z.number().int(),
  title: z.string(),
  sub_title: z.string(),
  banner: z.string(),
  /** ISO 8601; the moderator's start and end move these (the scheduled times stay in scheduled_*). */
  start_at: z.string(),
  end_at: z.string(),
  scheduled_start_at: z.string(),
  scheduled_end_at: z.string(),
  /** 0 not started, 1 live, 2 ended, 3 replay available. */
  live_status: z.number().int(),
  live_status_text: z.string(),
  organizer: LiveOrganizer.nullable(),
  speakers: z.array(LiveSpeaker),
  /** Digits only, and the same in groups of four ("1234-5678-9012"). */
  meeting_no: z.string(),
  meeting_no_display: z.string(),
  /** The room of a meeting a user created (unlisted): its way back is "my meetings", not the lives. */
  is_meeting: z.boolean(),
  recording: RoomRecording,
  requires: z.object({ login: z.boolean(), sign_in: z.boolean(), access_code: z.boolean() }),
  /** Questions wait for a moderator before others see them. */
  moderated: z.boolean(),
  /** null: the caller may take part; else what is missing. */
  blocked: LiveAccessBlock.nullable(),
  is_moderator: z.boolean(),
  signed_in: z.boolean(),
  signed_at: z.string().nullable(),
  sign_count: z.number().int(),
  is_remind: z.boolean(),
  remind_count: z.number().int(),
  viewer_count: z.number().int(),
  /** The room's latest event: open the socket with since=seq to miss nothing after this answer. */
  seq: z.number().int(),
  /** After the end, the recording to watch (/w/o/vod/{id}) once it is available. */
  recording_id: z.number().int().nullable(),
  buttons: z.array(LiveButton),
  media: Media.nullable(),
  media_unavailable: MediaUnavailable.nullable(),
});
export type LiveRoomDetail = z.infer<typeof LiveRoomDetail>;

export const LiveRoomParams = z.object({ id: Id });
export const LiveTopicParams = z.object({ topic_id: Id });
export const LivePollParams = z.object({ poll_id: Id });

export const LiveButtonsData = z.object({ items: z.array(LiveButton) });

export const LiveSignData = z.object({ signed_in: z.literal(true), signed_at: z.string(), sign_count: z.number().int() });
export const LiveSignRow = z.object({ user: LiveUser, signed_at: z.string() });
export const LiveSignListQuery = PageQuery;

export const AccessCodeBody = z.strictObject({ code: z.string().trim().min(1).max(32) });
export const AccessCodeData = z.object({ granted: z.literal(true) });

export const TOPIC_STATUSES = ['pending', 'approved', 'hidden'] as const;
export const TopicStatus = z.enum(TOPIC_STATUSES);
export type TopicStatus = z.infer<typeof TopicStatus>;

/** A question as everyone sees it (events carry this; is_like is per caller and only in REST answers). */
export const LiveTopicPublic = z.object({
  id: z.number().int(),
  content: z.string(),
  like_count: z.number().int(),
  answered: z.boolean(),
  answer: z.string().nullable(),
  answered_at: z.string().nullable(),
  status: TopicStatus,
  pinned: z.boolean(),
  created_at: z.string(),
  user: LiveUser,
});
export type LiveTopicPublic = z.infer<typeof LiveTopicPublic>;

export const LiveTopic = LiveTopicPublic.extend({ is_like: z.boolean() });
export type LiveTopic = z.infer<typeof LiveTopic>;

export const TopicStoreBody = z.strictObject({
  content: z.string().trim().min(2).max(TOPIC_MAX_CHARS),
});

export const TopicListQuery = PageQuery.extend({
  sort: z.enum(['hot', 'new']).default('hot'),
  /** Moderators only: questions waiting (pending), hidden ones, or every status. */
  status: z.enum(['visible', 'pending', 'hidden', 'all']).default('visible'),
});
/** Page of questions; pinned first, then by likes (hot) or newest (new). */
export const TopicListData = Page(LiveTopic).extend({ seq: z.number().int() });

export const TopicLikeBody = z.strictObject({ status: z.union([z.literal(1), z.literal(2)]) });
export const TopicLikeData = z.object({ id: z.number().int(), like_count: z.number().int(), is_like: z.boolean() });

export const TopicModerateBody = z.strictObject({ action: z.enum(['approve', 'hide', 'pin', 'unpin']) });
export const TopicAnswerBody = z.strictObject({ answer: z.string().trim().min(1).max(ANSWER_MAX_CHARS) });

export const LiveSlide = z.object({ index: z.number().int(), image: z.string(), title: z.string() });
export const LivePptData = z.object({ slides: z.array(LiveSlide), current: z.number().int(), seq: z.number().int() });
export type LivePptData = z.infer<typeof LivePptData>;
export const SlideSetBody = z.strictObject({ index: z.number().int().min(0).max(999) });
export const SlideSetData = z.object({ current: z.number().int() });

export const LivePoll = z.object({
  id: z.number().int(),
  question: z.string(),
  multiple: z.boolean(),
  status: z.enum(['open', 'closed']),
  options: z.array(z.object({ id: z.number().int(), text: z.string(), votes: z.number().int() })),
  /** People who voted (a multiple-choice voter counts once here). */
  voters: z.number().int(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
});
export type LivePoll = z.infer<typeof LivePoll>;
export const LivePollMine = LivePoll.extend({ my_votes: z.array(z.number().int()) });
export type LivePollMine = z.infer<typeof LivePollMine>;
export const LivePollsData = z.object({ items: z.array(LivePollMine), seq: z.number().int() });

export const PollCreateBody = z.strictObject({
  question: z.string().trim().min(2).max(200),
  options: z.array(z.string().trim().min(1).max(100)).min(2).max(POLL_MAX_OPTIONS),
  multiple: z.boolean().default(false),
});
export const PollVoteBody = z.strictObject({ option_ids: z.array(Id).min(1).max(POLL_MAX_OPTIONS) });

export const LiveStatusBody = z.strictObject({ action: z.enum(['start', 'end', 'replay']) });

/** A recording: an ended live's replay or a standalone recorded talk (/w/o/vod/{id}). */
export const RecordingDetail = z.object({
  id: z.number().int(),
  live_id: z.number().int().nullable(),
  title: z.string(),
  sub_title: z.string(),
  banner: z.string(),
  /** When second 0 of the recording happened (ISO 8601). */
  recorded_at: z.string(),
  duration_s: z.number().int(),
  speakers: z.array(LiveSpeaker),
  organizer: LiveOrganizer.nullable(),
  chapters: z.array(z.object({ at_s: z.number().int(), title: z.string() })),
  /** Which slide shows from which second on, in order (slides as in ppt). */
  slides: z.array(LiveSlide),
  slide_timeline: z.array(z.object({ at_s: z.number().int(), index: z.number().int() })),
  /** Approved questions with the second they were asked and answered at (null: not answered during the recording). */
  qa_timeline: z.array(
    z.object({
      id: z.number().int(),
      content: z.string(),
      user: LiveUser,
      like_count: z.number().int(),
      asked_at_s: z.number().int(),
      answer: z.string().nullable(),
      answered_at_s: z.number().int().nullable(),
    }),
  ),
  media: Media.nullable(),
  media_unavailable: MediaUnavailable.nullable(),
});
export type RecordingDetail = z.infer<typeof RecordingDetail>;

// ---- Real time: GET /v1/live/{id}/ws?since=<seq>&access_token=<token> (WebSocket) ----

const seqd = { seq: z.number().int() };
/**
 * Messages the server sends. Sequenced events (`seq`) are the room's log: a client keeps the
 * highest seq it applied and reconnects with since=<seq>. `viewers` is a snapshot, not an event
 * (no seq: a missed one is replaced by the next). `hello` opens every connection; `reset` means
 * the gap is too old or too large: refetch the room and reconnect with the seq it gives;
 * `lagging` precedes a close when the client reads too slowly.
 */
export const LiveEvent = z.discriminatedUnion('type', [
  z.object({ ...seqd, type: z.literal('question'), topic: LiveTopicPublic }),
  z.object({ ...seqd, type: z.literal('answer'), topic: LiveTopicPublic }),
  z.object({ ...seqd, type: z.literal('upvote'), topic_id: z.number().int(), like_count: z.number().int() }),
  z.object({ ...seqd, type: z.literal('slide'), index: z.number().int() }),
  z.object({ ...seqd, type: z.literal('poll'), poll: LivePoll }),
  z.object({
    ...seqd,
    type: z.literal('status'),
    live_status: z.number().int(),
    start_at: z.string(),
    end_at: z.string(),
    recording_id: z.number().int().nullable(),
  }),
  /** "Still here?": viewers answer before closes_at (modules/attendance, decision 0053). */
  z.object({ ...seqd, type: z.literal('presence'), check_id: z.number().int(), asked_at: z.string(), closes_at: z.string() }),
]);
export type LiveEvent = z.infer<typeof LiveEvent>;
export type LiveEventType = LiveEvent['type'];

export const LiveControl = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), seq: z.number().int(), viewers: z.number().int() }),
  z.object({ type: z.literal('viewers'), count: z.number().int() }),
  z.object({ type: z.literal('reset'), seq: z.number().int() }),
  z.object({ type: z.literal('lagging') }),
]);
export type LiveControl = z.infer<typeof LiveControl>;
export type LiveMessage = LiveEvent | LiveControl;

/** WebSocket close codes the room uses (4000–4999 are the application's). */
export const LiveSocketClose = {
  /** The live does not exist or is not published. */
  NOT_FOUND: 4004,
  /** Login or the access code is needed first. */
  BLOCKED: 4003,
  /** Reading too slowly: reconnect with since=. */
  LAGGING: 4008,
  /** The login the socket was opened with was revoked (logout, password change, cancellation): reconnect with the current login, or none. */
  REVOKED: 4001,
  /** The server is stopping: reconnect (another process will answer). */
  GOING_AWAY: 1001,
} as const;

const define = <const E extends EndpointSchemas>(e: E) => e;

export const liveRoomSchemas = {
  liveDetail: define({
    summary: 'The live room: times, status (moderator overrides included), organiser, speakers, what is required, the caller’s role and check-in, media',
    tags: ['live room'],
    params: LiveRoomParams,
    data: LiveRoomDetail,
  }),
  liveButtons: define({ summary: 'Links shown under the player', tags: ['live room'], params: LiveRoomParams, data: LiveButtonsData }),
  liveSign: define({
    summary: 'Check in (idempotent: the first time is kept); open from 30 minutes before the start until the end',
    tags: ['live room'],
    params: LiveRoomParams,
    data: LiveSignData,
  }),
  liveSignList: define({
    summary: 'Moderators: who checked in, first check-ins first',
    tags: ['live room'],
    params: LiveRoomParams,
    query: LiveSignListQuery,
    data: Page(LiveSignRow),
  }),
  liveAccessCode: define({
    summary: 'Enter the live’s access code; remembered for the account. 5 wrong codes lock for 10 minutes',
    tags: ['live room'],
    params: LiveRoomParams,
    body: AccessCodeBody,
    data: AccessCodeData,
  }),
  liveTopicStore: define({
    summary: `Ask a question (text, ${TOPIC_MAX_CHARS} characters at most, ${TOPIC_RATE_LIMIT.count} per ${TOPIC_RATE_LIMIT.windowS} s); in a moderated live it waits for approval`,
    tags: ['live room'],
    params: LiveRoomParams,
    body: TopicStoreBody,
    data: LiveTopic,
  }),
  liveTopicList: define({
    summary: 'Questions: approved ones, plus the caller’s own pending ones; moderators may list pending or hidden',
    tags: ['live room'],
    params: LiveRoomParams,
    query: TopicListQuery,
    data: TopicListData,
  }),
  liveTopicLike: define({
    summary: 'Upvote (status 1) or take it back (status 2); once per user',
    tags: ['live room'],
    params: LiveTopicParams,
    body: TopicLikeBody,
    data: TopicLikeData,
  }),
  liveTopicModerate: define({
    summary: 'Moderators: approve, hide, pin or unpin a question',
    tags: ['live room'],
    params: LiveTopicParams,
    body: TopicModerateBody,
    data: LiveTopic,
  }),
  liveTopicAnswer: define({
    summary: 'Moderators: answer a question (approves it too)',
    tags: ['live room'],
    params: LiveTopicParams,
    body: TopicAnswerBody,
    data: LiveTopic,
  }),
  livePpt: define({ summary: 'The slides and the one the presenter shows now', tags: ['live room'], params: LiveRoomParams, data: LivePptData }),
  liveSlideSet: define({ summary: 'Moderators: show another slide', tags: ['live room'], params: LiveRoomParams, body: SlideSetBody, data: SlideSetData }),
  livePolls: define({ summary: 'Polls of the live, newest first, with the caller’s votes', tags: ['live room'], params: LiveRoomParams, data: LivePollsData }),
  livePollCreate: define({
    summary: 'Moderators: open a poll (one open at a time)',
    tags: ['live room'],
    params: LiveRoomParams,
    body: PollCreateBody,
    data: LivePollMine,
  }),
  livePollClose: define({ summary: 'Moderators: close a poll', tags: ['live room'], params: LivePollParams, data: LivePollMine }),
  livePollVote: define({
    summary: 'Vote once in an open poll (one option, or several in a multiple-choice poll)',
    tags: ['live room'],
    params: LivePollParams,
    body: PollVoteBody,
    data: LivePollMine,
  }),
  liveStatusSet: define({
    summary: 'Moderators: start now, end now, or mark the replay available',
    tags: ['live room'],
    params: LiveRoomParams,
    body: LiveStatusBody,
    data: LiveRoomDetail,
  }),
  recordingDetail: define({
    summary: 'A recording with chapters, the slide timeline and the Q&A timeline (seconds into the recording)',
    tags: ['live room'],
    params: LiveRoomParams,
    data: RecordingDetail,
  }),
} as const;
