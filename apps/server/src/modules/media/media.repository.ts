import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { visibleNow } from '../shared/publication.ts';
import { lives, liveStreams, mediaAssets, mediaBindings } from '../../db/schema/index.ts';

export type AssetRow = typeof mediaAssets.$inferSelect;
/** `recording`: a standalone recorded talk (recordings.id) that no live stands behind. */
export type BindingType = 'chapter' | 'replay' | 'live' | 'recording' | 'author_talk' | 'author_linkup' | 'selected';

/** The asset bound to each of the targets (targets without media are absent). */
export async function assetsFor(db: Db, type: BindingType, ids: readonly number[]): Promise<Map<number, AssetRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ targetId: mediaBindings.targetId, asset: mediaAssets })
    .from(mediaBindings)
    .innerJoin(mediaAssets, eq(mediaAssets.id, mediaBindings.assetId))
    .where(and(eq(mediaBindings.targetType, type), inArray(mediaBindings.targetId, [...ids])));
  return new Map(rows.map((r) => [r.targetId, r.asset]));
}

/** Is `path` (a file under the media root) inside a known asset's directory? */
export async function assetByPath(db: Db, path: string): Promise<AssetRow | null> {
  const [row] = await db.select().from(mediaAssets).where(eq(mediaAssets.path, path));
  return row ?? null;
}

export async function findPublishedLive(db: Db, id: number, now: Date) {
  const [row] = await db
    .select({ id: lives.id, startAt: lives.startAt, endAt: lives.endAt, hasReplay: lives.hasReplay })
    .from(lives)
    .where(and(eq(lives.id, id), visibleNow(lives.status, lives.publishedAt, now, true)));
  return row ?? null;
}

export type StreamRow = typeof liveStreams.$inferSelect;

/** The live's stream row, created on first use (one per live: the primary key settles races). */
export async function ensureStream(db: Db | Tx, liveId: number, fresh: () => { streamName: string; streamKey: string }): Promise<StreamRow> {
  const [existing] = await db.select().from(liveStreams).where(eq(liveStreams.liveId, liveId));
  if (existing) return existing;
  await db.insert(liveStreams).values({ liveId, ...fresh() }).onConflictDoNothing();
  const [row] = await db.select().from(liveStreams).where(eq(liveStreams.liveId, liveId));
  if (!row) throw new Error(`live stream ${liveId} missing after insert`);
  return row;
}

/** The push key's expiry, set when it is first shown (or moved later with the schedule). */
export async function setPushExpiry(db: Db | Tx, liveId: number, expiresAt: Date): Promise<void> {
  await db.update(liveStreams).set({ pushExpiresAt: expiresAt }).where(eq(liveStreams.liveId, liveId));
}

/** A new stream name and key: the old push URL names a stream that is no longer the live's. */
export async function rotateStream(tx: Tx, liveId: number, v: { streamName: string; streamKey: string; pushExpiresAt: Date; rotatedAt: Date }): Promise<void> {
  await tx.update(liveStreams).set(v).where(eq(liveStreams.liveId, liveId));
}

/** Whether the live has a `live` (stream loop) and a `replay` binding. */
export async function streamBindings(db: Db | Tx, liveId: number): Promise<{ live: boolean; replay: boolean }> {
  const rows = await db
    .select({ type: mediaBindings.targetType })
    .from(mediaBindings)
    .where(and(inArray(mediaBindings.targetType, ['live', 'replay']), eq(mediaBindings.targetId, liveId)));
  return { live: rows.some((r) => r.type === 'live'), replay: rows.some((r) => r.type === 'replay') };
}

export async function setLoginRequired(tx: Tx, liveId: number, on: boolean): Promise<void> {
  await tx.update(liveStreams).set({ loginRequired: on }).where(eq(liveStreams.liveId, liveId));
}
