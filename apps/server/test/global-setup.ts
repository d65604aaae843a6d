import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildPgliteTemplates, buildPostgresTemplates, dropPostgresRun, type Templates } from './template.ts';

/**
 * Migrates and seeds once per run into templates that every test app copies (test/template.ts).
 * Made afresh each run, so a changed migration or seed can never leave a stale template behind.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const now = new Date();
  const report = (what: string) => process.stdout.write(`${project.name}: ${what} templates ready in ${((Date.now() - now.getTime()) / 1000).toFixed(1)} s\n`);
  const url = process.env.TEST_DATABASE_URL;
  if (project.config.env?.TEST_DB === 'postgres' && url) {
    const { prefix, databases } = await buildPostgresTemplates(url, now);
    project.provide('templates', { seededAt: now.getTime(), postgres: { url, prefix, databases } } satisfies Templates);
    report('PostgreSQL');
    return () => dropPostgresRun(url, prefix);
  }
  const dir = mkdtempSync(join(tmpdir(), 'medportal-templates-'));
  try {
    project.provide('templates', { seededAt: now.getTime(), pglite: await buildPgliteTemplates(now, dir) } satisfies Templates);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  report('PGlite');
  return async () => rmSync(dir, { recursive: true, force: true });
}
