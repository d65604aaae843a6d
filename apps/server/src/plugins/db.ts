import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

export interface DbPluginOptions {
  /** Opened and migrated by the start-up step (startup.ts). */
  database: Database;
}

/**
 * Gives routes the database and closes it when the app closes. Opening and migrating happen
 * before (startup.ts), outside Fastify's plugin timeout: on a loaded machine they can take longer.
 */
export default fp<DbPluginOptions>(
  async (app, { database }) => {
    app.decorate('database', database);
    app.decorate('db', database.db);
    app.addHook('onClose', async () => {
      await database.close();
    });
  },
  { name: 'db' },
);
