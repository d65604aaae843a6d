import { and, asc, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  columns,
  columnSpeakers,
  courses,
  departments,
  hospitals,
  lives,
  news,
  newsCategories,
  newsSpeakers,
  organizers,
  papers,
  paperSpeakers,
  speakerDepartments,
  speakerFollows,
  speakers,
} from '../../db/schema/index.ts';
import { courseColumns, withTags } from '../shared/course.columns.ts';
import type { CourseRow, SpeakerRow } from '../shared/content.present.ts';
import type { NewsRow } from '../shared/news.present.ts';
import { inRegion } from '../shared/region.query.ts';
import { liveCardColumns, newsCardColumns } from '../shared/card.columns.ts';
import { speakerCardColumns } from '../shared/speaker.query.ts';
import { paginate } from '../shared/paginate.ts';
import { courseListed } from '../courses/index.ts';
import { liveListed } from '../lives/index.ts';
import { newsItemListed } from '../news/index.ts';
import { paperListed } from '../papers/index.ts';

type Conn = Db | Tx;

const published = 'published' as const;

async function withDepartments<R extends Omit<SpeakerRow, 'departments'>>(db: Conn, rows: R[]): Promise<Array<R & Pick<SpeakerRow, 'departments'>>> {
  const deps = rows.length
    ? await db
        .select({ speakerId: speakerDepartments.speakerId, id: departments.id, nameZh: departments.nameZh, nameEn: departments.nameEn })
        .from(speakerDepartments)
        .innerJoin(departments, eq(departments.id, speakerDepartments.departmentId))
        .where(inArray(speakerDepartments.speakerId, rows.map((r) => r.id)))
        .orderBy(asc(departments.sort), asc(departments.id))
    : [];
  return rows.map((r) => ({ ...r, departments: deps.filter((d) => d.speakerId === r.id) }));
}

export async function findSpeaker(db: Conn, id: number) {
  const [row] = await db
    .select({ ...speakerCardColumns, introZh: speakers.introZh, introEn: speakers.introEn, hospitalId: hospitals.id, organizationId: organizers.id })
    .from(speakers)
    .leftJoin(hospitals, eq(hospitals.id, speakers.hospitalId))
    .leftJoin(organizers, eq(organizers.id, speakers.organizationId))
    .where(and(eq(speakers.id, id), eq(speakers.status, published)))
    .limit(1);
  if (!row) return null;
  const [withD] = await withDepartments(db, [row]);
  return withD ?? null;
}

export async function isVisible(db: Conn, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: speakers.id })
    .from(speakers)
    .where(and(eq(speakers.id, id), eq(speakers.status, published)))
    .limit(1);
  return Boolean(row);
}

/** Locks the speaker row so follows of one speaker run one after another (each then counts committed rows). */
export async function lockVisible(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: speakers.id })
    .from(speakers)
    .where(and(eq(speakers.id, id), eq(speakers.status, published)))
    .for('update');
  return Boolean(row);
}

export async function countFollowers(db: Conn, speakerId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(speakerFollows).where(eq(speakerFollows.speakerId, speakerId));
  return row?.n ?? 0;
}

export async function isFollowing(db: Conn, speakerId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: speakerFollows.speakerId })
    .from(speakerFollows)
    .where(and(eq(speakerFollows.speakerId, speakerId), eq(speakerFollows.userId, userId)))
    .limit(1);
  return Boolean(row);
}

/** Insert or delete the follow row; the primary key makes a concurrent double follow one row. */
export async function setFollow(db: Conn, speakerId: number, userId: number, follow: boolean, now: Date): Promise<void> {
  if (follow) await db.insert(speakerFollows).values({ speakerId, userId, createdAt: now }).onConflictDoNothing();
  else await db.delete(speakerFollows).where(and(eq(speakerFollows.speakerId, speakerId), eq(speakerFollows.userId, userId)));
}

/** Rewrite the cached count (used for "popular" ordering) from the rows themselves. */
export async function syncFollowerCount(db: Conn, speakerId: number): Promise<number> {
  const [row] = await db
    .update(speakers)
    // A follow is not an edit: updated_at (the sitemap's lastmod) stays.
    .set({ followerCount: sql`(select count(*)::int from ${speakerFollows} where ${speakerFollows.speakerId} = ${speakerId})`, updatedAt: sql`${speakers.updatedAt}` })
    .where(eq(speakers.id, speakerId))
    .returning({ n: speakers.followerCount });
  return row?.n ?? 0;
}

