import {
  type AdminBulkResult,
  type ApiLanguage,
  CourseType,
  ErrorCode,
  errorMessage,
  type Page,
  PriceType,
} from '@medportal/contract';
import type {
  AdminChapter,
  AdminChapterBody,
  AdminCourse,
  AdminCourseBody,
  AdminCourseEditBody,
  AdminCourseItem,
  AdminCourseListQuery,
} from '@medportal/contract/admin-courses';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { courseChapters, courseLearners, courses } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { type CacheInvalidation, noInvalidation } from '../../lib/public-cache.ts';
import { designatedIds } from '../credits/index.ts';
import type { MediaService } from '../media/index.ts';
import { Tag } from '../shared/cache-tags.ts';
import { pageOf } from '../shared/paginate.ts';
import { publicationState, publishValues } from '../shared/publication.ts';
import { writeAudit } from '../staff/index.ts';
import * as repo from './courses.admin.repository.ts';

const notFound = () => new AppError(ErrorCode.NOT_FOUND);
const conflict = () => new AppError(ErrorCode.ADMIN_EDIT_CONFLICT);

type Actor = { id: number; lang: ApiLanguage };

/** What the audit log keeps of a course: its own columns (the chapters are audited on their own). */
const snapshot = (c: repo.CourseRow) => ({ ...c, publishedAt: c.publishedAt?.toISOString() ?? null, createdAt: c.createdAt.toISOString(), updatedAt: c.updatedAt.toISOString() });
const chapterSnapshot = (c: repo.ChapterRow) => ({ ...c, createdAt: c.createdAt.toISOString(), updatedAt: c.updatedAt.toISOString() });

/**
 * The console's courses and series (decision record 0065): every write in one transaction with its
 * audit row; edits carry the updated_at they were loaded with; a course's chapter writes are
 * serialised by locking the course row, so concurrent reorders and additions leave one order.
 */
export class CoursesAdminService {
  constructor(
    private readonly db: Db,
    private readonly media: MediaService,
    private readonly now: () => Date,
    private readonly cache: CacheInvalidation = noInvalidation,
  ) {}

  private item(r: repo.ListRow, credit: Set<number>, now: Date): AdminCourseItem {
    const c = r.course;
    return {
      id: c.id,
      course_type: c.courseType,
      title_zh: c.titleZh,
      title_en: c.titleEn,
      cover: c.cover,
      price_type: c.priceType,
      price: c.price,
      state: publicationState(c.status, c.publishedAt, now),
      published_at: c.publishedAt?.toISOString() ?? null,
      updated_at: c.updatedAt.toISOString(),
      learn_count: c.learnCount,
      chapters: r.chapters,
      is_featured: c.isFeatured,
      speaker: c.speakerId && r.speakerZh !== null ? { id: c.speakerId, name: r.speakerZh } : null,
      department: c.departmentId && r.departmentZh !== null ? { id: c.departmentId, name: r.departmentZh } : null,
      series_id: c.seriesId,
      credit: credit.has(c.id),
    };
  }

  private async chapters(courseId: number): Promise<AdminChapter[]> {
    const rows = await repo.chaptersWithLearners(this.db, courseId);
    const media = await this.media.mediaFor('chapter', rows.map((r) => r.chapter.id));
    return rows.map((r) => this.chapter(r, media.get(r.chapter.id)));
  }

  private chapter(r: { chapter: repo.ChapterRow; learners: number }, m: { hls_url: string; poster: string; duration_s: number } | undefined): AdminChapter {
    const ch = r.chapter;
    return {
      id: ch.id,
      sort: ch.sort,
      title_zh: ch.titleZh,
      title_en: ch.titleEn,
      duration_s: ch.durationS,
      is_free: ch.isFree,
      learners: r.learners,
      video: m ? { hls_url: m.hls_url, poster: m.poster, duration_s: m.duration_s } : null,
      updated_at: ch.updatedAt.toISOString(),
    };
  }

  async list(q: AdminCourseListQuery): Promise<Page<AdminCourseItem>> {
    const now = this.now();
    const { rows, total } = await repo.pageAdminCourses(this.db, q, now);
    const credit = await designatedIds(this.db, ['course', 'series'], rows.map((r) => r.course.id));
    return pageOf(rows.map((r) => this.item(r, credit, now)), q, total);
  }

