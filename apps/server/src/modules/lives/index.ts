/** The lives module's public entry: what other modules may do with lives (meetings hold unlisted ones). */
export { createUnlistedLive, liveTimes, type UnlistedLive, updateUnlistedLive, withdrawUnlistedLive } from './lives.unlisted.ts';
