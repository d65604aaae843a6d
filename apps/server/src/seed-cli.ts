import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { acquireDataDirLock, type DataDirLock, DataDirLockedError } from './lib/data-dir-lock.ts';
import { announceCacheCleared } from './plugins/public-cache.ts';
import { ensureDepartmentTree } from './seed/department-tree.ts';
import { contentCounts, resetAndSeed, seedIfEmpty } from './seed/index.ts';

// Stack traces of what loads from here on (lazy chunks) point at src/ lines.
process.setSourceMapsEnabled?.(true);

/**
 * `node dist/seed.mjs [--reset]`: applies migrations, then seeds an empty database, or with
 * --reset empties the content tables and reseeds. Refuses while a server holds DATA_DIR.
 */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => a !== '--reset');
  if (unknown.length) {
    console.error(`usage: seed [--reset]   (unknown: ${unknown.join(' ')})`);
    return 2;
  }
  const reset = args.includes('--reset');

  let lock: DataDirLock | undefined;
  try {
    const config = loadConfig();
    if (config.db.driver === 'pglite') lock = acquireDataDirLock(config.dataDir);
    const database = await openDatabase(config.db);
    try {
      await runMigrations(database);
      const opts = { now: new Date(), demoAccounts: config.env !== 'production' };
      if (reset) await resetAndSeed(database, opts);
      const seeded = reset || (await seedIfEmpty(database, opts));
      await ensureDepartmentTree(database.db);
      const counts = await contentCounts(database.db);
      // Servers running on this PostgreSQL drop their prepared public payloads (decision record 0031).
      if (seeded) await announceCacheCleared(database, config);
      console.log(
        `${seeded ? (reset ? 'reseeded' : 'seeded') : 'already has content, left as is (use --reset to reseed)'}: ` +
          Object.entries(counts)
            .map(([t, n]) => `${t}=${n}`)
            .join(' '),
      );
    } finally {
      await database.close();
    }
    return 0;
  } catch (err) {
    if (err instanceof ConfigError || err instanceof DataDirLockedError) {
      console.error(`seed: ${err.message}`);
      return 1;
    }
    throw err;
  } finally {
    lock?.release();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('seed failed:', err);
    process.exit(1);
  },
);
