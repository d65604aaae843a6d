import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    // Limits catch hangs, not slowness: at a load average of 20 on two cores, 14 of 30 files
    // failed on Vitest's default 5 s and all passed with this limit.
    testTimeout: 60_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
