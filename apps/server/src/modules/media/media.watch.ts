import { type ApiLanguage, CourseType, type WatchLogBody, type WatchLogData, type WatchModule, type WatchRecordPage } from '@medportal/contract';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { lives, watchLogs } from '../../db/schema/index.ts';
import { pick } from '../../lib/i18n.ts';
import { visibleNow } from '../shared/publication.ts';
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

export async function watchRecords(db: Db, userId: number, q: PageQ & { module_name?: WatchModule | undefined }, lang: ApiLanguage, now: Date): Promise<WatchRecordPage> {
  const where = and(eq(watchLogs.userId, userId), visibleNow(lives.status, lives.publishedAt, now), q.module_name ? eq(watchLogs.moduleName, q.module_name) : undefined);
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

export interface WatchedTime {
  watchedS: number;
  totalS: number;
  firstAt: Date | null;
  lastAt: Date | null;
}

/**
 * Seek-proof time (decision 0023) a user has watched of a course or series (its chapters'
 * credited seconds over their durations; a series with the courses it holds) or of a recording (`id`: the recording; its replay's
 * watch log), for attendance and credit.
 */
export async function watchedTime(db: Db, q: { userId: number; kind: 'course' | 'series' | 'recording'; id: number }): Promise<WatchedTime> {
  if (q.kind === 'recording') {
    const [row] = await queryRows<{ total_s: number; watched_s: number | null; first_at: Date | string | null; last_at: Date | string | null }>(
      db,
      sql`select r.duration_s as total_s, w.watched_s, w.created_at as first_at, w.last_beat_at as last_at
          from recordings r left join watch_logs w on w.live_id = r.live_id and w.user_id = ${q.userId} and w.module_name = 'vod'
          where r.id = ${q.id}`,
    );
    return { watchedS: Math.min(row?.watched_s ?? 0, row?.total_s ?? 0), totalS: row?.total_s ?? 0, firstAt: dateOrNull(row?.first_at), lastAt: dateOrNull(row?.last_at) };
  }
  // A series counts its own chapters and those of the courses it holds.
  const scope =
    q.kind === 'series'
      ? sql`select c.id from courses c where (c.id = ${q.id} and c.course_type = ${CourseType.SERIES}) or c.series_id = ${q.id}`
      : sql`select c.id from courses c where c.id = ${q.id} and c.course_type = ${CourseType.SINGLE}`;
  const [row] = await queryRows<{ total_s: number | string | null; watched_s: number | string | null; first_at: Date | string | null; last_at: Date | string | null }>(
    db,
    sql`select (select sum(ch.duration_s) from course_chapters ch where ch.course_id in (${scope})) as total_s,
               (select sum(least(p.played_s, greatest(ch.duration_s, 0))) from chapter_progress p join course_chapters ch on ch.id = p.chapter_id
                 where p.user_id = ${q.userId} and p.course_id in (${scope})) as watched_s,
               (select min(l.created_at) from course_learners l where l.user_id = ${q.userId} and l.course_id in (${scope})) as first_at,
               (select max(p.last_beat_at) from chapter_progress p where p.user_id = ${q.userId} and p.course_id in (${scope}) and p.played_s > 0) as last_at`,
  );
  return { watchedS: Number(row?.watched_s ?? 0), totalS: Number(row?.total_s ?? 0), firstAt: dateOrNull(row?.first_at), lastAt: dateOrNull(row?.last_at) };
}

const dateOrNull = (v: Date | string | null | undefined): Date | null => (v === null || v === undefined ? null : new Date(v));
