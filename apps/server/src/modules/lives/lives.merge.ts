import type { Tx } from '../../db/client.ts';
import { type MergeMoved, moveRows } from '../shared/merge-rows.ts';

/**
 * Account merge: reminders become the union (a live both asked for keeps the survivor's, so it is
 * sent once); the survivor's delivery setting stands, the other's is taken only if it has none.
 */
export async function mergeReminders(tx: Tx, fromUserId: number, toUserId: number, _now: Date): Promise<MergeMoved> {
  const reminders = await moveRows(tx, { table: 'live_reminders', keys: ['live_id'], from: fromUserId, to: toUserId, dropRest: true });
  await moveRows(tx, { table: 'user_remind_settings', keys: [], from: fromUserId, to: toUserId, dropRest: true });
  return { reminders };
}
