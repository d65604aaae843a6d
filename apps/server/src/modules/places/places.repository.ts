import { and, asc, count, desc, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PlaceKind } from '@medportal/contract';
import type { Db } from '../../db/client.ts';
import {
  courses,
  courseTags,
  departments,
  hospitals,
  lives,
  news,
  newsCategories,
  newsSpeakers,
  newsTags,
  organizers,
  regions,
  speakerDepartments,
  speakers,
  tags,
} from '../../db/schema/index.ts';
import { courseColumns, withTags } from '../shared/course.columns.ts';
import type { CourseRow, SpeakerRow } from '../shared/content.present.ts';
import type { NewsRow } from '../shared/news.present.ts';
import { inRegion } from '../shared/region.query.ts';
import { selectSpeakerCards } from '../shared/speaker.query.ts';
import { liveCardColumns, newsCardColumns } from '../shared/card.columns.ts';
import { paginate } from '../shared/paginate.ts';
import { courseListed } from '../courses/index.ts';
import { liveListed } from '../lives/index.ts';
import { newsItemListed } from '../news/index.ts';

const published = 'published' as const;
const never = sql`false`;

export interface PlaceRow {
  nameZh: string;
  nameEn: string | null;
  logo: string;
  introZh: string;
  introEn: string | null;
  regionId: number | null;
}

/** The header row of a hospital (intro: its city), organiser or keyword (a tag); null when unknown. */
export async function findPlace(db: Db, kind: PlaceKind, id: number): Promise<PlaceRow | null> {
  if (kind === 'hospital') {
    const [r] = await db.select().from(hospitals).where(eq(hospitals.id, id)).limit(1);
    return r ? { nameZh: r.nameZh, nameEn: r.nameEn, logo: r.logo, introZh: r.cityZh, introEn: r.cityEn, regionId: r.regionId } : null;
  }
  if (kind === 'organizer') {
    const [r] = await db.select().from(organizers).where(eq(organizers.id, id)).limit(1);
    return r ? { nameZh: r.nameZh, nameEn: r.nameEn, logo: r.logo, introZh: '', introEn: null, regionId: null } : null;
  }
  const [r] = await db.select().from(tags).where(eq(tags.id, id)).limit(1);
  return r ? { nameZh: r.titleZh, nameEn: r.titleEn, logo: r.cover ?? '', introZh: '', introEn: null, regionId: null } : null;
}

/** Published speakers of the place: by hospital, by organisation, or teaching a course with the keyword. */
function speakerCond(db: Db, kind: PlaceKind, id: number, now: Date): SQL {
  const base = eq(speakers.status, published);
  if (kind === 'hospital') return and(base, eq(speakers.hospitalId, id)) as SQL;
  if (kind === 'organizer') return and(base, eq(speakers.organizationId, id)) as SQL;
  return and(
    base,
    exists(
      db
        .select({ one: sql`1` })
        .from(courses)
        .innerJoin(courseTags, eq(courseTags.courseId, courses.id))
        .where(and(eq(courses.speakerId, speakers.id), courseListed(now), eq(courseTags.tagId, id))),
    ),
  ) as SQL;
}

/** Speaker ids of a hospital or organiser (as a sub-query). */
function speakerIds(db: Db, kind: 'hospital' | 'organizer', id: number) {
  return db
    .select({ id: speakers.id })
    .from(speakers)
    .where(and(eq(speakers.status, published), eq(kind === 'hospital' ? speakers.hospitalId : speakers.organizationId, id)));
}

function courseCond(db: Db, kind: PlaceKind, id: number, now: Date): SQL {
  const base = courseListed(now);
  if (kind === 'keyword') {
    return and(base, exists(db.select({ one: sql`1` }).from(courseTags).where(and(eq(courseTags.courseId, courses.id), eq(courseTags.tagId, id))))) as SQL;
  }
  return and(base, inArray(courses.speakerId, speakerIds(db, kind, id))) as SQL;
}

/** Lives: a hospital's speakers', an organiser's own; keywords have no lives. */
function liveCond(db: Db, kind: PlaceKind, id: number, now: Date): SQL {
  const base = liveListed(now);
  if (kind === 'hospital') return and(base, inArray(lives.speakerId, speakerIds(db, kind, id))) as SQL;
  if (kind === 'organizer') return and(base, eq(lives.organizerId, id)) as SQL;
  return and(base, never) as SQL;
}

/** News of a keyword: tagged with it; of a hospital or organiser: naming one of its speakers. */
function newsCond(db: Db, kind: PlaceKind, id: number, now: Date): SQL {
  const base = and(newsItemListed(now), eq(newsCategories.status, published)) as SQL;
  if (kind !== 'keyword') {
    return and(
      base,
      exists(db.select({ one: sql`1` }).from(newsSpeakers).where(and(eq(newsSpeakers.newsId, news.id), inArray(newsSpeakers.speakerId, speakerIds(db, kind, id))))),
    ) as SQL;
  }
  return and(base, exists(db.select({ one: sql`1` }).from(newsTags).where(and(eq(newsTags.newsId, news.id), eq(newsTags.tagId, id))))) as SQL;
}

