import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courseAlbumItems, courseAlbums, courses } from '../../db/schema/index.ts';
import type { CourseRow } from '../shared/content.present.ts';
import { courseColumns, withTags } from '../shared/course.columns.ts';
import { paginate } from '../shared/paginate.ts';
import { courseListed } from '../courses/index.ts';

const published = 'published' as const;

export type AlbumRow = typeof courseAlbums.$inferSelect & { courseCount: number };

/**
 * Published courses of the album: an album never counts or shows a draft. The outer id is named
 * with its table: unqualified, `id` would bind to the inner courses row.
 */
const courseCount = (now: Date) => sql<number>`(select count(*)::int from ${courseAlbumItems} i join ${courses} c on c.id = i.course_id
  where i.album_id = "course_albums"."id" and c.status = ${published} and (c.published_at is null or c.published_at <= ${now}))`;

const albumColumns = (now: Date) => ({ album: courseAlbums, courseCount: courseCount(now) });
const order = [asc(courseAlbums.sort), asc(courseAlbums.id)];
const flat = (r: { album: typeof courseAlbums.$inferSelect; courseCount: number }): AlbumRow => ({ ...r.album, courseCount: Number(r.courseCount) });

export async function pageAlbums(db: Db, now: Date, page: number, pageSize: number): Promise<{ rows: AlbumRow[]; total: number }> {
  const cond = eq(courseAlbums.status, published);
  const { rows, total } = await paginate(
    db.select(albumColumns(now)).from(courseAlbums).where(cond).orderBy(...order).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ n: count() }).from(courseAlbums).where(cond),
  );
  return { rows: rows.map(flat), total };
}

export async function barAlbums(db: Db, now: Date): Promise<AlbumRow[]> {
  const rows = await db.select(albumColumns(now)).from(courseAlbums).where(and(eq(courseAlbums.status, published), eq(courseAlbums.inBar, true))).orderBy(...order);
  return rows.map(flat);
}

export async function findAlbum(db: Db, id: number, now: Date): Promise<AlbumRow | null> {
  const [row] = await db.select(albumColumns(now)).from(courseAlbums).where(and(eq(courseAlbums.id, id), eq(courseAlbums.status, published)));
  return row ? flat(row) : null;
}

export async function albumCourses(db: Db, albumId: number, now: Date): Promise<CourseRow[]> {
  const rows = await db
    .select(courseColumns)
    .from(courseAlbumItems)
    .innerJoin(courses, eq(courses.id, courseAlbumItems.courseId))
    .where(and(eq(courseAlbumItems.albumId, albumId), courseListed(now)))
    .orderBy(asc(courseAlbumItems.sort), asc(courses.id));
  return withTags(db, rows);
}

