import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appMeta } from '../db/schema/index.ts';
import { randomToken } from './crypto.ts';

const KEY = 'app_secret';

/**
 * APP_SECRET when configured; otherwise a random secret generated on first start and kept in
 * app_meta, so restarts (and every process on one database) keep signing with the same key.
 */
export async function loadAppSecret(db: Db, configured: string | null): Promise<string> {
  if (configured) return configured;
  await db.insert(appMeta).values({ key: KEY, value: randomToken(48) }).onConflictDoNothing();
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, KEY));
  if (!row) throw new Error('app secret missing after insert');
  return row.value;
}
