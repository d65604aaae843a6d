// `npm run audit:ledger`: checks the money invariants over the whole database (decision record
// 0026) — every wallet equals the sum of its bill, nothing negative, every order paid at most
// once, every notification applied at most once, every points balance equals its score log —
// and exits 1 on any violation (2 when it cannot look). Reads DATABASE_URL, else the PGlite data
// under DATA_DIR (refused while a server holds it).
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { acquireDataDirLock } from '../apps/server/src/lib/data-dir-lock.ts';
import { auditLedger } from '../apps/server/src/modules/money/index.ts';
import { auditPoints } from '../apps/server/src/modules/rewards/index.ts';

async function main() {
  const config = loadConfig();
  const lock = config.db.driver === 'pglite' ? acquireDataDirLock(config.dataDir) : null;
  const database = await openDatabase(config.db);
  try {
    const audit = await auditLedger(database.db);
    // Credit points keep a ledger of their own (decision record 0028): checked alongside.
    audit.violations.push(...(await auditPoints(database.db)));
    const where = config.db.driver === 'pglite' ? config.db.dataDir : new URL(config.db.url).pathname.slice(1);
    console.log(`audit:ledger ${where}: ${audit.wallets} wallets, ${audit.transactions} ledger rows, ${audit.orders} orders`);
    if (audit.violations.length === 0) {
      console.log('audit:ledger ok: every invariant holds');
      return 0;
    }
    for (const v of audit.violations) console.error(`VIOLATION ${v.rule}: ${JSON.stringify(v.detail)}`);
    console.error(`audit:ledger FAILED: ${audit.violations.length} violation(s)`);
    return 1;
  } finally {
    await database.close();
    lock?.release();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error('audit:ledger could not run:', err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
