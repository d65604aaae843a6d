import {
  type ApiLanguage,
  type Appraisal,
  type AppraisalPage,
  type AppraiseBody,
  type AppraiseTag,
  type Course,
  type CourseChaptersData,
  type CourseDetail,
  type CourseListData,
  type CourseListQuery,
  CourseType,
  ErrorCode,
  type ChapterLearnProgress,
  type ChapterLearnProgressData,
  type LearnLogBody,
  type LearnLogData,
  type LearnProgress,
  type LearnRecordPage,
  type LockedReason,
  type MoreCourseData,
  type MoreCourseQuery,
  PriceType,
} from '@medportal/contract';
import type { MediaService } from '../media/index.ts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { pick } from '../../lib/i18n.ts';
import { type CacheInvalidation, noInvalidation } from '../../lib/public-cache.ts';
import * as repo from './courses.repository.ts';
import { presentAppraisal, presentAppraiseTag, presentChapter, presentCourse, presentSpeaker } from './courses.present.ts';
import { Tag } from '../shared/cache-tags.ts';
import { pageOf } from '../shared/paginate.ts';

const notFound = () => new AppError(ErrorCode.NOT_FOUND);


/** Whole percent, rounded down, but never 0 once anything counts (a started course shows it). */
const percent = (done: number, total: number) => (total > 0 && done > 0 ? Math.min(100, Math.max(1, Math.floor((done * 100) / total))) : 0);

function presentProgress(chapterId: number, durationS: number, p: repo.ProgressRow | undefined): ChapterLearnProgress {
  const played = Math.min(p?.playedS ?? 0, durationS);
  const completed = p?.completed ?? false;
  return {
    chapter_id: chapterId,
    position_s: p?.positionS ?? 0,
    duration_s: durationS,
    played_s: played,
    progress: completed ? 100 : percent(played, durationS),
    completed,
  };
}

function presentTotals(t: repo.CourseTotals | undefined): { progress: number; completed: boolean } {
  if (!t) return { progress: 0, completed: false };
  return { progress: percent(t.doneS, t.totalS), completed: t.chapters > 0 && t.completedChapters === t.chapters };
}

export class CoursesService {
  constructor(
    private readonly db: Db,
    private readonly media: MediaService,
    private readonly now: () => Date,
    private readonly cache: CacheInvalidation = noInvalidation,
  ) {}

  /** A course readers can reach now; `preview`: the console's preview grant for it (unpublished too). */
  private async course(id: number, preview = false) {
    const c = await repo.findCourse(this.db, id, this.now(), preview);
    if (!c) throw notFound();
    return c;
  }

  /** NOT_FOUND unless readers can reach the course now (one narrow query; `course` reads the row and its tags). */
  private async requireReachable(id: number): Promise<void> {
    if (!(await repo.courseReachable(this.db, id, this.now()))) throw notFound();
  }

  /** The department a `dep_val` names: undefined for all, null for one that does not exist. */
  private async department(depVal: CourseListQuery['dep_val']): Promise<number | null | undefined> {
    if (depVal === '') return undefined;
    if (typeof depVal === 'number') return depVal;
    return (await repo.departmentIdBySlug(this.db, depVal)) ?? null;
  }

  async list(q: CourseListQuery, lang: ApiLanguage): Promise<CourseListData> {
    const departmentId = await this.department(q.dep_val);
    const [{ rows, total }, deps] = await Promise.all([
      departmentId === null ? { rows: [], total: 0 } : repo.pageCourses(this.db, {
        departmentId,
        priceType: q.price_type,
        courseType: q.course_type,
        sort: q.sort,
        page: q.page,
        pageSize: q.page_size,
        now: this.now(),
      }),
      repo.courseDepartments(this.db, this.now()),
    ]);
    return {
      ...pageOf(rows.map((r) => presentCourse(r, lang)), q, total),
      departments: deps.map((d) => ({ id: d.id, title: pick(lang, d.nameZh, d.nameEn) })),
    };
  }

  async more(q: MoreCourseQuery, lang: ApiLanguage): Promise<MoreCourseData> {
    const departmentId = await this.department(q.dep_val);
    if (departmentId === null) return pageOf([], q, 0);
    const { rows, total } = await repo.pageCourses(this.db, {
      departmentId,
      courseType: CourseType.SERIES,
      title: q.keyword || undefined,
      sort: 'latest',
      page: q.page,
      pageSize: q.page_size,
      now: this.now(),
    });
    return pageOf(rows.map((r) => presentCourse(r, lang)), q, total);
  }

