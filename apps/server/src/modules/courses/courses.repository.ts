import { and, asc, count, desc, eq, exists, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  appraiseTags,
  chapterProgress,
  courseAppraisals,
  courseChapters,
  courseEntitlements,
  courseLearners,
  courses,
  courseTags,
  departments,
  mediaAssets,
  mediaBindings,
  speakerDepartments,
  speakers,
  userFavorites,
  users,
} from '../../db/schema/index.ts';
import type { CourseRow, SpeakerRow } from '../shared/content.present.ts';
import { courseColumns, withTags } from '../shared/course.columns.ts';
import { paginate } from '../shared/paginate.ts';
import { selectSpeakerCards } from '../shared/speaker.query.ts';
import { CAS_ATTEMPTS, creditFor } from '../shared/heartbeat.ts';
import { LEARN_COMPLETE_RATIO } from '@medportal/contract';

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

/**
 * What a heartbeat needs in one query: the chapter of a published course, its course's price type,
 * its media's duration (when it has media) and whether the user is entitled to the course.
 */
export async function heartbeatTarget(db: Db, courseId: number, chapterId: number, userId: number) {
  const [row] = await db
    .select({
      id: courseChapters.id,
      isFree: courseChapters.isFree,
      durationS: courseChapters.durationS,
      priceType: courses.priceType,
      mediaDurationS: mediaAssets.durationS,
      entitled: sql<boolean>`exists (select 1 from ${courseEntitlements} e where e.user_id = ${userId} and e.course_id = ${courses.id})`,
    })
    .from(courseChapters)
    .innerJoin(courses, and(eq(courses.id, courseChapters.courseId), eq(courses.status, published)))
    .leftJoin(mediaBindings, and(eq(mediaBindings.targetType, 'chapter'), eq(mediaBindings.targetId, courseChapters.id)))
    .leftJoin(mediaAssets, eq(mediaAssets.id, mediaBindings.assetId))
    .where(and(eq(courseChapters.id, chapterId), eq(courseChapters.courseId, courseId)));
  return row ?? null;
}

export async function isEntitled(db: Db, userId: number, courseId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(courseEntitlements)
    .where(and(eq(courseEntitlements.userId, userId), eq(courseEntitlements.courseId, courseId)))
    .limit(1);
  return Boolean(row);
}

export interface Heartbeat {
  userId: number;
  courseId: number;
  chapterId: number;
  durationS: number;
  positionS: number;
  playedS: number;
  sessionId: string;
  now: Date;
}

export type ProgressRow = typeof chapterProgress.$inferSelect;

/**
 * One learning heartbeat in one transaction (decision record 0023). The (user, course) learner
 * row is inserted at most once (primary key) and only that insert bumps courses.learn_count, so
 * concurrent calls count a learner once. The chapter's progress moves by compare-and-set on its
 * last heartbeat: of two heartbeats racing on one row, the loser re-reads and is credited only
 * for what the winner did not already credit.
 */
export async function recordHeartbeat(db: Db, b: Heartbeat): Promise<{ row: ProgressRow; credited: number; learnCount: number }> {
  return db.transaction(async (tx) => {
    const key = and(eq(chapterProgress.userId, b.userId), eq(chapterProgress.chapterId, b.chapterId)) as SQL;
    const complete = (played: number) => b.durationS > 0 && played >= LEARN_COMPLETE_RATIO * b.durationS;
    let result: { row: ProgressRow; credited: number; accepted: boolean } | null = null;
    for (let attempt = 0; attempt < CAS_ATTEMPTS && !result; attempt++) {
      const [row] = await tx.select().from(chapterProgress).where(key);
      if (!row) {
        const [created] = await tx
          .insert(chapterProgress)
          .values({
            userId: b.userId,
            chapterId: b.chapterId,
            courseId: b.courseId,
            positionS: b.positionS,
            durationS: b.durationS,
            sessionId: b.sessionId,
            sessionPlayedS: b.playedS,
            lastBeatAt: b.now,
            updatedAt: b.now,
          })
          .onConflictDoNothing()
          .returning();
        if (created) result = { row: created, credited: 0, accepted: true };
        continue;
      }
      const { accept, credit } = creditFor(row, { sessionId: b.sessionId, playedS: b.playedS }, b.now);
      if (!accept) {
        result = { row, credited: 0, accepted: false };
        break;
      }
      const played = Math.min(Math.max(b.durationS, row.durationS), row.playedS + credit);
      const [updated] = await tx
        .update(chapterProgress)
        .set({
          positionS: b.positionS,
          durationS: b.durationS,
          playedS: played,
          completed: row.completed || complete(played),
          sessionId: b.sessionId,
          sessionPlayedS: b.playedS,
          lastBeatAt: b.now,
          updatedAt: b.now,
        })
        .where(
          and(
            key,
            eq(chapterProgress.sessionId, row.sessionId),
            eq(chapterProgress.sessionPlayedS, row.sessionPlayedS),
            eq(chapterProgress.playedS, row.playedS),
          ),
        )
        .returning();
      if (updated) result = { row: updated, credited: played - row.playedS, accepted: true };
    }
    if (!result) {
      // Lost every race: the other heartbeats were credited; this one adds nothing.
      const [row] = await tx.select().from(chapterProgress).where(key);
      if (!row) throw new Error('chapter progress missing');
      result = { row, credited: 0, accepted: false };
    }
    // Last, so the course row (a new learner's count) stays locked only until the commit just after.
    const inserted = await tx
      .insert(courseLearners)
      .values({ userId: b.userId, courseId: b.courseId, lastChapterId: b.chapterId, createdAt: b.now, updatedAt: b.now })
      .onConflictDoNothing()
      .returning({ userId: courseLearners.userId });
    if (inserted.length > 0) {
      await tx.update(courses).set({ learnCount: sql`${courses.learnCount} + 1` }).where(eq(courses.id, b.courseId));
    } else if (result.accepted) {
      await tx
        .update(courseLearners)
        .set({ lastChapterId: b.chapterId, updatedAt: b.now })
        .where(and(eq(courseLearners.userId, b.userId), eq(courseLearners.courseId, b.courseId)));
    }
    const [c] = await tx.select({ learnCount: courses.learnCount }).from(courses).where(eq(courses.id, b.courseId));
    return { row: result.row, credited: result.credited, learnCount: c?.learnCount ?? 0 };
  });
}

