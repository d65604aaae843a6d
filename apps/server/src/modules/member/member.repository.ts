import type { MemberModule } from '@medportal/contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { coverUrl } from '../media/index.ts';
import { columnSubscriptions, columns, courses, lives, news, papers, recordings, speakers, userFavorites, userHistory } from '../../db/schema/index.ts';
import { paginate } from '../shared/paginate.ts';
import { courseListed } from '../courses/index.ts';
import { liveListed } from '../lives/index.ts';
import { newsItemListed } from '../news/index.ts';
import { paperListed } from '../papers/index.ts';

type Conn = Db | Tx;

const published = 'published' as const;

export interface ModuleRow {
  id: number;
  titleZh: string;
  titleEn: string | null;
  cover: string;
}

/** Items of one module readers see now, by id (title and cover for favourite and history cards). */
export async function findModuleItems(db: Conn, module: MemberModule, ids: number[], now: Date): Promise<ModuleRow[]> {
  if (ids.length === 0) return [];
  switch (module) {
    case 'course':
      return db
        .select({ id: courses.id, titleZh: courses.titleZh, titleEn: courses.titleEn, cover: courses.cover })
        .from(courses)
        .where(and(inArray(courses.id, ids), courseListed(now)));
    case 'news':
      return db
        .select({ id: news.id, titleZh: news.titleZh, titleEn: news.titleEn, cover: news.cover })
        .from(news)
        .where(and(inArray(news.id, ids), newsItemListed(now)));
    case 'live':
      return db
        .select({ id: lives.id, titleZh: lives.titleZh, titleEn: lives.titleEn, cover: lives.banner })
        .from(lives)
        .where(and(inArray(lives.id, ids), liveListed(now)));
    case 'speaker':
      return db
        .select({ id: speakers.id, titleZh: speakers.nameZh, titleEn: speakers.nameEn, cover: speakers.avatar })
        .from(speakers)
        .where(and(inArray(speakers.id, ids), eq(speakers.status, published)));
    case 'column':
      return db
        .select({ id: columns.id, titleZh: columns.titleZh, titleEn: columns.titleEn, cover: columns.cover })
        .from(columns)
        .where(and(inArray(columns.id, ids), eq(columns.status, published)));
    case 'paper': {
      // Papers have no cover of their own: cards get a generated one.
      const rows = await db
        .select({ id: papers.id, titleZh: papers.titleZh, titleEn: papers.titleEn })
        .from(papers)
        .where(and(inArray(papers.id, ids), paperListed(now)));
      return rows.map((r) => ({ ...r, cover: coverUrl('paper', `p${r.id}`) }));
    }
    case 'vod':
      return db
        .select({ id: recordings.id, titleZh: recordings.titleZh, titleEn: recordings.titleEn, cover: recordings.banner })
        .from(recordings)
        .where(and(inArray(recordings.id, ids), eq(recordings.status, published)));
  }
}

// ---- favourites ----

export async function setFavorite(db: Conn, userId: number, moduleName: MemberModule, moduleId: number, on: boolean, now: Date): Promise<void> {
  if (on) await db.insert(userFavorites).values({ userId, moduleName, moduleId, createdAt: now }).onConflictDoNothing();
  else
    await db
      .delete(userFavorites)
      .where(and(eq(userFavorites.userId, userId), eq(userFavorites.moduleName, moduleName), eq(userFavorites.moduleId, moduleId)));
}

export async function listFavorites(db: Conn, userId: number, moduleName: MemberModule | undefined, limit: number, offset: number) {
  const where = and(eq(userFavorites.userId, userId), moduleName ? eq(userFavorites.moduleName, moduleName) : undefined);
  return paginate(
    db
      .select({ id: userFavorites.moduleId, moduleName: userFavorites.moduleName, moduleId: userFavorites.moduleId, at: userFavorites.createdAt })
      .from(userFavorites)
      .where(where)
      .orderBy(desc(userFavorites.createdAt), desc(userFavorites.moduleId))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(userFavorites).where(where),
  );
}

export function countFavoritesByModule(db: Conn, userId: number) {
  return db
    .select({ moduleName: userFavorites.moduleName, n: count() })
    .from(userFavorites)
    .where(eq(userFavorites.userId, userId))
    .groupBy(userFavorites.moduleName);
}

// ---- history ----

