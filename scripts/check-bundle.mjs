// The public pages' JavaScript stays free of the form libraries (decision records 0002, 0074):
// zod, react-hook-form and the contract's schemas may only be reached through lazy form routes.
// Walks the static imports of the entry and of the public routes' chunks in the Vite manifest and
// reads each chunk's source map. Runs after the web build (`npm run build -w apps/web`).
import { readFileSync } from 'node:fs';

const dist = new URL('../apps/web/dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));
const FORBIDDEN = [/node_modules[\\/]zod[\\/]/, /node_modules[\\/]react-hook-form[\\/]/, /node_modules[\\/]@hookform[\\/]/, /features[\\/][^\\/]+[\\/]lib[\\/]forms\.ts$/];
// The entry and the routes a reader lands on (their lazy route modules).
const PUBLIC = ['index.html', ...Object.keys(manifest).filter((k) => /features[\\/](home|courses|news|lives|search|speakers)[\\/]pages[\\/]/.test(k))];

const seen = new Set();
const problems = [];
function walk(key, from) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no ${key}`);
  const map = JSON.parse(readFileSync(new URL(`${chunk.file}.map`, dist), 'utf8'));
  for (const source of map.sources) if (FORBIDDEN.some((re) => re.test(source))) problems.push(`${chunk.file} (reached from ${from}) holds ${source}`);
  for (const next of chunk.imports ?? []) walk(next, from);
}
for (const key of PUBLIC) walk(key, key);
if (problems.length > 0) {
  console.error(`Form code in the public pages' JavaScript:\n${[...new Set(problems)].slice(0, 20).join('\n')}`);
  process.exit(1);
}
console.log(`check-bundle: ${seen.size} chunks of ${PUBLIC.length} public entries hold no form code`);
