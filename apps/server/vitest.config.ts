import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // PGlite boots in about a second per app; PostgreSQL runs create a schema per app.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
