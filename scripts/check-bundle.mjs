// The public pages' JavaScript stays free of the form libraries (decision records 0002, 0074):
// zod, react-hook-form and the contract's schemas may only be reached through lazy form routes.
// Walks the static imports of the entry and of the public routes' chunks in the Vite manifest and
// reads each chunk's source map. Runs after the web build (`npm run build -w apps/web`).
import { existsSync, readFileSync } from 'node:fs';

const dist = new URL('../apps/web/dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));
const FORBIDDEN = [/node_modules[\\/]zod[\\/]/, /node_modules[\\/]react-hook-form[\\/]/, /node_modules[\\/]@hookform[\\/]/, /features[\\/][^\\/]+[\\/]lib[\\/]forms\.ts$/];
// The entry (the chunks index.html loads: with a top-level await in the entry, the manifest keys
// it by its chunk, not by index.html) and the routes a reader lands on (their lazy route modules).
const html = readFileSync(new URL('index.html', dist), 'utf8');
const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
const ENTRY = [...html.matchAll(/<script type="module"[^>]* src="\/([^"]+)"/g)].map((m) => byFile.get(m[1]) ?? m[1]);
const PUBLIC = [...ENTRY, ...Object.keys(manifest).filter((k) => /features[\\/](home|courses|news|lives|search|speakers)[\\/]pages[\\/]/.test(k))];

const seen = new Set();
const problems = [];
function walk(key, from) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no ${key}`);
  const mapFile = new URL(`${chunk.file}.map`, dist);
  // The bundler's runtime chunk has no source map (no sources of ours).
  const map = existsSync(mapFile) ? JSON.parse(readFileSync(mapFile, 'utf8')) : { sources: [] };
  for (const source of map.sources) if (FORBIDDEN.some((re) => re.test(source))) problems.push(`${chunk.file} (reached from ${from}) holds ${source}`);
  for (const next of chunk.imports ?? []) walk(next, from);
}
for (const key of PUBLIC) walk(key, key);
if (problems.length > 0) {
  console.error(`Form code in the public pages' JavaScript:\n${[...new Set(problems)].slice(0, 20).join('\n')}`);
  process.exit(1);
}
console.log(`check-bundle: ${seen.size} chunks of ${PUBLIC.length} public entries hold no form code`);
