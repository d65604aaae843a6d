import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite.precompress.ts';

const API_ORIGIN = process.env.API_ORIGIN ?? 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : [react(), precompress()],
  server: {
    proxy: Object.fromEntries(['/v1', '/v2', '/media', '/healthz'].map((p) => [p, { target: API_ORIGIN, changeOrigin: true }])),
  },
  // The server renderer (entry-server.tsx) is one self-contained file: nothing to resolve at run time.
  ssr: { noExternal: true },
  // The renderer always runs React's production build, whatever NODE_ENV the server has.
  define: isSsrBuild ? { 'process.env.NODE_ENV': '"production"' } : {},
  build: isSsrBuild
    ? { outDir: 'dist-ssr', target: 'node20', sourcemap: true, emptyOutDir: true, copyPublicDir: false }
    : {
    // The size report reads the manifest to find the home route's initial chunks.
    manifest: true,
    // One style sheet for every page: a server-rendered page must be styled when it first paints,
    // before the code of its route (which used to bring that route's styles) has loaded.
    // ~22 KB with brotli, against ~5 KB for the entry's own sheet.
    cssCodeSplit: false,
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry loads statically stays in one chunk. Without this, modules the lazy
          // account routes share with the entry (api-client, session, i18n, contract codes, react,
          // router) were split into common chunks, costing ~2.5 KB gzipped on the home route.
          // `$initial` only matches the entry's static graph, so lazy routes stay lazy.
          groups: [
            { name: 'app', tags: ['$initial'] },
            // Small shared modules that several lazy routes use (formatters, skeleton, error state,
            // links) go in one chunk: each would otherwise be a request whose headers outweigh it.
            {
              name: 'shared',
              // Not the player, payment and form code, nor the personal centre's page frame
              // (section-page): only their own pages need it, and the home route loads this chunk. Of
              // the contract, only its zod-free modules: the schemas (and zod) stay with the form
              // pages (decision 0074).
              test: (id) =>
                (/apps[\\/]web[\\/]src[\\/]shared[\\/].*\.tsx?$/.test(id) && !/[\\/](payment|player|forms)[\\/]/.test(id) && !/[\\/]section-page\.tsx$/.test(id)) ||
                /packages[\\/]contract[\\/]src[\\/](routes|admin-routes|codes|constants|format)\.ts$/.test(id),
              minShareCount: 2,
              maxModuleSize: 4 * 1024,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
}));
