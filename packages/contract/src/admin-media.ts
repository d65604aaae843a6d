import { z } from 'zod';
import type { EndpointSchemas } from './api.ts';
import { AdminListQuery, AdminVersion } from './admin.ts';
import { Id, Page } from './common.ts';
import { Media, MediaRendition } from './media.ts';

/**
 * The console's media library (decision record 0064): videos uploaded with tus at
 * `MEDIA_TUS_PATH`, transcoded to HLS by ffmpeg in a background job, and bound to what plays
 * them (a course chapter, a live's replay, a journal-channel item).
 */

/** The tus endpoint (POST to create, PATCH/HEAD/DELETE `<path>/<id>`); Upload-Metadata: `filename`, `title`. */
export const MEDIA_TUS_PATH = '/v1/admin/media/uploads';

export const MEDIA_ASSET_STATUSES = ['uploaded', 'transcoding', 'ready', 'failed'] as const;
export const MediaAssetStatus = z.enum(MEDIA_ASSET_STATUSES);
export type MediaAssetStatus = z.infer<typeof MediaAssetStatus>;

/** Targets an asset is bound to from the media library; a live's replay is bound from the lives area. */
export const MEDIA_TARGET_TYPES = ['chapter', 'replay', 'selected'] as const;
export const MediaTargetType = z.enum(MEDIA_TARGET_TYPES);
export type MediaTargetType = z.infer<typeof MediaTargetType>;

export const MediaStatusData = z.object({
  ffmpeg: z.object({ available: z.boolean(), version: z.string().nullable(), path: z.string() }),
  upload_max_bytes: z.number().int(),
  tus_path: z.string(),
});
export type MediaStatusData = z.infer<typeof MediaStatusData>;

export const AdminMediaListQuery = AdminListQuery.extend({ status: MediaAssetStatus.optional() });

export const MediaError = z.object({ zh: z.string(), en: z.string() });

export const AdminMediaItem = z.object({
  id: z.number().int(),
  key: z.string(),
  /** The title given at upload (or the original file name); demo assets show their key. */
  title: z.string(),
  original_filename: z.string().nullable(),
  status: MediaAssetStatus,
  /** 0–100 while transcoding; 100 once ready. */
  progress: z.number().int(),
  error: MediaError.nullable(),
  size_bytes: z.number().int().nullable(),
  duration_s: z.number().int(),
  bindings: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminMediaItem = z.infer<typeof AdminMediaItem>;

export const MediaBinding = z.object({
  target_type: z.string(),
  target_id: z.number().int(),
  /** What the target is called (chapter "Course · Chapter", live or item title), zh. */
  label: z.string().nullable(),
});
export type MediaBinding = z.infer<typeof MediaBinding>;

export const AdminMediaDetail = AdminMediaItem.extend({
  renditions: z.array(MediaRendition),
  subtitles: z.array(z.enum(['zh', 'en'])),
  /** Signed playback for the console's player (null until ready). */
  media: Media.nullable(),
  bindings_list: z.array(MediaBinding),
});
export type AdminMediaDetail = z.infer<typeof AdminMediaDetail>;

export const AdminMediaUpdateBody = AdminVersion.extend({ title: z.string().trim().min(1).max(200) });
export const MediaIdParams = z.object({ id: Id });
export const MediaLangParams = z.object({ id: Id, lang: z.enum(['zh', 'en']) });
export const AdminMediaBindBody = z.object({ target_type: z.enum(['chapter', 'selected']), target_id: Id });
export const AdminMediaUnbindParams = z.object({ id: Id, target_type: z.enum(['chapter', 'selected']), target_id: Id });
export const AdminLiveReplayBody = z.object({ asset_id: Id });
export const AdminMediaChoice = z.object({ id: z.number().int(), title: z.string(), duration_s: z.number().int() });
export const AdminMediaChoicesQuery = z.object({ q: z.string().trim().max(100).optional() });

export const adminMediaSchemas = {
  adminMediaStatus: {
    summary: 'Whether the server can transcode (ffmpeg found, its version and path), the upload size limit and the tus endpoint',
    tags: ['admin', 'media'],
    data: MediaStatusData,
  },
  adminMediaList: {
    summary: 'The media library: uploaded and demo assets, by title or file name, filtered by status',
    tags: ['admin', 'media'],
    query: AdminMediaListQuery,
    data: Page(AdminMediaItem),
  },
  adminMediaDetail: {
    summary: "An asset: renditions, subtitles, a signed playback URL, what it is bound to",
    tags: ['admin', 'media'],
    params: MediaIdParams,
    data: AdminMediaDetail,
  },
  adminMediaUpdate: {
    summary: "Rename an asset (carries updated_at; audited)",
    tags: ['admin', 'media'],
    params: MediaIdParams,
    body: AdminMediaUpdateBody,
    data: AdminMediaDetail,
  },
  adminMediaDelete: {
    summary: 'Delete an asset and its files (refused while it is bound; audited)',
    tags: ['admin', 'media'],
    params: MediaIdParams,
    data: z.null(),
  },
  adminMediaRetry: {
    summary: 'Transcode a failed asset again from its kept upload (audited)',
    tags: ['admin', 'media'],
    params: MediaIdParams,
    data: AdminMediaDetail,
  },
  adminMediaSubtitle: {
    summary: 'Upload the zh or en WebVTT subtitles (multipart field "file", 512 KB max; checked to be WebVTT; audited)',
    tags: ['admin', 'media'],
    params: MediaLangParams,
    data: AdminMediaDetail,
  },
  adminMediaSubtitleDelete: {
    summary: 'Remove the zh or en subtitles (audited)',
    tags: ['admin', 'media'],
    params: MediaLangParams,
    data: AdminMediaDetail,
  },
  adminMediaPoster: {
    summary: 'Replace the poster (multipart field "file", a JPEG or PNG of 5 MB at most; audited)',
    tags: ['admin', 'media'],
    params: MediaIdParams,
    data: AdminMediaDetail,
  },
  adminMediaBind: {
    summary: 'Play a ready asset for a course chapter or a journal-channel item (replaces what played there; audited)',
    tags: ['admin', 'media'],
    params: MediaIdParams,
    body: AdminMediaBindBody,
    data: AdminMediaDetail,
  },
  adminMediaUnbind: {
    summary: 'Stop playing the asset for a chapter or channel item (audited)',
    tags: ['admin', 'media'],
    params: AdminMediaUnbindParams,
    data: AdminMediaDetail,
  },
  adminMediaChoices: {
    summary: 'Ready assets to pick from (the lives area picks a replay with it)',
    tags: ['admin', 'media'],
    query: AdminMediaChoicesQuery,
    data: z.object({ items: z.array(AdminMediaChoice) }),
  },
  adminLiveReplaySet: {
    summary: "Turn a ready asset into a live's replay (the live shows as a replay; audited)",
    tags: ['admin', 'media'],
    params: MediaIdParams,
    body: AdminLiveReplayBody,
    data: z.object({ live_id: z.number().int(), asset_id: z.number().int() }),
  },
  adminLiveReplayClear: {
    summary: "Remove a live's replay (audited)",
    tags: ['admin', 'media'],
    params: MediaIdParams,
    data: z.null(),
  },
} satisfies Record<string, EndpointSchemas>;
