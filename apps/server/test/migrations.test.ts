import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getTableName, sql } from 'drizzle-orm';
import { isPgEnum, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import * as schema from '../src/db/schema/index.ts';
import { migrationsDir } from '../src/paths.ts';
import { testDbConfig } from './build-test-app.ts';

let database: Database;
beforeAll(async () => {
  database = await openDatabase(testDbConfig());
});
afterAll(async () => {
  await database?.close();
});

const tableNames = Object.values(schema)
  .flatMap((v) => (v instanceof PgTable ? [getTableName(v)] : []))
  .sort();

describe('migrations', () => {
  it('are schema-agnostic SQL files listed in the journal', () => {
    const files = readdirSync(migrationsDir()).filter((f) => f.endsWith('.sql'));
    const journal = JSON.parse(readFileSync(join(migrationsDir(), 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    expect(files.sort()).toEqual(journal.entries.map((e) => `${e.tag}.sql`).sort());
    for (const f of files) {
      // Run `npm run db:generate -w apps/server`, which strips the qualifier, not bare drizzle-kit.
      expect(readFileSync(join(migrationsDir(), f), 'utf8'), f).not.toContain('"public".');
    }
  });

  it('apply on a fresh database and create every table of the schema', async () => {
    await runMigrations(database);
    const rows = await queryRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    );
    const present = rows.map((r) => r.table_name);
    for (const t of tableNames) expect(present, t).toContain(t);
    const enums = Object.values(schema).filter(isPgEnum).length;
    expect(enums).toBeGreaterThan(0);
  });

  it('are a no-op the second time', async () => {
    await runMigrations(database);
    const journal = await queryRows<{ n: number }>(
      database.db,
      sql.raw(`select count(*)::int as n from "${database.migrationsSchema}"."__drizzle_migrations"`),
    );
    expect(journal[0]?.n).toBe(readdirSync(migrationsDir()).filter((f) => f.endsWith('.sql')).length);
  });
});
