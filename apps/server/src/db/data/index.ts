import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { appMeta } from '../schema/index.ts';
import { mobileIdentitiesToE164 } from './mobile-e164.ts';

export interface MigrationLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Where migrations report when no logger is given (the seed CLI, scripts). */
export const consoleMigrationLog: MigrationLog = {
  info: (obj, msg) => process.stdout.write(`medportal: ${msg} ${JSON.stringify(obj)}\n`),
  warn: (obj, msg) => console.warn(`medportal: ${msg} ${JSON.stringify(obj)}`),
};

/**
 * Data changes that need application code (SQL cannot do them), applied once each after the SQL
 * migrations, in order, each in one transaction with its record in app_meta.
 */
const DATA_MIGRATIONS: ReadonlyArray<{ name: string; run: (tx: Tx, log: MigrationLog) => Promise<void> }> = [
  { name: 'mobile_e164', run: mobileIdentitiesToE164 },
];

export async function runDataMigrations(db: Db, log: MigrationLog): Promise<void> {
  for (const m of DATA_MIGRATIONS) {
    const key = `data_migration:${m.name}`;
    const [done] = await db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, key));
    if (done) continue;
    await db.transaction(async (tx) => {
      await m.run(tx, log);
      await tx.insert(appMeta).values({ key, value: new Date().toISOString() });
    });
  }
}
