import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { type MergeMoved, moveRows } from '../shared/merge-rows.ts';

/**
 * Account merge: moderator rights (a hosted meeting's room included), access granted by a room's
 * code, check-ins (the earlier of two), questions and their likes follow the survivor.
 * Left with the merged account: a poll vote where both accounts voted in the same poll (the
 * option counts include both votes; the survivor's own stands) and the room event log, which is
 * history delivered to the sessions of that time.
 */
export async function mergeLiveRoom(tx: Tx, fromUserId: number, toUserId: number, _now: Date): Promise<MergeMoved> {
  const moderators = await moveRows(tx, { table: 'live_moderators', keys: ['live_id'], from: fromUserId, to: toUserId, dropRest: true });

  await tx.execute(sql`update live_access mine set granted_at = theirs.granted_at, failures = 0, locked_until = null
    from live_access theirs
    where mine.user_id = ${toUserId} and theirs.user_id = ${fromUserId} and theirs.live_id = mine.live_id
      and theirs.granted_at is not null and mine.granted_at is null`);
  const access = await moveRows(tx, { table: 'live_access', keys: ['live_id'], from: fromUserId, to: toUserId, dropRest: true });

  await tx.execute(sql`update live_signs mine set signed_at = theirs.signed_at
    from live_signs theirs
    where mine.user_id = ${toUserId} and theirs.user_id = ${fromUserId} and theirs.live_id = mine.live_id
      and theirs.signed_at < mine.signed_at`);
  const signs = await moveRows(tx, { table: 'live_signs', keys: ['live_id'], from: fromUserId, to: toUserId, dropRest: true });

  const topics = await moveRows(tx, { table: 'live_topics', keys: [], from: fromUserId, to: toUserId });
  const likes = await moveRows(tx, { table: 'live_topic_likes', keys: ['topic_id'], from: fromUserId, to: toUserId, dropRest: true });
  // A question both liked has one like fewer: like_count is rewritten from the likes.
  await tx.execute(sql`update live_topics set like_count = (select count(*) from live_topic_likes l where l.topic_id = live_topics.id)
    where id in (select topic_id from live_topic_likes where user_id = ${toUserId})`);

  const votes = await moveRows(tx, { table: 'live_poll_voters', keys: ['poll_id'], from: fromUserId, to: toUserId });
  return { moderators, access, signs, topics, likes, votes };
}
