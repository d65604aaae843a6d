import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { papers, userFavorites } from '../../db/schema/index.ts';
import { paginate } from '../shared/paginate.ts';

const published = 'published' as const;

export type PaperRow = typeof papers.$inferSelect;

/** Published papers, newest first; undated ones last, ties broken by id. */
export async function pagePapers(db: Db, limit: number, offset: number): Promise<{ rows: PaperRow[]; total: number }> {
  const where = eq(papers.status, published);
  return paginate(
    db.select().from(papers).where(where).orderBy(sql`${papers.publishedAt} desc nulls last`, desc(papers.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(papers).where(where),
  );
}

/** A published paper by integer id or uuid. */
export async function findPaper(db: Db, key: number | string): Promise<PaperRow | null> {
  const match = typeof key === 'number' ? eq(papers.id, key) : eq(papers.uuid, key.toLowerCase());
  const [row] = await db
    .select()
    .from(papers)
    .where(and(match, eq(papers.status, published)))
    .limit(1);
  return row ?? null;
}

export async function isFavorite(db: Db, userId: number, paperId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(userFavorites)
    .where(and(eq(userFavorites.userId, userId), eq(userFavorites.moduleName, 'paper'), eq(userFavorites.moduleId, paperId)))
    .limit(1);
  return Boolean(row);
}