export async function countAll(db: Db, kind: PlaceKind, id: number, now: Date) {
  const [[c], [l], [n], [s]] = await Promise.all([
    db.select({ n: count() }).from(courses).where(courseCond(db, kind, id, now)),
    db.select({ n: count() }).from(lives).where(liveCond(db, kind, id, now)),
    db.select({ n: count() }).from(news).innerJoin(newsCategories, eq(newsCategories.id, news.categoryId)).where(newsCond(db, kind, id, now)),
    db.select({ n: count() }).from(speakers).where(speakerCond(db, kind, id, now)),
  ]);
  return { courses: c?.n ?? 0, lives: l?.n ?? 0, news: n?.n ?? 0, speakers: s?.n ?? 0 };
}

export async function pageCourses(db: Db, kind: PlaceKind, id: number, now: Date, limit: number, offset: number): Promise<{ rows: CourseRow[]; total: number }> {
  const cond = courseCond(db, kind, id, now);
  const { rows, total } = await paginate(
    db.select(courseColumns).from(courses).where(cond).orderBy(sql`${courses.publishedAt} desc nulls last`, desc(courses.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(courses).where(cond),
  );
  return { rows: await withTags(db, rows), total };
}


export async function pageLives(db: Db, kind: PlaceKind, id: number, now: Date, limit: number, offset: number) {
  const cond = liveCond(db, kind, id, now);
  return paginate(
    db.select(liveCardColumns).from(lives).where(cond).orderBy(desc(lives.startAt), desc(lives.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(lives).where(cond),
  );
}

export async function pageNews(db: Db, kind: PlaceKind, id: number, now: Date, limit: number, offset: number): Promise<{ rows: NewsRow[]; total: number }> {
  const cond = newsCond(db, kind, id, now);
  return paginate(
    db
      .select(newsCardColumns)
      .from(news)
      .innerJoin(newsCategories, eq(newsCategories.id, news.categoryId))
      .where(cond)
      .orderBy(sql`${news.publishedAt} desc nulls last`, desc(news.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(news).innerJoin(newsCategories, eq(newsCategories.id, news.categoryId)).where(cond),
  );
}

export async function pageSpeakers(db: Db, kind: PlaceKind, id: number, now: Date, limit: number, offset: number): Promise<{ rows: SpeakerRow[]; total: number }> {
  const cond = speakerCond(db, kind, id, now);
  const { rows, total } = await paginate(
    selectSpeakerCards(db)
      .where(cond)
      .orderBy(asc(speakers.sort), asc(speakers.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(speakers).where(cond),
  );
  const deps = rows.length
    ? await db
        .select({ speakerId: speakerDepartments.speakerId, id: departments.id, nameZh: departments.nameZh, nameEn: departments.nameEn })
        .from(speakerDepartments)
        .innerJoin(departments, eq(departments.id, speakerDepartments.departmentId))
        .where(inArray(speakerDepartments.speakerId, rows.map((r) => r.id)))
        .orderBy(asc(departments.sort), asc(departments.id))
    : [];
  return { rows: rows.map((r) => ({ ...r, departments: deps.filter((d) => d.speakerId === r.id) })), total };
}

// Regions and the hospital list --------------------------------------------------------------------

export type RegionRow = typeof regions.$inferSelect;

export function listRegions(db: Db): Promise<RegionRow[]> {
  return db.select().from(regions).orderBy(asc(regions.sort), asc(regions.id));
}

/** Number of hospitals pointing straight at each region. */
export async function hospitalsPerRegion(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .select({ regionId: hospitals.regionId, n: count() })
    .from(hospitals)
    .where(sql`${hospitals.regionId} is not null`)
    .groupBy(hospitals.regionId);
  return new Map(rows.map((r) => [r.regionId as number, r.n]));
}

const parentRegion = alias(regions, 'parent_region');

/** A region with its parent's name, for a hospital header. */
export async function findRegion(db: Db, id: number) {
  const [r] = await db
    .select({ id: regions.id, nameZh: regions.nameZh, nameEn: regions.nameEn, parentId: parentRegion.id, parentZh: parentRegion.nameZh, parentEn: parentRegion.nameEn })
    .from(regions)
    .leftJoin(parentRegion, eq(parentRegion.id, regions.parentId))
    .where(eq(regions.id, id))
    .limit(1);
  return r ?? null;
}

/** Hospital cards with region, parent region and published speaker/course counts, by id. */
export async function pageHospitals(db: Db, regionId: number | undefined, now: Date, limit: number, offset: number) {
  const cond = regionId === undefined ? undefined : inRegion(hospitals.regionId, regionId);
  return paginate(
    db
      .select({
        id: hospitals.id,
        nameZh: hospitals.nameZh,
        nameEn: hospitals.nameEn,
        logo: hospitals.logo,
        regionId: regions.id,
        regionZh: regions.nameZh,
        regionEn: regions.nameEn,
        parentId: parentRegion.id,
        parentZh: parentRegion.nameZh,
        parentEn: parentRegion.nameEn,
        speakers: sql<number>`(select count(*)::int from ${speakers} where ${speakers.hospitalId} = ${hospitals.id} and ${speakers.status} = 'published')`,
        courses: sql<number>`(select count(*)::int from ${courses} inner join ${speakers} on ${speakers.id} = ${courses.speakerId} where ${speakers.hospitalId} = ${hospitals.id} and ${speakers.status} = 'published' and ${courseListed(now)})`,
      })
      .from(hospitals)
      .leftJoin(regions, eq(regions.id, hospitals.regionId))
      .leftJoin(parentRegion, eq(parentRegion.id, regions.parentId))
      .where(cond)
      .orderBy(asc(hospitals.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(hospitals).where(cond),
  );
}
export type HospitalCardRow = Awaited<ReturnType<typeof pageHospitals>>['rows'][number];
