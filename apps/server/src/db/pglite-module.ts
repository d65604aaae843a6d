import { readFile } from 'node:fs/promises';

let compiling: Promise<WebAssembly.Module> | null = null;

/** The global WebAssembly object (the project's TypeScript libs declare only its types). */
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } }).WebAssembly;

/**
 * Starts compiling PGlite's WebAssembly (9 MB) on V8's background threads, so that it overlaps
 * with loading the rest of the server instead of following it (decision record 0077). The server
 * entry calls it as soon as it knows the database is PGlite; openDatabase() then uses the module.
 */
export function precompilePglite(): void {
  compiling ??= readFile(new URL(import.meta.resolve('@electric-sql/pglite/pglite.wasm'))).then((bytes) => wasm.compile(bytes));
  // A failure shows when PGlite loads the file itself.
  compiling.catch(() => undefined);
}

/** The compiled module when precompilePglite() ran and succeeded; otherwise PGlite loads its own. */
export async function precompiledPglite(): Promise<WebAssembly.Module | undefined> {
  return compiling?.catch(() => undefined);
}
