import type { FastifyInstance } from 'fastify';
import type { DbConfig } from './config.ts';
import { type Database, type DbLogger, openDatabase } from './db/client.ts';
import type { MigrationLog } from './db/data/index.ts';
import { runMigrations } from './db/migrate.ts';
import { ensureSearchIndex } from './modules/search/search.indexer.ts';
import { ensureDepartmentTree } from './seed/department-tree.ts';
import { demoAccountsUpkeep, seedIfEmpty } from './seed/index.ts';
import { markStart } from './lib/start-phases.ts';

export interface StartupOptions {
  /** Load the demo content into an empty database. */
  seed: boolean;
  /** Outside production: the demo accounts (README) exist, among them the demo moderator of every demo live. */
  demoAccounts?: boolean;
  now: () => Date;
}

/**
 * Opens the database and applies the migrations, before the plugins: the embedded database's first
 * open and a long migration may take longer than Fastify's plugin timeout allows a plugin.
 */
export async function openMigrated(config: DbConfig, log?: DbLogger & MigrationLog): Promise<Database> {
  const database = await openDatabase(config, log);
  markStart('db_open');
  try {
    // What data migrations report (numbers left for an operator) goes to the app's log.
    await runMigrations(database, log);
    markStart('migrations');
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

/**
 * The server's start-up step, after the plugins (the database is open and migrated) and before
 * the routes: demo content into an empty database and the department tree of an older one, both
 * quick on an existing database and needed by the first request. A database with content but no
 * search index (an older one, or one restored without it) gets it built in the background once the
 * app is ready, by one process: the server listens at once, and searches find what is indexed so
 * far (decision record 0073).
 */
export async function startUp(app: FastifyInstance, opts: StartupOptions): Promise<void> {
  const { database } = app;
  if (opts.seed && (await seedIfEmpty(database, { now: opts.now(), demoAccounts: opts.demoAccounts ?? false }))) app.log.info('empty database: demo content seeded');
  await database.exclusive('seed', (db) => ensureDepartmentTree(db));
  if (opts.seed && opts.demoAccounts) await demoAccountsUpkeep(database, opts.now());
  let building: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    building = database
      .exclusive('search-index', (db) => ensureSearchIndex(db))
      .then((built) => {
        if (built) app.log.info('search index built from the content tables');
      })
      .catch((err: unknown) => app.log.error({ err }, 'search index: building failed; it is tried again at the next start'));
  });
  // The build's statements need the database, which closes after the hooks.
  app.addHook('onClose', () => building);
}
