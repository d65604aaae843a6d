import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { mediaAssets, mediaBindings } from '../../db/schema/index.ts';

/**
 * Media bound to a live from other modules (a created meeting's room, decision record 0058). The
 * sandbox streaming provider loops a clip while a live is on air (its `live` binding) and records
 * what it streamed: the recording is that clip, bound as the live's `replay` like any live's.
 */

/** Gives a live the sandbox's looping clip (the first asset) as its stream, unless it has one. */
export async function bindLoopStream(tx: Tx, liveId: number): Promise<void> {
  const [asset] = await tx.select({ id: mediaAssets.id }).from(mediaAssets).orderBy(asc(mediaAssets.id)).limit(1);
  if (!asset) return;
  await tx.insert(mediaBindings).values({ targetType: 'live', targetId: liveId, assetId: asset.id }).onConflictDoNothing();
}

/** Binds what the live's stream played as its replay (nothing when it has no stream). */
export async function bindStreamRecording(tx: Tx, liveId: number): Promise<void> {
  await tx.execute(sql`insert into ${mediaBindings} (target_type, target_id, asset_id)
    select 'replay', target_id, asset_id from ${mediaBindings} where target_type = 'live' and target_id = ${liveId}
    on conflict (target_type, target_id) do update set asset_id = excluded.asset_id`);
}

/** The live has no replay any more: its recording's media is gone. */
export async function unbindReplay(tx: Tx, liveId: number): Promise<void> {
  await tx.delete(mediaBindings).where(and(eq(mediaBindings.targetType, 'replay'), eq(mediaBindings.targetId, liveId)));
}
