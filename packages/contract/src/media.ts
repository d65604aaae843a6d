import { z } from 'zod';
import type { EndpointSchemas } from './api.ts';
import { Id, Page, PageQuery } from './common.ts';
import { Course } from './entities.ts';


/**
 * Playable media (decision record 0022): what a player needs for a chapter, a recording or a
 * live, and the learning-progress calls of courses (decision record 0023).
 */

/** Why a viewer may not watch: log in first, buy the course, or enter the live's access code. */
export const LOCKED_REASONS = ['login', 'purchase', 'access_code'] as const;
export const LockedReason = z.enum(LOCKED_REASONS);
export type LockedReason = z.infer<typeof LockedReason>;

export const MediaSubtitle = z.object({
  lang: z.enum(['zh', 'en']),
  /** The language's own name ("中文", "English"). */
  label: z.string(),
  /** A WebVTT file, signed like the playlist. */
  url: z.string(),
});
export type MediaSubtitle = z.infer<typeof MediaSubtitle>;

export const MediaRendition = z.object({
  /** "360p" */
  name: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Peak bits per second, as the master playlist states it. */
  bandwidth: z.number().int(),
});
export type MediaRendition = z.infer<typeof MediaRendition>;

/**
 * One playable item. `hls_url` is a signed master playlist (`?t=<expiry>&sign=<hmac>`); every
 * playlist, segment and subtitle it leads to is signed with the same expiry. After `expires_at`
 * the media server answers 403: fetch the item again for a fresh URL.
 */
export const Media = z.object({
  hls_url: z.string(),
  /** Seconds; 0 for a live stream. */
  duration_s: z.number().int(),
  poster: z.string(),
  subtitles: z.array(MediaSubtitle),
  renditions: z.array(MediaRendition),
  /** A live stream: no seeking before the live edge, no end. */
  live: z.boolean(),
  /** ISO 8601 instant after which the URLs are refused. */
  expires_at: z.string(),
});
export type Media = z.infer<typeof Media>;

/** What a playable target carries: its media when the caller may watch, else why not. */
export const Watchable = z.object({ media: Media.nullable(), locked_reason: LockedReason.nullable() });
export type Watchable = z.infer<typeof Watchable>;

/** `GET /v1/live/{id}/auth_url`: a fresh signed playback URL. */
export const LiveAuthUrl = z.object({
  url: z.string(),
  /** ISO 8601 instant. */
  expires_at: z.string(),
  /** `live`: the stream on air; `replay`: the recording. */
  kind: z.enum(['live', 'replay']),
});
export type LiveAuthUrl = z.infer<typeof LiveAuthUrl>;

/** The organiser's push (ingest) address: an RTMP server URL and the live's stream key. */
export const LivePushAddress = z.object({ server: z.string(), stream_key: z.string(), url: z.string() });
export type LivePushAddress = z.infer<typeof LivePushAddress>;

// ---- Learning progress (decision record 0023) ----

/**
 * A playback session: random per player load (8–64 of `A-Za-z0-9_-`). `played_s` is the time
 * played in this session so far, so a heartbeat repeated or arriving late credits nothing twice.
 */
const PlaySession = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

export const LearnLogBody = z.object({
  chapter_id: Id,
  /** Where the player is (seconds): the resume position. */
  position_s: z.number().min(0).max(86_400),
  /** Seconds played in this session so far (grows; speed counts: 10 s at 2× is 10 s of content). */
  played_s: z.number().min(0).max(86_400),
  session_id: PlaySession,
});
export type LearnLogBody = z.infer<typeof LearnLogBody>;

export const ChapterLearnProgress = z.object({
  chapter_id: z.number().int(),
  position_s: z.number().int(),
  duration_s: z.number().int(),
  /** Credited played seconds. */
  played_s: z.number().int(),
  /** 0–100. */
  progress: z.number().int(),
  completed: z.boolean(),
});
export type ChapterLearnProgress = z.infer<typeof ChapterLearnProgress>;

export const LearnLogData = ChapterLearnProgress.extend({
  /** Seconds this heartbeat credited (0 for a repeat or a forged jump). */
  credited_s: z.number().int(),
  learn_count: z.number().int(),
});
export type LearnLogData = z.infer<typeof LearnLogData>;

