import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chapterProgress, courseChapters, courses, recordings, watchLogs } from '../../db/schema/index.ts';

/** Seek-proof time watched of recorded media (decision 0023), for credit. */
export interface RecordedWatch {
  attended_seconds: number;
  scheduled_seconds: number;
  first_seen: Date | null;
  last_seen: Date | null;
}

const NONE: RecordedWatch = { attended_seconds: 0, scheduled_seconds: 0, first_seen: null, last_seen: null };

/**
 * A user's credited watch time of a course (its chapters), a series (its own chapters and those of
 * its courses) or a recording (the replay's watch log), against the media's whole duration.
 */
export async function recordedWatch(db: Db, userId: number, kind: 'course' | 'series' | 'recording', id: number): Promise<RecordedWatch> {
  if (kind === 'recording') {
    const [rec] = await db.select({ liveId: recordings.liveId, durationS: recordings.durationS }).from(recordings).where(eq(recordings.id, id));
    if (!rec) return NONE;
    if (rec.liveId === null) return { ...NONE, scheduled_seconds: rec.durationS };
    const [log] = await db
      .select({ watchedS: watchLogs.watchedS, createdAt: watchLogs.createdAt, lastBeatAt: watchLogs.lastBeatAt })
      .from(watchLogs)
      .where(and(eq(watchLogs.userId, userId), eq(watchLogs.moduleName, 'vod'), eq(watchLogs.liveId, rec.liveId)));
    return {
      attended_seconds: Math.min(log?.watchedS ?? 0, rec.durationS),
      scheduled_seconds: rec.durationS,
      first_seen: log?.createdAt ?? null,
      last_seen: log?.lastBeatAt ?? null,
    };
  }
  const courseIds =
    kind === 'course'
      ? [id]
      : (await db.select({ id: courses.id }).from(courses).where(or(eq(courses.id, id), eq(courses.seriesId, id)))).map((r) => r.id);
  if (courseIds.length === 0) return NONE;
  const [total] = await db
    .select({ s: sql<number>`coalesce(sum(${courseChapters.durationS}), 0)::int` })
    .from(courseChapters)
    .where(inArray(courseChapters.courseId, courseIds));
  const [watched] = await db
    .select({
      s: sql<number>`coalesce(sum(${chapterProgress.playedS}), 0)::int`,
      last: sql<Date | null>`max(${chapterProgress.lastBeatAt})`,
    })
    .from(chapterProgress)
    .where(and(eq(chapterProgress.userId, userId), inArray(chapterProgress.courseId, courseIds)));
  const last = watched?.last ? new Date(watched.last) : null;
  return { attended_seconds: watched?.s ?? 0, scheduled_seconds: total?.s ?? 0, first_seen: null, last_seen: last };
}
