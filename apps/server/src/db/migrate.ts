import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrationsDir } from '../paths.ts';
import type { Database } from './client.ts';
import type { Schema } from './client.ts';
import { consoleMigrationLog, type MigrationLog, runDataMigrations } from './data/index.ts';

/**
 * Applies the versioned SQL files of apps/server/drizzle with drizzle's migrator, then the data
 * migrations that need application code (db/data), under the cross-process lock so that concurrent
 * starts on one PostgreSQL apply each once. What they report (e.g. duplicates left for an operator)
 * goes to `log`.
 */
export async function runMigrations(database: Database, log: MigrationLog = consoleMigrationLog): Promise<void> {
  const config = { migrationsFolder: migrationsDir(), migrationsSchema: database.migrationsSchema };
  await database.exclusive('migrate', async (db) => {
    if (database.driver === 'pglite') await migratePglite(db as unknown as PgliteDatabase<Schema>, config);
    else {
      const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator');
      await migratePg(db as unknown as NodePgDatabase<Schema>, config);
    }
    await runDataMigrations(db, log);
  });
}
