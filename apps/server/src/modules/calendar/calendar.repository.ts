import { and, asc, count, eq, gte, ilike, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { calendarFeedTokens, congresses, congressFavorites } from '../../db/schema/index.ts';
import { paginate } from '../shared/paginate.ts';

export type CongressRow = typeof congresses.$inferSelect;

const published = eq(congresses.status, 'published');

export interface CongressFilter {
  /** Overlapping [from, to] (calendar days, inclusive). */
  from: string;
  to?: string | undefined;
  field?: string | undefined;
  region?: string | undefined;
  mode?: 'online' | 'offline' | undefined;
  keyword?: string | undefined;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(f: CongressFilter): SQL | undefined {
  const kw = f.keyword ? `%${likeEscape(f.keyword)}%` : null;
  return and(
    published,
    gte(congresses.endDate, f.from),
    f.to ? lte(congresses.startDate, f.to) : undefined,
    f.field ? eq(congresses.field, f.field) : undefined,
    f.region ? eq(congresses.region, f.region) : undefined,
    f.mode ? inArray(congresses.mode, [f.mode, 'hybrid']) : undefined,
    kw
      ? or(
          ilike(congresses.acronym, kw),
          ilike(congresses.titleZh, kw),
          ilike(congresses.titleEn, kw),
          ilike(congresses.organizerZh, kw),
          ilike(congresses.organizerEn, kw),
          ilike(congresses.cityZh, kw),
          ilike(congresses.cityEn, kw),
        )
      : undefined,
  );
}

export function pageCongresses(db: Db, f: CongressFilter, limit: number, offset: number) {
  const where = whereOf(f);
  return paginate(
    db.select().from(congresses).where(where).orderBy(asc(congresses.startDate), asc(congresses.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(congresses).where(where),
  );
}

export async function findCongress(db: Db, id: number): Promise<CongressRow | null> {
  const [row] = await db
    .select()
    .from(congresses)
    .where(and(eq(congresses.id, id), published))
    .limit(1);
  return row ?? null;
}

export async function favoriteIds(db: Db, userId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: congressFavorites.congressId })
    .from(congressFavorites)
    .where(and(eq(congressFavorites.userId, userId), inArray(congressFavorites.congressId, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Idempotent: a concurrent double click is one row (the primary key). */
export async function setFavorite(db: Db, userId: number, congressId: number, on: boolean): Promise<void> {
  if (on) await db.insert(congressFavorites).values({ userId, congressId }).onConflictDoNothing();
  else await db.delete(congressFavorites).where(and(eq(congressFavorites.userId, userId), eq(congressFavorites.congressId, congressId)));
}

/** Congresses the user favourited, by a join on their favourites (the user's index). */
const favoriteRows = (db: Db, userId: number) =>
  db
    .select({ congress: congresses })
    .from(congressFavorites)
    .innerJoin(congresses, eq(congresses.id, congressFavorites.congressId))
    .$dynamic()
    .where(and(eq(congressFavorites.userId, userId), published));

export async function pageFavorites(db: Db, userId: number, limit: number, offset: number) {
  const { rows, total } = await paginate(
    favoriteRows(db, userId).orderBy(asc(congresses.startDate), asc(congresses.id)).limit(limit).offset(offset),
    db
      .select({ n: count() })
      .from(congressFavorites)
      .innerJoin(congresses, eq(congresses.id, congressFavorites.congressId))
      .where(and(eq(congressFavorites.userId, userId), published)),
  );
  return { rows: rows.map((r) => r.congress), total };
}

/** Favourite congresses for the feed: those ending from `from` on (a feed keeps a year of the past). */
export async function favoritesFrom(db: Db, userId: number, from: string): Promise<CongressRow[]> {
  const rows = await db
    .select({ congress: congresses })
    .from(congressFavorites)
    .innerJoin(congresses, eq(congresses.id, congressFavorites.congressId))
    .where(and(eq(congressFavorites.userId, userId), published, gte(congresses.endDate, from)))
    .orderBy(asc(congresses.startDate), asc(congresses.id))
    .limit(1000);
  return rows.map((r) => r.congress);
}

export async function feedToken(db: Db, userId: number) {
  const [row] = await db.select().from(calendarFeedTokens).where(eq(calendarFeedTokens.userId, userId)).limit(1);
  return row ?? null;
}

/** The user's token: `fresh` when none exists; a concurrent first call keeps the one that won. */
export async function ensureFeedToken(db: Db, userId: number, fresh: string) {
  await db.insert(calendarFeedTokens).values({ userId, token: fresh }).onConflictDoNothing({ target: calendarFeedTokens.userId });
  return feedToken(db, userId);
}

export async function replaceFeedToken(db: Db, userId: number, fresh: string, now: Date) {
  const [row] = await db
    .insert(calendarFeedTokens)
    .values({ userId, token: fresh, createdAt: now })
    .onConflictDoUpdate({ target: calendarFeedTokens.userId, set: { token: fresh, createdAt: now, lastFetchedAt: null } })
    .returning();
  return row!;
}

export async function deleteFeedToken(db: Db, userId: number): Promise<void> {
  await db.delete(calendarFeedTokens).where(eq(calendarFeedTokens.userId, userId));
}

/** The feed's owner (null: revoked or never made); records when it was fetched. */
export async function userOfToken(db: Db, token: string, now: Date): Promise<number | null> {
  const [row] = await db
    .update(calendarFeedTokens)
    .set({ lastFetchedAt: now })
    .where(eq(calendarFeedTokens.token, token))
    .returning({ userId: calendarFeedTokens.userId });
  return row?.userId ?? null;
}
