import { and, asc, count, desc, eq, exists, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  appraiseTags,
  chapterProgress,
  courseAppraisals,
  courseChapters,
  courseLearners,
  courses,
  courseTags,
  departments,
  speakerDepartments,
  speakers,
  userFavorites,
  users,
} from '../../db/schema/index.ts';
import type { CourseRow, SpeakerRow } from '../shared/content.present.ts';
import { courseColumns, withTags } from '../shared/course.columns.ts';
import { paginate } from '../shared/paginate.ts';
import { selectSpeakerCards } from '../shared/speaker.query.ts';

const published = 'published' as const;

export interface CoursePageFilter {
  departmentId?: number | undefined;
  priceType?: number | undefined;
  courseType?: number | undefined;
  title?: string | undefined;
  sort: 'latest' | 'popular' | 'price_asc' | 'price_desc';
  page: number;
  pageSize: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function pageCourses(db: Db, f: CoursePageFilter): Promise<{ rows: CourseRow[]; total: number }> {
  const where: SQL[] = [eq(courses.status, published)];
  if (f.departmentId) where.push(eq(courses.departmentId, f.departmentId));
  if (f.priceType) where.push(eq(courses.priceType, f.priceType));
  if (f.courseType) where.push(eq(courses.courseType, f.courseType));
  if (f.title) {
    const like = `%${escapeLike(f.title)}%`;
    where.push(or(ilike(courses.titleZh, like), ilike(courses.titleEn, like)) as SQL);
  }
  const cond = and(...where);
  // Every order ends with the id, so pages never overlap or skip rows.
  const order =
    f.sort === 'popular'
      ? [desc(courses.learnCount), desc(courses.id)]
      : f.sort === 'price_asc'
        ? [asc(courses.price), asc(courses.id)]
        : f.sort === 'price_desc'
          ? [desc(courses.price), desc(courses.id)]
          : [desc(courses.publishedAt), desc(courses.id)];
  const { rows, total } = await paginate(
    db
      .select(courseColumns)
      .from(courses)
      .where(cond)
      .orderBy(...order)
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ n: count() }).from(courses).where(cond),
  );
  return { rows: await withTags(db, rows), total };
}

export async function departmentIdBySlug(db: Db, slug: string): Promise<number | undefined> {
  const [row] = await db.select({ id: departments.id }).from(departments).where(eq(departments.slug, slug));
  return row?.id;
}

/** Departments that have at least one published course, in their configured order. */
export function courseDepartments(db: Db) {
  return db
    .select({ id: departments.id, nameZh: departments.nameZh, nameEn: departments.nameEn })
    .from(departments)
    .where(exists(db.select({ one: sql`1` }).from(courses).where(and(eq(courses.departmentId, departments.id), eq(courses.status, published)))))
    .orderBy(asc(departments.sort), asc(departments.id));
}

export async function findCourse(db: Db, id: number) {
  const [row] = await db
    .select({
      ...courseColumns,
      summaryZh: courses.summaryZh,
      summaryEn: courses.summaryEn,
      speakerId: courses.speakerId,
      seriesId: courses.seriesId,
      departmentId: courses.departmentId,
      departmentZh: departments.nameZh,
      departmentEn: departments.nameEn,
      updatedAt: courses.updatedAt,
    })
    .from(courses)
    .leftJoin(departments, eq(departments.id, courses.departmentId))
    .where(and(eq(courses.id, id), eq(courses.status, published)));
  if (!row) return null;
  const [withT] = await withTags(db, [row]);
  return withT ?? null;
}

export async function findSeriesTitle(db: Db, seriesId: number) {
  const [row] = await db
    .select({ titleZh: courses.titleZh, titleEn: courses.titleEn })
    .from(courses)
    .where(and(eq(courses.id, seriesId), eq(courses.status, published)));
  return row ?? null;
}

export async function speakersByIds(db: Db, ids: number[]): Promise<SpeakerRow[]> {
  if (!ids.length) return [];
  const rows = await selectSpeakerCards(db)
    .where(and(inArray(speakers.id, ids), eq(speakers.status, published)))
    .orderBy(asc(speakers.id));
  const deps = await db
    .select({ speakerId: speakerDepartments.speakerId, id: departments.id, nameZh: departments.nameZh, nameEn: departments.nameEn })
    .from(speakerDepartments)
    .innerJoin(departments, eq(departments.id, speakerDepartments.departmentId))
    .where(inArray(speakerDepartments.speakerId, ids))
    .orderBy(asc(departments.sort), asc(departments.id));
  return rows.map((r) => ({ ...r, departments: deps.filter((d) => d.speakerId === r.id) }));
}

export async function countChapters(db: Db, courseId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(courseChapters).where(eq(courseChapters.courseId, courseId));
  return row?.n ?? 0;
}

export function listChapters(db: Db, courseId: number) {
  return db.select().from(courseChapters).where(eq(courseChapters.courseId, courseId)).orderBy(asc(courseChapters.sort), asc(courseChapters.id));
}

export async function seriesMembers(db: Db, seriesId: number): Promise<CourseRow[]> {
  const rows = await db
    .select(courseColumns)
    .from(courses)
    .where(and(eq(courses.seriesId, seriesId), eq(courses.status, published)))
    .orderBy(asc(courses.publishedAt), asc(courses.id));
  return withTags(db, rows);
}

