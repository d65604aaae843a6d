/**
 * The lives module's public entry: the feed events other modules' ports take (app.ts wires them),
 * and what other modules may do with lives (meetings hold unlisted ones).
 */
export { livesFeed } from './lives.feed.ts';
export { createUnlistedLive, liveTimes, type UnlistedLive, updateUnlistedLive, withdrawUnlistedLive } from './lives.unlisted.ts';
export { mergeReminders } from './lives.merge.ts';
export { liveShareInfo } from './lives.share.ts';
export { livesOverlapping } from './lives.figures.ts';
export { default as livesAdminRoutes } from './lives.admin.routes.ts';
/** What the media library asks of a live whose recording it binds as the replay. */
export { liveTarget, setLiveHasReplay } from './lives.replay.ts';
/** Which lives readers see now (scheduled ones stay hidden until their instant). */
export { liveListed, liveReachable } from './lives.visibility.ts';