  async detail(id: number, userId: number | undefined, lang: ApiLanguage, preview = false): Promise<CourseDetail> {
    const c = await this.course(id, preview);
    const [teachers, chapters, rating, series, favorite] = await Promise.all([
      repo.speakersByIds(this.db, c.speakerId ? [c.speakerId] : []),
      repo.countChapters(this.db, id),
      repo.ratingSummary(this.db, id),
      c.seriesId ? repo.findSeriesTitle(this.db, c.seriesId, this.now()) : Promise.resolve(null),
      userId === undefined ? false : this.isFavorite(userId, id),
    ]);
    return {
      ...presentCourse(c, lang),
      description: pick(lang, c.summaryZh, c.summaryEn),
      teachers: teachers.map((t) => presentSpeaker(t, lang)),
      chapters_count: chapters,
      is_favorite: favorite,
      rating,
      series_id: series ? c.seriesId : null,
      series_title: series ? pick(lang, series.titleZh, series.titleEn) : null,
      department: c.departmentId && c.departmentZh ? { id: c.departmentId, title: pick(lang, c.departmentZh, c.departmentEn) } : null,
      updated_at: c.updatedAt.toISOString(),
    };
  }

  isFavorite(userId: number, id: number): Promise<boolean> {
    return repo.isFavorite(this.db, userId, id);
  }

  /**
   * Why the caller may not watch a chapter, or null: free courses and trial chapters are open to
   * anyone, the others to those entitled to the course.
   */
  private lockOf(course: { priceType: number }, chapter: { isFree: boolean }, userId: number | undefined, entitled: boolean): LockedReason | null {
    if (course.priceType === PriceType.FREE || chapter.isFree || entitled) return null;
    return userId === undefined ? 'login' : 'purchase';
  }

  private async entitled(userId: number | undefined, course: { id: number; priceType: number }): Promise<boolean> {
    return userId !== undefined && course.priceType !== PriceType.FREE && repo.isEntitled(this.db, userId, course.id);
  }

  async chapters(id: number, userId: number | undefined, lang: ApiLanguage, preview = false): Promise<CourseChaptersData> {
    const c = await this.course(id, preview);
    const [rows, entitled] = await Promise.all([repo.listChapters(this.db, id), this.entitled(userId, c)]);
    const locks = new Map(rows.map((r) => [r.id, this.lockOf(c, r, userId, entitled)]));
    const media = await this.media.mediaFor('chapter', rows.filter((r) => locks.get(r.id) === null).map((r) => r.id));
    return {
      items: rows.map((r) => ({ ...presentChapter(r, c, lang), media: media.get(r.id) ?? null, locked_reason: locks.get(r.id) ?? null })),
    };
  }

  async series(id: number, lang: ApiLanguage): Promise<{ items: Course[] }> {
    const c = await this.course(id);
    const seriesId = c.courseType === CourseType.SERIES ? c.id : c.seriesId;
    if (!seriesId) return { items: [] };
    const rows = await repo.seriesMembers(this.db, seriesId, this.now());
    return { items: rows.map((r) => presentCourse(r, lang)) };
  }

  /** The series course itself: a series is its own series, a member names its series, others have none. */
  async seriesOf(id: number, lang: ApiLanguage): Promise<{ series: Course | null }> {
    const c = await this.course(id);
    if (c.courseType === CourseType.SERIES) return { series: presentCourse(c, lang) };
    const s = c.seriesId ? await repo.findCourse(this.db, c.seriesId, this.now()) : null;
    return { series: s ? presentCourse(s, lang) : null };
  }

  async guessLike(courseId: number, limit: number, lang: ApiLanguage): Promise<{ items: Course[] }> {
    const c = await this.course(courseId);
    const rows = await repo.guessLike(this.db, { id: c.id, departmentId: c.departmentId }, limit, this.now());
    return { items: rows.map((r) => presentCourse(r, lang)) };
  }

  private async tagMap(lang: ApiLanguage): Promise<Map<number, AppraiseTag>> {
    const tags = await repo.listAppraiseTags(this.db);
    return new Map(tags.map((t) => [t.id, presentAppraiseTag(t, lang)]));
  }

