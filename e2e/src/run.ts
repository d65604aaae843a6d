// `npm test -w e2e`: starts the built server once to migrate and seed a data directory, then runs
// the journeys (node:test); every test file's server starts on a copy of that directory instead
// of migrating and seeding its own. `npm test -w e2e -- tests/a.test.ts …` runs only those files.
//
// Files that call `useSharedHarness()` (they only read, or write only a user of their own) run
// together in one process, on one server started here and one Chromium: a server start, a
// Chromium and a test process cost about 9 CPU-seconds per file (decision record 0029).
// `E2E_SHARED_GROUPS` (default 1) splits them over that many processes, all on the one server.
// The other files (`useHarness()`, a server each) also run together in one process and share its
// Chromium, one file after another, each inside a suite of its own: the file's hooks belong to
// that suite, so its server starts when the file begins and stops when it ends, rather than every
// file's server running (and polling) from the first test to the last.
// `E2E_OWN_SERVER_GROUPS` (default 1) splits them likewise.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SERVER_ENTRY, SHARED_SERVER_ENV, startServer, TEMPLATE_ENV } from './server.ts';

const E2E = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
/** Test processes run at once (README: Test). */
const CONCURRENCY = Number(process.env.E2E_CONCURRENCY ?? 2);
const SHARED_GROUPS = Math.max(1, Number(process.env.E2E_SHARED_GROUPS) || 1);
const OWN_SERVER_GROUPS = Math.max(1, Number(process.env.E2E_OWN_SERVER_GROUPS) || 1);

if (!existsSync(SERVER_ENTRY)) {
  console.error(`${SERVER_ENTRY} is missing: run \`npm run build\` first (or \`npm run test:e2e\`).`);
  process.exit(1);
}

const size = (f: string) => statSync(resolve(E2E, f)).size;
// Longest files first (size stands in for duration), so the last one to finish starts early.
const files = (
  process.argv.length > 2
    ? process.argv.slice(2)
    : readdirSync(join(E2E, 'tests'))
        .filter((f) => f.endsWith('.test.ts'))
        .map((f) => join('tests', f))
).sort((a, b) => size(b) - size(a));
const sharing = files.filter((f) => /\buseSharedHarness\(/.test(readFileSync(resolve(E2E, f), 'utf8')));
const alone = files.filter((f) => !sharing.includes(f));

const t0 = Date.now();
const template = await startServer({}, { fromTemplate: false });
await template.stop({ keepData: true });
console.log(`e2e: seeded data directory ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

const env: NodeJS.ProcessEnv = { ...process.env, [TEMPLATE_ENV]: template.dataDir };
const groupDir = mkdtempSync(join(tmpdir(), 'medportal-e2e-groups-'));
const entries: string[] = [];
let sharedServer: Awaited<ReturnType<typeof startServer>> | undefined;
/**
 * Writes entries that each import a share of `group` (longest first onto the least loaded). One
 * process imports its entry's files, so their tests run one file after another (each file's own
 * `describe` concurrency still holds). `scoped` imports each file inside a suite of its own.
 */
function entriesFor(group: string[], count: number, name: string, says: string, scoped: boolean): void {
  const groups = Array.from({ length: Math.min(count, group.length) }, () => ({ files: [] as string[], load: 0 }));
  for (const f of group) {
    const g = groups.reduce((a, b) => (b.load < a.load ? b : a));
    g.files.push(f);
    g.load += size(f);
  }
  for (const [i, g] of groups.entries()) {
    const entry = join(groupDir, `${name}-${i + 1}.test.mjs`);
    const href = (f: string) => JSON.stringify(pathToFileURL(resolve(E2E, f)).href);
    // A file imported inside a suite registers its top-level hooks on that suite.
    const source = scoped
      ? [
          `import { describe } from 'node:test';`,
          `import { holdProcessBrowser } from ${href('src/harness.ts')};`,
          'holdProcessBrowser();',
          ...g.files.map((f) => `describe(${JSON.stringify(f)}, async () => {\n  await import(${href(f)});\n});`),
        ].join('\n')
      : g.files.map((f) => `import ${href(f)};`).join('\n');
    writeFileSync(entry, `${source}\n`);
    entries.push(entry);
    console.log(`e2e: ${entry.split('/').pop()} runs ${g.files.join(', ')} ${says}`);
  }
}
if (sharing.length > 0) {
  sharedServer = await startServer({}, { fromTemplate: true });
  env[SHARED_SERVER_ENV] = JSON.stringify({ url: sharedServer.url, dataDir: sharedServer.dataDir });
  // Not scoped: the files share one harness, whose hooks the first of them registers.
  entriesFor(sharing, SHARED_GROUPS, 'shared-server', 'on one server', false);
}
entriesFor(alone, OWN_SERVER_GROUPS, 'own-servers', 'each on a server of its own, one at a time', true);

const code = await new Promise<number>((done) => {
  const child = spawn(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${CONCURRENCY}`, ...entries], {
    cwd: E2E,
    stdio: 'inherit',
    env,
  });
  child.on('exit', (c, signal) => done(c ?? (signal ? 1 : 0)));
});
let exit = code;
if (sharedServer) {
  if (sharedServer.child.exitCode !== null || sharedServer.child.signalCode !== null) {
    console.error(`the shared server exited early (${sharedServer.child.exitCode ?? sharedServer.child.signalCode}):\n${sharedServer.output()}`);
    exit ||= 1;
  }
  await sharedServer.stop();
}
rmSync(groupDir, { recursive: true, force: true });
rmSync(template.dataDir, { recursive: true, force: true });
process.exit(exit);