/** The caller's progress rows of a course's chapters. */
export function progressOfCourse(db: Db, userId: number, courseId: number) {
  return db
    .select()
    .from(chapterProgress)
    .where(and(eq(chapterProgress.userId, userId), eq(chapterProgress.courseId, courseId)));
}

export interface CourseTotals {
  courseId: number;
  /** Seconds of all chapters, and of them the seconds learned (a completed chapter counts whole). */
  totalS: number;
  doneS: number;
  chapters: number;
  completedChapters: number;
}

/** Progress totals of a user in each of the courses, in one query. */
export async function courseTotals(db: Db, userId: number, courseIds: number[]): Promise<Map<number, CourseTotals>> {
  if (!courseIds.length) return new Map();
  const rows = await db
    .select({
      courseId: courseChapters.courseId,
      totalS: sql<number>`coalesce(sum(${courseChapters.durationS}), 0)::int`,
      doneS: sql<number>`coalesce(sum(case when ${chapterProgress.completed} then ${courseChapters.durationS}
        else least(coalesce(${chapterProgress.playedS}, 0), ${courseChapters.durationS}) end), 0)::int`,
      chapters: sql<number>`count(*)::int`,
      completedChapters: sql<number>`count(*) filter (where ${chapterProgress.completed})::int`,
    })
    .from(courseChapters)
    .leftJoin(chapterProgress, and(eq(chapterProgress.chapterId, courseChapters.id), eq(chapterProgress.userId, userId)))
    .where(inArray(courseChapters.courseId, courseIds))
    .groupBy(courseChapters.courseId);
  return new Map(rows.map((r) => [r.courseId, r]));
}

export async function findLearner(db: Db, userId: number, courseId: number) {
  const [row] = await db
    .select({ lastChapterId: courseLearners.lastChapterId, positionS: chapterProgress.positionS })
    .from(courseLearners)
    .leftJoin(chapterProgress, and(eq(chapterProgress.userId, userId), eq(chapterProgress.chapterId, courseLearners.lastChapterId)))
    .where(and(eq(courseLearners.userId, userId), eq(courseLearners.courseId, courseId)));
  return row ?? null;
}

/** The courses a user has learned, most recent first, with where they left off. */
export async function pageLearned(db: Db, userId: number, page: number, pageSize: number) {
  const cond = and(eq(courseLearners.userId, userId), eq(courses.status, published));
  const { rows, total } = await paginate(
    db
      .select({
        ...courseColumns,
        lastChapterId: courseLearners.lastChapterId,
        learnedAt: courseLearners.updatedAt,
        chapterTitleZh: courseChapters.titleZh,
        chapterTitleEn: courseChapters.titleEn,
        positionS: chapterProgress.positionS,
      })
      .from(courseLearners)
      .innerJoin(courses, eq(courses.id, courseLearners.courseId))
      .leftJoin(courseChapters, eq(courseChapters.id, courseLearners.lastChapterId))
      .leftJoin(chapterProgress, and(eq(chapterProgress.userId, userId), eq(chapterProgress.chapterId, courseLearners.lastChapterId)))
      .where(cond)
      .orderBy(desc(courseLearners.updatedAt), desc(courseLearners.courseId))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(courseLearners).innerJoin(courses, eq(courses.id, courseLearners.courseId)).where(cond),
  );
  return { rows: await withTags(db, rows), total };
}

export async function isFavorite(db: Db, userId: number, courseId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(userFavorites)
    .where(and(eq(userFavorites.userId, userId), eq(userFavorites.moduleName, 'course'), eq(userFavorites.moduleId, courseId)))
    .limit(1);
  return Boolean(row);
}
