import { and, asc, desc, eq, gt, inArray, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  columns,
  courses,
  courseTags,
  departments,
  homeBlocks,
  introTexts,
  lives,
  news,
  newsCategories,
  papers,
  speakerDepartments,
  speakers,
  specials,
  tags,
} from '../../db/schema/index.ts';
import { selectSpeakerCards } from '../shared/speaker.query.ts';
import { courseListed } from '../courses/index.ts';
import { liveListed } from '../lives/index.ts';
import { newsItemListed } from '../news/index.ts';
import { paperListed } from '../papers/index.ts';
export { listBanners } from '../shared/banner.query.ts';
import { liveCardColumns, newsCardColumns } from '../shared/card.columns.ts';

const published = 'published' as const;

/** The published layout (what readers see). */
export function listHomeBlocks(db: Db) {
  return db
    .select()
    .from(homeBlocks)
    .where(eq(homeBlocks.status, published))
    .orderBy(asc(homeBlocks.sort), asc(homeBlocks.id));
}

export interface CourseFilter {
  limit: number;
  /** Chosen courses (a block's item_ids): only these, whatever the other filters. */
  ids?: number[] | undefined;
  department?: string | undefined;
  courseType?: 1 | 2 | undefined;
  priceType?: 1 | 2 | undefined;
  featured?: boolean | undefined;
  order: 'latest' | 'popular';
}

