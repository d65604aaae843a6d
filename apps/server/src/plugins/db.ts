import fp from 'fastify-plugin';
import type { DbConfig } from '../config.ts';
import { type Database, type Db, openDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

export interface DbPluginOptions {
  config: DbConfig;
}

/**
 * Opens the database and applies migrations; closes it when the app closes. What the content
 * needs at start (seed, department tree, search index) is the start-up step's (startup.ts).
 */
export default fp<DbPluginOptions>(
  async (app, { config }) => {
    const database = await openDatabase(config);
    try {
      await runMigrations(database);
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
