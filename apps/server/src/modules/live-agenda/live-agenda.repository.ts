import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courses, liveAgendaItems, lives, liveSpeakers, speakers } from '../../db/schema/index.ts';
import type { CourseRow } from '../shared/content.present.ts';
import { courseColumns, withTags } from '../shared/course.columns.ts';
import { visibleNow } from '../shared/publication.ts';
import { courseListed } from '../courses/index.ts';

/** A live a visitor can open by its id: listed ones and the unlisted lives behind meetings. */
export async function findLive(db: Db, id: number, now: Date) {
  const [row] = await db
    .select({ id: lives.id, speakerId: lives.speakerId, departmentId: lives.departmentId })
    .from(lives)
    .where(and(eq(lives.id, id), visibleNow(lives.status, lives.publishedAt, now, true)));
  return row ?? null;
}

export function agendaOf(db: Db, liveId: number) {
  return db
    .select({
      id: liveAgendaItems.id,
      startAt: liveAgendaItems.startAt,
      endAt: liveAgendaItems.endAt,
      titleZh: liveAgendaItems.titleZh,
      titleEn: liveAgendaItems.titleEn,
      speakerId: speakers.id,
      nameZh: speakers.nameZh,
      nameEn: speakers.nameEn,
      speakerTitleZh: speakers.titleZh,
      speakerTitleEn: speakers.titleEn,
      avatar: speakers.avatar,
    })
    .from(liveAgendaItems)
    // A speaker taken offline leaves the session without a name rather than linking to nothing.
    .leftJoin(speakers, and(eq(speakers.id, liveAgendaItems.speakerId), eq(speakers.status, 'published')))
    .where(eq(liveAgendaItems.liveId, liveId))
    .orderBy(asc(liveAgendaItems.startAt), asc(liveAgendaItems.sort), asc(liveAgendaItems.id));
}

/** The live's host and its room's speakers. */
export async function speakerIdsOf(db: Db, live: { id: number; speakerId: number | null }): Promise<number[]> {
  const rows = await db.select({ id: liveSpeakers.speakerId }).from(liveSpeakers).where(eq(liveSpeakers.liveId, live.id));
  return [...new Set([...(live.speakerId ? [live.speakerId] : []), ...rows.map((r) => r.id)])];
}

/** Courses by the live's speakers first, then of its department; popular first, id breaks ties. */
export async function relatedCourses(db: Db, now: Date, speakerIds: number[], departmentId: number | null, limit: number): Promise<CourseRow[]> {
  const bySpeaker = speakerIds.length ? inArray(courses.speakerId, speakerIds) : undefined;
  const byDepartment = departmentId === null ? undefined : eq(courses.departmentId, departmentId);
  if (!bySpeaker && !byDepartment) return [];
  const speakerFirst = bySpeaker ? sql<number>`case when ${bySpeaker} then 1 else 0 end` : sql<number>`0`;
  const rows = await db
    .select(courseColumns)
    .from(courses)
    .where(and(courseListed(now), or(bySpeaker, byDepartment)))
    .orderBy(desc(speakerFirst), desc(courses.learnCount), asc(courses.id))
    .limit(limit);
  return withTags(db, rows);
}
