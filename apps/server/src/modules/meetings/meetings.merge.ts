import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

/**
 * Account merge: the merged account's meetings are hosted by the survivor (their rooms'
 * moderator rights move with the live room's share of the merge). Its unused launch tokens, valid
 * for minutes and bound to the merged account's login, are dropped. Returns the meetings' live ids,
 * whose cached room reads the caller drops.
 */
export async function mergeMeetings(tx: Tx, fromUserId: number, toUserId: number, _now: Date): Promise<{ liveIds: number[] }> {
  const moved = await queryRows<{ live_id: number }>(tx, sql`update meetings set host_id = ${toUserId} where host_id = ${fromUserId} returning live_id`);
  await tx.execute(sql`delete from meeting_launch_tokens where user_id = ${fromUserId}`);
  return { liveIds: moved.map((m) => Number(m.live_id)) };
}
