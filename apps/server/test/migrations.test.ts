import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, getTableName, inArray, sql } from 'drizzle-orm';
import { isPgEnum, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import * as schema from '../src/db/schema/index.ts';
import { appMeta, userIdentities, users } from '../src/db/schema/index.ts';
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

  it('store mobile numbers in E.164 once, merging nothing: duplicates stay as they were and are reported', async () => {
    await runMigrations(database);
    const db = database.db;
    // Accounts as older versions stored them: two spellings of one number, a UK number with its trunk 0.
    const [a, b, c] = await db.insert(users).values([{ nickname: 'a' }, { nickname: 'b' }, { nickname: 'c' }]).returning({ id: users.id });
    if (!a || !b || !c) throw new Error('users not created');
    await db.insert(userIdentities).values([
      { userId: a.id, kind: 'mobile', value: '86-13800138001' },
      { userId: b.id, kind: 'mobile', value: '086-13800138001' },
      { userId: c.id, kind: 'mobile', value: '44-07911123456' },
    ]);
    await db.delete(appMeta).where(eq(appMeta.key, 'data_migration:mobile_e164'));
    const warnings: Array<{ obj: object; msg: string }> = [];
    const log = { info: () => undefined, warn: (obj: object, msg: string) => warnings.push({ obj, msg }) };
    await runMigrations(database, log);

    const rows = await db.select({ userId: userIdentities.userId, value: userIdentities.value }).from(userIdentities).where(inArray(userIdentities.userId, [a.id, b.id, c.id]));
    const valueOf = (id: number) => rows.find((r) => r.userId === id)?.value;
    expect(valueOf(a.id)).toBe('+8613800138001');
    expect(valueOf(b.id)).toBe('086-13800138001');
    expect(valueOf(c.id)).toBe('+447911123456');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toMatch(/several accounts/);
    expect(warnings[0]?.obj).toMatchObject({ kept_user_id: a.id, other_user_ids: [b.id], mobile: '+8613****8001' });

    // Applied once: the next start changes and reports nothing.
    warnings.length = 0;
    await runMigrations(database, log);
    expect(warnings).toEqual([]);
  });
});
