import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testConfig, type TestConfigOverrides } from './build-test-app.ts';
import { databaseUrl, withAdmin } from './template.ts';

export interface TwoProcesses {
  a: FastifyInstance;
  b: FastifyInstance;
  /** The scratch database's URL, for a test's own admin connection. */
  url: string;
}

/**
 * Two apps on one scratch PostgreSQL database, created before the suite and dropped after it,
 * as two API processes would share it. The first migrates, the second finds it done. Read the
 * fields inside tests (they are set in beforeAll).
 */
export function twoProcessesOnPostgres(adminUrl: string, label: string, overrides: TestConfigOverrides = {}): TwoProcesses {
  const dbName = `${process.env.TEST_DB_PREFIX ?? 'mpt_'}${label}_${randomBytes(5).toString('hex')}`;
  const url = databaseUrl(adminUrl, dbName);
  const both = { url } as TwoProcesses;
  beforeAll(async () => {
    await withAdmin(adminUrl, (c) => c.query(`create database "${dbName}"`));
    const make = async () => {
      const app = await buildApp(testConfig({ db: { driver: 'postgres', url }, ...overrides }), { logger: false, seed: false });
      await app.ready();
      return app;
    };
    both.a = await make();
    both.b = await make();
  }, 180_000);
  afterAll(async () => {
    await Promise.allSettled([both.a?.close(), both.b?.close()]);
    await withAdmin(adminUrl, (c) => c.query(`drop database if exists "${dbName}" with (force)`));
  });
  return both;
}
