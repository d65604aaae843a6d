// Bundles the server and the seed CLI into dist/ with the pure-JS npm dependencies inside: a start
// then reads a few files instead of resolving and loading some 700 modules (issue 33, decision
// 0077). Packages that read their own files at run time (WebAssembly, native code, fonts, worker
// scripts) and the large ones loaded only when used stay external, installed next to the app; so do
// the development dependencies. Swagger UI is bundled: plugins/openapi.ts names its files.
// `--outdir <dir>` (relative to apps/server, and inside it so the externals resolve) bundles elsewhere.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const root = new URL('.', import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8'));
const external = [
  '@electric-sql/pglite', // its .wasm and .data files
  '@node-rs/jieba', // native module and dictionaries
  '@resvg/resvg-wasm',
  '@embedpdf/fonts-sc',
  'pdfkit', // font metrics read from its directory
  'pino', // transports run in worker threads by file name
  '@fastify/cookie', // import()s CommonJS `cookie`, whose named exports a bundle's chunk would not have
  'libphonenumber-js', // required at first use (lib/phone.ts)
  // Loaded only when used: a start does not pay for them either way.
  'pg',
  'ioredis',
  '@tus/server',
  '@tus/file-store',
  '@digitalbazaar/*',
  '@digitalcredentials/*',
  'did-context',
  'alipay-sdk',
  'wechatpay-axios-plugin',
  // ws's optional native helpers
  'bufferutil',
  'utf-8-validate',
  ...Object.keys(pkg.devDependencies ?? {}),
];

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
  // CommonJS dependencies inside an ES module bundle call require for Node's built-ins.
  banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
  logLevel: 'warning',
});
// Response serialisers that need a schema validator, compiled once here rather than at a restart's first requests.
const out = new URL(`${outdir}/`, new URL('.', import.meta.url));
execFileSync(process.execPath, [new URL('precompile-serializers.mjs', out).pathname, new URL('serializers', out).pathname], { stdio: 'inherit' });
rmSync(new URL('precompile-serializers.mjs', out));
rmSync(new URL('precompile-serializers.mjs.map', out));
console.log(`built ${outdir}/server.mjs, ${outdir}/seed.mjs and ${outdir}/render-worker.mjs in ${Date.now() - started} ms`);
