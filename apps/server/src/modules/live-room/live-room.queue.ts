import type { ModerationItem } from '@medportal/contract';
import { and, count, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lives, liveTopics, users } from '../../db/schema/index.ts';
import { paginate } from '../shared/paginate.ts';

/** What the console's moderation queue asks of live questions. */
export interface TopicQueueFilter {
  status: 'pending' | 'approved' | 'hidden';
  liveId?: number | undefined;
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const likeText = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function where(f: TopicQueueFilter): SQL | undefined {
  return and(
    eq(liveTopics.status, f.status),
    f.liveId === undefined ? undefined : eq(liveTopics.liveId, f.liveId),
    f.q ? ilike(liveTopics.content, likeText(f.q)) : undefined,
    f.from ? gte(liveTopics.createdAt, new Date(f.from)) : undefined,
    f.to ? lt(liveTopics.createdAt, new Date(f.to)) : undefined,
  );
}

/** One page of live questions in a moderation state, newest first, with their author and live. */
export async function topicQueue(db: Db, f: TopicQueueFilter, limit: number, offset: number): Promise<{ items: ModerationItem[]; total: number }> {
  const { rows, total } = await paginate(
    db
      .select({
        id: liveTopics.id,
        status: liveTopics.status,
        content: liveTopics.content,
        userId: liveTopics.userId,
        nickname: users.nickname,
        liveId: lives.id,
        title: lives.titleZh,
        createdAt: liveTopics.createdAt,
      })
      .from(liveTopics)
      .innerJoin(users, eq(users.id, liveTopics.userId))
      .innerJoin(lives, eq(lives.id, liveTopics.liveId))
      .where(where(f))
      .orderBy(desc(liveTopics.createdAt), desc(liveTopics.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(liveTopics).where(where(f)),
  );
  return {
    items: rows.map((r) => ({
      kind: 'question' as const,
      id: r.id,
      status: r.status as ModerationItem['status'],
      content: r.content,
      author: { id: r.userId, nickname: r.nickname },
      target: { id: r.liveId, title: r.title },
      created_at: r.createdAt.toISOString(),
    })),
    total,
  };
}

/** Questions waiting for a moderator in every live. */
export async function pendingTopicCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(liveTopics).where(eq(liveTopics.status, 'pending'));
  return row?.n ?? 0;
}
