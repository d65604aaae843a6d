import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { type MergeMoved, moveRows } from '../shared/merge-rows.ts';

/**
 * Account merge: the merged account's comments are the survivor's; likes become the union (the
 * like count is counted from the rows); reads of the same item add up.
 */
export async function mergeNewsActivity(tx: Tx, fromUserId: number, toUserId: number, _now: Date): Promise<MergeMoved> {
  const comments = await moveRows(tx, { table: 'news_comments', keys: [], from: fromUserId, to: toUserId });
  const likes = await moveRows(tx, { table: 'news_likes', keys: ['news_id'], from: fromUserId, to: toUserId, dropRest: true });
  await tx.execute(sql`update news_reads mine set read_count = mine.read_count + theirs.read_count,
      first_read_at = least(mine.first_read_at, theirs.first_read_at), last_read_at = greatest(mine.last_read_at, theirs.last_read_at)
    from news_reads theirs
    where mine.user_id = ${toUserId} and theirs.user_id = ${fromUserId} and theirs.news_id = mine.news_id`);
  const reads = await moveRows(tx, { table: 'news_reads', keys: ['news_id'], from: fromUserId, to: toUserId, dropRest: true });
  return { comments, likes, reads };
}
