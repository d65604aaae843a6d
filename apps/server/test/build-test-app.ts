import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { type AppConfig, type DbConfig, loadConfig } from '../src/config.ts';

/**
 * Where test data lives: a fresh in-memory PGlite, or, when TEST_DATABASE_URL is set, a throw-away
 * schema `t_<random>` on that PostgreSQL (dropped on close), so parallel test files never collide.
 */
export function testDbConfig(): DbConfig {
  const url = usingPostgres() ? process.env.TEST_DATABASE_URL : undefined;
  if (!url) return { driver: 'pglite', dataDir: null };
  return { driver: 'postgres', url, schema: `t_${randomBytes(6).toString('hex')}`, dropSchemaOnClose: true };
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    // A WEB_DIST that does not exist: API tests never depend on the web build.
    ...loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent/web-dist' }),
    db: testDbConfig(),
    // Uploaded files go to a fresh temporary directory, never to ./data.
    uploadsDir: mkdtempSync(join(tmpdir(), 'medportal-uploads-')),
    ...overrides,
  };
}

export interface TestAppOptions extends BuildOptions {
  config?: Partial<AppConfig>;
  /** Extra routes for a test, added before the app is readied. */
  configure?: (app: FastifyInstance) => void | Promise<void>;
}

export async function buildTestApp(opts: TestAppOptions = {}): Promise<FastifyInstance> {
  const { config, configure, ...build } = opts;
  const app = await buildApp(testConfig(config), { logger: false, ...build });
  await configure?.(app);
  await app.ready();
  // Searches answer from the in-memory index once it is loaded (in the background); tests that
  // look at the server while it loads hold it with `searchIndexGate`.
  if (!build.searchIndexGate) await searchReady(app);
  return app;
}

/** Waits until GET /readyz says the search index is loaded. */
export async function searchReady(app: FastifyInstance): Promise<void> {
  for (;;) {
    const res = await app.inject({ url: '/readyz' });
    if (res.statusCode === 200 && res.json().search === 'ready') return;
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The `server-pg` Vitest project sets TEST_DB=postgres; the `server` project always uses PGlite. */
export function usingPostgres(): boolean {
  return process.env.TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
}
