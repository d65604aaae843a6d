import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { certificates } from '../../db/schema/index.ts';

/** Certificates a user holds (revoked ones left out). */
export async function certificateCount(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(certificates).where(and(eq(certificates.userId, userId), isNull(certificates.revokedAt)));
  return row?.n ?? 0;
}