/** Courses sharing the most tags with the given one, then the same department, then popular; id breaks ties. */
export async function guessLike(db: Db, course: { id: number; departmentId: number | null }, limit: number): Promise<CourseRow[]> {
  const shared = sql<number>`(select count(*) from ${courseTags} ct1 join ${courseTags} ct2 on ct2.tag_id = ct1.tag_id
    where ct1.course_id = ${courses.id} and ct2.course_id = ${course.id})`;
  const sameDep = course.departmentId === null ? sql<number>`0` : sql<number>`case when ${courses.departmentId} = ${course.departmentId} then 1 else 0 end`;
  const rows = await db
    .select(courseColumns)
    .from(courses)
    .where(and(eq(courses.status, published), ne(courses.id, course.id)))
    .orderBy(desc(shared), desc(sameDep), desc(courses.learnCount), asc(courses.id))
    .limit(limit);
  return withTags(db, rows);
}

export async function ratingSummary(db: Db, courseId: number) {
  const [row] = await db
    .select({ n: count(), avg: sql<string | null>`avg(${courseAppraisals.rating})` })
    .from(courseAppraisals)
    .where(eq(courseAppraisals.courseId, courseId));
  return { count: row?.n ?? 0, average: row?.avg ? Math.round(Number(row.avg) * 10) / 10 : 0 };
}

export async function pageAppraisals(db: Db, courseId: number, page: number, pageSize: number) {
  const cond = eq(courseAppraisals.courseId, courseId);
  return paginate(
    db
    .select({
      id: courseAppraisals.id,
      rating: courseAppraisals.rating,
      content: courseAppraisals.content,
      tagIds: courseAppraisals.tagIds,
      createdAt: courseAppraisals.createdAt,
      nickname: users.nickname,
      avatarUrl: users.avatarUrl,
    })
    .from(courseAppraisals)
    .innerJoin(users, eq(users.id, courseAppraisals.userId))
    .where(cond)
    .orderBy(desc(courseAppraisals.createdAt), desc(courseAppraisals.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(courseAppraisals).where(cond),
  );
}

export function listAppraiseTags(db: Db) {
  return db.select().from(appraiseTags).orderBy(asc(appraiseTags.sort), asc(appraiseTags.id));
}

/** Insert or update the caller's one appraisal of the course (unique course+user). */
export async function upsertAppraisal(db: Db, v: { courseId: number; userId: number; rating: number; content: string; tagIds: number[] }) {
  const [row] = await db
    .insert(courseAppraisals)
    .values(v)
    .onConflictDoUpdate({
      target: [courseAppraisals.courseId, courseAppraisals.userId],
      set: { rating: v.rating, content: v.content, tagIds: v.tagIds, updatedAt: sql`now()` },
    })
    .returning();
  return row;
}

export async function findChapter(db: Db, courseId: number, chapterId: number) {
  const [row] = await db
    .select({ id: courseChapters.id })
    .from(courseChapters)
    .where(and(eq(courseChapters.id, chapterId), eq(courseChapters.courseId, courseId)));
  return row ?? null;
}

/**
 * Progress in one transaction: the (user, course) learner row is inserted at most once (primary
 * key) and only the insert that actually happened bumps courses.learn_count, so concurrent calls
 * count a learner once. Position only moves forward.
 */
export async function recordLearn(db: Db, v: { userId: number; courseId: number; chapterId: number; positionS: number; durationS: number }) {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(courseLearners)
      .values({ userId: v.userId, courseId: v.courseId, lastChapterId: v.chapterId })
      .onConflictDoNothing()
      .returning({ userId: courseLearners.userId });
    if (inserted.length > 0) {
      await tx.update(courses).set({ learnCount: sql`${courses.learnCount} + 1` }).where(eq(courses.id, v.courseId));
    } else {
      await tx
        .update(courseLearners)
        .set({ lastChapterId: v.chapterId, updatedAt: sql`now()` })
        .where(and(eq(courseLearners.userId, v.userId), eq(courseLearners.courseId, v.courseId)));
    }
    const [progress] = await tx
      .insert(chapterProgress)
      .values({ userId: v.userId, chapterId: v.chapterId, courseId: v.courseId, positionS: v.positionS, durationS: v.durationS })
      .onConflictDoUpdate({
        target: [chapterProgress.userId, chapterProgress.chapterId],
        set: {
          positionS: sql`greatest(${chapterProgress.positionS}, excluded.position_s)`,
          durationS: sql`greatest(${chapterProgress.durationS}, excluded.duration_s)`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ positionS: chapterProgress.positionS });
    const [c] = await tx.select({ learnCount: courses.learnCount }).from(courses).where(eq(courses.id, v.courseId));
    return { positionS: progress?.positionS ?? v.positionS, learnCount: c?.learnCount ?? 0 };
  });
}

export async function isFavorite(db: Db, userId: number, courseId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(userFavorites)
    .where(and(eq(userFavorites.userId, userId), eq(userFavorites.moduleName, 'course'), eq(userFavorites.moduleId, courseId)))
    .limit(1);
  return Boolean(row);
}
