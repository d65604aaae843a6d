import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrationsDir } from '../paths.ts';
import type { Database } from './client.ts';
import type { Schema } from './client.ts';

/**
 * Applies the versioned SQL files of apps/server/drizzle with drizzle's migrator, under the
 * cross-process lock so that concurrent starts on one PostgreSQL apply each file once.
 */
export async function runMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder: migrationsDir(), migrationsSchema: database.migrationsSchema };
  await database.exclusive('migrate', async (db) => {
    if (database.driver === 'pglite') await migratePglite(db as unknown as PgliteDatabase<Schema>, config);
    else await migratePg(db as unknown as NodePgDatabase<Schema>, config);
  });
}
