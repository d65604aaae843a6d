/** The lives module's public entry: the feed events other modules' ports take (app.ts wires them). */
export { livesFeed } from './lives.feed.ts';
