// Bundles the server and the seed CLI into dist/. npm dependencies stay external (installed next to
// the app); @medportal/contract is bundled because it ships TypeScript source.
// `--outdir <dir>` (relative to apps/server, and inside it so the externals resolve) bundles elsewhere.
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const root = new URL('.', import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8'));
const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})].filter(
  (name) => name !== '@medportal/contract',
);

const at = process.argv.indexOf('--outdir');
const outdir = at > 0 && process.argv[at + 1] ? process.argv[at + 1] : 'dist';
rmSync(new URL(`${outdir}/`, new URL('.', import.meta.url)), { recursive: true, force: true });

const started = Date.now();
await build({
  absWorkingDir: root,
  entryPoints: { server: 'src/server.ts', seed: 'src/seed-cli.ts', 'render-worker': 'src/render-worker.ts' },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  // Dynamic imports become chunks of their own, so what they import (payment SDKs) loads only when used.
  splitting: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
  // Stack traces in logs point at src/ lines.
  banner: { js: 'process.setSourceMapsEnabled?.(true);' },
});
console.log(`built ${outdir}/server.mjs, ${outdir}/seed.mjs and ${outdir}/render-worker.mjs in ${Date.now() - started} ms`);
