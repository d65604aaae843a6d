import { type ModerationItem, ErrorCode } from '@medportal/contract';
import { and, count, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { news, newsComments, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { paginate } from '../shared/paginate.ts';

/** What the console's moderation queue asks of news comments. */
export interface CommentQueueFilter {
  status: 'pending' | 'approved' | 'hidden';
  newsId?: number | undefined;
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const likeText = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function where(f: CommentQueueFilter): SQL | undefined {
  return and(
    eq(newsComments.status, f.status),
    f.newsId === undefined ? undefined : eq(newsComments.newsId, f.newsId),
    f.q ? ilike(newsComments.content, likeText(f.q)) : undefined,
    f.from ? gte(newsComments.createdAt, new Date(f.from)) : undefined,
    f.to ? lt(newsComments.createdAt, new Date(f.to)) : undefined,
  );
}

/** One page of comments in a moderation state, newest first, with their author and news item. */
export async function commentQueue(db: Db, f: CommentQueueFilter, limit: number, offset: number): Promise<{ items: ModerationItem[]; total: number }> {
  const { rows, total } = await paginate(
    db
      .select({
        id: newsComments.id,
        status: newsComments.status,
        content: newsComments.content,
        userId: newsComments.userId,
        nickname: users.nickname,
        newsId: news.id,
        title: news.titleZh,
        createdAt: newsComments.createdAt,
      })
      .from(newsComments)
      .innerJoin(users, eq(users.id, newsComments.userId))
      .innerJoin(news, eq(news.id, newsComments.newsId))
      .where(where(f))
      .orderBy(desc(newsComments.createdAt), desc(newsComments.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(newsComments).where(where(f)),
  );
  return {
    items: rows.map((r) => ({
      kind: 'comment' as const,
      id: r.id,
      status: r.status as ModerationItem['status'],
      content: r.content,
      author: { id: r.userId, nickname: r.nickname },
      target: { id: r.newsId, title: r.title },
      created_at: r.createdAt.toISOString(),
    })),
    total,
  };
}

/** Comments no moderator has looked at yet. */
export async function pendingCommentCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(newsComments).where(eq(newsComments.status, 'pending'));
  return row?.n ?? 0;
}

/**
 * A moderator's decision on a comment: approve, hide (readers no longer see it) or restore a
 * hidden one to the queue. Under the row's lock, so of two identical decisions at once one
 * applies and the other finds nothing to change (no audit row). `audit` runs in the same
 * transaction. Returns the news item whose comment list changed.
 */
export async function moderateComment(
  db: Db,
  id: number,
  action: 'approve' | 'hide' | 'restore',
  actorId: number,
  now: Date,
  audit: (tx: Tx, before: { status: string }, after: { status: string }) => Promise<void>,
): Promise<{ status: 'pending' | 'approved' | 'hidden'; changed: boolean; newsId: number }> {
  const target = action === 'approve' ? 'approved' : action === 'hide' ? 'hidden' : 'pending';
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ status: newsComments.status, newsId: newsComments.newsId }).from(newsComments).where(eq(newsComments.id, id)).for('update');
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    if (row.status === target) return { status: target, changed: false, newsId: row.newsId };
    if (action === 'restore' && row.status !== 'hidden') throw new AppError(ErrorCode.ADMIN_BAD_STATE);
    await tx.update(newsComments).set({ status: target, moderatedAt: now, moderatedBy: actorId }).where(eq(newsComments.id, id));
    await audit(tx, { status: row.status }, { status: target });
    return { status: target, changed: true, newsId: row.newsId };
  });
}
