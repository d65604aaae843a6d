import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { lives } from '../../db/schema/index.ts';

/** A live the media library may give a replay (decision record 0064). */
export async function liveTarget(db: Db | Tx, id: number): Promise<{ id: number; label: string } | null> {
  const [row] = await db.select({ id: lives.id, label: lives.titleZh }).from(lives).where(eq(lives.id, id));
  return row ?? null;
}

/** Whether the live has a recording to show once it has ended (its status becomes "replay"). */
export async function setLiveHasReplay(tx: Db | Tx, id: number, hasReplay: boolean): Promise<void> {
  await tx.update(lives).set({ hasReplay }).where(eq(lives.id, id));
}