  async detail(id: number): Promise<AdminCourse> {
    const db = this.db;
    const r = await repo.adminCourseRow(db, id);
    if (!r) throw notFound();
    const now = this.now();
    const c = r.course;
    const [credit, chapters, members] = await Promise.all([
      designatedIds(db, ['course', 'series'], [id]),
      this.chapters(id),
      c.courseType === CourseType.SERIES ? repo.seriesMembersAll(db, id) : Promise.resolve([]),
    ]);
    return {
      ...this.item(r, credit, now),
      summary_zh: c.summaryZh,
      summary_en: c.summaryEn,
      original_price: c.originalPrice,
      speaker_id: c.speakerId,
      department_id: c.departmentId,
      chapters_list: chapters,
      members: members.map((m) => ({ id: m.id, title_zh: m.titleZh, state: publicationState(m.status, m.publishedAt, now) })),
      created_at: c.createdAt.toISOString(),
    };
  }

  /** The rules a course's fields follow together; `id` is the course being edited (absent when creating). */
  private async check(db: Db | Tx, b: AdminCourseBody, lang: ApiLanguage, id?: number): Promise<void> {
    if (b.price_type === PriceType.PAID && b.price <= 0) throw fieldError(lang, 'price', { zh: '付费课程的价格必须大于 0', en: 'must be more than 0 for a paid course' });
    if (b.price_type === PriceType.FREE && b.price !== 0) throw fieldError(lang, 'price', { zh: '免费课程的价格必须为 0', en: 'must be 0 for a free course' });
    if (b.original_price !== 0 && b.original_price < b.price)
      throw fieldError(lang, 'original_price', { zh: '原价不能低于现价', en: 'must be at least the price (or 0 for none)' });
    if (b.speaker_id !== null && !(await repo.existing(db, 'speakers', b.speaker_id))) throw fieldError(lang, 'speaker_id', { zh: '讲者不存在', en: 'is not a known speaker' });
    if (b.department_id !== null && !(await repo.existing(db, 'departments', b.department_id)))
      throw fieldError(lang, 'department_id', { zh: '科室不存在', en: 'is not a known department' });
    if (b.series_id !== null) {
      if (b.course_type !== CourseType.SINGLE || b.series_id === id) throw new AppError(ErrorCode.COURSE_SERIES_INVALID);
      const [target] = await repo.courseTypes(db, [b.series_id]);
      if (!target || target.courseType !== CourseType.SERIES) throw new AppError(ErrorCode.COURSE_SERIES_INVALID);
    }
    if (id !== undefined && b.course_type === CourseType.SINGLE && (await repo.hasMembers(db, id))) throw new AppError(ErrorCode.COURSE_SERIES_INVALID);
  }

  private values(b: AdminCourseBody) {
    return {
      courseType: b.course_type,
      titleZh: b.title_zh,
      titleEn: b.title_en,
      summaryZh: b.summary_zh,
      summaryEn: b.summary_en,
      cover: b.cover,
      priceType: b.price_type,
      price: b.price,
      originalPrice: b.original_price,
      speakerId: b.speaker_id,
      departmentId: b.department_id,
      seriesId: b.series_id,
      isFeatured: b.is_featured,
    };
  }

  private dropCaches(id: number, seriesIds: Array<number | null> = []): void {
    this.cache.invalidate([Tag.courses, Tag.course(id), ...seriesIds.filter((s): s is number => s !== null).map((s) => Tag.course(s)), Tag.home, Tag.sitemap]);
  }

