import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

/**
 * Prepared payloads of public reads (decision record 0031): the serialised success envelope of a
 * GET, kept per route, language and parameters with its ETag and, once compressed in the
 * background, its gzip and brotli bodies. Bounded by bytes (least recently used goes first) and by
 * a per-entry lifetime; dropped by tags (`course:11`, `courses`, `news:*`) when a write changes what
 * the payload shows. Domain-free: the modules choose the tags.
 */

/** How a route's payload is cached (route config `publicCache`; see publicRead). */
export interface PublicRead {
  /** Tags of the payload, read once the request is validated (params are coerced by then). */
  tags: readonly string[] | ((req: FastifyRequest) => readonly string[]);
  /** Longest an entry is served; clock-dependent payloads (live status) choose a short one. */
  ttlMs: number;
  /**
   * What the payload depends on besides the route's parameters and the language: the caller's
   * timezone (lives), platform, or the origin it was asked on (links built from the Host).
   */
  vary: ReadonlyArray<'tz' | 'platform' | 'origin'>;
  /** Not an envelope (sitemap, robots.txt): any 200 answer is kept with its type; the language is no part of the key. */
  raw?: boolean;
  /**
   * Part of the key that moves when the data behind the payload changes without a write this
   * process hears of (the search index's generation); null: do not cache at the moment.
   */
  version?: () => string | number | null;
  /**
   * Routes with personal fields (auth 'optional'): a caller with a login gets the kept anonymous
   * payload with their own fields laid over its `data` (a small query), instead of a full build.
   * Null: their answer differs from the anonymous one beyond those fields; it is built in full.
   */
  personal?: (req: FastifyRequest, data: unknown) => Promise<Record<string, unknown> | null>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on public GETs whose anonymous answer is the same for every caller (publicRead). */
    publicCache?: PublicRead;
  }
}

/** Default lifetime of an entry: bounds what a write outside the API (an operator's SQL) leaves stale. */
export const PUBLIC_CACHE_TTL_MS = 30_000;
/** Lists of live cards: their status follows the clock (upcoming → on air → ended). */
export const LIVE_CARDS_TTL_MS = 5_000;
/** The live room's reads: viewer count and status, one second behind at most. */
export const LIVE_ROOM_TTL_MS = 1_000;
/** Counters that change all the time (views, learners, likes) are dropped at most this often. */
export const COUNTER_DELAY_MS = 1_000;

/**
 * On a public read answered to the page renderer (RENDER_CALL_HEADER): what the payload depends
 * on, `{"ttlMs":…,"lifeMs":…,"tags":[…]}` (the time it has left, the lifetime of the read, its
 * tags), so a rendered page is kept about as long as its reads are and dropped only when one of
 * them is (plugins/web.ts). Absent: not tracked (not cached, or versioned).
 */
export const RENDER_DEPS_HEADER = 'x-medportal-render-deps';

/** Route config for a cached public read. */
export function publicRead(opts: {
  tags: PublicRead['tags'];
  ttlMs?: number;
  vary?: PublicRead['vary'];
  version?: PublicRead['version'];
  raw?: boolean;
  personal?: PublicRead['personal'];
}): PublicRead {
  return {
    tags: opts.tags,
    ttlMs: opts.ttlMs ?? PUBLIC_CACHE_TTL_MS,
    vary: opts.vary ?? [],
    ...(opts.version ? { version: opts.version } : {}),
    ...(opts.raw ? { raw: true } : {}),
    ...(opts.personal ? { personal: opts.personal } : {}),
  };
}

/** Tags from the route's `:id` parameter: `idTags('course', 'courses')` → `course:<id>`, `courses`. */
export function idTags(prefix: string, ...more: string[]): (req: FastifyRequest) => string[] {
  return (req) => [`${prefix}:${String(routeId(req))}`, ...more];
}

/** The route's `:id` parameter (a number once the request is validated, as in `personal`). */
export function routeId(req: FastifyRequest): number {
  return (req.params as { id: number }).id;
}

/** What writers call; every process drops the tagged payloads (decision record 0031). */
export interface CacheInvalidation {
  /** Drops the payloads now here (the writer's next read sees its write), within a second elsewhere. */
  invalidate(tags: readonly string[]): void;
  /** For counters: drops them within COUNTER_DELAY_MS, many calls in that time once. */
  invalidateSoon(tags: readonly string[]): void;
}

/** Writers in tests and tools that run without a cache. */
export const noInvalidation: CacheInvalidation = { invalidate: () => undefined, invalidateSoon: () => undefined };

/**
 * An invalidation on the wire: the sending process (which ignores its own), the tags, and access
 * tokens revoked (`session:<id>`, `user:<id>`), which every process's token cache forgets.
 */