export async function listCourses(db: Db, now: Date, f: CourseFilter) {
  const where: SQL[] = [courseListed(now)];
  if (f.ids) where.push(inArray(courses.id, f.ids));
  if (f.courseType) where.push(eq(courses.courseType, f.courseType));
  if (f.priceType) where.push(eq(courses.priceType, f.priceType));
  if (f.featured !== undefined) where.push(eq(courses.isFeatured, f.featured));
  if (f.department) where.push(eq(departments.slug, f.department));
  const rows = await db
    .select({
      id: courses.id,
      courseType: courses.courseType,
      titleZh: courses.titleZh,
      titleEn: courses.titleEn,
      cover: courses.cover,
      priceType: courses.priceType,
      price: courses.price,
      originalPrice: courses.originalPrice,
      learnCount: courses.learnCount,
      courseUpdatedCount: courses.courseUpdatedCount,
    })
    .from(courses)
    .leftJoin(departments, eq(departments.id, courses.departmentId))
    .where(and(...where))
    .orderBy(
      f.order === 'popular' ? desc(courses.learnCount) : desc(courses.publishedAt),
      desc(courses.id),
    )
    .limit(f.limit);
  const tagRows = rows.length
    ? await db
        .select({ courseId: courseTags.courseId, id: tags.id, titleZh: tags.titleZh, titleEn: tags.titleEn, cover: tags.cover })
        .from(courseTags)
        .innerJoin(tags, eq(tags.id, courseTags.tagId))
        .where(
          inArray(
            courseTags.courseId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(courseTags.sort), asc(tags.id))
    : [];
  return rows.map((r) => ({ ...r, tags: tagRows.filter((t) => t.courseId === r.id) }));
}
export type CourseRow = Awaited<ReturnType<typeof listCourses>>[number];


/** Live now and upcoming conferences, soonest first. */
export function listCurrentLives(db: Db, now: Date, limit: number) {
  return db
    .select(liveCardColumns)
    .from(lives)
    .where(and(liveListed(now), gt(lives.endAt, now)))
    .orderBy(asc(lives.startAt), asc(lives.id))
    .limit(limit);
}

/** Chosen lives (a block's item_ids), the ones readers see now. */
export function listLivesByIds(db: Db, now: Date, ids: number[]) {
  return db
    .select(liveCardColumns)
    .from(lives)
    .where(and(liveListed(now), inArray(lives.id, ids)));
}

/** Lives overlapping [from, to): the "today" window around now. */
export function listLivesBetween(db: Db, now: Date, from: Date, to: Date, limit: number) {
  return db
    .select(liveCardColumns)
    .from(lives)
    .where(and(liveListed(now), lt(lives.startAt, to), gt(lives.endAt, from)))
    .orderBy(asc(lives.startAt), asc(lives.id))
    .limit(limit);
}

export function listNews(db: Db, now: Date, opts: { limit: number; categoryIds?: number[] | undefined; ids?: number[] | undefined }) {
  // Scheduled articles appear on their instant; articles of hidden categories do not.
  const where: SQL[] = [newsItemListed(now), eq(newsCategories.status, published)];
  if (opts.ids) where.push(inArray(news.id, opts.ids));
  if (opts.categoryIds?.length) where.push(inArray(news.categoryId, opts.categoryIds));
  return db
    .select(newsCardColumns)
    .from(news)
    .innerJoin(newsCategories, eq(newsCategories.id, news.categoryId))
    .where(and(...where))
    .orderBy(desc(news.publishedAt), desc(news.id))
    .limit(opts.limit);
}
export type NewsRow = Awaited<ReturnType<typeof listNews>>[number];

export function listNewsCategories(db: Db, ids?: number[]) {
  const where: SQL[] = [eq(newsCategories.status, published)];
  if (ids?.length) where.push(inArray(newsCategories.id, ids));
  return db
    .select()
    .from(newsCategories)
    .where(and(...where))
    .orderBy(asc(newsCategories.sort), asc(newsCategories.id));
}

export async function listSpeakers(db: Db, opts: { limit: number; department?: string | undefined; order: 'latest' | 'popular'; ids?: number[] | undefined }) {
  const where: SQL[] = [eq(speakers.status, published)];
  if (opts.ids) where.push(inArray(speakers.id, opts.ids));
  if (opts.department) {
    where.push(
      inArray(
        speakers.id,
        db
          .select({ id: speakerDepartments.speakerId })
          .from(speakerDepartments)
          .innerJoin(departments, eq(departments.id, speakerDepartments.departmentId))
          .where(eq(departments.slug, opts.department)),
      ),
    );
  }
  const rows = await selectSpeakerCards(db)
    .where(and(...where))
    .orderBy(
      opts.order === 'popular' ? desc(speakers.followerCount) : asc(speakers.sort),
      asc(speakers.id),
    )
    .limit(opts.limit);
  const deps = rows.length
    ? await db
        .select({
          speakerId: speakerDepartments.speakerId,
          id: departments.id,
          nameZh: departments.nameZh,
          nameEn: departments.nameEn,
        })
        .from(speakerDepartments)
        .innerJoin(departments, eq(departments.id, speakerDepartments.departmentId))
        .where(
          inArray(
            speakerDepartments.speakerId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(departments.sort), asc(departments.id))
    : [];
  return rows.map((r) => ({ ...r, departments: deps.filter((d) => d.speakerId === r.id) }));
}
export type SpeakerRow = Awaited<ReturnType<typeof listSpeakers>>[number];

export function listColumns(db: Db, limit: number, ids?: number[]) {
  return db
    .select()
    .from(columns)
    .where(and(eq(columns.status, published), ids ? inArray(columns.id, ids) : undefined))
    .orderBy(asc(columns.sort), asc(columns.id))
    .limit(limit);
}

export function listPapers(db: Db, now: Date, limit: number, ids?: number[]) {
  return db
    .select()
    .from(papers)
    .where(and(paperListed(now), ids ? inArray(papers.id, ids) : undefined))
    .orderBy(desc(papers.publishedAt), desc(papers.id))
    .limit(limit);
}

export function listSpecials(db: Db, kind: 'album' | 'topic', limit: number, ids?: number[]) {
  return db
    .select()
    .from(specials)
    .where(and(eq(specials.status, published), eq(specials.kind, kind), ids ? inArray(specials.id, ids) : undefined))
    .orderBy(asc(specials.sort), asc(specials.id))
    .limit(limit);
}

export function listIntroTexts(db: Db, limit: number, ids?: number[]) {
  return db
    .select()
    .from(introTexts)
    .where(and(eq(introTexts.status, published), ids ? inArray(introTexts.id, ids) : undefined))
    .orderBy(asc(introTexts.sort), asc(introTexts.id))
    .limit(limit);
}
