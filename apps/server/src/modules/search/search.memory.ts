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
  /** Epoch milliseconds. */
  at: number;
}

const LOAD_BATCH = 5_000;
/** A timestamp as epoch milliseconds: database times are compared as numbers, whatever DateStyle says. */
const EPOCH_MS = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);
/** Changes are read again for this long after they were made: a transaction that took a sequence
 * number before another and committed after it is not missed. */
const REPLAY_WINDOW_MS = 60_000;
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

/**
 * Reads every visible document in result order: ids and boosts first, then the rows in id order,
 * the next batch read while this one is taken in.
 */
async function loadSnapshot(db: Db): Promise<SearchSnapshot> {
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
}

export class SearchIndex {
  private snapshot: SearchSnapshot;
  private readonly seen = new Map<number, number>();
  /** Database time of the last read of the change log. */
  private readAt: number;
  private version = 0;
  private syncing: Promise<void> = Promise.resolve();
  private rebuilding = false;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly unsubscribe: () => void;

  private constructor(
    private readonly db: Db,
    snapshot: SearchSnapshot,
    log: { now: number; changes: readonly ChangeRow[] },
    private readonly maxDrift: number,
  ) {
    this.snapshot = snapshot;
    this.readAt = log.now;
    for (const c of log.changes) this.seen.set(Number(c.seq), Number(c.at));
    this.unsubscribe = onIndexWrite(async (written) => {
      if (written === this.db) await this.sync();
    });
  }

  static async open(db: Db, options: SearchIndexOptions = {}): Promise<SearchIndex> {
    // Changes logged before the load are in it (a rebuild's too: no second load); those logged
    // while it runs are read back from the log.
    const log = await changesSince(db, 0);
    const index = new SearchIndex(db, await loadSnapshot(db), log, options.maxDrift ?? 0);
    await index.sync();
    const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
    if (pollMs > 0) {
      index.timer = setInterval(() => {
        index.sync().catch(() => {
          // A failed read is retried on the next tick; the index keeps serving what it has.
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
    const { now, changes } = await changesSince(this.db, this.readAt - REPLAY_WINDOW_MS);
    this.readAt = now;
    const fresh = changes.filter((c) => !this.seen.has(Number(c.seq)));
    for (const c of fresh) this.seen.set(Number(c.seq), Number(c.at));
    for (const [seq, at] of this.seen) if (at <= now - 2 * REPLAY_WINDOW_MS) this.seen.delete(seq);
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
    const loadFrom = this.readAt;
    loadSnapshot(this.db)
      .then((fresh) =>
        this.queue(async () => {
          const { changes } = await changesSince(this.db, loadFrom - REPLAY_WINDOW_MS);
          // A rebuild not read yet: the next read loads it instead.
          if (changes.some((c) => c.module === '*' && !this.seen.has(Number(c.seq)))) return;
          await this.apply(fresh, changes);
          this.snapshot = fresh;
          this.version += 1;
        }),
      )
      .catch(() => undefined)
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

/** The change log from `windowStart` (epoch ms) on, and the database time of the read. */
async function changesSince(db: Db, windowStart: number): Promise<{ now: number; changes: ChangeRow[] }> {
  const [read] = await queryRows<{ now: number | string; changes: ChangeRow[] | string | null }>(
    db,
    sql`select ${EPOCH_MS('now()')} as now, (select json_agg(c order by c.seq) from (select seq, module, item_id, ${EPOCH_MS('at')} as at
      from search_changes where at > to_timestamp(${windowStart}::float8 / 1000)) c) as changes`,
  );
  const raw = (read as { changes: ChangeRow[] | string | null }).changes;
  return { now: Number((read as { now: number | string }).now), changes: raw === null ? [] : typeof raw === 'string' ? JSON.parse(raw) : raw };
}
