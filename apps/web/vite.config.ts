import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const API_ORIGIN = process.env.API_ORIGIN ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: Object.fromEntries(['/v1', '/v2', '/media', '/healthz'].map((p) => [p, { target: API_ORIGIN, changeOrigin: true }])),
  },
  build: {
    // The size report reads the manifest to find the home route's initial chunks.
    manifest: true,
    target: 'es2022',
    sourcemap: true,
  },
});
