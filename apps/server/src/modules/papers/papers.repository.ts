import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { papers, userFavorites } from '../../db/schema/index.ts';
import { paginate } from '../shared/paginate.ts';
import { visibleNow } from '../shared/publication.ts';

export type PaperRow = typeof papers.$inferSelect;

/** Papers readers see now (a scheduled one from its instant), newest first; undated ones last, ties broken by id. */
export async function pagePapers(db: Db, limit: number, offset: number, now: Date): Promise<{ rows: PaperRow[]; total: number }> {
  const where = visibleNow(papers.status, papers.publishedAt, now);
  return paginate(
    db.select().from(papers).where(where).orderBy(sql`${papers.publishedAt} desc nulls last`, desc(papers.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(papers).where(where),
  );
}

/** A paper readers see now, by integer id or uuid. */
export async function findPaper(db: Db, key: number | string, now: Date): Promise<PaperRow | null> {
  const match = typeof key === 'number' ? eq(papers.id, key) : eq(papers.uuid, key.toLowerCase());
  const [row] = await db
    .select()
    .from(papers)
    .where(and(match, visibleNow(papers.status, papers.publishedAt, now)))
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
