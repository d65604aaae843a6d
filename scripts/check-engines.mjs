// Every installed package must run on the oldest Node the project supports (root `engines.node`):
// npm only warns (EBADENGINE) when a dependency asks for more, and the warning scrolls away.
// Reads package-lock.json, which records each package's `engines`. Run by `npm run lint`.
import { readFileSync } from 'node:fs';
import semver from 'semver';

const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const root = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const oldest = semver.minVersion(root.engines.node);

const problems = Object.entries(lock.packages)
  .filter(([path, pkg]) => path !== '' && typeof pkg.engines?.node === 'string')
  .filter(([, pkg]) => !semver.satisfies(oldest, pkg.engines.node, { includePrerelease: true }))
  .map(([path, pkg]) => `${path.replace(/^.*node_modules\//, '')}@${pkg.version ?? '(workspace)'} needs node ${pkg.engines.node}`);

if (problems.length > 0) {
  console.error(`check-engines: these need a newer Node than ${oldest} (package.json engines.node ${root.engines.node}):`);
  for (const p of problems) console.error(`  ${p}`);
  console.error('Pin a version that supports it (package.json "overrides" or the dependency itself).');
  process.exit(1);
}
