import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../src/db/client.ts';
import { testDbConfig, usingPostgres } from './build-test-app.ts';

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
