import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Migrates and seeds once per run; each test app starts from a copy (test/template.ts).
    globalSetup: ['./test/global-setup.ts'],
    // Test files share a worker's loaded modules (and its compiled PGlite): a fresh process per
    // file cost about 4 s of CPU each. Every test builds its own app on its own database and
    // nothing is mocked, so files do not see each other's state.
    isolate: false,
    // Baseline WebAssembly code only: every test app loads PGlite, and optimising its WebAssembly
    // cost more than the tests gain from it (server project on PGlite: 165 -> 153 CPU-s; decision 0029).
    execArgv: ['--liftoff-only'],
    // Limits catch hangs, not slowness: scrypt-heavy tests take minutes on a shared 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
