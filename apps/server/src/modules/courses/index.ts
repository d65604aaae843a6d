/** The courses module's public entry: what the account merge asks of learning progress. */
export { mergeLearning } from './courses.merge.ts';
/** What the media library asks of chapters it binds videos to. */
export { type ChapterTarget, chapterTarget, setChapterDuration } from './courses.media.ts';
/** Which courses readers see now (scheduled ones stay hidden until their instant). */
export { courseListed, courseReachable } from './courses.visibility.ts';
/** Course entitlements (who may watch a paid course): this module writes them, every other caller goes through these. */
export { type EntitlementGrant, type EntitlementSource, grantEntitlement, hasEntitlement, mergeEntitlements, revokeEntitlement } from './courses.entitlements.ts';
