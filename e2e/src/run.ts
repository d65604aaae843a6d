// `npm test -w e2e`: starts the built server once to migrate and seed a data directory, then runs
// the journeys (node:test); every test file's server starts on a copy of that directory instead
// of migrating and seeding its own. `npm test -w e2e -- tests/a.test.ts …` runs only those files.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ENTRY, startServer, TEMPLATE_ENV } from './server.ts';

const E2E = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
/** Test files run at once; each has its own server and Chromium (README: Test). */
const CONCURRENCY = Number(process.env.E2E_CONCURRENCY ?? 2);

if (!existsSync(SERVER_ENTRY)) {
  console.error(`${SERVER_ENTRY} is missing: run \`npm run build\` first (or \`npm run test:e2e\`).`);
  process.exit(1);
}

// Longest files first (size stands in for duration), so the last one to finish starts early.
const files =
  process.argv.length > 2
    ? process.argv.slice(2)
    : readdirSync(join(E2E, 'tests'))
        .filter((f) => f.endsWith('.test.ts'))
        .map((f) => join('tests', f))
        .sort((a, b) => statSync(join(E2E, b)).size - statSync(join(E2E, a)).size);

const t0 = Date.now();
const template = await startServer({}, { fromTemplate: false });
await template.stop({ keepData: true });
console.log(`e2e: seeded data directory ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

const code = await new Promise<number>((done) => {
  const child = spawn(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${CONCURRENCY}`, ...files], {
    cwd: E2E,
    stdio: 'inherit',
    env: { ...process.env, [TEMPLATE_ENV]: template.dataDir },
  });
  child.on('exit', (c, signal) => done(c ?? (signal ? 1 : 0)));
});
rmSync(template.dataDir, { recursive: true, force: true });
process.exit(code);
