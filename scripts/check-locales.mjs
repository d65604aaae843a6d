// Keeps the zh and en locale files of the web app in step: same namespaces, same keys,
// no empty strings. Run by `npm run lint`.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../apps/web/src/locales/', import.meta.url).pathname;
const langs = ['zh', 'en'];

function keys(obj, prefix = '') {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [[`${prefix}${k}`, v]],
  );
}

if (!existsSync(root)) {
  console.error(`check-locales: ${root} not found`);
  process.exit(1);
}
const problems = [];
const namespaces = new Set(langs.flatMap((l) => readdirSync(join(root, l)).filter((f) => f.endsWith('.json'))));
for (const ns of namespaces) {
  const maps = {};
  for (const lang of langs) {
    const file = join(root, lang, ns);
    if (!existsSync(file)) {
      problems.push(`${lang}/${ns} is missing`);
      continue;
    }
    maps[lang] = new Map(keys(JSON.parse(readFileSync(file, 'utf8'))));
  }
  if (!maps.zh || !maps.en) continue;
  for (const [a, b] of [['zh', 'en'], ['en', 'zh']]) {
    for (const [k, v] of maps[a]) {
      if (!maps[b].has(k)) problems.push(`${b}/${ns}: missing key "${k}" (present in ${a})`);
      if (v === '') problems.push(`${a}/${ns}: empty value for "${k}"`);
    }
  }
}
if (problems.length) {
  console.error(`Locale files differ:\n  ${[...new Set(problems)].join('\n  ')}`);
  process.exit(1);
}
console.log(`locales ok: ${namespaces.size} namespaces in ${langs.join(' and ')}`);