export interface InvalidationMessage {
  p: string;
  t: string[];
  r?: string[];
}

export interface CacheEntry {
  readonly key: string;
  readonly contentType: string;
  readonly identity: Buffer;
  /** Weak: the same payload is sent in several content encodings. */
  readonly etag: string;
  gzip: Buffer | null;
  br: Buffer | null;
  readonly tags: readonly string[];
  readonly expiresAt: number;
  /** The s-maxage a CDN may keep it: never longer than the entry itself lives here. */
  readonly sMaxAgeS: number;
  bytes: number;
  /** When a request began refreshing this expired entry (others get it meanwhile); 0: none. */
  refreshingSince: number;
}

export interface PublicCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  /** Expired entries served while one request rebuilt them. */
  stale: number;
  misses: number;
  /** Requests not served from the cache because they carry a login on a route with personal fields. */
  bypasses: number;
  /** Requests with a login answered from the kept payload with their own fields laid over it. */
  personal: number;
  stores: number;
  /** Builds not kept because a tag of theirs was dropped while they ran. */
  discarded: number;
  evictions: number;
  invalidations: number;
}

const COMPRESS_MIN_BYTES = 1024;
/** An expired entry is rebuilt by one request; if that takes longer than this, another tries. */
const REFRESH_TIMEOUT_MS = 5_000;
/** Entries are served stale while being refreshed only this much past their end. */
const STALE_GRACE_MS = 10_000;

const compressBr = promisify(brotliCompress);
const compressGzip = promisify(gzip);

export function etagOf(body: Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

/** If-None-Match (a list, or `*`) names this ETag, compared weakly. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

export interface PublicCacheOptions {
  maxBytes: number;
  /** The app's clock: tests that move it see entries expire. */
  now?: () => number;
  /** Compress stored payloads in the background (off: tests of accounting). */
  compress?: boolean;
}

/**
 * The store. Also keeps, per tag, when it was last dropped, so a build that read the database
 * before a write and finished after it is not kept (it may hold the old data).
 */
export class PublicCache {
  /**
   * lru-cache keeps the byte budget (each entry's `bytes`) and the recency order; its dispose
   * callback keeps the tag index in step with every removal, evictions included.
   */
  private readonly entries: LRUCache<string, CacheEntry>;
  private readonly byTag = new Map<string, Set<string>>();
  /** Tag (or `prefix:*`) → sequence number of its last invalidation. */
  private readonly dropped = new Map<string, number>();
  private everything = 0;
  private seq = 0;
  private readonly counts = { hits: 0, stale: 0, misses: 0, bypasses: 0, personal: 0, stores: 0, discarded: 0, evictions: 0, invalidations: 0 };
  readonly maxBytes: number;
  private readonly now: () => number;
  private readonly compress: boolean;

  constructor(opts: PublicCacheOptions) {
    this.maxBytes = opts.maxBytes;
    this.now = opts.now ?? Date.now;
    this.compress = opts.compress ?? true;
    this.entries = new LRUCache<string, CacheEntry>({
      maxSize: opts.maxBytes,
      sizeCalculation: (entry) => entry.bytes,
      dispose: (entry, _key, reason) => {
        // 'set': replaced by its compressed copy (compressEntry), same key and tags.
        if (reason === 'set') return;
        if (reason === 'evict') this.counts.evictions += 1;
        this.unindex(entry);
      },
    });
  }

  /** The current invalidation sequence number: a build records it when it starts. */
  get mark(): number {
    return this.seq;
  }

  /**
   * A fresh entry, or an expired one while another request refreshes it ('stale'); 'refresh'
   * means this caller should rebuild (the expired entry is kept for the others meanwhile).
   */
  lookup(key: string): { entry: CacheEntry; state: 'fresh' | 'stale' } | { entry: null; state: 'miss' | 'refresh' } {
    // get: recently used goes last.
    const entry = this.entries.get(key);
    if (!entry) return { entry: null, state: 'miss' };
    const now = this.now();
    if (entry.expiresAt > now) return { entry, state: 'fresh' };
    if (entry.expiresAt + STALE_GRACE_MS > now && entry.refreshingSince > 0 && now - entry.refreshingSince < REFRESH_TIMEOUT_MS) {
      return { entry, state: 'stale' };
    }
    if (entry.expiresAt + STALE_GRACE_MS <= now) {
      this.remove(entry);
      return { entry: null, state: 'miss' };
    }
    entry.refreshingSince = now;
    return { entry: null, state: 'refresh' };
  }

  /**
   * The entry when fresh (now the most recently used), else null; unlike lookup, never makes the
   * caller the one to rebuild it. For answers replayed before the app (lib/replay.ts).
   */
  fresh(key: string): CacheEntry | null {
    const entry = this.entries.get(key);
    return entry && entry.expiresAt > this.now() ? entry : null;
  }

