import fp from 'fastify-plugin';
import type { DbConfig } from '../config.ts';
import { type Database, type Db, openDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { ensureSearchIndex } from '../modules/search/search.indexer.ts';
import { ensureDepartmentTree } from '../seed/department-tree.ts';
import { seedIfEmpty } from '../seed/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

export interface DbPluginOptions {
  config: DbConfig;
  /** Load the demo content into an empty database (default on). */
  seed: boolean;
  now: () => Date;
}

/** Opens the database, applies migrations, seeds an empty one; closes it when the app closes. */
export default fp<DbPluginOptions>(
  async (app, { config, seed, now }) => {
    const database = await openDatabase(config, app.log);
    try {
      await runMigrations(database);
      if (seed) {
        const seeded = await seedIfEmpty(database, { now: now() });
        if (seeded) app.log.info('empty database: demo content seeded');
      }
      await database.exclusive('seed', (db) => ensureDepartmentTree(db));
      // Databases seeded before the search index existed get it built once.
      await database.exclusive('seed', (db) => ensureSearchIndex(db));
    } catch (err) {
      await database.close();
      throw err;
    }
    app.decorate('database', database);
    app.decorate('db', database.db);
    app.addHook('onClose', async () => {
      await database.close();
    });
  },
  { name: 'db' },
);
