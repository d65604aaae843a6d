import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

/** What one owning module's share of an account merge moved, for the merge's audit row. */
export type MergeMoved = Record<string, number>;

export interface MoveRows {
  /** SQL table name (snake_case), written by the module that owns the table. */
  table: string;
  /** The owner column; `user_id` unless told. */
  user?: string;
  /** The columns that, with the owner, make a row unique: a row `to` already has is not moved. */
  keys: string[];
  from: number;
  to: number;
  /** Delete the rows left on `from` (the survivor's copy stands for both). */
  dropRest?: boolean;
}

/**
 * Account merge, set-based: moves `from`'s rows to `to` except where `to` holds the same key, in
 * one statement; with `dropRest`, deletes what stayed. Returns how many rows moved.
 */
export async function moveRows(tx: Tx, o: MoveRows): Promise<number> {
  const t = sql.identifier(o.table);
  const u = sql.identifier(o.user ?? 'user_id');
  const same: SQL = o.keys.length ? sql.join(o.keys.map((k) => sql`mine.${sql.identifier(k)} = ${t}.${sql.identifier(k)}`), sql` and `) : sql`true`;
  const moved = await queryRows(tx, sql`update ${t} set ${u} = ${o.to} where ${u} = ${o.from} and not exists (select 1 from ${t} mine where mine.${u} = ${o.to} and ${same}) returning 1 as one`);
  if (o.dropRest) await tx.execute(sql`delete from ${t} where ${u} = ${o.from}`);
  return moved.length;
}

/** An SQL `in (...)` list of ids; never empty (callers check first). */
export const idList = (ids: readonly number[]): SQL => sql`(${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`;
