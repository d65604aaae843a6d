import { ErrorCode } from '@medportal/contract/codes';
import { isApiError } from '../../../shared/api-client';
import { errorText } from '../../../shared/errors';

/** The business code of a failed call, or null. */
export const errorCode = (error: unknown): number | null => (isApiError(error) && error.kind === 'business' ? error.code : null);

/** Seconds to wait from a RATE_LIMITED answer's `data.retry_after`, or null. */
export function retryAfter(error: unknown): number | null {
  if (errorCode(error) !== ErrorCode.RATE_LIMITED || !isApiError(error)) return null;
  const data = error.data as { retry_after?: unknown } | null | undefined;
  const seconds = Number(data?.retry_after);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}

/**
 * Messages for fields from a VALIDATION answer's `data.fields`, keyed by field name
 * (only the first message per field).
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (errorCode(error) !== ErrorCode.VALIDATION || !isApiError(error)) return {};
  const data = error.data as { fields?: { field?: unknown; message?: unknown }[] } | null | undefined;
  const out: Record<string, string> = {};
  for (const f of data?.fields ?? []) {
    if (typeof f.field === 'string' && typeof f.message === 'string') {
      const name = f.field.split('.').pop() ?? f.field;
      out[name] ??= f.message;
    }
  }
  return out;
}

export { errorText };
