import { and, asc, count, desc, eq, exists, ilike, inArray, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import { type Db, preparedRows } from '../../db/client.ts';
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
import { HEARTBEAT_SLACK_S } from '../shared/heartbeat.ts';
import { visibleNow } from '../shared/publication.ts';
import { LEARN_COMPLETE_RATIO, LEARN_MAX_RATE, PriceType } from '@medportal/contract';

/** Readers see a course from its publication instant (a scheduled one appears on the dot; decision record 0062). */
const listed = (now: Date) => visibleNow(courses.status, courses.publishedAt, now);
/** Detail pages also open unlisted courses (reachable by their link). */
const reachable = (now: Date) => visibleNow(courses.status, courses.publishedAt, now, true);

export interface CoursePageFilter {
  departmentId?: number | undefined;
  priceType?: number | undefined;
  courseType?: number | undefined;
  title?: string | undefined;
  sort: 'latest' | 'popular' | 'price_asc' | 'price_desc';
  page: number;
  pageSize: number;
  now: Date;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function pageCourses(db: Db, f: CoursePageFilter): Promise<{ rows: CourseRow[]; total: number }> {
  const where: SQL[] = [listed(f.now)];
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
export function courseDepartments(db: Db, now: Date) {
  return db
    .select({ id: departments.id, nameZh: departments.nameZh, nameEn: departments.nameEn })
    .from(departments)
    .where(exists(db.select({ one: sql`1` }).from(courses).where(and(eq(courses.departmentId, departments.id), listed(now)))))
    .orderBy(asc(departments.sort), asc(departments.id));
}

/** A course readers can reach now, or any course when `preview` (a console preview grant for it). */
export async function findCourse(db: Db, id: number, now: Date, preview = false) {
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
    .where(preview ? eq(courses.id, id) : and(eq(courses.id, id), reachable(now)));
  if (!row) return null;
  const [withT] = await withTags(db, [row]);
  return withT ?? null;
}

/** Whether readers can reach this course now: what the progress reads check, without the course's row and tags. */
export async function courseReachable(db: Db, id: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.id, id), reachable(now)));
  return row !== undefined;
}

export async function findSeriesTitle(db: Db, seriesId: number, now: Date) {
  const [row] = await db
    .select({ titleZh: courses.titleZh, titleEn: courses.titleEn })
    .from(courses)
    .where(and(eq(courses.id, seriesId), reachable(now)));
  return row ?? null;
}

