import { type SQL } from 'drizzle-orm';
import { lives } from '../../db/schema/index.ts';
import { visibleNow } from '../shared/publication.ts';

/**
 * Which lives readers see (decision record 0062): a published live from its publication instant,
 * so a scheduled one stays hidden until then. Other modules' public reads of lives use these
 * rather than checking `status` alone.
 */
export const liveListed = (now: Date): SQL => visibleNow(lives.status, lives.publishedAt, now);
/** Detail pages and links also reach unlisted lives (meetings hold those). */
export const liveReachable = (now: Date): SQL => visibleNow(lives.status, lives.publishedAt, now, true);
