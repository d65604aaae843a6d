import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../src/db/client.ts';
import { templateDbConfig, testDbConfig, usingPostgres } from './build-test-app.ts';

describe.runIf(usingPostgres())('PostgreSQL pool', () => {
  it('logs an idle connection the server ends, instead of swallowing the error', async () => {
    let logged!: (entry: { obj: object; msg: string }) => void;
    const entry = new Promise<{ obj: object; msg: string }>((resolve) => (logged = resolve));
    const database = await openDatabase(testDbConfig(), { error: (obj, msg) => logged({ obj, msg }) });
    try {
      const [row] = await queryRows<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid`);
      // The connection that answered is idle in the pool now; end it from outside (like a failover).
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        await admin.query('select pg_terminate_backend($1)', [row?.pid]);
      } finally {
        await admin.end();
      }
      const { obj, msg } = await entry;
      expect(msg).toBe('idle PostgreSQL connection failed; the pool will open a new one');
      expect((obj as { err: { code?: string } }).err.code).toBe('57P01');
      // The pool goes on with a new connection.
      const [again] = await queryRows<{ one: number }>(database.db, sql`select 1 as one`);
      expect(again?.one).toBe(1);
    } finally {
      await database.close();
    }
  });
});

describe.runIf(usingPostgres())('closing on PostgreSQL', () => {
  it('ends every pooled connection before the database is dropped, so nothing is logged as failed', async () => {
    const copy = await templateDbConfig(false, new Date());
    if (copy?.driver !== 'postgres' || !copy.afterClose) throw new Error('expected a PostgreSQL template copy');
    // The drop that follows close() as the test helpers do it, on a connection opened beforehand so
    // it reaches the server at once.
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const name = new URL(copy.url).pathname.slice(1);
    const errors: string[] = [];
    const ended: Promise<void>[] = [];
    let open = 0;
    let openWhenDropped = -1;
    const drop = async () => {
      openWhenDropped = open;
      await admin.query(`drop database "${name}" with (force)`);
    };
    const database = await openDatabase({ ...copy, afterClose: drop }, { error: (_obj, msg) => errors.push(msg) });
    try {
      const pool = (database.db as unknown as { $client: pg.Pool }).$client;
      pool.on('connect', (client) => {
        open++;
        ended.push(new Promise((resolve) => client.once('end', () => resolve(void open--))));
      });
      // Several connections at once, all idle in the pool when it closes.
      await Promise.all(Array.from({ length: 10 }, () => queryRows(database.db, sql`select pg_sleep(0.05)`)));
      expect(open).toBeGreaterThan(1);
      await database.close();
      expect(openWhenDropped).toBe(0);
      // A connection the drop cut would report its error before it ends.
      await Promise.all(ended);
      expect(errors).toEqual([]);
    } finally {
      await admin.end();
      await copy.afterClose();
    }
  });
});
