import type { AdminBulkResult, AdminModerationQuery, DataOf, ModerationAction, ModerationKind } from '@medportal/contract';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CacheInvalidation } from '../../lib/public-cache.ts';
import { commentQueue, moderateComment, pendingCommentCount } from '../news/index.ts';
import { pendingTopicCount, topicQueue, type LiveRoomPort } from '../live-room/index.ts';
import { pageOf } from '../shared/paginate.ts';
import { Tag } from '../shared/cache-tags.ts';
import { writeAudit } from '../staff/index.ts';

/** Items waiting for a moderator, by kind (the dashboard and the queue's tabs). */
export async function pendingModeration(db: Db): Promise<{ comment: number; question: number }> {
  const [comment, question] = await Promise.all([pendingCommentCount(db), pendingTopicCount(db)]);
  return { comment, question };
}

/**
 * One queue over what readers write: news comments (owned by the news module) and live questions
 * (owned by the live room, whose own moderation applies a decision so that viewers see it live).
 * Every decision is audited in its transaction as `<kind>.<action>`.
 */
export class ModerationService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly room: () => LiveRoomPort,
    private readonly cache: CacheInvalidation,
  ) {}

  async list(q: AdminModerationQuery): Promise<DataOf<'adminModeration'>> {
    const filter = { status: q.status, q: q.q, from: q.from, to: q.to };
    const offset = (q.page - 1) * q.page_size;
    const [{ items, total }, pending] = await Promise.all([
      q.kind === 'comment' ? commentQueue(this.db, { ...filter, newsId: q.news_id }, q.page_size, offset) : topicQueue(this.db, { ...filter, liveId: q.live_id }, q.page_size, offset),
      pendingModeration(this.db),
    ]);
    return { ...pageOf(items, q, total), pending };
  }

  async act(actorId: number, kind: ModerationKind, id: number, action: ModerationAction): Promise<DataOf<'adminModerationAct'>> {
    const audit = (tx: Tx, before: { status: string }, after: { status: string }) =>
      writeAudit(tx, { actorId, action: `${kind}.${action}`, target: `${kind}:${id}`, before, after, now: this.now() }).then(() => undefined);
    if (kind === 'question') {
      const r = await this.room().staffModerate(id, action, audit);
      return { kind, id, ...r };
    }
    const r = await moderateComment(this.db, id, action, actorId, this.now(), audit);
    // The news item's comment list and its comment_count.
    if (r.changed) this.cache.invalidate([Tag.newsItem(r.newsId)]);
    return { kind, id, status: r.status, changed: r.changed };
  }

  /** Each item on its own (one failing does not undo the others): `done` lists those now in the asked state. */
  async bulk(actorId: number, kind: ModerationKind, ids: number[], action: ModerationAction): Promise<AdminBulkResult> {
    const result: AdminBulkResult = { done: [], failed: [] };
    for (const id of [...new Set(ids)]) {
      try {
        await this.act(actorId, kind, id, action);
        result.done.push(id);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        result.failed.push({ id, code: err.code, message: err.message });
      }
    }
    return result;
  }
}
