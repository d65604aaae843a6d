import { type SQL } from 'drizzle-orm';
import { papers } from '../../db/schema/index.ts';
import { visibleNow } from '../shared/publication.ts';

/** Which papers readers see (decision record 0062): a published paper from its publication instant. */
export const paperListed = (now: Date): SQL => visibleNow(papers.status, papers.publishedAt, now);
