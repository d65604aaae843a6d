// Bundles the server and the seed CLI into dist/. npm dependencies stay external (installed next to
// the app); @medportal/contract is bundled because it ships TypeScript source.
// `--outdir <dir>` (relative to apps/server, and inside it so the externals resolve) bundles elsewhere.
import { execFileSync } from 'node:child_process';
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
  entryPoints: {
    server: 'src/server.ts',
    seed: 'src/seed-cli.ts',
    'render-worker': 'src/render-worker.ts',
    'precompile-serializers': 'src/precompile-serializers.ts',
  },
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
});
// Response serialisers that need a schema validator, compiled once here rather than at a restart's first requests.
const out = new URL(`${outdir}/`, new URL('.', import.meta.url));
execFileSync(process.execPath, [new URL('precompile-serializers.mjs', out).pathname, new URL('serializers', out).pathname], { stdio: 'inherit' });
rmSync(new URL('precompile-serializers.mjs', out));
rmSync(new URL('precompile-serializers.mjs.map', out));
console.log(`built ${outdir}/server.mjs, ${outdir}/seed.mjs and ${outdir}/render-worker.mjs in ${Date.now() - started} ms`);
