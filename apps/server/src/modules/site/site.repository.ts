import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { relateSites } from '../../db/schema/index.ts';

export function listRelateSites(db: Db) {
  return db
    .select()
    .from(relateSites)
    .where(eq(relateSites.status, 'published'))
    .orderBy(asc(relateSites.sort), asc(relateSites.id));
}
