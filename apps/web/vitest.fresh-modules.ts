import { vi } from 'vitest';

// Test files share a worker's loaded modules (`isolate: false` in vitest.config.ts): the installed
// packages and jsdom load once per worker instead of once per file. The app's own modules keep
// state (stores, caches, the announcer), so every file starts from freshly evaluated ones.
vi.resetModules();
