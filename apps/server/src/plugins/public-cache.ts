import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DbConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { notifyServers, RedisBus } from '../lib/bus.ts';
import { preferredEncoding } from '../lib/encoding.ts';
import { PREVIEW_HEADER } from './preview.ts';
import { RENDER_CALL_HEADER, RENDER_CALL_TOKEN } from '../lib/request-log.ts';
import {
  type CacheEntry,
  type CacheInvalidation,
  COUNTER_DELAY_MS,
  etagMatches,
  type InvalidationMessage,
  PublicCache,
  type PublicCacheStats,
  type PublicRead,
  RENDER_DEPS_HEADER,
} from '../lib/public-cache.ts';

/** The app's handle on its public-read cache (decision record 0031). */
export interface PublicCacheHandle extends CacheInvalidation {
  stats(): PublicCacheStats;
  /** Moves on every invalidation heard or made here: what was built from cached reads before it may be stale. */
  readonly mark: number;
  /** Whether what was built at `since` (a mark) from reads with these tags may be stale; `null`: any invalidation counts. */
  changedSince(tags: readonly string[] | null, since: number): boolean;
  /** How invalidations reach the other processes. */
  readonly transport: 'none' | 'postgres' | 'redis';
  /**
   * Revoked logins (`session:<id>`, `user:<id>`) for the access-token caches: the listeners here
   * hear them now, every other process's within a second. Call it once the revocation committed.
   */
  revoke(keys: readonly string[]): void;
  /** Hears revocations from here and from other processes; `'*'` when some may have been missed. */
  onRevoke(listener: (keys: readonly string[] | '*') => void): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    publicCache: PublicCacheHandle;
  }
}

