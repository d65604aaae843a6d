import fp from 'fastify-plugin';
import type { DbConfig } from '../config.ts';
import { type Bus, busChannel, MemoryBus, PgBus, RedisBus } from '../lib/bus.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Messages between API processes (lib/bus.ts, decision record 0071). */
    bus: Bus;
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
    app.log.debug({ bus: bus.kind }, 'bus ready');
    app.decorate('bus', bus);
    // Registered after the db plugin: closes before the database does.
    app.addHook('onClose', async () => bus.close());
  },
  { name: 'bus', dependencies: ['db'] },
);
