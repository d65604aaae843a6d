import { type SQL } from 'drizzle-orm';
import { news } from '../../db/schema/index.ts';
import { visibleNow } from '../shared/publication.ts';

/**
 * Which news items readers see (decision record 0062): a published item from its publication
 * instant, so a scheduled one stays hidden until then. Its category must be published too; that
 * part is the caller's join.
 */
export const newsItemListed = (now: Date): SQL => visibleNow(news.status, news.publishedAt, now);
