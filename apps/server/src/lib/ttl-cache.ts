import { LRUCache } from 'lru-cache';

/** Entries at most when a cache names no bound (the callers without one keep a key or two). */
const DEFAULT_MAX_ENTRIES = 10_000;

/**
 * In-memory TTL cache (on lru-cache) whose loads are single-flight: while a value is being computed, every caller
 * for that key awaits the same promise, so a burst of requests does one build. A failed load is
 * not cached. Per process by design (hot public reads only; see ARCHITECTURE "Hot public reads").
 */
export class TtlCache<K, V> {
  private readonly entries: LRUCache<K & {}, { value: V; expiresAt: number }>;
  private readonly inflight = new Map<K, Promise<V>>();

  /** `maxEntries`: past it, the least recently used entry goes (for caches keyed on what callers send). */
  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    maxEntries = DEFAULT_MAX_ENTRIES,
  ) {
    // Expiry is checked against `now` here (tests move their own clock), not lru-cache's timer.
    this.entries = new LRUCache({ max: Number.isFinite(maxEntries) ? maxEntries : DEFAULT_MAX_ENTRIES });
  }

  /** The cached value when fresh, else undefined (no load). Lets hot paths skip a promise. */
  peek(key: K): V | undefined {
    const hit = this.entries.get(key as K & {});
    if (!hit) return undefined;
    if (hit.expiresAt > this.now()) return hit.value;
    this.entries.delete(key as K & {});
    return undefined;
  }

  set(key: K, value: V): void {
    this.entries.set(key as K & {}, { value, expiresAt: this.now() + this.ttlMs });
  }

  get(key: K, load: () => Promise<V>): Promise<V> {
    const fresh = this.peek(key);
    if (fresh !== undefined) return Promise.resolve(fresh);
    const pending = this.inflight.get(key);
    if (pending) return pending;
    const promise = load().then(
      (value) => {
        this.set(key, value);
        this.inflight.delete(key);
        return value;
      },
      (err: unknown) => {
        this.inflight.delete(key);
        throw err;
      },
    );
    this.inflight.set(key, promise);
    return promise;
  }

  clear(): void {
    this.entries.clear();
  }
}
