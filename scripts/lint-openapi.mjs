// Lints the API document (what /openapi.json serves) with Redocly's recommended rules and ours
// (redocly.yaml); any error or warning fails. Run by `npm run lint`. The document is built from the
// contract's route registry without a database (apps/server/src/openapi-document.ts), so this takes
// a few seconds; the API test (apps/server/test/openapi.test.ts) lints the served one.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';

const ROOT = new URL('..', import.meta.url).pathname;
register();
const { contractDocument } = await import('../apps/server/src/openapi-document.ts');
const dir = mkdtempSync(join(tmpdir(), 'medportal-openapi-'));
try {
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(await contractDocument()));
  const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
  const res = spawnSync(process.execPath, [cli, 'lint', file, '--config', join(ROOT, 'redocly.yaml'), '--format', 'stylish', '--max-problems', '50'], {
    encoding: 'utf8',
    // Redocly reports usage when this is unset; a lint run has nothing to report.
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  const out = `${res.stdout}${res.stderr}`;
  // Zero warnings too: Redocly's exit status counts errors only.
  const clean = res.status === 0 && /Your API description is valid/.test(out) && !/warning/i.test(out.replace(/Deprecation warning[^\n]*/g, ''));
  if (!clean) {
    process.stderr.write(out);
    console.error('lint-openapi: the API document has problems (see above)');
    process.exit(1);
  }
  console.log('lint-openapi: the API document passes redocly lint (recommended) with no problems');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
