import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { type Db, isEmbedded } from '../src/db/client.ts';
import * as schema from '../src/db/schema/index.ts';

/**
 * The same database seen through a second Drizzle instance that records every statement it
 * sends: for tests that prove how many queries a call makes (one per page, not one per row).
 */
export function countingDb(db: Db): { db: Db; statements: string[] } {
  const statements: string[] = [];
  const logger = { logQuery: (query: string) => void statements.push(query) };
  const client = (db as unknown as { $client: unknown }).$client;
  const options = { schema, casing: 'snake_case' as const, logger };
  const counted = isEmbedded(db) ? drizzlePglite({ client: client as PGlite, ...options }) : drizzlePg({ client: client as pg.Pool, ...options });
  return { db: counted as unknown as Db, statements };
}
