import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { type MergeMoved, moveRows } from '../shared/merge-rows.ts';

/**
 * Account merge: watch logs, per item the further of the two (never the sum: both accounts may
 * have watched the same minutes). Course entitlements move with the money (mergeMoney).
 */
export async function mergeWatchLogs(tx: Tx, fromUserId: number, toUserId: number, _now: Date): Promise<MergeMoved> {
  await tx.execute(sql`update watch_logs mine set watched_s = theirs.watched_s, session_id = theirs.session_id,
      session_played_s = theirs.session_played_s, last_beat_at = theirs.last_beat_at, updated_at = theirs.updated_at,
      created_at = least(mine.created_at, theirs.created_at)
    from watch_logs theirs
    where mine.user_id = ${toUserId} and theirs.user_id = ${fromUserId} and theirs.module_name = mine.module_name
      and theirs.live_id = mine.live_id and theirs.watched_s > mine.watched_s`);
  const watched = await moveRows(tx, { table: 'watch_logs', keys: ['module_name', 'live_id'], from: fromUserId, to: toUserId, dropRest: true });
  return { watched };
}