/** Followed, published speakers; most recently followed first, speaker id breaking ties. */
export async function pageFollowed(db: Conn, userId: number, limit: number, offset: number): Promise<{ rows: SpeakerRow[]; total: number }> {
  const cond = and(eq(speakerFollows.userId, userId), eq(speakers.status, published));
  const { rows, total } = await paginate(
    db
      .select(speakerCardColumns)
      .from(speakerFollows)
      .innerJoin(speakers, eq(speakers.id, speakerFollows.speakerId))
      .leftJoin(hospitals, eq(hospitals.id, speakers.hospitalId))
      .leftJoin(organizers, eq(organizers.id, speakers.organizationId))
      .where(cond)
      .orderBy(desc(speakerFollows.createdAt), desc(speakers.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(speakerFollows).innerJoin(speakers, eq(speakers.id, speakerFollows.speakerId)).where(cond),
  );
  return { rows: await withDepartments(db, rows), total };
}

export async function pageCourses(db: Db, speakerId: number, now: Date, limit: number, offset: number): Promise<{ rows: CourseRow[]; total: number }> {
  const cond = and(eq(courses.speakerId, speakerId), courseListed(now));
  const { rows, total } = await paginate(
    db
      .select(courseColumns)
      .from(courses)
      .where(cond)
      .orderBy(sql`${courses.publishedAt} desc nulls last`, desc(courses.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(courses).where(cond),
  );
  return { rows: await withTags(db, rows), total };
}


const liveYear = sql<number>`extract(year from ${lives.startAt} at time zone 'UTC')::int`;

export async function pageLives(db: Conn, speakerId: number, now: Date, year: number | undefined, limit: number, offset: number) {
  const where: SQL[] = [eq(lives.speakerId, speakerId), liveListed(now)];
  if (year !== undefined) where.push(sql`${liveYear} = ${year}`);
  const cond = and(...where);
  return paginate(
    db.select(liveCardColumns).from(lives).where(cond).orderBy(desc(lives.startAt), desc(lives.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(lives).where(cond),
  );
}

export async function liveYears(db: Conn, speakerId: number, now: Date): Promise<number[]> {
  const rows = await db
    .selectDistinct({ year: liveYear })
    .from(lives)
    .where(and(eq(lives.speakerId, speakerId), liveListed(now)))
    .orderBy(desc(liveYear));
  return rows.map((r) => Number(r.year));
}

/** Published news naming the speaker (its category published too), newest first. */
export async function pageNews(db: Conn, speakerId: number, now: Date, limit: number, offset: number): Promise<{ rows: NewsRow[]; total: number }> {
  const cond = and(eq(newsSpeakers.speakerId, speakerId), newsItemListed(now), eq(newsCategories.status, published));
  return paginate(
    db
      .select(newsCardColumns)
      .from(newsSpeakers)
      .innerJoin(news, eq(news.id, newsSpeakers.newsId))
      .innerJoin(newsCategories, eq(newsCategories.id, news.categoryId))
      .where(cond)
      .orderBy(sql`${news.publishedAt} desc nulls last`, desc(news.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(newsSpeakers)
      .innerJoin(news, eq(news.id, newsSpeakers.newsId))
      .innerJoin(newsCategories, eq(newsCategories.id, news.categoryId))
      .where(cond),
  );
}

/** Published columns the speaker hosts, in the columns' own order. */
export async function pageColumns(db: Conn, speakerId: number, limit: number, offset: number) {
  const cond = and(eq(columnSpeakers.speakerId, speakerId), eq(columns.status, published));
  return paginate(
    db
      .select(getTableColumns(columns))
      .from(columnSpeakers)
      .innerJoin(columns, eq(columns.id, columnSpeakers.columnId))
      .where(cond)
      .orderBy(asc(columns.sort), asc(columns.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(columnSpeakers).innerJoin(columns, eq(columns.id, columnSpeakers.columnId)).where(cond),
  );
}

/** Published papers the speaker wrote, newest first. */
export async function pageDocs(db: Conn, speakerId: number, now: Date, limit: number, offset: number) {
  const cond = and(eq(paperSpeakers.speakerId, speakerId), paperListed(now));
  return paginate(
    db
      .select(getTableColumns(papers))
      .from(paperSpeakers)
      .innerJoin(papers, eq(papers.id, paperSpeakers.paperId))
      .where(cond)
      .orderBy(sql`${papers.publishedAt} desc nulls last`, desc(papers.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(paperSpeakers).innerJoin(papers, eq(papers.id, paperSpeakers.paperId)).where(cond),
  );
}

export async function hospitalExists(db: Conn, id: number): Promise<boolean> {
  const [row] = await db.select({ id: hospitals.id }).from(hospitals).where(eq(hospitals.id, id)).limit(1);
  return Boolean(row);
}

/** Published speakers, optionally of one hospital and/or region (with its cities), in display order. */
export async function pageSpeakers(
  db: Conn,
  filter: { hospitalId?: number | undefined; regionId?: number | undefined },
  limit: number,
  offset: number,
): Promise<{ rows: SpeakerRow[]; total: number }> {
  const where: SQL[] = [eq(speakers.status, published)];
  if (filter.hospitalId !== undefined) where.push(eq(speakers.hospitalId, filter.hospitalId));
  if (filter.regionId !== undefined) where.push(inRegion(hospitals.regionId, filter.regionId));
  const cond = and(...where);
  const { rows, total } = await paginate(
    db
      .select(speakerCardColumns)
      .from(speakers)
      .leftJoin(hospitals, eq(hospitals.id, speakers.hospitalId))
      .leftJoin(organizers, eq(organizers.id, speakers.organizationId))
      .where(cond)
      .orderBy(asc(speakers.sort), asc(speakers.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(speakers).leftJoin(hospitals, eq(hospitals.id, speakers.hospitalId)).where(cond),
  );
  return { rows: await withDepartments(db, rows), total };
}

/** Which of these speakers the user follows. */
export async function followedAmong(db: Conn, userId: number, speakerIds: number[]): Promise<Set<number>> {
  if (!speakerIds.length) return new Set();
  const rows = await db
    .select({ id: speakerFollows.speakerId })
    .from(speakerFollows)
    .where(and(eq(speakerFollows.userId, userId), inArray(speakerFollows.speakerId, speakerIds)));
  return new Set(rows.map((r) => r.id));
}
