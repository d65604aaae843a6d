import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { chapterProgress, courseChapters, courseEntitlements, courses, departments, orders, speakers } from '../../db/schema/index.ts';
import { paginate } from '../shared/paginate.ts';
import { stateCondition, textSearch } from '../shared/publication.ts';
import type { AdminCourseListQuery } from '@medportal/contract/admin-courses';

export type CourseRow = typeof courses.$inferSelect;
export type ChapterRow = typeof courseChapters.$inferSelect;
type Column = typeof courses.updatedAt | typeof courseChapters.updatedAt;

/**
 * The version an edit carries: updated_at to the millisecond (what the console was given). Every
 * console write moves it forward by at least a millisecond, so two saves in one instant still differ.
 */
export const sameVersion = (col: Column, sent: string): SQL => sql`date_trunc('milliseconds', ${col}) = ${sent}::timestamptz`;
export const nextVersion = (col: Column, now: Date): SQL =>
  sql`greatest(${now.toISOString()}::timestamptz, date_trunc('milliseconds', ${col}) + interval '1 millisecond')`;

const listColumns = {
  course: courses,
  speakerZh: speakers.nameZh,
  departmentZh: departments.nameZh,
  chapters: sql<number>`(select count(*)::int from ${courseChapters} where ${courseChapters.courseId} = ${courses.id})`,
};
export type ListRow = { course: CourseRow; speakerZh: string | null; departmentZh: string | null; chapters: number };

export async function pageAdminCourses(db: Db, q: AdminCourseListQuery, now: Date): Promise<{ rows: ListRow[]; total: number }> {
  const cond = and(
    textSearch(q.q, courses.titleZh, courses.titleEn),
    q.state ? stateCondition(q.state, courses.status, courses.publishedAt, now) : undefined,
    q.course_type ? eq(courses.courseType, q.course_type) : undefined,
    q.price_type ? eq(courses.priceType, q.price_type) : undefined,
    q.speaker_id ? eq(courses.speakerId, q.speaker_id) : undefined,
    q.department_id ? eq(courses.departmentId, q.department_id) : undefined,
  );
  const dir = q.order === 'asc' ? asc : desc;
  const by = q.sort === 'published' ? courses.publishedAt : q.sort === 'learners' ? courses.learnCount : courses.updatedAt;

  return paginate(
    db
      .select(listColumns)
      .from(courses)
      .leftJoin(speakers, eq(speakers.id, courses.speakerId))
      .leftJoin(departments, eq(departments.id, courses.departmentId))
      .where(cond)
      // Unpublished rows last when sorting by publication; the id keeps pages from overlapping.
      .orderBy(...(q.sort === 'published' ? [asc(sql`${courses.publishedAt} is null`)] : []), dir(by), dir(courses.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(courses).where(cond),
  );
}

export async function adminCourseRow(db: Db | Tx, id: number): Promise<ListRow | null> {
  const [row] = await db
    .select(listColumns)
    .from(courses)
    .leftJoin(speakers, eq(speakers.id, courses.speakerId))
    .leftJoin(departments, eq(departments.id, courses.departmentId))
    .where(eq(courses.id, id));
  return row ?? null;
}

/** The course row, locked until the transaction ends: every chapter write of a course goes one at a time. */
export async function lockCourse(tx: Tx, id: number): Promise<CourseRow | null> {
  const [row] = await tx.select().from(courses).where(eq(courses.id, id)).for('update');
  return row ?? null;
}

/** Chapters in order, with how many learners have progress in each. */
export function chaptersWithLearners(db: Db | Tx, courseId: number) {
  return db
    .select({
      chapter: courseChapters,
      learners: sql<number>`(select count(*)::int from ${chapterProgress} where ${chapterProgress.chapterId} = ${courseChapters.id})`,
    })
    .from(courseChapters)
    .where(eq(courseChapters.courseId, courseId))
    .orderBy(asc(courseChapters.sort), asc(courseChapters.id));
}

export async function chapterWithLearners(db: Db | Tx, id: number) {
  const [row] = await db
    .select({
      chapter: courseChapters,
      learners: sql<number>`(select count(*)::int from ${chapterProgress} where ${chapterProgress.chapterId} = ${courseChapters.id})`,
    })
    .from(courseChapters)
    .where(eq(courseChapters.id, id));
  return row ?? null;
}

/** A series' courses in the order readers see them (by publication, then id). */
export function seriesMembersAll(db: Db | Tx, seriesId: number) {
  return db
    .select({ id: courses.id, titleZh: courses.titleZh, status: courses.status, publishedAt: courses.publishedAt })
    .from(courses)
    .where(eq(courses.seriesId, seriesId))
    .orderBy(sql`${courses.publishedAt} is null`, asc(courses.publishedAt), asc(courses.id));
}

export async function hasMembers(db: Db | Tx, seriesId: number): Promise<boolean> {
  const [row] = await db.select({ one: sql`1` }).from(courses).where(eq(courses.seriesId, seriesId)).limit(1);
  return Boolean(row);
}

/** Whether anyone bought or was granted the course (its orders and entitlements must stay). */
export async function hasBuyers(db: Db | Tx, id: number): Promise<boolean> {
  const [o] = await db.select({ one: sql`1` }).from(orders).where(and(eq(orders.module, 'course'), eq(orders.moduleId, id))).limit(1);
  if (o) return true;
  const [e] = await db.select({ one: sql`1` }).from(courseEntitlements).where(eq(courseEntitlements.courseId, id)).limit(1);
  return Boolean(e);
}

export async function existing(db: Db | Tx, table: 'speakers' | 'departments', id: number): Promise<boolean> {
  const t = table === 'speakers' ? speakers : departments;
  const [row] = await db.select({ id: t.id }).from(t).where(eq(t.id, id));
  return Boolean(row);
}

export async function courseTypes(db: Db | Tx, ids: number[]) {
  if (!ids.length) return [];
  return db.select({ id: courses.id, courseType: courses.courseType, seriesId: courses.seriesId }).from(courses).where(inArray(courses.id, ids));
}

