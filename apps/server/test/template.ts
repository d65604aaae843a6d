import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { type AppConfig, type DbConfig, loadConfig } from '../src/config.ts';

/**
 * Test databases start from templates made once per run (global-setup.ts) instead of migrating
 * and seeding for every test app: `migrated` is what an app leaves after starting on an empty
 * database with `seed: false`, `seeded` the same with the demo content. PGlite templates are data
 * directory dumps loaded into each in-memory instance; PostgreSQL templates are databases that
 * `CREATE DATABASE … TEMPLATE` copies.
 */
export type TemplateKind = 'migrated' | 'seeded';

export interface Templates {
  /** When the seeded template's content was placed (its lives are relative to this time). */
  seededAt: number;
  pglite?: Record<TemplateKind, string>;
  /** `prefix` starts the name of every database of this run. */
  postgres?: { url: string; prefix: string; databases: Record<TemplateKind, string> };
}

declare module 'vitest' {
  export interface ProvidedContext {
    templates: Templates | null;
  }
}

/**
 * The demo lives are placed at least 40 minutes from any change of live status, so a seeded
 * template made this long before a test's clock answers exactly as a fresh seed would. Apps whose
 * clock is further from it start from the migrated template and seed themselves.
 */
export const SEEDED_TEMPLATE_MAX_AGE_MS = 10 * 60_000;

/**
 * Run-scoped names: `mpt_<start time, base 36>_<random>`; old leftovers are recognisable by time.
 * TEST_DB_PREFIX replaces `mpt_` where several people share one PostgreSQL server.
 */
const DB_PREFIX = /^[a-z][a-z0-9_]{0,20}$/.test(process.env.TEST_DB_PREFIX ?? '') ? process.env.TEST_DB_PREFIX! : 'mpt_';
const RUN_PREFIX = new RegExp(`^${DB_PREFIX}([0-9a-z]+)_[0-9a-f]+_`);
const STALE_AFTER_MS = 6 * 3_600_000;

/**
 * The environment every test app's config is loaded from. A WEB_DIST that does not exist: API
 * tests never depend on the web build. A plugin may take up to two minutes to start: beside e2e on
 * a starved two-core machine the OpenAPI plugin has taken more than Fastify's 10 s; a hang guard,
 * like Vitest's own limits. New passwords hash at scrypt's lowest accepted cost: the login tests
 * check some 200 passwords, which at the default cost were a tenth of the suite's CPU time.
 */
export const TEST_ENV = { NODE_ENV: 'test', WEB_DIST: '/nonexistent/web-dist', PLUGIN_TIMEOUT_S: '120', PASSWORD_SCRYPT_N: '1024', PERSONAL_READ_KEEP_MS: '0' };

function configFor(db: DbConfig): AppConfig {
  return {
    ...loadConfig(TEST_ENV),
    db,
    uploadsDir: mkdtempSync(join(tmpdir(), 'medportal-uploads-')),
  };
}

/** Starts the whole app once on `db`, so the template holds exactly what a finished start leaves. */
async function startOnce(db: DbConfig, seed: boolean, now: Date): Promise<void> {
  const config = configFor(db);
  const app = await buildApp(config, { logger: false, seed, now: () => now });
  try {
    await app.ready();
  } finally {
    await app.close();
    rmSync(config.uploadsDir, { recursive: true, force: true });
  }
}

async function dumpDir(dir: string, outFile: string): Promise<void> {
  const client = await PGlite.create(dir);
  try {
    writeFileSync(outFile, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await client.close();
  }
}

/** The seeded template starts from a copy of the migrated one: initdb and migrations run once. */
export async function buildPgliteTemplates(now: Date, dir: string): Promise<Record<TemplateKind, string>> {
  const files = { migrated: join(dir, 'migrated.tar'), seeded: join(dir, 'seeded.tar') };
  const migrated = join(dir, 'migrated');
  const seeded = join(dir, 'seeded');
  try {
    await startOnce({ driver: 'pglite', dataDir: migrated }, false, now);
    cpSync(migrated, seeded, { recursive: true });
    await dumpDir(migrated, files.migrated);
    await startOnce({ driver: 'pglite', dataDir: seeded }, true, now);
    await dumpDir(seeded, files.seeded);
  } finally {
    rmSync(migrated, { recursive: true, force: true });
    rmSync(seeded, { recursive: true, force: true });
  }
  return files;
}

export function databaseUrl(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function withAdmin<T>(baseUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Drops test databases of runs that ended more than six hours ago without cleaning up (killed). */
async function dropStale(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ datname: string }>(`select datname from pg_database where starts_with(datname, $1)`, [DB_PREFIX]);
  for (const { datname } of rows) {
    const started = RUN_PREFIX.exec(datname)?.[1];
    if (started && Date.now() - parseInt(started, 36) * 1000 > STALE_AFTER_MS) {
      await client.query(`alter database "${datname}" is_template false`);
      await client.query(`drop database if exists "${datname}" with (force)`);
    }
  }
}

export async function buildPostgresTemplates(
  baseUrl: string,
  now: Date,
): Promise<{ prefix: string; databases: Record<TemplateKind, string> }> {
  const prefix = `${DB_PREFIX}${Math.floor(Date.now() / 1000).toString(36)}_${randomBytes(3).toString('hex')}_`;
  const databases = { migrated: `${prefix}migrated`, seeded: `${prefix}seeded` };
  await withAdmin(baseUrl, dropStale);
  try {
    await makePostgresTemplates(baseUrl, databases, now);
  } catch (err) {
    await dropPostgresRun(baseUrl, prefix);
    throw err;
  }
  return { prefix, databases };
}

async function makePostgresTemplates(baseUrl: string, databases: Record<TemplateKind, string>, now: Date): Promise<void> {
  // No connections to a template once made: CREATE DATABASE … TEMPLATE needs its source idle.
  const freeze = (name: string) => withAdmin(baseUrl, (c) => c.query(`alter database "${name}" with is_template true allow_connections false`));
  await withAdmin(baseUrl, (c) => c.query(`create database "${databases.migrated}"`));
  await startOnce({ driver: 'postgres', url: databaseUrl(baseUrl, databases.migrated) }, false, now);
  await freeze(databases.migrated);
  await withAdmin(baseUrl, (c) => c.query(`create database "${databases.seeded}" template "${databases.migrated}"`));
  await startOnce({ driver: 'postgres', url: databaseUrl(baseUrl, databases.seeded) }, true, now);
  await freeze(databases.seeded);
}

/** Drops every database of this run (templates and any an interrupted test left). */
export async function dropPostgresRun(baseUrl: string, prefix: string): Promise<void> {
  await withAdmin(baseUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(`select datname from pg_database where starts_with(datname, $1)`, [prefix]);
    for (const { datname } of rows) {
      await client.query(`alter database "${datname}" is_template false`);
      await client.query(`drop database if exists "${datname}" with (force)`);
    }
  });
}
