import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { relateSites } from '../../db/schema/index.ts';

export function listRelateSites(db: Db) {
  return db
    .select()
    .from(relateSites)
    .where(eq(relateSites.status, 'published'))
    .orderBy(asc(relateSites.sort), asc(relateSites.id));
}

export async function findRelateSite(db: Db, key: string) {
  const [row] = await db
    .select()
    .from(relateSites)
    .where(and(eq(relateSites.key, key), eq(relateSites.status, 'published')));
  return row;
}
