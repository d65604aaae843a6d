import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { lives } from '../../db/schema/index.ts';
import { coverUrl } from '../media/index.ts';

/** What another module sets on an unlisted live it holds (a created meeting's room). */
export interface UnlistedLive {
  title: string;
  startAt: Date;
  endAt: Date;
  departmentId: number | null;
}

/**
 * A live reachable only by its id (status `unlisted`): its room works like any other, and no
 * list, search or sitemap shows it (decision record 0050).
 */
export async function createUnlistedLive(tx: Tx, v: UnlistedLive & { meetingNo: string }): Promise<number> {
  const [row] = await tx
    .insert(lives)
    .values({
      titleZh: v.title,
      titleEn: v.title,
      banner: coverUrl('live', `m${v.meetingNo}`),
      startAt: v.startAt,
      endAt: v.endAt,
      meetingNo: v.meetingNo,
      departmentId: v.departmentId,
      status: 'unlisted',
    })
    .returning({ id: lives.id });
  if (!row) throw new Error('live insert returned nothing');
  return row.id;
}

/** Changes an unlisted live's title, schedule or department. */
export async function updateUnlistedLive(tx: Tx, id: number, v: UnlistedLive, now: Date): Promise<void> {
  await tx
    .update(lives)
    .set({ titleZh: v.title, titleEn: v.title, startAt: v.startAt, endAt: v.endAt, departmentId: v.departmentId, updatedAt: now })
    .where(and(eq(lives.id, id), eq(lives.status, 'unlisted')));
}

/** Closes an unlisted live for good: its room answers "not found" from now on. */
export async function withdrawUnlistedLive(tx: Tx, id: number, now: Date): Promise<void> {
  await tx
    .update(lives)
    .set({ status: 'offline', updatedAt: now })
    .where(and(eq(lives.id, id), eq(lives.status, 'unlisted')));
}

/** The live's current schedule (a moderator's start and end move it). */
export async function liveTimes(tx: Tx, id: number): Promise<{ startAt: Date; endAt: Date } | null> {
  const [row] = await tx.select({ startAt: lives.startAt, endAt: lives.endAt }).from(lives).where(eq(lives.id, id));
  return row ?? null;
}
