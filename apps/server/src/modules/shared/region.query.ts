import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { regions } from '../../db/schema/index.ts';

type Conn = Db | Tx;

/** Whether a region row exists. */
export async function regionExists(db: Conn, id: number): Promise<boolean> {
  const [row] = await db.select({ id: regions.id }).from(regions).where(eq(regions.id, id)).limit(1);
  return Boolean(row);
}

/**
 * `column in (the region and every region below it)`: a province matches its cities. Recursive so a
 * deeper tree keeps working; `union` stops on an accidental cycle.
 */
export function inRegion(column: AnyPgColumn, id: number): SQL {
  return sql`${column} in (with recursive sub(id) as (select ${id}::int union select r.id from ${regions} r join sub on r.parent_id = sub.id) select id from sub)`;
}
