import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgDialect, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Pool, PoolClient } from 'pg';
import type { DbConfig } from '../config.ts';
import { precompiledPglite } from './pglite-module.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the code uses, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  driver: DbConfig['driver'];
  /** Schema the migrator records its journal in (PostgreSQL test schemas keep it inside). */
  migrationsSchema: string;
  /**
   * Runs `fn` holding a database-wide advisory lock on one dedicated connection, so several API
   * processes on one PostgreSQL never migrate or seed at the same time.
   */
  exclusive<T>(name: string, fn: (db: Db) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /**
   * PGlite only: hears NOTIFY on `channel` from this embedded database (its triggers), before the
   * statement that sent it returns. On PostgreSQL the bus's LISTEN connection hears them.
   */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const options = { schema, casing: 'snake_case' } as const;

/** Where the database reports failures nobody awaits (pino's signature; the CLI passes none: stderr). */
export interface DbLogger {
  error(obj: object, msg: string): void;
}

const stderrLogger: DbLogger = {
  error: (obj, msg) => console.error(`medportal: ${msg}`, obj),
};

export async function openDatabase(config: DbConfig, log: DbLogger = stderrLogger): Promise<Database> {
  return config.driver === 'pglite' ? openPglite(config) : openPostgres(config, log);
}

/**
 * PostgreSQL's buffer pool inside PGlite's WebAssembly memory, all of it resident from the start
 * (the default 128 MB was a third of the server's RSS). Pages beyond it are read from the data
 * directory's files, which the OS caches.
 */
const PGLITE_SHARED_BUFFERS = '32MB';

async function openPglite({ dataDir, loadDataDir }: Extract<DbConfig, { driver: 'pglite' }>): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pgliteWasmModule = await precompiledPglite();
  // relaxedDurability: fsync off for speed; production deployments use PostgreSQL (README).
  const client = await PGlite.create(dataDir ?? undefined, {
    relaxedDurability: true,
    ...(pgliteWasmModule ? { pgliteWasmModule } : {}),
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const db = drizzlePglite({ client, ...options }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrationsSchema: 'drizzle',
    // One embedded connection in one process (DATA_DIR is locked): nothing else can interleave.
    exclusive: (_name, fn) => fn(db),
    ping: async () => {
      await client.query('select 1');
    },
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    close: () => client.close(),
  };
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** pg's pool class once a PostgreSQL database was opened: pg and its driver load only then (decision record 0077). */
let PgPool: typeof Pool | undefined;

async function openPostgres(config: Extract<DbConfig, { driver: 'postgres' }>, log: DbLogger): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
  PgPool = pg.Pool;
  const schemaName = config.schema;
  if (schemaName !== undefined && !SCHEMA_NAME.test(schemaName)) {
    throw new Error(`invalid PostgreSQL schema name: ${schemaName}`);
  }
  if (schemaName) {
    // Create the schema before the pool pins search_path to it.
    const admin = new pg.Client({ connectionString: config.url });
    await admin.connect();
    try {
      await admin.query(`create schema if not exists "${schemaName}"`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    max: 10,
    idleTimeoutMillis: 30_000,
    ...(schemaName ? { options: `-c search_path=${schemaName}` } : {}),
  });
  // An idle client losing its connection (server restart, failover, network) must not crash the
  // process, and the pool replaces it; but it is logged, as it often explains errors that follow.
  pool.on('error', (err) => log.error({ err }, 'idle PostgreSQL connection failed; the pool will open a new one'));
  // pool.end() resolves once it has asked each connection to end, before they have: closing waits
  // for the pool's 'remove' of each, so a database dropped after close() cuts no live backend.
  const open = new Set<PoolClient>();
  let allRemoved: (() => void) | null = null;
  pool.on('connect', (client) => open.add(client));
  pool.on('remove', (client) => {
    open.delete(client);
    if (open.size === 0) allRemoved?.();
  });
  const db = drizzlePg({ client: pool, ...options }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    migrationsSchema: schemaName ?? 'drizzle',
    exclusive: async (name, fn) => {
      const conn = await pool.connect();
      const key = `medportal:${schemaName ?? 'public'}:${name}`;
      try {
        await conn.query('select pg_advisory_lock(hashtext($1))', [key]);
        try {
          return await fn(drizzlePg({ client: conn, ...options }) as unknown as Db);
        } finally {
          await conn.query('select pg_advisory_unlock(hashtext($1))', [key]);
        }
      } finally {
        conn.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (schemaName && config.dropSchemaOnClose) {
        await pool.query(`drop schema if exists "${schemaName}" cascade`);
      }
      const removed = open.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => (allRemoved = resolve));
      await pool.end();
      await removed;
      await config.afterClose?.();
    },
  };
}

/** Whether `db` is the embedded PGlite (one connection for the whole process). */
export function isEmbedded(db: Db): boolean {
  return (db as unknown as { $client?: unknown }).$client instanceof PGlite;
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T extends Record<string, unknown>>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Rows of a raw SQL query that runs as a named prepared statement on PostgreSQL: each pooled
 * connection parses and plans it once (a hot statement's planning can cost more than running
 * it). `name` must stand for one SQL text (values are parameters). PGlite runs it as queryRows.
 */
export async function preparedRows<T extends Record<string, unknown>>(db: Db, name: string, query: SQL): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!PgPool || !(client instanceof PgPool)) return queryRows<T>(db, query);
  const q = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
  const result = await client.query<T>({ name, text: q.sql, values: q.params });
  return result.rows;
}
