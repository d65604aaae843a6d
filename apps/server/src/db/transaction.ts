import type { Db, Tx } from './client.ts';

/** SQLSTATEs after which the whole transaction may simply run again: deadlock, serialization failure. */
const RETRYABLE = new Set(['40P01', '40001']);

/** Whether `err` (or a cause drizzle wrapped it in) is a deadlock or serialization failure. */
export function isRetryableTxError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE.has(code)) return true;
  }
  return false;
}

export interface TransactionOptions {
  /** Runs after the first; default 3. */
  retries?: number;
}

/**
 * Runs `fn` in a transaction, and again (a bounded number of times, after a short random pause)
 * when PostgreSQL aborts it as a deadlock victim or for a serialization failure: the database
 * rolled everything back, so the retry starts clean. `fn` must only touch the database (a retry
 * repeats it whole). Lock order still matters: retries are the safety net, not the fix.
 */
export async function transaction<T>(db: Db, fn: (tx: Tx) => Promise<T>, opts: TransactionOptions = {}): Promise<T> {
  const retries = opts.retries ?? 3;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await db.transaction(fn);
    } catch (err) {
      if (attempt >= retries || !isRetryableTxError(err)) throw err;
      // Jitter keeps the two victims of one deadlock from meeting again at once.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * (attempt + 1)));
    }
  }
}
