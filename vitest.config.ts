import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// The API suite runs on in-memory PGlite, and a second time on PostgreSQL when
// TEST_DATABASE_URL is set (each test app gets a throw-away schema there).
const postgresProject: TestProjectInlineConfiguration[] = process.env.TEST_DATABASE_URL
  ? [{ extends: './apps/server/vitest.config.ts', root: 'apps/server', test: { name: 'server-pg', env: { TEST_DB: 'postgres' } } }]
  : [];

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: 'packages/contract', environment: 'node', include: ['src/**/*.test.ts'] } },
      'apps/*/vitest.config.ts',
      ...postgresProject,
    ],
  },
});
