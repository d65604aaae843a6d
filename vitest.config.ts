import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// The API suite runs on in-memory PGlite, and a second time on PostgreSQL when
// TEST_DATABASE_URL is set (each test app gets its own database there, copied from a template).
const postgresProject: TestProjectInlineConfiguration[] = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: './apps/server/vitest.config.ts',
        root: 'apps/server',
        test: {
          name: 'server-pg',
          env: { TEST_DB: 'postgres' },
          // Files that never open the database would only run a second time unchanged (the
          // server processes of server-process.test.ts always use PGlite).
          exclude: [
            ...configDefaults.exclude,
            'src/lib/data-dir-lock.test.ts',
            'src/lib/format.test.ts',
            'src/lib/sanitize-html.test.ts',
            'src/modules/search/tokenizer.test.ts',
            'src/modules/wechat/wechat.real.test.ts',
            'test/server-process.test.ts',
          ],
        },
      },
    ]
  : [];

export default defineConfig({
  test: {
    // Vitest leaves a core to itself by default, which on two cores runs one file at a time; its
    // own process mostly waits, so use every core. At least three: the API files spend much of
    // their time waiting on PostgreSQL and on server processes they start, and `npm test` runs
    // this stage beside e2e, whose share of the cores it should not fall far behind.
    maxWorkers: Math.max(3, availableParallelism() - 1),
    projects: [
      { test: { name: 'contract', root: 'packages/contract', environment: 'node', include: ['src/**/*.test.ts'], isolate: false } },
      'apps/*/vitest.config.ts',
      ...postgresProject,
    ],
  },
});
