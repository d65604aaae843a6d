import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { news, newsCategories, newsTags, tags } from '../../db/schema/index.ts';
import { stateCondition, textSearch } from '../shared/publication.ts';
import type { PublicationState } from '@medportal/contract';
import { paginate } from '../shared/paginate.ts';

type Conn = Db | Tx;

/** The console's news (decision record 0067): every state, the editor's fields. */

export interface AdminNewsFilter {
  q?: string | undefined;
  state?: PublicationState | undefined;
  categoryId?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  sort?: string | undefined;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const SORTS = { published_at: news.publishedAt, updated_at: news.updatedAt, created_at: news.createdAt, views: news.viewCount, id: news.id } as const;

const rowColumns = {
  id: news.id,
  titleZh: news.titleZh,
  titleEn: news.titleEn,
  cover: news.cover,
  categoryId: news.categoryId,
  categoryTitleZh: newsCategories.titleZh,
  status: news.status,
  publishedAt: news.publishedAt,
  updatedAt: news.updatedAt,
  viewCount: news.viewCount,
};

export async function listPage(db: Conn, f: AdminNewsFilter, now: Date) {
  const where: Array<SQL | undefined> = [textSearch(f.q, news.titleZh, news.titleEn)];
  if (f.state) where.push(stateCondition(f.state, news.status, news.publishedAt, now));
  if (f.categoryId) where.push(eq(news.categoryId, f.categoryId));
  if (f.from) where.push(gte(news.publishedAt, f.from));
  if (f.to) where.push(lt(news.publishedAt, f.to));
  const column = SORTS[(f.sort ?? 'updated_at') as keyof typeof SORTS] ?? news.updatedAt;
  const dir = f.order === 'asc' ? asc : desc;
  return paginate(
    db
      .select(rowColumns)
      .from(news)
      .innerJoin(newsCategories, eq(newsCategories.id, news.categoryId))
      .where(and(...where))
      .orderBy(sql`${dir(column)} nulls last`, dir(news.id))
      .limit(f.limit)
      .offset(f.offset),
    db
      .select({ n: count() })
      .from(news)
      .where(and(...where)),
  );
}
export type AdminNewsListRow = Awaited<ReturnType<typeof listPage>>['rows'][number];

export async function find(db: Conn, id: number, forUpdate = false) {
  const q = db.select().from(news).where(eq(news.id, id)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}
export type NewsRecord = typeof news.$inferSelect;

export async function tagIdsOf(db: Conn, id: number): Promise<number[]> {
  const rows = await db.select({ id: newsTags.tagId }).from(newsTags).where(eq(newsTags.newsId, id)).orderBy(asc(newsTags.sort), asc(newsTags.tagId));
  return rows.map((r) => r.id);
}

export async function setTags(db: Conn, id: number, tagIds: readonly number[]): Promise<void> {
  await db.delete(newsTags).where(eq(newsTags.newsId, id));
  if (tagIds.length) await db.insert(newsTags).values(tagIds.map((tagId, sort) => ({ newsId: id, tagId, sort })));
}

export async function existingTagIds(db: Conn, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: tags.id }).from(tags).where(inArray(tags.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

export async function categoryExists(db: Conn, id: number): Promise<boolean> {
  const [row] = await db.select({ id: newsCategories.id }).from(newsCategories).where(eq(newsCategories.id, id)).limit(1);
  return Boolean(row);
}

export type NewsValues = Omit<typeof news.$inferInsert, 'id' | 'createdAt' | 'viewCount'>;

export async function insert(db: Conn, values: NewsValues & { createdAt: Date; updatedAt: Date }): Promise<number> {
  const [row] = await db.insert(news).values(values).returning({ id: news.id });
  if (!row) throw new Error('news insert returned nothing');
  return row.id;
}

/**
 * The next version of a row: now, but always later than the version it replaces, so two saves
 * within one millisecond still differ.
 */
export const nextVersion = (now: Date) => sql`greatest(${now.toISOString()}::timestamptz, date_trunc('milliseconds', ${news.updatedAt}) + interval '1 millisecond')`;

/**
 * Updates the row only if it still has `expected` as its updated_at (as the console saw it, to the
 * millisecond): false when it changed (or went).
 */
export async function updateIfUnchanged(db: Conn, id: number, expected: Date, values: Partial<NewsValues>, now: Date): Promise<boolean> {
  const rows = await db
    .update(news)
    .set({ ...values, updatedAt: nextVersion(now) })
    .where(and(eq(news.id, id), sql`date_trunc('milliseconds', ${news.updatedAt}) = ${expected.toISOString()}::timestamptz`))
    .returning({ id: news.id });
  return rows.length === 1;
}

export async function update(db: Conn, id: number, values: Partial<NewsValues>, now: Date): Promise<void> {
  await db.update(news).set({ ...values, updatedAt: nextVersion(now) }).where(eq(news.id, id));
}

export async function remove(db: Conn, id: number): Promise<boolean> {
  return (await db.delete(news).where(eq(news.id, id)).returning({ id: news.id })).length === 1;
}

export function listTagChoices(db: Conn, q: string | undefined, ids: number[] | undefined) {
  const where: Array<SQL | undefined> = [];
  if (ids) where.push(inArray(tags.id, ids));
  if (q) where.push(or(ilike(tags.titleZh, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`), ilike(tags.titleEn, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)));
  return db
    .select({ id: tags.id, titleZh: tags.titleZh, titleEn: tags.titleEn })
    .from(tags)
    .where(and(...where))
    .orderBy(asc(tags.id))
    .limit(ids ? 50 : 20);
}

// ---- categories ----

const categoryColumns = {
  id: newsCategories.id,
  titleZh: newsCategories.titleZh,
  titleEn: newsCategories.titleEn,
  sort: newsCategories.sort,
  // Spelt out: inside a subquery drizzle would leave both columns unqualified.
  newsCount: sql<number>`(select count(*)::int from "news" where "news"."category_id" = "news_categories"."id")`,
};

export function listAllCategories(db: Conn) {
  return db.select(categoryColumns).from(newsCategories).orderBy(asc(newsCategories.sort), asc(newsCategories.id));
}
export type AdminCategoryRow = Awaited<ReturnType<typeof listAllCategories>>[number];

export async function findCategory(db: Conn, id: number): Promise<AdminCategoryRow | null> {
  const [row] = await db.select(categoryColumns).from(newsCategories).where(eq(newsCategories.id, id)).limit(1);
  return row ?? null;
}

export async function insertCategory(db: Conn, v: { titleZh: string; titleEn: string | null; sort: number }): Promise<number> {
  const [row] = await db.insert(newsCategories).values({ ...v, status: 'published' }).returning({ id: newsCategories.id });
  if (!row) throw new Error('category insert returned nothing');
  return row.id;
}

export async function updateCategory(db: Conn, id: number, v: { titleZh: string; titleEn: string | null; sort: number }): Promise<boolean> {
  return (await db.update(newsCategories).set(v).where(eq(newsCategories.id, id)).returning({ id: newsCategories.id })).length === 1;
}

/** Deletes the category when no article is in it: false when it is not empty (or gone). */
export async function deleteEmptyCategory(db: Conn, id: number): Promise<boolean> {
  const rows = await db
    .delete(newsCategories)
    .where(and(eq(newsCategories.id, id), sql`not exists (select 1 from ${news} where ${news.categoryId} = ${id})`))
    .returning({ id: newsCategories.id });
  return rows.length === 1;
}
