import type { SearchModule } from '@medportal/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { onIndexWrite } from './search.indexer.ts';
import { type SearchSnapshot, SnapshotBuilder, type SnapshotDocument } from './search.snapshot.ts';
import { vectorLexemes } from './tokenizer.ts';

/**
 * This process's copy of the search index (decision record 0015). It loads the visible rows of
 * search_documents into a SearchSnapshot at start, then replays search_changes: at once after a
 * write through this process, and every `pollMs` for writes through other processes (several API
 * processes on one PostgreSQL). When enough has changed since the snapshot was built, it builds a
 * new one in the background and swaps it in.
 */

interface DocumentRow extends Record<string, unknown> {
  id: number;
  module: SearchModule;
  item_id: number;
  title_zh: string;
  title_en: string | null;
  boost: number | string;
  version: number | string;
  title_tsv: string;
  body_tsv: string;
}

interface ChangeRow {
  seq: number | string;
  module: string;
  item_id: number;
  /** The writing transaction (xid8 as text). */
  xid: string;
}

/** Where reading the change log goes on: every transaction below `horizon` had finished when it was read. */
interface ChangeLog {
  horizon: bigint;
  changes: ChangeRow[];
}

/** Where errors of the background work go (the app's logger). */
export interface IndexLogger {
  error(obj: object, msg: string): void;
}

const LOAD_BATCH = 5_000;
const DEFAULT_POLL_MS = 1_000;

const documentColumns = sql`id, module, item_id, title_zh, title_en, boost, (extract(epoch from updated_at) * 1000)::float8 as version,
  title_tsv::text as title_tsv, body_tsv::text as body_tsv`;

