import { parse, type PGlite, protocol, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

/** Named statements kept at most; the least recently used is closed first. */
const STATEMENTS_MAX = 64;
/** "cached plan must not change result type": a table changed under a kept statement. */
const PLAN_CHANGED = '0A000';

interface Statement {
  name: string;
  /** Parameter type OIDs, as PostgreSQL inferred them when the statement was parsed. */
  types: number[];
}

type Query = PGlite['query'];

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * PGlite's `query` parses and plans every statement afresh, in six calls into its WebAssembly
 * PostgreSQL: for the short indexed reads most requests make, planning is most of the cost. This
 * keeps each SQL text as a named prepared statement (PostgreSQL then reuses its plan) and runs
 * it with one call: Bind, Describe, Execute and Sync in one message. Drizzle's SQL texts carry
 * their values as parameters, so the set of texts stays small; the cap bounds the rest.
 * Behaviour is PGlite's own: the same result parsing, the same errors, the same mutexes.
 */
export function keepStatements(client: PGlite): void {
  const statements = new Map<string, Statement>();
  let seq = 0;
  const original = client.query.bind(client);
  const originalTransaction = client.transaction.bind(client);

  const close = async (name: string): Promise<void> => {
    await client.execProtocolStream(concat([protocol.serialize.close({ type: 'S', name }), protocol.serialize.sync()]), { syncToFs: false });
  };

  const prepare = async (text: string): Promise<Statement> => {
    const name = `mp_${(seq += 1)}`;
    const messages = await client.execProtocolStream(
      concat([protocol.serialize.parse({ name, text, types: [] }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()]),
      { syncToFs: false },
    );
    const statement = { name, types: parse.parseDescribeStatementResults(messages) };
    statements.set(text, statement);
    if (statements.size > STATEMENTS_MAX) {
      const [oldText, old] = statements.entries().next().value as [string, Statement];
      statements.delete(oldText);
      await close(old.name);
    }
    return statement;
  };

  const execute = async (text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean, retry: boolean): Promise<Results> => {
      let statement = statements.get(text);
      if (statement) {
        // Recently used goes last.
        statements.delete(text);
        statements.set(text, statement);
      } else {
        statement = await prepare(text);
      }
      const types = statement.types;
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const oid = types[i] ?? 0;
        const serializer = options?.serializers?.[oid] ?? client.serializers[oid];
        return serializer ? serializer(value) : String(value);
      });
      let messages;
      try {
        messages = await client.execProtocolStream(
          concat([
            protocol.serialize.bind({ statement: statement.name, values }),
            protocol.serialize.describe({ type: 'P' }),
            protocol.serialize.execute({}),
            protocol.serialize.sync(),
          ]),
          { syncToFs: false },
        );
      } catch (err) {
        if ((err as { code?: unknown }).code === PLAN_CHANGED) {
          // Parsed anew next time; this one goes (closing is allowed in a failed transaction too).
          statements.delete(text);
          await close(statement.name).catch(() => undefined);
          // Outside a transaction nothing was done: ask once more with the text parsed anew.
          if (retry) return execute(text, params, options, inTransaction, false);
        }
        throw err;
      }
      if (!inTransaction) await client.syncToFs();
      return parse.parseResults(messages, client.parsers, options)[0] as Results;
    };

  const run = async (text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results> =>
    client._runExclusiveQuery(() => execute(text, params, options, inTransaction, !inTransaction));

  // Queries with a blob (COPY) or explicit parameter types keep PGlite's own path.
  const simple = (options: QueryOptions | undefined) => !options?.blob && !options?.paramTypes;

  client.query = (async (text: string, params: unknown[] = [], options?: QueryOptions) => {
    if (!simple(options)) return original(text, params, options);
    await client.waitReady;
    return client._runExclusiveTransaction(() => run(text, params, options, false));
  }) as Query;

  client.transaction = (async <T>(callback: (tx: Transaction) => Promise<T>) =>
    originalTransaction((tx) => {
      const own = tx.query.bind(tx);
      const query = (async (text: string, params: unknown[] = [], options?: QueryOptions) =>
        simple(options) ? run(text, params, options, true) : own(text, params, options)) as Transaction['query'];
      return callback(new Proxy(tx, { get: (target, key) => (key === 'query' ? query : Reflect.get(target, key)) }));
    })) as PGlite['transaction'];
}
