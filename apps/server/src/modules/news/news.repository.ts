import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { news, newsCategories, newsComments, newsLikes, newsReads, newsTags, tags, userFavorites, users } from '../../db/schema/index.ts';
import { newsCardColumns } from '../shared/card.columns.ts';
import { paginate } from '../shared/paginate.ts';
import { visibleNow } from '../shared/publication.ts';

type Conn = Db | Tx;

const published = 'published' as const;


/** Visible = published item, from its instant (a scheduled one appears on the dot), in a published category. */
const visible = (now: Date) => and(visibleNow(news.status, news.publishedAt, now), eq(newsCategories.status, published));

export function listCategories(db: Conn) {
  return db.select().from(newsCategories).where(eq(newsCategories.status, published)).orderBy(asc(newsCategories.sort), asc(newsCategories.id));
}

/** A page of visible items, newest first; ties broken by id so pages never overlap. */
export async function listPage(db: Conn, now: Date, opts: { categoryId?: number | undefined; limit: number; offset: number }) {
  const where: SQL[] = [visible(now) as SQL];
  if (opts.categoryId) where.push(eq(news.categoryId, opts.categoryId));
  return paginate(
    db
      .select(newsCardColumns)
      .from(news)
      .innerJoin(newsCategories, eq(newsCategories.id, news.categoryId))
      .where(and(...where))
      .orderBy(sql`${news.publishedAt} desc nulls last`, desc(news.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db
      .select({ n: count() })
      .from(news)
      .innerJoin(newsCategories, eq(newsCategories.id, news.categoryId))
      .where(and(...where)),
  );
}

/** `anyState`: a console preview, which shows the article whatever its state. */
export async function findVisible(db: Conn, id: number, now: Date, anyState = false) {
  const [row] = await db
    .select({
      ...newsCardColumns,
      bodyZh: news.bodyZh,
      bodyEn: news.bodyEn,
      sourceZh: news.sourceZh,
      sourceEn: news.sourceEn,
      authorZh: news.authorZh,
      authorEn: news.authorEn,
      viewCount: news.viewCount,
      doi: news.doi,
    })
    .from(news)
    .innerJoin(newsCategories, eq(newsCategories.id, news.categoryId))
    .where(anyState ? eq(news.id, id) : and(eq(news.id, id), visible(now)))
    .limit(1);
  return row ?? null;
}

export async function isVisible(db: Conn, id: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: news.id })
    .from(news)
    .innerJoin(newsCategories, eq(newsCategories.id, news.categoryId))
    .where(and(eq(news.id, id), visible(now)))
    .limit(1);
  return Boolean(row);
}

export function listTags(db: Conn, newsId: number) {
  return db
    .select({ id: tags.id, titleZh: tags.titleZh, titleEn: tags.titleEn, cover: tags.cover })
    .from(newsTags)
    .innerJoin(tags, eq(tags.id, newsTags.tagId))
    .where(eq(newsTags.newsId, newsId))
    .orderBy(asc(newsTags.sort), asc(tags.id));
}

/** Same category first, then the rest; newest first within each. */
export function listRelated(db: Conn, now: Date, id: number, categoryId: number, limit: number) {
  return db
    .select(newsCardColumns)
    .from(news)
    .innerJoin(newsCategories, eq(newsCategories.id, news.categoryId))
    .where(and(visible(now), ne(news.id, id)))
    .orderBy(sql`case when ${news.categoryId} = ${categoryId} then 0 else 1 end`, sql`${news.publishedAt} desc nulls last`, desc(news.id))
    .limit(limit);
}

/** One UPDATE; null when the item is not visible. */
export async function incrementViews(db: Conn, id: number, now: Date): Promise<number | null> {
  const [row] = await db
    .update(news)
    // A view is not an edit: updated_at (the sitemap's lastmod) stays.
    .set({ viewCount: sql`${news.viewCount} + 1`, updatedAt: sql`${news.updatedAt}` })
    .where(
      and(
        eq(news.id, id),
        visibleNow(news.status, news.publishedAt, now),
        sql`exists (select 1 from ${newsCategories} where ${newsCategories.id} = ${news.categoryId} and ${newsCategories.status} = 'published')`,
      ),
    )
    .returning({ views: news.viewCount });
  return row?.views ?? null;
}

