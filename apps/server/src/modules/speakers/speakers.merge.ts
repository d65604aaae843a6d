import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { type MergeMoved, moveRows } from '../shared/merge-rows.ts';

/** Account merge: the survivor follows every speaker either account followed. */
export async function mergeSpeakerFollows(tx: Tx, fromUserId: number, toUserId: number, _now: Date): Promise<MergeMoved> {
  const follows = await moveRows(tx, { table: 'speaker_follows', keys: ['speaker_id'], from: fromUserId, to: toUserId, dropRest: true });
  // A speaker both followed has one follower fewer: recount, as every follow transaction does.
  await tx.execute(sql`update speakers set follower_count = (select count(*) from speaker_follows f where f.speaker_id = speakers.id)
    where id in (select speaker_id from speaker_follows where user_id = ${toUserId})`);
  return { follows };
}
