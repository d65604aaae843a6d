import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Files share a worker's modules (a fresh process per file cost about 1.2 CPU-s each, most of
    // the project's time); vitest.fresh-modules.ts gives every file fresh app modules.
    isolate: false,
    setupFiles: ['./vitest.fresh-modules.ts', './src/testing/setup.ts'],
    // Limits catch hangs, not slowness: at a load average of 20 on two cores, 14 of 30 files
    // failed on Vitest's default 5 s and all passed with this limit.
    testTimeout: 60_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
