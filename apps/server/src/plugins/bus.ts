import fp from 'fastify-plugin';
import type { DbConfig } from '../config.ts';
import { type Bus, busChannel, type DatabaseNotices, embeddedNotices, MemoryBus, PgBus, RedisBus } from '../lib/bus.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Messages between API processes (lib/bus.ts, decision record 0071). */
    bus: Bus;
    /** What the database's triggers announce (lib/bus.ts `DatabaseNotices`, decision record 0076). */
    databaseNotices: DatabaseNotices;
  }
}

export interface BusOptions {
  redis: { url: string; prefix: string } | null;
  db: DbConfig;
}

/** Redis when configured, else PostgreSQL's LISTEN/NOTIFY, else in process (PGlite: one process). */
export default fp<BusOptions>(
  async (app, { redis, db }) => {
    let bus: Bus;
    if (redis) {
      const r = new RedisBus(redis.url, redis.prefix, app.log);
      await r.connect();
      bus = r;
    } else if (db.driver === 'postgres') {
      const p = new PgBus(db.url, app.db, busChannel(db.schema), app.log);
      await p.connect();
      bus = p;
    } else {
      bus = new MemoryBus(app.log);
    }
    // The database's own notices: PostgreSQL sends them on the bus's channel, so a PgBus hears
    // them; with Redis as the bus, each process listens on PostgreSQL too (no process relays).
    let notices: DatabaseNotices & { close(): Promise<void> };
    if (bus instanceof PgBus) {
      notices = { subscribe: (c, h) => bus.subscribe(c, h), onGap: (l) => bus.onGap(l), close: async () => {} };
    } else if (db.driver === 'postgres') {
      const p = new PgBus(db.url, app.db, busChannel(db.schema), app.log);
      await p.connect();
      notices = p;
    } else if (app.database.listen) {
      notices = await embeddedNotices(app.database.listen, busChannel(), app.log);
    } else {
      notices = { subscribe: async () => async () => {}, onGap: () => () => {}, close: async () => {} };
    }
    app.log.debug({ bus: bus.kind }, 'bus ready');
    app.decorate('bus', bus);
    app.decorate('databaseNotices', notices);
    // Registered after the db plugin: closes before the database does.
    app.addHook('onClose', async () => {
      await notices.close();
      await bus.close();
    });
  },
  { name: 'bus', dependencies: ['db'] },
);
