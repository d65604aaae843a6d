// drizzle-kit writes `"public".` in front of types and foreign-key targets. Our migrations must
// run in whatever schema search_path names (PostgreSQL test runs use one schema per test app), so
// the qualifier is removed after every `drizzle-kit generate`. test/migrations.test.ts checks it.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = new URL('../drizzle/', import.meta.url).pathname;
for (const name of readdirSync(dir).filter((f) => f.endsWith('.sql'))) {
  const file = join(dir, name);
  const sql = readFileSync(file, 'utf8');
  const out = sql.replaceAll('"public".', '');
  if (out !== sql) {
    writeFileSync(file, out);
    process.stdout.write(`unqualified ${name}\n`);
  }
}