function toDocument(r: DocumentRow): SnapshotDocument {
  return {
    id: Number(r.id),
    module: r.module,
    itemId: Number(r.item_id),
    titleZh: r.title_zh,
    titleEn: r.title_en,
    boost: Number(r.boost),
    version: Number(r.version),
    titleLexemes: vectorLexemes(r.title_tsv),
    bodyLexemes: vectorLexemes(r.body_tsv),
  };
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Reads every visible document in result order: ids and boosts first, then the rows in id order,
 * the next batch read while this one is taken in.
 */
async function loadSnapshot(db: Db, signal?: AbortSignal): Promise<SearchSnapshot> {
  await yieldToEventLoop();
  const order = await queryRows<{ id: number; boost: number | string }>(db, sql`select id, boost from search_documents where visible`);
  order.sort((a, b) => Number(b.boost) - Number(a.boost) || b.id - a.id);
  const rank = new Map<number, number>();
  order.forEach((r, i) => rank.set(r.id, i));
  const builder = new SnapshotBuilder();
  const batch = (after: number) =>
    queryRows<DocumentRow>(db, sql`select ${documentColumns} from search_documents where visible and id > ${after} order by id limit ${LOAD_BATCH}`);
  let next = batch(0);
  for (;;) {
    const rows = await next;
    // The embedded database answers on this thread through promise callbacks alone: without a turn
    // of the event loop between batches, the server could not even listen until the load is over.
    await yieldToEventLoop();
    // Shutting down while loading: stop between batches.
    signal?.throwIfAborted();
    if (rows.length === LOAD_BATCH) next = batch((rows.at(-1) as DocumentRow).id);
    for (const r of rows) {
      const at = rank.get(r.id);
      // Made visible after the first read: the change log brings it in.
      if (at !== undefined) builder.add(at, toDocument(r));
    }
    if (rows.length < LOAD_BATCH) break;
  }
  return builder.build();
}

export interface SearchIndexOptions {
  /** How often other processes' writes are looked for; 0: only after this process's writes. */
  pollMs?: number;
  /** Slots changed since the snapshot was built before a new one is built. */
  maxDrift?: number;
  /** Failures of the background reads (polling, refresh); they are retried, never dropped silently. */
  log?: IndexLogger;
  /** Stops a load in progress (shutdown). */
  signal?: AbortSignal;
}

export class SearchIndex {
  private snapshot: SearchSnapshot;
  /** Changes applied whose transaction may still be read again (at or above the cursor), by seq. */
  private readonly seen = new Map<number, bigint>();
  /**
   * The horizon of the last read of the change log: every transaction below it had committed or
   * aborted, so each later read starts there. A transaction running at a read has an id at or
   * above it (or gets one later), however long it runs: it is read once it commits.
   */
  private cursor: bigint;
  private version = 0;
  private syncing: Promise<void> = Promise.resolve();
  private rebuilding = false;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly unsubscribe: () => void;

  private constructor(
    private readonly db: Db,
    snapshot: SearchSnapshot,
    read: ChangeLog,
    private readonly maxDrift: number,
    private readonly log: IndexLogger | undefined,
  ) {
    this.snapshot = snapshot;
    this.cursor = read.horizon;
    for (const c of read.changes) this.seen.set(Number(c.seq), BigInt(c.xid));
    this.unsubscribe = onIndexWrite(async (written) => {
      if (written === this.db) await this.sync();
    });
  }

  static async open(db: Db, options: SearchIndexOptions = {}): Promise<SearchIndex> {
    // Transactions below the horizon finished before the load: their changes are in it. Changes
    // visible now committed before the load too (a rebuild's as well: no second load); those
    // committed while it runs are read back from the log.
    const log = await changesSince(db, null);
    const index = new SearchIndex(db, await loadSnapshot(db, options.signal), log, options.maxDrift ?? 0, options.log);
    await index.sync();
    const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
    if (pollMs > 0) {
      index.timer = setInterval(() => {
        index.sync().catch((err: unknown) => {
          // Retried on the next tick (from the same cursor); the index keeps serving what it has.
          index.log?.error({ err }, 'search index: reading the change log failed');
        });
      }, pollMs);
      index.timer.unref();
    }
    return index;
  }

  /** The snapshot searches read; replaced whole, so a search keeps the one it started with. */
  get current(): SearchSnapshot {
    return this.snapshot;
  }

  /** Changes whenever what a search would find may have changed: answer caches key on it. */
  get generation(): number {
    return this.version;
  }

  /** Reads and applies the changes not seen yet. */
  sync(): Promise<void> {
    return this.queue(() => this.readChanges());
  }

  /** Runs index updates one at a time. */
  private queue(task: () => Promise<void>): Promise<void> {
    const run = this.syncing.then(() => (this.closed ? undefined : task()));
    this.syncing = run.catch(() => undefined);
    return run;
  }

  private async readChanges(): Promise<void> {
    const { horizon, changes } = await changesSince(this.db, this.cursor);
    const fresh = changes.filter((c) => !this.seen.has(Number(c.seq)));
    for (const c of fresh) this.seen.set(Number(c.seq), BigInt(c.xid));
    this.cursor = horizon;
    // Below the cursor nothing is read again.
    for (const [seq, xid] of this.seen) if (xid < horizon) this.seen.delete(seq);
    if (fresh.length === 0) return;
    if (fresh.some((c) => c.module === '*')) {
      // A rebuild: searches go on with the old snapshot until the new one is loaded.
      this.snapshot = await loadSnapshot(this.db);
    } else {
      await this.apply(this.snapshot, fresh);
    }
    this.version += 1;
    if (this.snapshot.drift > Math.max(this.maxDrift, this.snapshot.documents / 10)) this.refresh();
  }

  /** Puts each changed item's current row into `snapshot` (or takes the item out). Idempotent. */
  private async apply(snapshot: SearchSnapshot, changes: readonly ChangeRow[]): Promise<void> {
    const keys = [...new Set(changes.filter((c) => c.module !== '*').map((c) => `${c.module}:${c.item_id}`))];
    if (keys.length === 0) return;
    const items = keys.map((k) => k.split(':') as [string, string]);
    const rows = await queryRows<DocumentRow & { visible: boolean }>(
      this.db,
      sql`select ${documentColumns}, visible from search_documents where (module, item_id) in
        (select * from unnest(${sql.param(items.map((i) => i[0]))}::text[], ${sql.param(items.map((i) => Number(i[1])))}::int[]))`,
    );
    const found = new Map(rows.map((r) => [`${r.module}:${r.item_id}`, r]));
    for (const key of keys) {
      const r = found.get(key);
      if (r?.visible) snapshot.put(toDocument(r));
      else {
        const [module, itemId] = key.split(':') as [SearchModule, string];
        snapshot.remove(module, Number(itemId));
      }
    }
  }

  /**
   * Builds a new snapshot in the background, replays onto it whatever was logged since the load
   * began, then swaps it in; searches read the old one meanwhile.
   */
  private refresh(): void {
    if (this.rebuilding) return;
    this.rebuilding = true;
    // Every change not yet below the cursor may be missing from the load: replayed onto it.
    const loadFrom = this.cursor;
    loadSnapshot(this.db)
      .then((fresh) =>
        this.queue(async () => {
          const { changes } = await changesSince(this.db, loadFrom);
          // A rebuild not read yet: the next read loads it instead.
          if (changes.some((c) => c.module === '*' && !this.seen.has(Number(c.seq)))) return;
          await this.apply(fresh, changes);
          this.snapshot = fresh;
          this.version += 1;
        }),
      )
      .catch((err: unknown) => {
        // The old snapshot goes on serving; the next change past the drift limit tries again.
        this.log?.error({ err }, 'search index: building a fresh snapshot failed');
      })
      .finally(() => {
        this.rebuilding = false;
      });
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.unsubscribe();
    await this.syncing;
  }
}

/**
 * The changes of transactions from `from` on (null: from the horizon read here) and the horizon:
 * the oldest transaction still running when the log was read (`pg_snapshot_xmin`), so every one
 * below it had finished, and its changes, if it committed, are in this read. One statement, one
 * snapshot: the horizon and the rows agree.
 */
async function changesSince(db: Db, from: bigint | null): Promise<ChangeLog> {
  const [read] = await queryRows<{ horizon: string; changes: ChangeRow[] | string | null }>(
    db,
    sql`with h as (select pg_snapshot_xmin(pg_current_snapshot()) as x)
      select h.x::text as horizon, (select json_agg(c order by c.seq) from (select seq, module, item_id, xid::text as xid
        from search_changes where xid >= coalesce(${from === null ? null : from.toString()}::xid8, h.x)) c) as changes
      from h`,
  );
  const r = read as { horizon: string; changes: ChangeRow[] | string | null };
  const raw = r.changes;
  return { horizon: BigInt(r.horizon), changes: raw === null ? [] : typeof raw === 'string' ? JSON.parse(raw) : raw };
}