/** One row per user and item: a repeat view only moves last_viewed_at. */
export async function upsertHistory(db: Conn, userId: number, moduleName: MemberModule, moduleId: number, now: Date): Promise<void> {
  await db
    .insert(userHistory)
    .values({ userId, moduleName, moduleId, lastViewedAt: now })
    .onConflictDoUpdate({ target: [userHistory.userId, userHistory.moduleName, userHistory.moduleId], set: { lastViewedAt: now } });
}

export async function listHistory(db: Conn, userId: number, moduleName: MemberModule | undefined, limit: number, offset: number) {
  const where = and(eq(userHistory.userId, userId), moduleName ? eq(userHistory.moduleName, moduleName) : undefined);
  return paginate(
    db
      .select({ id: userHistory.id, moduleName: userHistory.moduleName, moduleId: userHistory.moduleId, at: userHistory.lastViewedAt })
      .from(userHistory)
      .where(where)
      .orderBy(desc(userHistory.lastViewedAt), desc(userHistory.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(userHistory).where(where),
  );
}

export function countHistoryByModule(db: Conn, userId: number) {
  return db
    .select({ moduleName: userHistory.moduleName, n: count() })
    .from(userHistory)
    .where(eq(userHistory.userId, userId))
    .groupBy(userHistory.moduleName);
}

/** Only the caller's rows: another user's ids are ignored. */
export async function deleteHistory(db: Conn, userId: number, ids: number[] | null): Promise<number> {
  const where = ids ? and(eq(userHistory.userId, userId), inArray(userHistory.id, ids)) : eq(userHistory.userId, userId);
  const rows = await db.delete(userHistory).where(where).returning({ id: userHistory.id });
  return rows.length;
}

// ---- columns and subscriptions ----

const subscribeTotal = sql<number>`(select count(*)::int from ${columnSubscriptions} where ${columnSubscriptions.columnId} = ${columns.id})`;
const isFollowed = (userId: number | undefined) =>
  userId === undefined
    ? sql<boolean>`false`
    : sql<boolean>`exists (select 1 from ${columnSubscriptions} where ${columnSubscriptions.columnId} = ${columns.id} and ${columnSubscriptions.userId} = ${userId})`;

const columnColumns = (userId: number | undefined) => ({
  id: columns.id,
  titleZh: columns.titleZh,
  titleEn: columns.titleEn,
  descZh: columns.descZh,
  descEn: columns.descEn,
  cover: columns.cover,
  issueCount: columns.issueCount,
  subscribeTotal,
  isFollow: isFollowed(userId),
});
export type ColumnRow = Awaited<ReturnType<typeof listColumns>>['rows'][number];

export async function listColumns(db: Conn, userId: number | undefined, limit: number, offset: number) {
  const where = eq(columns.status, published);
  return paginate(
    db.select(columnColumns(userId)).from(columns).where(where).orderBy(asc(columns.sort), asc(columns.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(columns).where(where),
  );
}

export async function listMySubscriptions(db: Conn, userId: number, limit: number, offset: number) {
  const where = and(eq(columnSubscriptions.userId, userId), eq(columns.status, published));
  return paginate(
    db
      .select(columnColumns(userId))
      .from(columnSubscriptions)
      .innerJoin(columns, eq(columns.id, columnSubscriptions.columnId))
      .where(where)
      .orderBy(desc(columnSubscriptions.createdAt), desc(columns.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(columnSubscriptions).innerJoin(columns, eq(columns.id, columnSubscriptions.columnId)).where(where),
  );
}

export async function isColumnVisible(db: Conn, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: columns.id })
    .from(columns)
    .where(and(eq(columns.id, id), eq(columns.status, published)))
    .limit(1);
  return Boolean(row);
}

/** Insert or delete; the primary key makes a concurrent double subscribe one row. */
export async function setSubscription(db: Conn, columnId: number, userId: number, on: boolean, now: Date): Promise<void> {
  if (on) await db.insert(columnSubscriptions).values({ columnId, userId, createdAt: now }).onConflictDoNothing();
  else await db.delete(columnSubscriptions).where(and(eq(columnSubscriptions.columnId, columnId), eq(columnSubscriptions.userId, userId)));
}

export async function countSubscriptions(db: Conn, columnId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(columnSubscriptions).where(eq(columnSubscriptions.columnId, columnId));
  return row?.n ?? 0;
}
