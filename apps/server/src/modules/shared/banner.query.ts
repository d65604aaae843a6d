import { and, asc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { banners } from '../../db/schema/index.ts';

/** Published banners of one position whose window contains `now`, in display order (home blocks, side banners). */
/** `ids`: chosen banners (a home block's item_ids), of any position. */
export function listBanners(db: Db, position: 'home' | 'home_side' | 'user_center', now: Date, limit: number, ids?: number[]) {
  return db
    .select()
    .from(banners)
    .where(
      and(
        eq(banners.status, 'published'),
        ids ? inArray(banners.id, ids) : eq(banners.position, position),
        or(isNull(banners.startsAt), lte(banners.startsAt, now)),
        or(isNull(banners.endsAt), gt(banners.endsAt, now)),
      ),
    )
    .orderBy(asc(banners.sort), asc(banners.id))
    .limit(limit);
}
