import type { ApiLanguage, WatchLogBody, WatchLogData, WatchModule, WatchRecordPage } from '@medportal/contract';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lives, watchLogs } from '../../db/schema/index.ts';
import { pick } from '../../lib/i18n.ts';
import { CAS_ATTEMPTS, creditFor } from '../shared/heartbeat.ts';
import { paginate, pageOf, type PageQ } from '../shared/paginate.ts';

/**
 * Watch time of lives and recordings (`POST /v1/user/watch_log`): credited like learning time,
 * with a compare-and-set on the row's last heartbeat so concurrent and repeated heartbeats never
 * credit the same seconds twice.
 */
export async function recordWatch(db: Db, userId: number, body: WatchLogBody, now: Date): Promise<WatchLogData> {
  const key = and(eq(watchLogs.userId, userId), eq(watchLogs.moduleName, body.module_name), eq(watchLogs.liveId, body.id)) as SQL;
  const playedS = Math.floor(body.played_s);
  for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
    const [row] = await db.select().from(watchLogs).where(key);
    if (!row) {
      const inserted = await db
        .insert(watchLogs)
        .values({ userId, moduleName: body.module_name, liveId: body.id, sessionId: body.session_id, sessionPlayedS: playedS, lastBeatAt: now })
        .onConflictDoNothing()
        .returning({ watchedS: watchLogs.watchedS });
      if (inserted[0]) return { watched_s: inserted[0].watchedS, credited_s: 0 };
      continue;
    }
    const { accept, credit } = creditFor(row, { sessionId: body.session_id, playedS }, now);
    if (!accept) return { watched_s: row.watchedS, credited_s: 0 };
    const updated = await db
      .update(watchLogs)
      .set({ watchedS: row.watchedS + credit, sessionId: body.session_id, sessionPlayedS: playedS, lastBeatAt: now, updatedAt: now })
      .where(and(key, eq(watchLogs.sessionId, row.sessionId), eq(watchLogs.sessionPlayedS, row.sessionPlayedS), eq(watchLogs.watchedS, row.watchedS)))
      .returning({ watchedS: watchLogs.watchedS });
    if (updated[0]) return { watched_s: updated[0].watchedS, credited_s: credit };
  }
  // Lost every race: other heartbeats of this row were credited instead; this one adds nothing.
  const [row] = await db.select({ watchedS: watchLogs.watchedS }).from(watchLogs).where(key);
  return { watched_s: row?.watchedS ?? 0, credited_s: 0 };
}

export async function watchRecords(db: Db, userId: number, q: PageQ & { module_name?: WatchModule | undefined }, lang: ApiLanguage): Promise<WatchRecordPage> {
  const where = and(eq(watchLogs.userId, userId), eq(lives.status, 'published'), q.module_name ? eq(watchLogs.moduleName, q.module_name) : undefined);
  const { rows, total } = await paginate(
    db
      .select({
        moduleName: watchLogs.moduleName,
        id: lives.id,
        titleZh: lives.titleZh,
        titleEn: lives.titleEn,
        banner: lives.banner,
        startAt: lives.startAt,
        endAt: lives.endAt,
        watchedS: watchLogs.watchedS,
        updatedAt: watchLogs.updatedAt,
      })
      .from(watchLogs)
      .innerJoin(lives, eq(lives.id, watchLogs.liveId))
      .where(where)
      .orderBy(desc(watchLogs.updatedAt), desc(watchLogs.liveId))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(watchLogs).innerJoin(lives, eq(lives.id, watchLogs.liveId)).where(where),
  );
  return pageOf(
    rows.map((r) => ({
      module_name: r.moduleName as WatchModule,
      id: r.id,
      title: pick(lang, r.titleZh, r.titleEn),
      banner: r.banner,
      start_at: r.startAt.toISOString(),
      end_at: r.endAt.toISOString(),
      watched_s: r.watchedS,
      watched_at: r.updatedAt.toISOString(),
    })),
    q,
    total,
  );
}
