import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { type MergeMoved, moveRows } from '../shared/merge-rows.ts';

/**
 * Account merge: favourites and column subscriptions become the union of both accounts; history
 * keeps one row per item, at the later of the two views.
 */
export async function mergeMember(tx: Tx, fromUserId: number, toUserId: number, _now: Date): Promise<MergeMoved> {
  const favorites = await moveRows(tx, { table: 'user_favorites', keys: ['module_name', 'module_id'], from: fromUserId, to: toUserId, dropRest: true });
  const subscriptions = await moveRows(tx, { table: 'column_subscriptions', keys: ['column_id'], from: fromUserId, to: toUserId, dropRest: true });
  await tx.execute(sql`update user_history mine set last_viewed_at = theirs.last_viewed_at
    from user_history theirs
    where mine.user_id = ${toUserId} and theirs.user_id = ${fromUserId} and theirs.module_name = mine.module_name
      and theirs.module_id = mine.module_id and theirs.last_viewed_at > mine.last_viewed_at`);
  const history = await moveRows(tx, { table: 'user_history', keys: ['module_name', 'module_id'], from: fromUserId, to: toUserId, dropRest: true });
  return { favorites, subscriptions, history };
}