export interface PublicCacheOptions {
  maxBytes: number;
  now: () => Date;
  /** The origin a payload that varies by `origin` is kept under (lib/page-url.ts `publicOriginResolver`). */
  originOf: (req: FastifyRequest) => string;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const API_PATH = /^\/v\d+\//;
/** Common parameters (plugins/context.ts): read into req.ctx, so only what they select enters a key. */
const COMMON_KEYS = new Set(['access_token', 'platform', 'language', 'appversion', 'timezone']);
/** Personal and unlisted answers: never stored by a browser or a CDN. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';
/** A CDN keeps a public answer a few seconds and may serve it stale briefly while it asks again. */
const publicCacheControl = (sMaxAgeS: number) => `public, max-age=0, s-maxage=${sMaxAgeS}, stale-while-revalidate=30`;
/** Redis channel (under REDIS_PREFIX) of invalidations. */
/** The bus channel of invalidations and revocations. */
const CACHE_CHANNEL = 'cache';
/** A NOTIFY payload must stay under 8000 bytes (lib/bus.ts NOTIFY_MAX_BYTES, with its envelope). */
const NOTIFY_MAX_CHARS = 7000;

interface Building {
  kind: 'build';
  key: string;
  since: number;
  read: PublicRead;
  /** Read from the raw query in onRequest: validation strips the common parameters later. */
  vary: string;
  ok: boolean;
  release: (() => void) | null;
}
/** A caller with a login whose own fields may be laid over the kept anonymous payload (key read in onRequest). */
interface Personal {
  kind: 'personal';
  key: string;
  read: PublicRead;
}
type RequestState = Building | Personal | { kind: 'served' } | { kind: 'bypass' };

function keyOf(req: FastifyRequest, read: PublicRead, version: string | number | undefined, originOf: (req: FastifyRequest) => string): string {
  let key = `${req.routeOptions.url ?? ''}\u0001${read.raw ? '' : req.ctx.lang}`;
  for (const v of read.vary) key += `\u0001${v === 'origin' ? originOf(req) : req.ctx[v]}`;
  const params = (req.params ?? {}) as Record<string, unknown>;
  for (const name of Object.keys(params)) key += `\u0001${name}=${String(params[name])}`;
  const query = (req.query ?? {}) as Record<string, unknown>;
  for (const name of Object.keys(query).sort()) {
    if (!COMMON_KEYS.has(name)) key += `\u0001${name}=${JSON.stringify(query[name])}`;
  }
  if (version !== undefined) key += `\u0001v=${version}`;
  return key;
}

/** A login that a route with personal fields (auth 'optional') would look at. */
const loggedIn = (req: FastifyRequest) => Boolean(req.ctx.accessToken);
/** Routes whose answer has personal fields for a caller with a login. */
const personalRoute = (req: FastifyRequest) => req.routeOptions.config.auth !== undefined;

/** Request headers a shared cache must key a public answer on. */
function varyOf(req: FastifyRequest, read: PublicRead): string {
  const query = (req.query ?? {}) as Record<string, unknown>;
  let vary = 'Accept-Encoding';
  // Without a usable `language` the answer's language comes from Accept-Language.
  if (!read.raw && !(typeof query.language === 'string' && /^(zh|en)/i.test(query.language))) vary += ', Accept-Language';
  // A login in a header or cookie turns on personal fields: such requests must not share the answer.
  if (personalRoute(req)) vary += ', Authorization, Cookie';
  return vary;
}

function publicHeaders(req: FastifyRequest, reply: FastifyReply, vary: string, entry: CacheEntry): void {
  reply.header('vary', vary);
  if (loggedIn(req)) {
    reply.header('cache-control', PRIVATE_CACHE_CONTROL);
  } else {
    reply.header('cache-control', publicCacheControl(entry.sMaxAgeS));
    reply.header('etag', entry.etag);
  }
}

/** Sends a stored payload: 304 when the caller has it, else in the best encoding we hold. */
function sendEntry(req: FastifyRequest, reply: FastifyReply, read: PublicRead, entry: CacheEntry, label: string): FastifyReply {
  publicHeaders(req, reply, varyOf(req, read), entry);
  reply.header('x-cache', label);
  if (!loggedIn(req) && etagMatches(req.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  reply.header('content-type', entry.contentType);
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  if (encoding === 'br' && entry.br) return reply.header('content-encoding', 'br').send(entry.br);
  if (encoding === 'gzip' && entry.gzip) return reply.header('content-encoding', 'gzip').send(entry.gzip);
  return reply.send(entry.identity);
}

/** Tags split so each NOTIFY payload stays under PostgreSQL's limit. */
function messages(processId: string, tags: readonly string[], field: 't' | 'r' = 't'): string[] {
  const out: string[] = [];
  let batch: string[] = [];
  let size = 0;
  const message = (items: string[]): string =>
    JSON.stringify((field === 't' ? { p: processId, t: items } : { p: processId, t: [], r: items }) satisfies InvalidationMessage);
  for (const tag of tags) {
    if (batch.length > 0 && size + tag.length + 3 > NOTIFY_MAX_CHARS) {
      out.push(message(batch));
      batch = [];
      size = 0;
    }
    batch.push(tag);
    size += tag.length + 3;
  }
  if (batch.length > 0) out.push(message(batch));
  return out;
}

/**
 * Tells every server on this database to drop its whole cache (the seed CLI after reseeding): over
 * Redis when the servers use it, else PostgreSQL's NOTIFY the way their bus listens (PGlite: the
 * data directory is locked, no server runs).
 */
export async function announceCacheCleared(database: Database, config: { db: DbConfig; redis: { url: string; prefix: string } | null }): Promise<void> {
  const message = JSON.stringify({ p: 'seed', t: ['*'] } satisfies InvalidationMessage);
  if (config.redis) {
    const bus = new RedisBus(config.redis.url, config.redis.prefix, { info: () => undefined, warn: () => undefined, error: (obj, msg) => console.error(`medportal: ${msg}`, obj) });
    await bus.connect();
    try {
      await bus.publish(CACHE_CHANNEL, message);
    } finally {
      await bus.close();
    }
  } else if (database.driver === 'postgres') {
    await notifyServers(database.db, config.db.driver === 'postgres' ? config.db.schema : undefined, CACHE_CHANNEL, message);
  }
}

/**
 * Serves public GETs (routes whose config has `publicCache`, see lib/public-cache.ts) from
 * prepared payloads, stores what they build, sets ETag / Cache-Control / Vary on API answers and
 * carries invalidations to the other processes (decision record 0031).
 */
export default fp<PublicCacheOptions>(
  async (app, opts) => {
    const cache = new PublicCache({ maxBytes: opts.maxBytes, now: () => opts.now().getTime() });
    const states = new WeakMap<FastifyRequest, RequestState>();
    /** Builds under way by key: a burst of misses for one key waits for the first. */
    const building = new Map<string, Promise<void>>();
    const bus = app.bus;
    const processId = bus.processId;
    const kind: PublicCacheHandle['transport'] = bus.kind === 'memory' ? 'none' : bus.kind;

    const revokeListeners: Array<(keys: readonly string[] | '*') => void> = [];
    const revoked = (keys: readonly string[] | '*') => {
      for (const listener of revokeListeners) listener(keys);
    };
    const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((t): t is string => typeof t === 'string') : []);

    const heard = (payload: string) => {
      try {
        const m = JSON.parse(payload) as InvalidationMessage;
        if (m.p === processId) return;
        const tags = strings(m.t);
        if (tags.length > 0) cache.invalidate(tags);
        const keys = strings(m.r);
        if (keys.length > 0) revoked(keys);
      } catch {
        app.log.warn('public cache: unreadable invalidation message');
      }
    };
    // Reconnected after a lost connection: whatever was sent meanwhile is unknown.
    const missedSome = () => {
      cache.invalidate(['*']);
      revoked('*');
    };

    let closing = false;
    const publish = (items: readonly string[], field: 't' | 'r') => {
      // One process holds the data (PGlite): nobody else to tell.
      if (bus.kind === 'memory' || closing) return;
      for (const message of messages(processId, items, field)) {
        bus.publish(CACHE_CHANNEL, message).catch((err: unknown) => app.log.warn({ err }, 'public cache: could not publish an invalidation'));
      }
    };

    const invalidate = (tags: readonly string[]) => {
      if (tags.length === 0) return;
      cache.invalidate(tags);
      publish(tags, 't');
    };

    const soon = new Set<string>();
    let soonTimer: NodeJS.Timeout | null = null;
    const invalidateSoon = (tags: readonly string[]) => {
      for (const t of tags) soon.add(t);
      if (soonTimer) return;
      soonTimer = setTimeout(() => {
        soonTimer = null;
        const due = [...soon];
        soon.clear();
        invalidate(due);
      }, COUNTER_DELAY_MS);
      soonTimer.unref();
    };

    app.decorate('publicCache', {
      invalidate,
      invalidateSoon,
      stats: () => cache.stats(),
      get mark() {
        return cache.mark;
      },
      changedSince: (tags, since) => cache.changedSince(tags, since),
      get transport() {
        return kind;
      },
      revoke: (keys) => {
        if (keys.length === 0) return;
        revoked(keys);
        publish(keys, 'r');
      },
      onRevoke: (listener) => {
        revokeListeners.push(listener);
      },
    } satisfies PublicCacheHandle);

    // Invalidations and revocations from the other processes; after a gap on the bus, drop all.
    const unsubscribe = await bus.subscribe(CACHE_CHANNEL, heard);
    const stopGaps = bus.onGap(missedSome);
    app.addHook('preClose', async () => {
      if (soonTimer) clearTimeout(soonTimer);
      closing = true;
      stopGaps();
      await unsubscribe();
    });

    /** A hit or a stale hit answered now; false: the request goes on to be built. */
    const serve = (req: FastifyRequest, reply: FastifyReply, read: PublicRead, found: ReturnType<PublicCache['lookup']>, key: string, version: string | number | undefined): boolean => {
      if (!found.entry) return false;
      cache.count(found.state === 'fresh' ? 'hits' : 'stale');
      states.set(req, { kind: 'served' });
      // Stale: no time left, so a page built from it gets the shortest life (plugins/web.ts trackingFetch).
      if (forRenderer(req, read)) renderDeps(reply, read, found.entry.tags, found.state === 'fresh' ? found.entry.expiresAt - opts.now().getTime() : 0);
      if (found.state === 'fresh') {
        // The same request again is answered before the app while this entry is fresh (lib/replay.ts).
        const entry = found.entry;
        app.replays.offer(req.raw, reply.raw, entry, entry.etag, () => {
          if (read.version?.() !== version || cache.fresh(key) !== entry) return false;
          cache.count('hits');
          return true;
        });
      }
      sendEntry(req, reply, read, found.entry, found.state === 'fresh' ? 'HIT' : 'STALE');
      return true;
    };

    /** This request builds the payload; the first miss of a key makes later ones wait for it. */
    const build = (req: FastifyRequest, reply: FastifyReply, read: PublicRead, key: string): void => {
      cache.count('misses');
      reply.header('x-cache', 'MISS');
      const state: Building = { kind: 'build', key, since: cache.mark, read, vary: varyOf(req, read), ok: false, release: null };
      if (!building.has(key)) {
        let done!: () => void;
        const promise = new Promise<void>((resolve) => (done = resolve));
        // Waiters never wait on a build that hangs longer than this.
        const timer = setTimeout(() => state.release?.(), 5_000);
        timer.unref();
        building.set(key, promise);
        state.release = () => {
          state.release = null;
          clearTimeout(timer);
          if (building.get(key) === promise) building.delete(key);
          done();
        };
      }
      states.set(req, state);
    };

    const onRequest = (req: FastifyRequest, reply: FastifyReply, done: () => void): void => {
      const read = req.routeOptions.config.publicCache;
      if (!read || req.method !== 'GET') return done();
      // A console preview sees an unpublished item: never served from, nor kept in, the cache.
      if (req.headers[PREVIEW_HEADER] !== undefined) {
        bypass(req, reply);
        return done();
      }
      const version = read.version?.();
      if (loggedIn(req) && personalRoute(req)) {
        // The login is checked later (auth, preValidation): the key is read now, from the raw query.
        if (read.personal && version !== null) states.set(req, { kind: 'personal', key: keyOf(req, read, version, opts.originOf), read });
        else bypass(req, reply);
        return done();
      }
      if (version === null) return done();
      const key = keyOf(req, read, version, opts.originOf);
      const found = cache.lookup(key);
      // An answer sent from a hook ends the request there: done() is not called.
      if (serve(req, reply, read, found, key, version)) return;
      const pending = found.state === 'miss' ? building.get(key) : undefined;
      if (!pending) {
        build(req, reply, read, key);
        return done();
      }
      void pending.then(() => {
        if (serve(req, reply, read, cache.lookup(key), key, version)) return;
        build(req, reply, read, key);
        done();
      });
    };

    /** A call of the page renderer for a read it can track (not versioned): told what the payload depends on. */
    const forRenderer = (req: FastifyRequest, read: PublicRead): boolean => req.headers[RENDER_CALL_HEADER] === RENDER_CALL_TOKEN && !read.version;
    /** Tells the page renderer what this payload depends on (RENDER_DEPS_HEADER); other callers never see it. */
    const renderDeps = (reply: FastifyReply, read: PublicRead, tags: readonly string[], ttlMs: number): void => {
      reply.header(RENDER_DEPS_HEADER, JSON.stringify({ ttlMs: Math.max(0, ttlMs), lifeMs: read.ttlMs, tags }));
    };

    const bypass = (req: FastifyRequest, reply: FastifyReply): void => {
      cache.count('bypasses');
      states.set(req, { kind: 'bypass' });
      reply.header('x-cache', 'BYPASS');
    };

    /**
     * Builds and keeps the anonymous answer of a request with a login, asking in-process without
     * the login (unlogged, like the renderer's calls); concurrent ones share one build.
     */
    const fillAnonymously = async (req: FastifyRequest): Promise<void> => {
      const url = new URL(req.url, 'http://in-process');
      url.searchParams.delete('access_token');
      const headers: Record<string, string | string[] | undefined> = { ...req.headers, [RENDER_CALL_HEADER]: RENDER_CALL_TOKEN };
      delete headers.authorization;
      delete headers.cookie;
      await app.inject({ method: 'GET', url: url.pathname + url.search, headers });
    };

    // After validation and auth: the kept anonymous answer with the caller's own fields over it.
    const overlay = async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
      const state = states.get(req);
      if (state?.kind !== 'personal') return undefined;
      let entry = req.ctx.user ? cache.peek(state.key) : null;
      if (!entry && req.ctx.user) {
        await fillAnonymously(req);
        entry = cache.peek(state.key);
      }
      const envelope = entry ? (JSON.parse(entry.identity.toString()) as { data?: unknown }) : null;
      const own = envelope && state.read.personal ? await state.read.personal(req, envelope.data) : null;
      if (!envelope || !own) {
        bypass(req, reply);
        return undefined;
      }
      cache.count('personal');
      states.set(req, { kind: 'served' });
      reply.header('x-cache', 'PERSONAL');
      // An answer sent from a hook ends the request there.
      return reply.send({ ...envelope, data: { ...(envelope.data as Record<string, unknown>), ...own } });
    };

    // Only success envelopes are kept; the check is on the object, before any serializer runs.
    const preSerialization = (req: FastifyRequest, _reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void): void => {
      const state = states.get(req);
      if (state?.kind === 'build' && (payload as { code?: unknown } | null)?.code === 0) state.ok = true;
      done(null, payload);
    };

    const store = (req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void): void => {
      const state = states.get(req);
      if (state?.kind === 'build' && (state.ok || state.read.raw) && reply.statusCode === 200 && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
        const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
        const read = state.read;
        const type = String(reply.getHeader('content-type') ?? JSON_TYPE);
        const entry = cache.store(state.key, body, type, typeof read.tags === 'function' ? read.tags(req) : read.tags, read.ttlMs, state.since);
        state.release?.();
        if (entry && forRenderer(req, read)) renderDeps(reply, read, entry.tags, read.ttlMs);
        if (entry) {
          publicHeaders(req, reply, state.vary, entry);
          if (!loggedIn(req) && etagMatches(req.headers['if-none-match'], entry.etag)) {
            reply.code(304);
            return done(null, '');
          }
        } else {
          // Built while a write it may predate committed: not for shared caches either.
          reply.header('cache-control', PRIVATE_CACHE_CONTROL);
        }
      }
      done(null, payload);
    };

    // A build that failed or was cut off still lets its waiters go.
    const releaseOf = (req: FastifyRequest): void => {
      const state = states.get(req);
      if (state?.kind === 'build') state.release?.();
    };
    const release = (req: FastifyRequest, _reply: FastifyReply, done: () => void): void => {
      releaseOf(req);
      done();
    };
    // onRequestAbort hooks get no reply: (request, done).
    const releaseAborted = (req: FastifyRequest, done: () => void): void => {
      releaseOf(req);
      done();
    };

    // The hooks go on the cached routes only: the others never pay for them. Ours run first among
    // a route's own onSend hooks, before the compress plugin's, so they see the serialised body.
    const own = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);
    app.addHook('onRoute', (route) => {
      if (!route.config?.publicCache) return;
      route.onRequest = [...own(route.onRequest), onRequest] as typeof route.onRequest;
      if (route.config.publicCache.personal) route.preHandler = [overlay, ...own(route.preHandler)] as typeof route.preHandler;
      route.preSerialization = [preSerialization, ...own(route.preSerialization)] as typeof route.preSerialization;
      route.onSend = [store, ...own(route.onSend)] as typeof route.onSend;
      route.onResponse = [...own(route.onResponse), release] as typeof route.onResponse;
      route.onRequestAbort = [...own(route.onRequestAbort), releaseAborted] as typeof route.onRequestAbort;
    });

    // Every other API answer is private: login-only routes, requests with a token, failures, writes.
    app.addHook('onSend', (req, reply, payload, done) => {
      if (!reply.hasHeader('cache-control') && API_PATH.test(req.url)) reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      done(null, payload);
    });
  },
  { name: 'public-cache', dependencies: ['context', 'db', 'bus'] },
);
