import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lives } from '../../db/schema/index.ts';

/** Published lives whose time overlaps [from, to) (a day's lives), with their times. */
export async function livesOverlapping(db: Db, from: Date, to: Date): Promise<Array<{ id: number; startAt: Date; endAt: Date }>> {
  return db
    .select({ id: lives.id, startAt: lives.startAt, endAt: lives.endAt })
    .from(lives)
    .where(and(eq(lives.status, 'published'), lt(lives.startAt, to), gt(lives.endAt, from)));
}