export async function speakersByIds(db: Db, ids: number[]): Promise<SpeakerRow[]> {
  if (!ids.length) return [];
  const rows = await selectSpeakerCards(db)
    .where(and(inArray(speakers.id, ids), eq(speakers.status, 'published')))
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

export async function seriesMembers(db: Db, seriesId: number, now: Date): Promise<CourseRow[]> {
  const rows = await db
    .select(courseColumns)
    .from(courses)
    .where(and(eq(courses.seriesId, seriesId), listed(now)))
    .orderBy(asc(courses.publishedAt), asc(courses.id));
  return withTags(db, rows);
}

/** Courses sharing the most tags with the given one, then the same department, then popular; id breaks ties. */
export async function guessLike(db: Db, course: { id: number; departmentId: number | null }, limit: number, now: Date): Promise<CourseRow[]> {
  const shared = sql<number>`(select count(*) from ${courseTags} ct1 join ${courseTags} ct2 on ct2.tag_id = ct1.tag_id
    where ct1.course_id = ${courses.id} and ct2.course_id = ${course.id})`;
  const sameDep = course.departmentId === null ? sql<number>`0` : sql<number>`case when ${courses.departmentId} = ${course.departmentId} then 1 else 0 end`;
  const rows = await db
    .select(courseColumns)
    .from(courses)
    .where(and(listed(now), ne(courses.id, course.id)))
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

/** What a heartbeat found: nothing (no such chapter), a chapter the user may not play, or the result. */
export type HeartbeatResult =
  | { kind: 'missing' }
  | { kind: 'locked' }
  | { kind: 'done'; durationS: number; row: ProgressRow; credited: number; learnCount: number; newLearner: boolean };

/**
 * One learning heartbeat in one statement, so one round trip (decision record 0023; the busiest
 * write of the site). In order: the chapter of a published course with its media's duration and
 * whether the user may play it; the user's progress row, locked (a concurrent heartbeat of the row
 * waits, then this one reads what it wrote); the credit of `creditFor` computed on that row; the
 * update when accepted, or the first row's insert; the (user, course) learner row, inserted once
 * (only that insert bumps courses.learn_count) and moved to this chapter when accepted. Of two
 * first heartbeats racing, the loser inserts nothing and is answered with the winner's row.
 * Prepared (planned once per connection) and committed asynchronously: visible to every read at
 * once, durable a moment later (decision record 0023).
 */
export async function recordHeartbeat(db: Db, b: Omit<Heartbeat, 'durationS'>): Promise<HeartbeatResult> {
  const now = b.now.toISOString();
  const [r] = await preparedRows<Record<string, unknown>>(
    db,
    'learn-heartbeat',
    sql`with t as (
        select ch.id, coalesce(ma.duration_s, ch.duration_s) as dur,
          (c.price_type = ${PriceType.FREE} or ch.is_free
            or exists (select 1 from ${courseEntitlements} e where e.user_id = ${b.userId} and e.course_id = c.id)) as allowed
        from ${courseChapters} ch
        join ${courses} c on c.id = ch.course_id and c.status in ('published', 'unlisted')
          and (c.published_at is null or c.published_at <= ${now}::timestamptz)
        left join ${mediaBindings} mb on mb.target_type = 'chapter' and mb.target_id = ch.id
        left join ${mediaAssets} ma on ma.id = mb.asset_id
        where ch.id = ${b.chapterId} and ch.course_id = ${b.courseId}
        limit 1
      ),
      ok as (select * from t where allowed),
      cur as (
        select p.* from ${chapterProgress} p
        where p.user_id = ${b.userId} and p.chapter_id = ${b.chapterId} and exists (select 1 from ok)
        for update
      ),
      calc as (
        select cur.user_id, cur.played_s as old_played, cur.completed as old_completed, ok.dur,
          cur.session_id <> ${b.sessionId}::text or ${b.playedS}::int > cur.session_played_s as accept,
          least(greatest(ok.dur, cur.duration_s), cur.played_s + case when cur.session_id <> ${b.sessionId} then 0
            else greatest(0, least(${b.playedS}::int - cur.session_played_s,
              floor(greatest(0, extract(epoch from (${now}::timestamptz - cur.last_beat_at))) * ${LEARN_MAX_RATE}::numeric)::int
                + case when extract(epoch from (${now}::timestamptz - cur.last_beat_at)) >= 1 then ${HEARTBEAT_SLACK_S} else 0 end)) end) as played
        from cur, ok
      ),
      upd as (
        update ${chapterProgress} p set
          position_s = least(${b.positionS}::int, calc.dur), duration_s = calc.dur, played_s = calc.played,
          completed = calc.old_completed or (calc.dur > 0 and calc.played >= ${LEARN_COMPLETE_RATIO}::numeric * calc.dur),
          session_id = ${b.sessionId}, session_played_s = ${b.playedS}, last_beat_at = ${now}::timestamptz, updated_at = ${now}::timestamptz
        from calc
        where p.user_id = ${b.userId} and p.chapter_id = ${b.chapterId} and calc.accept
        returning p.*, calc.played - calc.old_played as credited
      ),
      ins as (
        insert into ${chapterProgress} (user_id, chapter_id, course_id, position_s, duration_s, session_id, session_played_s, last_beat_at, updated_at)
        select ${b.userId}::int, ${b.chapterId}::int, ${b.courseId}::int, least(${b.positionS}::int, ok.dur), ok.dur, ${b.sessionId}::text, ${b.playedS}::int, ${now}::timestamptz, ${now}::timestamptz
        from ok where not exists (select 1 from cur)
        on conflict do nothing
        returning *, 0 as credited
      ),
      res as (select * from upd union all select * from ins),
      lrn as (
        insert into ${courseLearners} (user_id, course_id, last_chapter_id, created_at, updated_at)
        select ${b.userId}::int, ${b.courseId}::int, ${b.chapterId}::int, ${now}::timestamptz, ${now}::timestamptz from ok
        on conflict (user_id, course_id) do update set last_chapter_id = excluded.last_chapter_id, updated_at = excluded.updated_at
          where exists (select 1 from res)
        returning (xmax = 0) as inserted
      ),
      cnt as (
        update ${courses} set learn_count = learn_count + 1
        where id = ${b.courseId} and exists (select 1 from lrn where inserted)
        returning learn_count
      )
      select (select count(*) from t)::int as found, (select count(*) from ok)::int as allowed, (select dur from t) as dur,
        coalesce((select learn_count from cnt), (select learn_count from ${courses} where id = ${b.courseId})) as learn_count,
        exists (select 1 from cnt) as new_learner,
        -- Committed without waiting for the WAL flush (this statement's transaction only; decision record 0023).
        set_config('synchronous_commit', 'off', true) as async_commit,
        res.*
      from (select 1) one left join res on true`,
  );
  if (!r || Number(r.found) === 0) return { kind: 'missing' };
  if (Number(r.allowed) === 0) return { kind: 'locked' };
  const learnCount = Number(r.learn_count ?? 0);
  const newLearner = r.new_learner === true;
  const durationS = Number(r.dur);
  if (r.user_id !== null && r.user_id !== undefined) return { kind: 'done', durationS, row: progressRow(r), credited: Number(r.credited), learnCount, newLearner };
  // Lost the race for the first row (or a heartbeat that credits nothing): the row as it is now.
  const [row] = await db
    .select()
    .from(chapterProgress)
    .where(and(eq(chapterProgress.userId, b.userId), eq(chapterProgress.chapterId, b.chapterId)));
  if (!row) throw new Error('chapter progress missing');
  return { kind: 'done', durationS, row, credited: 0, learnCount, newLearner };
}

const asDate = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));

