import { precompilePglite } from './db/pglite-module.ts';

// Process entry. Without DATABASE_URL the data is in PGlite (config.ts): its WebAssembly compiles
// on background threads while the rest of the server loads (decision record 0077).
if (!process.env.DATABASE_URL) precompilePglite();

try {
  const { main } = await import('./serve.ts');
  await main();
} catch (err: unknown) {
  console.error('medportal: failed to start:', err);
  process.exit(1);
}