export const LearnProgress = z.object({
  /** 0–100 over the course's chapters. */
  progress: z.number().int(),
  last_chapter_id: z.number().int().nullable(),
  last_position_s: z.number().int(),
  completed: z.boolean(),
});
export type LearnProgress = z.infer<typeof LearnProgress>;

export const ChapterLearnProgressData = z.object({ items: z.array(ChapterLearnProgress) });
export type ChapterLearnProgressData = z.infer<typeof ChapterLearnProgressData>;

export const LearnRecord = LearnProgress.extend({
  course: Course,
  last_chapter_title: z.string().nullable(),
  /** ISO 8601 instant of the last heartbeat; of the purchase or voucher for a course not started (last_chapter_id null). */
  learned_at: z.string(),
});
export type LearnRecord = z.infer<typeof LearnRecord>;
export const LearnRecordPage = Page(LearnRecord);
export type LearnRecordPage = z.infer<typeof LearnRecordPage>;

// ---- Watch time of lives and recordings ----

export const WATCH_MODULES = ['live', 'vod'] as const;
export const WatchModule = z.enum(WATCH_MODULES);
export type WatchModule = z.infer<typeof WatchModule>;

export const WatchLogBody = z.object({
  module_name: WatchModule,
  /** The live's id (a recording is the replay of its live). */
  id: Id,
  /** Seconds played in this session so far, as in learn_log. */
  played_s: z.number().min(0).max(86_400),
  session_id: PlaySession,
});
export type WatchLogBody = z.infer<typeof WatchLogBody>;
export const WatchLogData = z.object({ watched_s: z.number().int(), credited_s: z.number().int() });
export type WatchLogData = z.infer<typeof WatchLogData>;

export const WatchRecord = z.object({
  module_name: WatchModule,
  id: z.number().int(),
  title: z.string(),
  banner: z.string(),
  /** ISO 8601 instants of the live. */
  start_at: z.string(),
  end_at: z.string(),
  watched_s: z.number().int(),
  /** ISO 8601 instant of the last heartbeat. */
  watched_at: z.string(),
});
export type WatchRecord = z.infer<typeof WatchRecord>;
export const WatchRecordQuery = PageQuery.extend({ module_name: WatchModule.optional() });
export const WatchRecordPage = Page(WatchRecord);
export type WatchRecordPage = z.infer<typeof WatchRecordPage>;

const CourseIdParams = z.object({ id: Id });
const define = <const E extends EndpointSchemas>(e: E) => e;

export const mediaSchemas = {
  liveAuthUrl: define({
    summary: 'A fresh signed playback URL of a live (the stream on air, or its replay); refused to callers the live does not admit',
    tags: ['media'],
    params: z.object({ id: Id }),
    data: LiveAuthUrl,
  }),
  courseLearnLog: define({
    summary:
      'Learning heartbeat: credits played time up to wall-clock × 2 since the last heartbeat of the session; repeats credit nothing; complete at 90 %',
    tags: ['courses'],
    params: CourseIdParams,
    body: LearnLogBody,
    data: LearnLogData,
  }),
  courseLearnProgress: define({
    summary: "The caller's progress in a course and where to resume",
    tags: ['courses'],
    params: CourseIdParams,
    data: LearnProgress,
  }),
  chapterLearnProgress: define({
    summary: "The caller's progress per chapter of a course, in chapter order",
    tags: ['courses'],
    params: CourseIdParams,
    data: ChapterLearnProgressData,
  }),
  courseLearnRecord: define({
    summary: 'My courses: every course I have learned, most recent first',
    tags: ['courses'],
    query: PageQuery,
    data: LearnRecordPage,
  }),
  watchLog: define({
    summary: 'Watch-time heartbeat for a live or a recording (same crediting as learn_log)',
    tags: ['media'],
    body: WatchLogBody,
    data: WatchLogData,
  }),
  watchRecord: define({
    summary: 'Lives and recordings I watched, with the time watched, most recent first',
    tags: ['media'],
    query: WatchRecordQuery,
    data: WatchRecordPage,
  }),
} as const;