/** A raw chapter_progress row (snake_case) as drizzle would return it. */
function progressRow(r: Record<string, unknown>): ProgressRow {
  return {
    userId: Number(r.user_id),
    chapterId: Number(r.chapter_id),
    courseId: Number(r.course_id),
    positionS: Number(r.position_s),
    durationS: Number(r.duration_s),
    playedS: Number(r.played_s),
    completed: Boolean(r.completed),
    sessionId: String(r.session_id),
    sessionPlayedS: Number(r.session_played_s),
    lastBeatAt: asDate(r.last_beat_at),
    updatedAt: asDate(r.updated_at),
  };
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

/**
 * The courses a user learns or owns, most recent first: those with learning history (where they
 * left off, by the last heartbeat) and those bought or taken with a voucher but not started yet
 * (by when they were granted, progress 0).
 */
export async function pageLearned(db: Db, userId: number, page: number, pageSize: number, now: Date) {
  const learned = db
    .select({ courseId: courseLearners.courseId, lastChapterId: courseLearners.lastChapterId, learnedAt: courseLearners.updatedAt })
    .from(courseLearners)
    .where(eq(courseLearners.userId, userId));
  const notStarted = db
    .select({ courseId: courseEntitlements.courseId, lastChapterId: sql<number | null>`null::integer`.as('last_chapter_id'), learnedAt: courseEntitlements.grantedAt })
    .from(courseEntitlements)
    .where(
      and(
        eq(courseEntitlements.userId, userId),
        notExists(db.select({ one: sql`1` }).from(courseLearners).where(and(eq(courseLearners.userId, userId), eq(courseLearners.courseId, courseEntitlements.courseId)))),
      ),
    );
  const mine = learned.unionAll(notStarted).as('mine');
  const cond = reachable(now);
  const { rows, total } = await paginate(
    db
      .select({
        ...courseColumns,
        lastChapterId: mine.lastChapterId,
        learnedAt: mine.learnedAt,
        chapterTitleZh: courseChapters.titleZh,
        chapterTitleEn: courseChapters.titleEn,
        positionS: chapterProgress.positionS,
      })
      .from(mine)
      .innerJoin(courses, eq(courses.id, mine.courseId))
      .leftJoin(courseChapters, eq(courseChapters.id, mine.lastChapterId))
      .leftJoin(chapterProgress, and(eq(chapterProgress.userId, userId), eq(chapterProgress.chapterId, mine.lastChapterId)))
      .where(cond)
      .orderBy(desc(mine.learnedAt), desc(mine.courseId))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(mine).innerJoin(courses, eq(courses.id, mine.courseId)).where(cond),
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
