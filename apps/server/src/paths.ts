import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Directory of the server package (apps/server). Found by walking up from this module, so it is
 * the same whether the code runs from src/ through tsx or bundled in dist/server.mjs.
 */
export function serverRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && readFileSync(pkg, 'utf8').includes('"@medportal/server"')) return dir;
    dir = dirname(dir);
  }
  throw new Error(`cannot locate the @medportal/server package above ${fileURLToPath(import.meta.url)}`);
}

export const migrationsDir = (): string => join(serverRoot(), 'drizzle');
export const defaultWebDist = (): string => resolve(serverRoot(), '../web/dist');
