// Bundles the server and the seed CLI into dist/. npm dependencies stay external (installed next to
// the app); @medportal/contract is bundled because it ships TypeScript source.
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const root = new URL('.', import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8'));
const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})].filter(
  (name) => name !== '@medportal/contract',
);

rmSync(new URL('dist/', import.meta.url), { recursive: true, force: true });

const started = Date.now();
await build({
  absWorkingDir: root,
  entryPoints: { server: 'src/server.ts', seed: 'src/seed-cli.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
  // Stack traces in logs point at src/ lines.
  banner: { js: 'process.setSourceMapsEnabled?.(true);' },
});
console.log(`built dist/server.mjs and dist/seed.mjs in ${Date.now() - started} ms`);
