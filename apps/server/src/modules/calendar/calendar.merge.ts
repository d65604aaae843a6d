import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { type MergeMoved, moveRows } from '../shared/merge-rows.ts';

/**
 * Account merge: congress favourites become the union, so the survivor's personal feed shows them;
 * the merged account's feed token is revoked (a calendar app polling it gets nothing more).
 */
export async function mergeCalendar(tx: Tx, fromUserId: number, toUserId: number, _now: Date): Promise<MergeMoved> {
  const favorites = await moveRows(tx, { table: 'congress_favorites', keys: ['congress_id'], from: fromUserId, to: toUserId, dropRest: true });
  await tx.execute(sql`delete from calendar_feed_tokens where user_id = ${fromUserId}`);
  return { favorites };
}
