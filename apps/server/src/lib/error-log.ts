import { DrizzleQueryError } from 'drizzle-orm';
import { stdSerializers } from 'pino';

/**
 * The logger's `err` serializer. Database errors are reduced to what names our own schema and code
 * (SQLSTATE, constraint, table, column, the SQL text with its $n placeholders, the stack frames),
 * never the bound parameters, the DETAIL line or a message quoting a value: those carry what users
 * typed (names, numbers, message text) and must not end up in log storage.
 */
export function serializeError(err: Error): SerializedError {
  if (err instanceof DrizzleQueryError) {
    return {
      type: 'DrizzleQueryError',
      message: 'database query failed',
      query: err.query.length > MAX_QUERY ? `${err.query.slice(0, MAX_QUERY)}…` : err.query,
      stack: framesOf(err),
      ...(err.cause !== undefined ? { cause: serializeCause(err.cause) } : {}),
    };
  }
  if (isDatabaseError(err)) {
    const fields: Record<string, unknown> = {};
    for (const key of DB_FIELDS) {
      const value = (err as unknown as Record<string, unknown>)[key];
      if (typeof value === 'string' && value !== '') fields[key] = value;
    }
    return { type: err.constructor.name, message: dbMessage(err.message, fields.code as string), ...fields, stack: framesOf(err) };
  }
  if (err.cause === undefined) return stdSerializers.err(err) as SerializedError;
  // pino's serializer folds the causes' messages into this one; serialise each on its own instead.
  const out: Record<string, unknown> = { type: err.constructor.name, message: err.message, stack: err.stack };
  for (const [key, value] of Object.entries(err)) {
    if (key !== 'cause' && !(key in out) && !(value instanceof Error)) out[key] = value;
  }
  out.cause = serializeCause(err.cause);
  return out as SerializedError;
}

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

function serializeCause(cause: unknown): unknown {
  return cause instanceof Error ? serializeError(cause) : cause;
}

const MAX_QUERY = 2000;

/** PostgreSQL error fields (node-postgres and PGlite name them alike) that never hold a value. */
const DB_FIELDS = ['code', 'severity', 'routine', 'schema', 'table', 'column', 'dataType', 'constraint'] as const;

const SQLSTATE = /^[0-9A-Z]{5}$/;

function isDatabaseError(err: Error): boolean {
  const e = err as Error & { code?: unknown; severity?: unknown };
  return typeof e.code === 'string' && SQLSTATE.test(e.code) && typeof e.severity === 'string';
}

/**
 * Class 22 (data exception) messages quote the offending input (`invalid input syntax for type
 * integer: "…"`); their quoted parts are dropped. Other classes quote only identifiers of our schema.
 */
function dbMessage(message: string, code: string): string {
  return code.startsWith('22') ? message.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '"…"') : message;
}

/** The stack without its first lines, which repeat the message (and with it the parameters). */
function framesOf(err: Error): string {
  return (err.stack ?? '')
    .split('\n')
    .filter((line) => line.startsWith('    at '))
    .join('\n');
}
