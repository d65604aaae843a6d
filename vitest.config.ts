import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

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
            'src/lib/page-render.test.ts',
            'src/lib/payments/alipay.test.ts',
            'src/lib/payments/config.test.ts',
            'src/lib/payments/provider-support.test.ts',
            'src/lib/payments/providers.test.ts',
            'src/lib/payments/wechatpay-v3.test.ts',
            'src/lib/public-cache.test.ts',
            'src/lib/sanitize-html.test.ts',
            'src/modules/credits/credits.rules.test.ts',
            'src/modules/search/tokenizer.test.ts',
            'src/modules/wechat/wechat.real.test.ts',
            'test/server-process.test.ts',
          ],
        },
      },
    ]
  : [];

/**
 * Files that take far longer than their size says (they start server processes, crash and restart
 * them, or hash passwords): first within their project, so none of them starts last. Without
 * Vitest's cache of past durations (a fresh clone) files are otherwise ordered by size.
 */
const SLOW_FILES = [
  'test/server-process.test.ts',
  'test/money-crash.test.ts',
  'src/modules/auth/auth.routes.test.ts',
  'test/accounts.test.ts',
  'test/live-room.routes.test.ts',
  'src/modules/money/money.routes.test.ts',
  'test/seed.test.ts',
  'test/security.test.ts',
];

class StageSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Projects keep the base order (a worker is kept for the next file only within a project).
    const projects = [...new Set(sorted.map((f) => f.project.name))];
    const slow = (f: TestSpecification) => {
      const i = SLOW_FILES.findIndex((name) => f.moduleId.endsWith(`/${name}`));
      return i < 0 ? SLOW_FILES.length : i;
    };
    // Array.prototype.sort is stable: the base order stays within each rank.
    return sorted.sort((a, b) => projects.indexOf(a.project.name) - projects.indexOf(b.project.name) || slow(a) - slow(b));
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: StageSequencer },
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