  /** A fresh entry, or null; unlike lookup, never makes the caller the one to rebuild it. */
  peek(key: string): CacheEntry | null {
    const entry = this.entries.peek(key);
    return entry && entry.expiresAt > this.now() ? entry : null;
  }

  count(what: 'hits' | 'stale' | 'misses' | 'bypasses' | 'personal'): void {
    this.counts[what] += 1;
  }

  /**
   * Keeps a built payload unless one of its tags was dropped after `since` (the build may hold
   * what the write replaced). Returns the entry, or null when not kept.
   */
  store(key: string, body: Buffer, contentType: string, tags: readonly string[], ttlMs: number, since: number): CacheEntry | null {
    if (this.droppedSince(tags, since)) {
      this.counts.discarded += 1;
      this.entries.delete(key);
      return null;
    }
    this.entries.delete(key);
    const entry: CacheEntry = {
      key,
      contentType,
      identity: body,
      etag: etagOf(body),
      gzip: null,
      br: null,
      tags: [...new Set(tags)],
      expiresAt: this.now() + ttlMs,
      sMaxAgeS: Math.max(1, Math.min(5, Math.floor(ttlMs / 1000))),
      bytes: body.length + key.length * 2 + 200,
      refreshingSince: 0,
    };
    if (entry.bytes > this.maxBytes / 4) return null;
    // Indexed first: storing may evict older entries, whose dispose unindexes them.
    for (const tag of entry.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    this.entries.set(key, entry);
    this.counts.stores += 1;
    if (this.compress && body.length >= COMPRESS_MIN_BYTES) void this.compressEntry(entry);
    return entry;
  }

  private async compressEntry(entry: CacheEntry): Promise<void> {
    try {
      const [br, gz] = await Promise.all([
        compressBr(entry.identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: entry.identity.length } }),
        compressGzip(entry.identity, { level: 6 }),
      ]);
      // Dropped or replaced meanwhile: nothing to add.
      if (this.entries.peek(entry.key) !== entry) return;
      // A copy, so lru-cache counts its new size (it keeps a size per stored value).
      this.entries.set(entry.key, { ...entry, br, gzip: gz, bytes: entry.bytes + br.length + gz.length });
    } catch {
      // Served uncompressed (the compress plugin encodes it per response) until rebuilt.
    }
  }

  /**
   * Whether what was built from payloads with these tags at `since` (a mark) may be out of date:
   * one of the tags, or everything, was invalidated after it. `null`: built from reads not tracked
   * by tag, out of date after any invalidation.
   */
  changedSince(tags: readonly string[] | null, since: number): boolean {
    return tags === null ? this.seq !== since : this.droppedSince(tags, since);
  }

  private droppedSince(tags: readonly string[], since: number): boolean {
    if (this.everything > since) return true;
    for (const tag of tags) {
      if ((this.dropped.get(tag) ?? 0) > since) return true;
      const colon = tag.indexOf(':');
      if (colon > 0 && (this.dropped.get(`${tag.slice(0, colon)}:*`) ?? 0) > since) return true;
    }
    return false;
  }

  private remove(entry: CacheEntry): void {
    if (this.entries.peek(entry.key) === entry) this.entries.delete(entry.key);
  }

  private unindex(entry: CacheEntry): void {
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      if (!keys) continue;
      keys.delete(entry.key);
      if (keys.size === 0) this.byTag.delete(tag);
    }
  }

  /**
   * Drops every entry carrying one of `tags`; `news:*` drops every `news:<x>` tag's entries and
   * `*` everything. Returns how many entries went.
   */
  invalidate(tags: Iterable<string>): number {
    this.seq += 1;
    this.counts.invalidations += 1;
    let removed = 0;
    for (const tag of tags) {
      if (tag === '*') {
        this.everything = this.seq;
        removed += this.entries.size;
        this.entries.clear();
        this.byTag.clear();
        continue;
      }
      this.dropped.set(tag, this.seq);
      const prefix = tag.endsWith(':*') ? tag.slice(0, -1) : null;
      const matching = prefix ? [...this.byTag.keys()].filter((t) => t.startsWith(prefix)) : [tag];
      for (const t of matching) {
        for (const key of [...(this.byTag.get(t) ?? [])]) {
          const entry = this.entries.peek(key);
          if (entry) {
            this.remove(entry);
            removed += 1;
          }
        }
      }
    }
    // The per-tag marks only matter for builds still running: old ones can go.
    if (this.dropped.size > 10_000) {
      this.dropped.clear();
      this.everything = this.seq;
    }
    return removed;
  }

  stats(): PublicCacheStats {
    return { entries: this.entries.size, bytes: this.entries.calculatedSize, maxBytes: this.maxBytes, ...this.counts };
  }
}
