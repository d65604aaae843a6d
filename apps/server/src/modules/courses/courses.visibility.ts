import { type SQL } from 'drizzle-orm';
import { courses } from '../../db/schema/index.ts';
import { visibleNow } from '../shared/publication.ts';

/**
 * Which courses readers see (decision record 0062): a published course from its publication
 * instant, so a scheduled one stays hidden until then. Other modules' public reads of courses use
 * these rather than checking `status` alone.
 */
export const courseListed = (now: Date): SQL => visibleNow(courses.status, courses.publishedAt, now);
/** Detail pages and links also reach unlisted courses. */
export const courseReachable = (now: Date): SQL => visibleNow(courses.status, courses.publishedAt, now, true);
