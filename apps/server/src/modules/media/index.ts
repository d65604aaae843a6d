/**
 * The media module's public entry: generated covers, playable media (signed URLs, lives'
 * streams, push addresses) through the `app.media` decorator, the plugin app.ts registers, and
 * the stream and recording bindings of a meeting's room.
 */
export { type CoverKind, coverUrl } from './cover-svg.ts';
export { bindLoopStream, bindStreamRecording, unbindReplay } from './media.bindings.ts';
export { default as mediaPlugin } from './media.plugin.ts';
export type { MediaService, Viewer } from './media.service.ts';
export type { MediaProvider, StreamRef } from './media.adapter.ts';
export { type WatchedTime, watchedTime } from './media.watch.ts';
export { mergeWatchLogs } from './media.merge.ts';
export { default as mediaAdminRoutes, type MediaAdminOptions } from './media.admin.routes.ts';
