process.setSourceMapsEnabled?.(true);
import {
  ConfigError,
  DataDirLockedError,
  acquireDataDirLock,
  contentCounts,
  ensureDepartmentTree,
  loadConfig,
  openDatabase,
  resetAndSeed,
  runMigrations,
  seedIfEmpty
} from "./chunk-WNEDNSWA.mjs";
import "./chunk-YR35MJNV.mjs";

// src/seed-cli.ts
async function main() {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => a !== "--reset");
  if (unknown.length) {
    console.error(`usage: seed [--reset]   (unknown: ${unknown.join(" ")})`);
    return 2;
  }
  const reset = args.includes("--reset");
  let lock;
  try {
    const config = loadConfig();
    if (config.db.driver === "pglite") lock = acquireDataDirLock(config.dataDir);
    const database = await openDatabase(config.db);
    try {
      await runMigrations(database);
      const opts = { now: /* @__PURE__ */ new Date(), demoAccounts: config.env !== "production" };
      if (reset) await resetAndSeed(database, opts);
      const seeded = reset || await seedIfEmpty(database, opts);
      await ensureDepartmentTree(database.db);
      const counts = await contentCounts(database.db);
      console.log(
        `${seeded ? reset ? "reseeded" : "seeded" : "already has content, left as is (use --reset to reseed)"}: ` + Object.entries(counts).map(([t, n]) => `${t}=${n}`).join(" ")
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
  (err) => {
    console.error("seed failed:", err);
    process.exit(1);
  }
);
//# sourceMappingURL=seed.mjs.map