  async appraiseTags(lang: ApiLanguage): Promise<{ items: AppraiseTag[] }> {
    return { items: [...(await this.tagMap(lang)).values()] };
  }

  async appraisals(id: number, p: number, size: number, lang: ApiLanguage): Promise<AppraisalPage> {
    await this.course(id);
    const [{ rows, total }, tags] = await Promise.all([repo.pageAppraisals(this.db, id, p, size), this.tagMap(lang)]);
    return pageOf(rows.map((r) => presentAppraisal(r, tags)), { page: p, page_size: size }, total);
  }

  async appraise(userId: number, id: number, body: AppraiseBody, lang: ApiLanguage): Promise<Appraisal> {
    await this.course(id);
    const tags = await this.tagMap(lang);
    const tagIds = [...new Set(body.tag_ids)];
    if (tagIds.some((t) => !tags.has(t))) throw fieldError(lang, 'tag_ids', { zh: '包含不存在的标签', en: 'contains an unknown tag' });
    const row = await repo.upsertAppraisal(this.db, { courseId: id, userId, rating: body.rating, content: body.content, tagIds });
    // The rating on the detail and the appraisal list.
    this.cache.invalidate([Tag.course(id)]);
    const [u] = await this.db.select({ nickname: users.nickname, avatarUrl: users.avatarUrl }).from(users).where(eq(users.id, userId));
    if (!row || !u) throw new AppError(ErrorCode.INTERNAL);
    return presentAppraisal({ ...row, nickname: u.nickname, avatarUrl: u.avatarUrl }, tags);
  }

  async learnLog(userId: number, id: number, body: LearnLogBody, lang: ApiLanguage): Promise<LearnLogData> {
    // The checks and the write are one statement: heartbeats are the busiest write of the site.
    const r = await repo.recordHeartbeat(this.db, {
      userId,
      courseId: id,
      chapterId: body.chapter_id,
      positionS: Math.floor(body.position_s),
      playedS: Math.floor(body.played_s),
      sessionId: body.session_id,
      now: this.now(),
    });
    if (r.kind === 'missing') {
      await this.course(id);
      throw fieldError(lang, 'chapter_id', { zh: '章节不属于该课程', en: 'is not a chapter of this course' });
    }
    if (r.kind === 'locked') throw new AppError(ErrorCode.PURCHASE_TO_WATCH);
    // A new learner changes learn_count on every card of the course: a counter, dropped within a second.
    if (r.newLearner) this.cache.invalidateSoon([Tag.course(id), Tag.courses]);
    return { ...presentProgress(body.chapter_id, r.durationS, r.row), credited_s: r.credited, learn_count: r.learnCount };
  }

  async learnProgress(userId: number, id: number): Promise<LearnProgress> {
    await this.requireReachable(id);
    const [totals, learner] = await Promise.all([repo.courseTotals(this.db, userId, [id]), repo.findLearner(this.db, userId, id)]);
    return {
      ...presentTotals(totals.get(id)),
      last_chapter_id: learner?.lastChapterId ?? null,
      last_position_s: learner?.positionS ?? 0,
    };
  }

  async chapterProgress(userId: number, id: number): Promise<ChapterLearnProgressData> {
    await this.requireReachable(id);
    const [chapters, rows] = await Promise.all([repo.listChapters(this.db, id), repo.progressOfCourse(this.db, userId, id)]);
    const byChapter = new Map(rows.map((r) => [r.chapterId, r]));
    return { items: chapters.map((ch) => presentProgress(ch.id, ch.durationS, byChapter.get(ch.id))) };
  }

  async learnRecords(userId: number, page: number, pageSize: number, lang: ApiLanguage): Promise<LearnRecordPage> {
    const { rows, total } = await repo.pageLearned(this.db, userId, page, pageSize, this.now());
    const totals = await repo.courseTotals(this.db, userId, rows.map((r) => r.id));
    return pageOf(
      rows.map((r) => ({
        course: presentCourse(r, lang),
        ...presentTotals(totals.get(r.id)),
        last_chapter_id: r.lastChapterId,
        last_chapter_title: r.chapterTitleZh === null ? null : pick(lang, r.chapterTitleZh, r.chapterTitleEn),
        last_position_s: r.positionS ?? 0,
        learned_at: r.learnedAt.toISOString(),
      })),
      { page, page_size: pageSize },
      total,
    );
  }
}
