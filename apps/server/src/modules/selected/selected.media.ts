import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { selectedVideos } from '../../db/schema/index.ts';

/** A journal-channel item the media library may bind a video to (decision record 0064). */
export async function selectedTarget(db: Db | Tx, id: number): Promise<{ id: number; label: string } | null> {
  const [row] = await db.select({ id: selectedVideos.id, label: selectedVideos.titleZh }).from(selectedVideos).where(eq(selectedVideos.id, id));
  return row ?? null;
}

/** The item lasts as long as the video bound to it. */
export async function setSelectedDuration(tx: Db | Tx, id: number, durationS: number): Promise<void> {
  await tx.update(selectedVideos).set({ durationS }).where(eq(selectedVideos.id, id));
}