  async create(actor: Actor, b: AdminCourseBody): Promise<AdminCourse> {
    const now = this.now();
    const id = await transaction(this.db, async (tx) => {
      await this.check(tx, b, actor.lang);
      const [row] = await tx
        .insert(courses)
        .values({ ...this.values(b), status: 'draft', createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new AppError(ErrorCode.INTERNAL);
      await writeAudit(tx, { actorId: actor.id, action: 'course.create', target: `course:${row.id}`, before: null, after: snapshot(row), now });
      return row.id;
    });
    // Read after the commit: the media module answers on its own connection.
    return this.detail(id);
  }

  async update(actor: Actor, id: number, b: AdminCourseEditBody): Promise<AdminCourse> {
    const now = this.now();
    const before = await transaction(this.db, async (tx) => {
      const before = await repo.lockCourse(tx, id);
      if (!before) throw notFound();
      await this.check(tx, b, actor.lang, id);
      const [row] = await tx
        .update(courses)
        .set({ ...this.values(b), updatedAt: repo.nextVersion(courses.updatedAt, now) as unknown as Date })
        .where(and(eq(courses.id, id), repo.sameVersion(courses.updatedAt, b.updated_at)))
        .returning();
      if (!row) throw conflict();
      await writeAudit(tx, { actorId: actor.id, action: 'course.update', target: `course:${id}`, before: snapshot(before), after: snapshot(row), now });
      return before;
    });
    this.dropCaches(id, [before.seriesId, b.series_id]);
    return this.detail(id);
  }

  /** Publication changes: publish (now or at an instant), offline, unlisted. */
  private async setState(actor: Actor, id: number, action: 'publish' | 'offline' | 'unlist', at?: string | null, db?: Tx): Promise<repo.CourseRow> {
    const now = this.now();
    const run = async (tx: Tx) => {
      const before = await repo.lockCourse(tx, id);
      if (!before) throw notFound();
      if (action === 'offline' && before.status !== 'published' && before.status !== 'unlisted') throw new AppError(ErrorCode.ADMIN_BAD_STATE);
      const set =
        action === 'publish'
          ? publishValues(at, now)
          : action === 'offline'
            ? { status: 'offline' as const }
            : { status: 'unlisted' as const, publishedAt: before.publishedAt && before.publishedAt <= now ? before.publishedAt : now };
      const [row] = await tx
        .update(courses)
        .set({ ...set, updatedAt: repo.nextVersion(courses.updatedAt, now) as unknown as Date })
        .where(eq(courses.id, id))
        .returning();
      if (!row) throw notFound();
      await writeAudit(tx, { actorId: actor.id, action: `course.${action}`, target: `course:${id}`, before: snapshot(before), after: snapshot(row), now });
      return row;
    };
    const row = db ? await run(db) : await transaction(this.db, run);
    this.dropCaches(id, [row.seriesId]);
    return row;
  }

  async publish(actor: Actor, id: number, at: string | null | undefined): Promise<AdminCourse> {
    await this.setState(actor, id, 'publish', at);
    return this.detail(id);
  }

  async offline(actor: Actor, id: number): Promise<AdminCourse> {
    await this.setState(actor, id, 'offline');
    return this.detail(id);
  }

  async unlist(actor: Actor, id: number): Promise<AdminCourse> {
    await this.setState(actor, id, 'unlist');
    return this.detail(id);
  }

  /** Each course on its own: one refused (missing, wrong state) does not stop the others. */
  async bulk(actor: Actor, ids: number[], action: 'publish' | 'offline'): Promise<AdminBulkResult> {
    const result: AdminBulkResult = { done: [], failed: [] };
    for (const id of [...new Set(ids)]) {
      try {
        await this.setState(actor, id, action);
        result.done.push(id);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        result.failed.push({ id, code: err.code, message: err.userMessage ?? errorMessage(err.code, actor.lang) });
      }
    }
    return result;
  }

  /** Only a draft nobody bought goes away; published courses are taken offline so orders keep their course. */
  async remove(actor: Actor, id: number): Promise<{ deleted: boolean }> {
    const now = this.now();
    const before = await transaction(this.db, async (tx) => {
      const before = await repo.lockCourse(tx, id);
      if (!before) throw notFound();
      if (before.status !== 'draft' || (await repo.hasBuyers(tx, id))) throw new AppError(ErrorCode.COURSE_NOT_DELETABLE);
      if (await repo.hasMembers(tx, id)) throw new AppError(ErrorCode.COURSE_SERIES_INVALID);
      await tx.delete(courses).where(eq(courses.id, id));
      await writeAudit(tx, { actorId: actor.id, action: 'course.delete', target: `course:${id}`, before: snapshot(before), after: null, now });
      return before;
    });
    this.dropCaches(id, [before.seriesId]);
    return { deleted: true };
  }

  // ---- chapters ----

  async addChapter(actor: Actor, courseId: number, b: AdminChapterBody): Promise<AdminChapter> {
    const now = this.now();
    const out = await transaction(this.db, async (tx) => {
      const course = await repo.lockCourse(tx, courseId);
      if (!course) throw notFound();
      const [row] = await tx
        .insert(courseChapters)
        .values({
          courseId,
          sort: sql`(select coalesce(max(${courseChapters.sort}), 0) + 1 from ${courseChapters} where ${courseChapters.courseId} = ${courseId})` as unknown as number,
          titleZh: b.title_zh,
          titleEn: b.title_en,
          durationS: b.duration_s,
          isFree: b.is_free,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new AppError(ErrorCode.INTERNAL);
      await writeAudit(tx, { actorId: actor.id, action: 'chapter.create', target: `chapter:${row.id}`, before: null, after: chapterSnapshot(row), now });
      return this.chapter({ chapter: row, learners: 0 }, undefined);
    });
    this.cache.invalidate([Tag.course(courseId)]);
    return out;
  }

  async editChapter(actor: Actor, id: number, b: AdminChapterBody & { updated_at: string }): Promise<AdminChapter> {
    const now = this.now();
    const { row, learners } = await transaction(this.db, async (tx) => {
      const found = await repo.chapterWithLearners(tx, id);
      if (!found) throw notFound();
      await repo.lockCourse(tx, found.chapter.courseId);
      const [row] = await tx
        .update(courseChapters)
        .set({ titleZh: b.title_zh, titleEn: b.title_en, durationS: b.duration_s, isFree: b.is_free, updatedAt: repo.nextVersion(courseChapters.updatedAt, now) as unknown as Date })
        .where(and(eq(courseChapters.id, id), repo.sameVersion(courseChapters.updatedAt, b.updated_at)))
        .returning();
      if (!row) throw conflict();
      await writeAudit(tx, { actorId: actor.id, action: 'chapter.update', target: `chapter:${id}`, before: chapterSnapshot(found.chapter), after: chapterSnapshot(row), now });
      return { row, learners: found.learners };
    });
    this.cache.invalidate([Tag.course(row.courseId)]);
    const media = await this.media.mediaFor('chapter', [id]);
    return this.chapter({ chapter: row, learners }, media.get(id));
  }

  /**
   * A chapter with learners' progress stays while its course is in front of readers (published or
   * unlisted): deleting it would take their progress and the attendance their credit counts. Once
   * the course is offline (or still a draft), it may go, with that progress.
   */
  async deleteChapter(actor: Actor, id: number): Promise<{ deleted: boolean }> {
    const now = this.now();
    const courseId = await transaction(this.db, async (tx) => {
      const first = await repo.chapterWithLearners(tx, id);
      if (!first) throw notFound();
      const course = await repo.lockCourse(tx, first.chapter.courseId);
      const found = await repo.chapterWithLearners(tx, id);
      if (!course || !found) throw notFound();
      if (found.learners > 0 && (course.status === 'published' || course.status === 'unlisted')) throw new AppError(ErrorCode.COURSE_CHAPTER_HAS_LEARNERS);
      await tx.update(courseLearners).set({ lastChapterId: null }).where(eq(courseLearners.lastChapterId, id));
      await tx.delete(courseChapters).where(eq(courseChapters.id, id));
      await writeAudit(tx, { actorId: actor.id, action: 'chapter.delete', target: `chapter:${id}`, before: chapterSnapshot(found.chapter), after: null, now });
      return course.id;
    });
    this.cache.invalidate([Tag.course(courseId)]);
    return { deleted: true };
  }

  /**
   * The whole order in one call, in one transaction under the course's lock: the ids must be the
   * course's chapters exactly (a chapter added or removed meanwhile makes the order stale), and the
   * sorts move through negatives first so the unique (course, sort) key never sees two rows at once.
   */
  async reorder(actor: Actor, courseId: number, ids: number[]): Promise<{ items: AdminChapter[] }> {
    const now = this.now();
    await transaction(this.db, async (tx) => {
      const course = await repo.lockCourse(tx, courseId);
      if (!course) throw notFound();
      const current = await tx.select({ id: courseChapters.id, sort: courseChapters.sort }).from(courseChapters).where(eq(courseChapters.courseId, courseId));
      const have = new Set(current.map((c) => c.id));
      if (new Set(ids).size !== ids.length || ids.length !== have.size || ids.some((i) => !have.has(i))) throw new AppError(ErrorCode.COURSE_CHAPTER_ORDER_MISMATCH);
      await tx.update(courseChapters).set({ sort: sql`-${courseChapters.sort}` }).where(eq(courseChapters.courseId, courseId));
      const cases = sql.join(ids.map((cid, i) => sql`when ${cid}::int then ${i + 1}::int`), sql` `);
      await tx
        .update(courseChapters)
        .set({ sort: sql`case ${courseChapters.id} ${cases} end`, updatedAt: repo.nextVersion(courseChapters.updatedAt, now) as unknown as Date })
        .where(and(eq(courseChapters.courseId, courseId), inArray(courseChapters.id, ids)));
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'chapter.reorder',
        target: `course:${courseId}`,
        before: [...current].sort((a, b) => a.sort - b.sort).map((c) => c.id),
        after: ids,
        now,
      });
    });
    this.cache.invalidate([Tag.course(courseId)]);
    return { items: await this.chapters(courseId) };
  }
}
