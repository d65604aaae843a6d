import { createHash } from 'node:crypto';
import { ErrorCode } from '@medportal/contract';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import * as repo from './money.repository.ts';

/** Keys sorted, so the same request always hashes alike. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** What an Idempotency-Key is bound to: the endpoint and the request body (without the pay password). */
export function requestHash(endpoint: string, body: Record<string, unknown>): string {
  const { pay_password: _secret, ...rest } = body;
  return createHash('sha256').update(`${endpoint}\n${canonical(rest)}`).digest('hex');
}

/**
 * Claims an Idempotency-Key in the transaction: null when it is new (the caller goes on and
 * stores its result with storeKey), the stored result when the same request ran before (a
 * concurrent first run is waited for by the unique index), IDEMPOTENCY_KEY_REUSED for a different request.
 */
export async function claimKey(tx: Tx, userId: number, key: string, hash: string, now: Date): Promise<{ response: unknown } | null> {
  const row = await repo.claimKey(tx, { userId, key, hash, now });
  if (row === null) return null;
  if (!row) throw new AppError(ErrorCode.CONFLICT);
  if (row.requestHash !== hash) throw new AppError(ErrorCode.IDEMPOTENCY_KEY_REUSED);
  return { response: row.response };
}

export { storeKey } from './money.repository.ts';
