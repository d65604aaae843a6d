import type { Database } from '../../db/client.ts';
import { ensureSearchIndex } from './search.indexer.ts';
import { type IndexLogger, SearchIndex, type SearchIndexOptions } from './search.memory.ts';

/** Whether this process's in-memory index answers searches yet (GET /readyz). */
export type SearchReadiness = 'loading' | 'ready';

export interface SearchLoaderOptions {
  log: IndexLogger & { info(obj: object, msg: string): void };
  index?: Omit<SearchIndexOptions, 'log' | 'signal'>;
  /** The load starts once this settles (tests hold it to see the server while it loads). */
  gate?: Promise<unknown>;
  /** Pause before a failed load is tried again. */
  retryMs?: number;
}

const RETRY_MS = 5_000;

/**
 * Loads this process's search index in the background (decision record 0016): the server listens
 * at once and searches take the slower path (search.service.ts) until the index is loaded. A
 * database that has content but no index yet gets it built first, once across processes. A failed
 * load is logged and tried again; shutdown stops a load between batches.
 */
export class SearchIndexLoader {
  private index: SearchIndex | null = null;
  private running: Promise<void> | null = null;
  private closed = false;
  private readonly abort = new AbortController();

  constructor(
    private readonly database: Database,
    private readonly options: SearchLoaderOptions,
  ) {}

  /** The loaded index, or null while it loads. */
  get current(): SearchIndex | null {
    return this.index;
  }

  get readiness(): SearchReadiness {
    return this.index ? 'ready' : 'loading';
  }

  start(): void {
    this.running ??= this.load();
  }

  private async load(): Promise<void> {
    const { log } = this.options;
    await Promise.resolve(this.options.gate).catch(() => undefined);
    for (let attempt = 1; !this.closed; attempt++) {
      try {
        const started = performance.now();
        // Seeded before the index existed, or emptied by a migration: built once, by one process.
        if (await this.database.exclusive('search-index', (db) => ensureSearchIndex(db))) log.info({}, 'search index built from the content tables');
        const index = await SearchIndex.open(this.database.db, { ...this.options.index, log, signal: this.abort.signal });
        if (this.closed) {
          await index.close();
          return;
        }
        this.index = index;
        log.info({ documents: index.current.documents, load_ms: Math.round(performance.now() - started) }, 'search index loaded');
        return;
      } catch (err) {
        if (this.closed) return;
        log.error({ err, attempt }, 'search index: loading failed; searches use the slower path until it loads');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.options.retryMs ?? RETRY_MS);
          this.abort.signal.addEventListener(
            'abort',
            () => {
              clearTimeout(timer);
              resolve();
            },
            { once: true },
          );
        });
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.abort.abort();
    await this.running;
    await this.index?.close();
  }
}
