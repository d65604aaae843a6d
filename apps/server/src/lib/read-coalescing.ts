import { LRUCache } from 'lru-cache';

/**
 * Identical reads of one login share an answer (decision record 0076): one that arrives while the
 * first is being built waits for it, and the answer is kept `keepMs` (1 s) for the next ones.
 * Two epochs are part of the key, read when a build begins: the user's, moved by every committed
 * write to a row of theirs (the database's `user-write` notices, whoever wrote, and the user's own
 * requests), and the global one, moved by any public-cache invalidation (personal answers embed
 * public data) and by a lost notice connection. A kept answer is thus never served once anything
 * it was built from may have changed; `keepMs` bounds only what moves with the clock.
 */
export interface SharedAnswer {
  value: unknown;
  /** Headers the handler set (content type, cache control…), to set on every answer shared. */
  headers: Record<string, string | number | string[]>;
}

/** Readers never wait longer than this on a build that hangs. */
const BUILD_WAIT_MS = 5_000;
/** Past this many users with writes remembered, all are forgotten at once and every key moves. */
const WRITERS_MAX = 10_000;

export class ReadCoalescer {
  readonly #builds = new Map<string, Promise<SharedAnswer | null>>();
  readonly #kept: LRUCache<string, { answer: SharedAnswer; until: number }>;
  readonly #keepMs: number;
  readonly #now: () => number;
  #purgedAt = 0;

  readonly #mark: () => number;
  /** Moved by `changedAll`. */
  #all = 0;

  constructor(opts: { keepMs: number; maxKept: number; now?: () => number; mark?: () => number }) {
    this.#keepMs = opts.keepMs;
    this.#now = opts.now ?? Date.now;
    this.#mark = opts.mark ?? (() => 0);
    this.#kept = new LRUCache({ max: opts.maxKept });
  }

  /** A kept answer of `key`, while fresh. */
  kept(key: string): SharedAnswer | undefined {
    const hit = this.#kept.get(key);
    if (!hit) return undefined;
    if (hit.until > this.#now()) return hit.answer;
    this.#kept.delete(key);
    return undefined;
  }
  /** The write sequence at each user's last write. */
  readonly #lastWrite = new Map<number, number>();
  #seq = 0;
  /** Users forgotten when the map was full count as having written at this sequence. */
  #floor = 0;

  /** A write by `userId` (its answer about to leave): reads sent from now on build afresh. */
  wrote(userId: number): void {
    if (this.#lastWrite.size >= WRITERS_MAX && !this.#lastWrite.has(userId)) {
      this.#lastWrite.clear();
      this.#floor = this.#seq + 1;
    }
    this.#lastWrite.set(userId, ++this.#seq);
  }

  /** Anything may have changed (notices were lost): no kept answer is served again. */
  changedAll(): void {
    this.#all++;
    this.#kept.clear();
  }

  /** The epochs' part of a key: changes with each write of the user's and each global change. */
  epoch(userId: number): string {
    return `${this.#lastWrite.get(userId) ?? this.#floor}.${this.#all}.${this.#mark()}`;
  }

  /** The build under way for `key`, if any. */
  pending(key: string): Promise<SharedAnswer | null> | undefined {
    return this.#builds.get(key);
  }

  /**
   * This request builds `key`'s answer: readers arriving meanwhile wait for what `settle` gives
   * them (null: they build their own), and a non-null answer is kept for the next ones unless
   * `keep` is false. A build not settled within `BUILD_WAIT_MS` lets its waiters go.
   */
  begin(key: string, keep = true): (answer: SharedAnswer | null) => void {
    const started = this.#now();
    // Lapsed answers would otherwise stay until pushed out: memory holds about a second's worth.
    if (started - this.#purgedAt >= this.#keepMs) {
      this.#purgedAt = started;
      const lapsed = [...this.#kept.entries()].filter(([, v]) => v.until <= started).map(([k]) => k);
      for (const k of lapsed) this.#kept.delete(k);
    }
    let resolve!: (answer: SharedAnswer | null) => void;
    const promise = new Promise<SharedAnswer | null>((r) => (resolve = r));
    this.#builds.set(key, promise);
    const timer = setTimeout(() => settle(null), BUILD_WAIT_MS);
    timer.unref();
    let settled = false;
    const settle = (answer: SharedAnswer | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (this.#builds.get(key) === promise) this.#builds.delete(key);
      // Kept from when its build began: never longer than keepMs after the data was read.
      if (answer && keep && this.#keepMs > 0) this.#kept.set(key, { answer, until: started + this.#keepMs });
      resolve(answer);
    };
    return settle;
  }

  /** Drops every kept answer (tests; a reseed). */
  clear(): void {
    this.#kept.clear();
  }
}
