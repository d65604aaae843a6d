import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preActs } from '../../db/schema/index.ts';

export async function publishedPreAct(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(preActs)
    .where(and(eq(preActs.id, id), eq(preActs.status, 'published')));
  return row;
}
