import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { courses } from './courses.ts';
import { createdAt, updatedAt } from './common.ts';
import { lives } from './lives.ts';
import { users } from './users.ts';

/** A rendition of an asset as its master playlist lists it. */
export interface AssetRendition {
  name: string;
  width: number;
  height: number;
  bandwidth: number;
}

/** Subtitle files of an asset, relative to its directory. */
export interface AssetSubtitle {
  lang: 'zh' | 'en';
  path: string;
}

/** Why a transcode failed, in both languages (ffmpeg's own words, when it said any, follow). */
export interface AssetError {
  zh: string;
  en: string;
}

/**
 * Playable media (decision record 0022). `path` is the asset's directory under the media root
 * (the sandbox serves `apps/server/media/<path>`, a CDN serves the same paths): it holds
 * `master.m3u8`, one folder per rendition, the poster and the subtitles.
 */
export const mediaAssets = pgTable(
  'media_assets',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Stable name ("demo-a"), unique. */
    key: text().notNull(),
    path: text().notNull(),
    durationS: integer().notNull(),
    /** HLS segment length in seconds (the live simulation loops whole segments). */
    segmentS: integer().notNull(),
    /** Poster image, relative to `path`. */
    poster: text().notNull(),
    subtitles: jsonb().$type<AssetSubtitle[]>().notNull().default(sql`'[]'::jsonb`),
    renditions: jsonb().$type<AssetRendition[]>().notNull().default(sql`'[]'::jsonb`),
    /**
     * Uploaded in the console (decision record 0064): `uploaded` (waiting for a transcode),
     * `transcoding` (claimed by a process until `claimed_until`), `ready` or `failed` (`error`
     * says why; the upload is kept). The committed demo assets are `ready`.
     */
    status: text().notNull().default('ready'),
    progress: integer().notNull().default(100),
    error: jsonb().$type<AssetError>(),
    title: text(),
    originalFilename: text(),
    sizeBytes: bigint({ mode: 'number' }),
    /** The tus upload (a file under the upload directory) the asset was made from. */
    uploadId: text(),
    /** Which process transcodes it, and until when its claim holds (renewed while it runs). */
    claimedBy: text(),
    claimedUntil: timestamp({ withTimezone: true }),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('media_assets_key_uq').on(t.key),
    index('media_assets_status_idx').on(t.status),
    check('media_assets_status_check', sql`${t.status} in ('uploaded', 'transcoding', 'ready', 'failed')`),
    check('media_assets_progress_check', sql`${t.progress} between 0 and 100`),
    check('media_assets_path_check', sql`${t.path} ~ '^[a-z0-9][a-z0-9/_-]*$' and ${t.path} !~ '\\.\\.'`),
  ],
);

/**
 * Which asset plays for a target: `chapter` (course_chapters.id), `replay` (lives.id: the
 * recording), `live` (lives.id: the loop the simulated live source plays) or `recording`
 * (recordings.id: a standalone recorded talk), `author_talk` / `author_linkup` (author voice). One
 * asset may serve many targets.
 */
export const mediaBindings = pgTable(
  'media_bindings',
  {
    targetType: text().notNull(),
    targetId: integer().notNull(),
    assetId: integer()
      .notNull()
      .references(() => mediaAssets.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.targetType, t.targetId] }),
    check('media_bindings_type_check', sql`${t.targetType} in ('chapter', 'replay', 'live', 'recording', 'author_talk', 'author_linkup', 'selected')`),
  ],
);

/**
 * A live's stream: the organiser's stream key (generated once per live) and, for real
 * deployments, the streaming service's stream name the pull URL is built from.
 */
export const liveStreams = pgTable('live_streams', {
  liveId: integer()
    .primaryKey()
    .references(() => lives.id, { onDelete: 'cascade' }),
  streamName: text().notNull(),
  streamKey: text().notNull(),
  /** Playback needs a logged-in viewer (auth_url answers LOGIN_TO_WATCH to visitors). */
  loginRequired: boolean().notNull().default(false),
  /** The signed push URL's expiry (txTime); null: not issued yet (decision record 0066). */
  pushExpiresAt: timestamp({ withTimezone: true }),
  /** When an operator last replaced the stream key (the old push URL stops working then). */
  rotatedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
});

/** Who may watch a paid course: one row per user and course. Owned by the courses module (grantEntitlement, revokeEntitlement): purchases, vouchers, merge and the seed go through it. */
export const courseEntitlements = pgTable(
  'course_entitlements',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** Where it came from: `order`, `gift`, `demo`, ... */
    source: text().notNull(),
    grantedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('course_entitlements_user_course_uq').on(t.userId, t.courseId)],
);

/**
 * Time watched of lives and recordings, per user and item. The session columns make heartbeats
 * idempotent: a heartbeat credits only what its session played beyond `session_played_s`.
 */
export const watchLogs = pgTable(
  'watch_logs',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    moduleName: text().notNull(),
    liveId: integer()
      .notNull()
      .references(() => lives.id, { onDelete: 'cascade' }),
    watchedS: integer().notNull().default(0),
    sessionId: text().notNull(),
    sessionPlayedS: integer().notNull().default(0),
    lastBeatAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.moduleName, t.liveId] }),
    index('watch_logs_user_updated_idx').on(t.userId, t.updatedAt),
    check('watch_logs_module_check', sql`${t.moduleName} in ('live', 'vod')`),
  ],
);