export async function countLikes(db: Conn, newsId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(newsLikes).where(eq(newsLikes.newsId, newsId));
  return row?.n ?? 0;
}

export async function isLiked(db: Conn, newsId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: newsLikes.newsId })
    .from(newsLikes)
    .where(and(eq(newsLikes.newsId, newsId), eq(newsLikes.userId, userId)))
    .limit(1);
  return Boolean(row);
}

export async function isFavorite(db: Conn, newsId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: userFavorites.moduleId })
    .from(userFavorites)
    .where(and(eq(userFavorites.userId, userId), eq(userFavorites.moduleName, 'news'), eq(userFavorites.moduleId, newsId)))
    .limit(1);
  return Boolean(row);
}

/** Insert or delete the like row; the primary key makes a concurrent double like one row. */
export async function setLike(db: Conn, newsId: number, userId: number, liked: boolean): Promise<void> {
  if (liked) await db.insert(newsLikes).values({ newsId, userId }).onConflictDoNothing();
  else await db.delete(newsLikes).where(and(eq(newsLikes.newsId, newsId), eq(newsLikes.userId, userId)));
}

export async function recordRead(db: Conn, newsId: number, userId: number, now: Date): Promise<void> {
  await db
    .insert(newsReads)
    .values({ newsId, userId, firstReadAt: now, lastReadAt: now })
    .onConflictDoUpdate({
      target: [newsReads.newsId, newsReads.userId],
      set: { readCount: sql`${newsReads.readCount} + 1`, lastReadAt: now },
    });
}

export async function countComments(db: Conn, newsId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(newsComments).where(and(eq(newsComments.newsId, newsId), ne(newsComments.status, 'hidden')));
  return row?.n ?? 0;
}

const commentColumns = {
  id: newsComments.id,
  newsId: newsComments.newsId,
  userId: newsComments.userId,
  content: newsComments.content,
  createdAt: newsComments.createdAt,
  nickname: users.nickname,
  avatarUrl: users.avatarUrl,
};

/** Newest first; id breaks ties so pages are stable. Comments a moderator hid are left out. */
export function listComments(db: Conn, newsId: number, limit: number, offset: number) {
  return db
    .select(commentColumns)
    .from(newsComments)
    .innerJoin(users, eq(users.id, newsComments.userId))
    .where(and(eq(newsComments.newsId, newsId), ne(newsComments.status, 'hidden')))
    .orderBy(desc(newsComments.createdAt), desc(newsComments.id))
    .limit(limit)
    .offset(offset);
}
export type CommentRow = Awaited<ReturnType<typeof listComments>>[number];

export async function listUserComments(db: Conn, userId: number, limit: number, offset: number) {
  return paginate(
    db
      .select({ ...commentColumns, newsTitleZh: news.titleZh, newsTitleEn: news.titleEn })
      .from(newsComments)
      .innerJoin(users, eq(users.id, newsComments.userId))
      .innerJoin(news, eq(news.id, newsComments.newsId))
      .where(eq(newsComments.userId, userId))
      .orderBy(desc(newsComments.createdAt), desc(newsComments.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(newsComments).where(eq(newsComments.userId, userId)),
  );
}

export async function latestCommentAt(db: Conn, userId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: newsComments.createdAt })
    .from(newsComments)
    .where(eq(newsComments.userId, userId))
    .orderBy(desc(newsComments.createdAt))
    .limit(1);
  return row?.at ?? null;
}

export async function insertComment(db: Conn, newsId: number, userId: number, content: string, now: Date) {
  const [row] = await db.insert(newsComments).values({ newsId, userId, content, createdAt: now }).returning({ id: newsComments.id });
  if (!row) throw new Error('comment insert returned nothing');
  return row.id;
}

export async function findComment(db: Conn, id: number) {
  const [row] = await db.select(commentColumns).from(newsComments).innerJoin(users, eq(users.id, newsComments.userId)).where(eq(newsComments.id, id)).limit(1);
  return row ?? null;
}

/** Deletes the comment if `userId` wrote it; answers whether a row went. */
export async function deleteOwnComment(db: Conn, id: number, userId: number): Promise<boolean> {
  const gone = await db
    .delete(newsComments)
    .where(and(eq(newsComments.id, id), eq(newsComments.userId, userId)))
    .returning({ id: newsComments.id });
  return gone.length === 1;
}
