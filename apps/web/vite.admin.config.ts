import { rename } from 'node:fs/promises';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite.precompress.ts';

/**
 * The operator console (decision record 0063): a build of its own from admin.html into
 * dist/admin, served at /admin/*. Nothing here reaches the public pages' build (vite.config.ts),
 * which runs first and empties dist; this one must not empty it.
 */

const API_ORIGIN = process.env.API_ORIGIN ?? 'http://localhost:3000';

/** The page is built as admin.html (its source name); the server answers every /admin URL with dist/admin/index.html. */
function pageAsIndex(): Plugin {
  let outDir = 'dist/admin';
  return {
    name: 'medportal:admin-index',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      await rename(resolve(outDir, 'admin.html'), resolve(outDir, 'index.html'));
    },
  };
}

export default defineConfig({
  base: '/admin/',
  plugins: [react(), pageAsIndex(), precompress()],
  server: {
    proxy: Object.fromEntries(['/v1', '/v2', '/media', '/healthz'].map((p) => [p, { target: API_ORIGIN, changeOrigin: true }])),
  },
  publicDir: false,
  build: {
    outDir: 'dist/admin',
    emptyOutDir: false,
    // Its own manifest (dist/admin/.vite/manifest.json): the size report reads the public one only.
    manifest: true,
    target: 'es2022',
    sourcemap: true,
    // antd is one ~1.1 MB chunk (~300 KB with brotli), loaded once and kept (immutable): the
    // console is a desktop tool for staff, not a page a visitor waits for.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      input: resolve(import.meta.dirname, 'admin.html'),
      output: {
        codeSplitting: {
          // antd and refine change less often than the console's own code: separate, long-cached chunks.
          groups: [
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|rc-[a-z-]+|@rc-component)[\\/]/ },
            { name: 'refine', test: /node_modules[\\/](@refinedev|@tanstack)[\\/]/ },
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
});
