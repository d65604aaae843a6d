import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { type AppConfig, type DbConfig, loadConfig, type MediaSettings } from '../src/config.ts';
import { databaseUrl, SEEDED_TEMPLATE_MAX_AGE_MS, TEST_ENV, type TemplateKind, type Templates, withAdmin } from './template.ts';


/**
 * An empty database, for tests of migrating and seeding themselves: a fresh in-memory PGlite, or,
 * when TEST_DATABASE_URL is set, a throw-away schema `t_<random>` on that PostgreSQL (dropped on
 * close), so parallel test files never collide.
 */
export function testDbConfig(): DbConfig {
  const url = usingPostgres() ? process.env.TEST_DATABASE_URL : undefined;
  if (!url) return { driver: 'pglite', dataDir: null };
  return { driver: 'postgres', url, schema: `t_${randomBytes(6).toString('hex')}`, dropSchemaOnClose: true };
}

/** Config overrides of a test; `media` settings are merged into the test's own. */
export type TestConfigOverrides = Partial<Omit<AppConfig, 'media'>> & { media?: Partial<MediaSettings> };

export function testConfig(overrides: TestConfigOverrides = {}): AppConfig {
  const base = loadConfig(TEST_ENV);
  const { media, ...rest } = overrides;
  return {
    ...base,
    db: testDbConfig(),
    // Uploaded files go to a fresh temporary directory, never to ./data.
    uploadsDir: mkdtempSync(join(tmpdir(), 'medportal-uploads-')),
    ...rest,
    media: {
      ...base.media,
      uploadDir: mkdtempSync(join(tmpdir(), 'medportal-media-up-')),
      libraryDir: mkdtempSync(join(tmpdir(), 'medportal-media-')),
      ...media,
    },
  };
}

/** Null when the run has no global setup (then every app migrates an empty database). */
function templates(): Templates | null {
  return inject('templates') ?? null;
}

/**
 * A template dump held in memory, for PGlite's `loadDataDir`, which reads it whole with
 * `arrayBuffer()`. Node's Blob answers that by streaming its 64 MB in chunks and joining them, a
 * tenth of an in-memory start's CPU time; this one copies its bytes in one go.
 */
class DumpBlob extends Blob {
  readonly #bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    super([]);
    this.#bytes = bytes;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    // A copy for each start: the instance owns what it is given.
    return Promise.resolve(this.#bytes.slice().buffer);
  }
}

const dumps = new Map<string, Blob>();
/** The template dump `file`, read once per worker, for PGlite's `loadDataDir`. */
export function dump(file: string): Blob {
  let blob = dumps.get(file);
  if (!blob) {
    blob = new DumpBlob(readFileSync(file));
    dumps.set(file, blob);
  }
  return blob;
}

/**
 * A fresh database for one test app, copied from the run's template (test/template.ts): the
 * seeded one when the app's clock is close enough to its seeding time, else the migrated one
 * (the app then seeds itself). PGlite copies live in memory, PostgreSQL copies are dropped after
 * closing (`afterClose`). Null when the run made no template.
 */
export function templateDbConfig(seed: boolean, now: Date): Promise<DbConfig | null> {
  return templateDbConfigIn(seed, now, {});
}

/**
 * One database for two starts in a row (a restart): `first` keeps its data when it closes,
 * `second` opens the same data and removes it (PostgreSQL) when it closes.
 */
export async function restartDbConfigs(seed: boolean, now: Date): Promise<{ first: DbConfig; second: DbConfig }> {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'medportal-restart-')), 'pglite');
  const copy = await templateDbConfigIn(seed, now, { dataDir });
  if (copy?.driver === 'postgres') return { first: { ...copy, afterClose: undefined }, second: copy };
  if (copy?.driver === 'pglite') return { first: copy, second: { driver: 'pglite', dataDir } };
  const empty = testDbConfig();
  if (empty.driver === 'postgres') return { first: { ...empty, dropSchemaOnClose: false }, second: empty };
  return { first: { driver: 'pglite', dataDir }, second: { driver: 'pglite', dataDir } };
}

/** Same as templateDbConfig; `dataDir` puts a PGlite copy on disk. */
async function templateDbConfigIn(seed: boolean, now: Date, opts: { dataDir?: string }): Promise<DbConfig | null> {
  const t = templates();
  if (!t) return null;
  const kind: TemplateKind = seed && Math.abs(now.getTime() - t.seededAt) <= SEEDED_TEMPLATE_MAX_AGE_MS ? 'seeded' : 'migrated';
  if (!usingPostgres()) return t.pglite ? { driver: 'pglite', dataDir: opts.dataDir ?? null, loadDataDir: dump(t.pglite[kind]) } : null;
  if (!t.postgres) return null;
  const { url: baseUrl, prefix, databases } = t.postgres;
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  await withAdmin(baseUrl, (c) => c.query(`create database "${name}" template "${databases[kind]}"`));
  return {
    driver: 'postgres',
    url: databaseUrl(baseUrl, name),
    afterClose: async () => {
      await withAdmin(baseUrl, (c) => c.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

export interface TestAppOptions extends BuildOptions {
  config?: TestConfigOverrides;
  /** Extra routes for a test, added before the app is readied. */
  configure?: (app: FastifyInstance) => void | Promise<void>;
}

/** An app on its own database, started from the run's template unless `config.db` is given. */
export async function buildTestApp(opts: TestAppOptions = {}): Promise<FastifyInstance> {
  const { config, configure, ...build } = opts;
  const db = config?.db ?? (await templateDbConfig(build.seed ?? true, (build.now ?? (() => new Date()))()));
  const app = await buildApp(testConfig({ ...config, ...(db ? { db } : {}) }), { logger: false, ...build });
  try {
    await configure?.(app);
    await app.ready();
  } catch (err) {
    // A start that failed still holds its database: close what did start.
    await app.close().catch(() => undefined);
    throw err;
  }
  return app;
}

/** The `server-pg` Vitest project sets TEST_DB=postgres; the `server` project always uses PGlite. */
export function usingPostgres(): boolean {
  return process.env.TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
}
