import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import type { Client as PgClient } from 'pg';
import type { Db } from '../db/client.ts';

/**
 * Messages between API processes (decision record 0071): the public cache's invalidations and
 * token revocations, the live room's and the service chat's events. Redis pub/sub when REDIS_URL is
 * set; PostgreSQL LISTEN/NOTIFY on a PostgreSQL database; in process otherwise (PGlite: one process
 * holds the data). Domain-free: channels and messages mean what their users say.
 */
export interface Bus {
  readonly kind: 'memory' | 'postgres' | 'redis';
  /** This process, as it appears on the bus's connections (application_name, client name). */
  readonly processId: string;
  /** Every subscriber of `channel` hears it, in this process too (never inside this call). */
  publish(channel: string, message: string): Promise<void>;
  /** Resolves once messages published from now on are delivered; the result unsubscribes. */
  subscribe(channel: string, onMessage: (message: string) => void): Promise<() => Promise<void>>;
  /**
   * Heard after the bus lost its connection and got it back: messages sent meanwhile are lost, so
   * a listener drops whatever it keeps from them. The result stops listening.
   */
  onGap(listener: () => void): () => void;
  close(): Promise<void>;
}

/** Where the bus reports its own failures (pino's signature). */
export interface BusLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

type Handler = (message: string) => void;

/** PostgreSQL's NOTIFY payload limit is 8000 bytes; the envelope takes a little of it. */
export const NOTIFY_MAX_BYTES = 7900;

/** The PostgreSQL channel of the bus; a schema of its own has its own (tests). */
export function busChannel(schema?: string): string {
  return schema ? `medportal_bus_${schema}` : 'medportal_bus';
}

/** The name the bus's listening connection carries, so an operator (or a test) can find it. */
export const connectionName = (processId: string) => `medportal-bus:${processId}`;

class Handlers {
  private readonly map = new Map<string, Set<Handler>>();
  private readonly gaps = new Set<() => void>();

  constructor(private readonly log: BusLog) {}

  add(channel: string, h: Handler): boolean {
    let set = this.map.get(channel);
    const first = !set;
    if (!set) this.map.set(channel, (set = new Set()));
    set.add(h);
    return first;
  }
  remove(channel: string, h: Handler): boolean {
    const set = this.map.get(channel);
    if (!set) return false;
    set.delete(h);
    if (set.size > 0) return false;
    this.map.delete(channel);
    return true;
  }
  /** A subscription that needs nothing outside this process (the in-process bus; NOTIFY carries every channel). */
  local(channel: string, h: Handler): Promise<() => Promise<void>> {
    this.add(channel, h);
    return Promise.resolve(async () => {
      this.remove(channel, h);
    });
  }
  channels(): string[] {
    return [...this.map.keys()];
  }
  emit(channel: string, message: string): void {
    for (const h of this.map.get(channel) ?? []) {
      try {
        h(message);
      } catch (err) {
        // One subscriber's failure must not stop the others.
        this.log.error({ err, channel }, 'bus: a subscriber failed');
      }
    }
  }
  onGap(listener: () => void): () => void {
    this.gaps.add(listener);
    return () => this.gaps.delete(listener);
  }
  gap(): void {
    for (const g of this.gaps) {
      try {
        g();
      } catch (err) {
        this.log.error({ err }, 'bus: a gap listener failed');
      }
    }
  }
}

export class MemoryBus implements Bus {
  readonly kind = 'memory' as const;
  readonly processId = randomUUID();
  private readonly handlers: Handlers;

  constructor(log: BusLog) {
    this.handlers = new Handlers(log);
  }

  async publish(channel: string, message: string): Promise<void> {
    // Delivered asynchronously, as the others would: a publisher never runs subscribers inside its own call.
    queueMicrotask(() => this.handlers.emit(channel, message));
  }

  subscribe(channel: string, onMessage: Handler): Promise<() => Promise<void>> {
    return this.handlers.local(channel, onMessage);
  }

  onGap(listener: () => void): () => void {
    return this.handlers.onGap(listener);
  }

  async close(): Promise<void> {}
}

export class RedisBus implements Bus {
  readonly kind = 'redis' as const;
  readonly processId = randomUUID();
  /** Publishes; other users of Redis (presence counts) may send their commands on it too. */
  readonly pub: Redis;
  private readonly sub: Redis;
  private readonly handlers: Handlers;
  private closed = false;
  private ready = false;
  private failing = false;

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly log: BusLog,
  ) {
    this.handlers = new Handlers(log);
    // Commands wait for a connection rather than fail while Redis restarts; ioredis resubscribes.
    // ioredis loads only where Redis is configured (it is a tenth of a second of a start without).
    const { Redis: RedisClient } = createRequire(import.meta.url)('ioredis') as { Redis: typeof Redis };
    this.pub = new RedisClient(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    this.sub = new RedisClient(url, { lazyConnect: true, connectionName: connectionName(this.processId) });
    this.sub.on('message', (channel: string, message: string) => {
      if (channel.startsWith(prefix)) this.handlers.emit(channel.slice(prefix.length), message);
    });
    this.sub.on('ready', () => {
      if (!this.ready) {
        this.ready = true;
        return;
      }
      // Reconnected: ioredis sent the SUBSCRIBEs first; once a PING comes back they hold.
      this.sub.ping().then(
        () => {
          this.failing = false;
          this.log.info({}, 'bus: Redis subscription restored; messages sent meanwhile are lost');
          this.handlers.gap();
        },
        (err: unknown) => this.log.warn({ err }, 'bus: Redis subscription check failed'),
      );
    });
    // ioredis retries on its own; the first failure of a run is logged, not every retry.
    const failed = (which: string) => (err: Error) => {
      if (this.closed || this.failing) return;
      this.failing = true;
      this.log.error({ err, connection: which }, 'bus: Redis connection failed; retrying');
    };
    this.pub.on('error', failed('publish'));
    this.sub.on('error', failed('subscribe'));
    this.sub.on('close', () => {
      if (!this.closed && this.ready && !this.failing) this.log.warn({}, 'bus: lost the Redis subscription; reconnecting');
    });
  }

  /** Fails (and stops retrying) when Redis does not answer at start: a misconfiguration, not a blip. */
  async connect(): Promise<void> {
    try {
      await Promise.all([this.pub.connect(), this.sub.connect()]);
    } catch (err) {
      this.pub.disconnect();
      this.sub.disconnect();
      throw err;
    }
  }

  async publish(channel: string, message: string): Promise<void> {
    if (this.closed) return;
    await this.pub.publish(this.prefix + channel, message);
  }

  async subscribe(channel: string, onMessage: Handler): Promise<() => Promise<void>> {
    if (this.handlers.add(channel, onMessage)) await this.sub.subscribe(this.prefix + channel);
    return async () => {
      if (this.handlers.remove(channel, onMessage) && !this.closed) await this.sub.unsubscribe(this.prefix + channel);
    };
  }

  onGap(listener: () => void): () => void {
    return this.handlers.onGap(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }
}

/** A NOTIFY payload: the sending process (which delivered it to itself already), channel, message. */
interface Envelope {
  p: string;
  c: string;
  m: string;
}

/**
 * LISTEN on a connection of its own, NOTIFY through the app's pool. This process's subscribers
 * hear its own messages at once (and an oversized one still reaches them). A lost connection is
 * reopened (1 s, then doubling up to 30 s) and reported as a gap.
 */
export class PgBus implements Bus {
  readonly kind = 'postgres' as const;
  readonly processId = randomUUID();
  private readonly handlers: Handlers;
  private client: PgClient | null = null;
  private closed = false;
  private retryMs = 1000;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly db: Db,
    private readonly channel: string,
    private readonly log: BusLog,
  ) {
    this.handlers = new Handlers(log);
  }

  async connect(): Promise<void> {
    // pg loads only on PostgreSQL (PGlite's start does without it).
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: this.url, application_name: connectionName(this.processId) });
    client.on('notification', (n) => {
      if (n.channel !== this.channel || !n.payload) return;
      try {
        const e = JSON.parse(n.payload) as Envelope;
        if (e.p !== this.processId && typeof e.c === 'string' && typeof e.m === 'string') this.handlers.emit(e.c, e.m);
      } catch (err) {
        this.log.warn({ err }, 'bus: unreadable NOTIFY payload');
      }
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, null));
    await client.connect();
    await client.query(`listen "${this.channel}"`);
    this.client = client;
    this.retryMs = 1000;
  }

  private lost(client: PgClient, err: Error | null): void {
    if (this.closed || this.client !== client) return;
    this.client = null;
    client.end().catch(() => undefined);
    this.log.warn({ err }, 'bus: lost the LISTEN connection; reconnecting');
    this.retry();
  }

  private retry(): void {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect().then(
        () => {
          this.log.info({}, 'bus: LISTEN restored; messages sent meanwhile are lost');
          this.handlers.gap();
        },
        (err: unknown) => {
          this.log.error({ err, retryInMs: this.retryMs * 2 }, 'bus: LISTEN reconnect failed');
          this.retryMs = Math.min(this.retryMs * 2, 30_000);
          this.retry();
        },
      );
    }, this.retryMs);
    this.timer.unref();
  }

  async publish(channel: string, message: string): Promise<void> {
    if (this.closed) return;
    queueMicrotask(() => this.handlers.emit(channel, message));
    const payload = JSON.stringify({ p: this.processId, c: channel, m: message } satisfies Envelope);
    if (Buffer.byteLength(payload) > NOTIFY_MAX_BYTES) {
      this.log.error({ channel, bytes: Buffer.byteLength(payload) }, 'bus: message too large for NOTIFY; other processes miss it');
      return;
    }
    await notify(this.db, this.channel, payload);
  }

  subscribe(channel: string, onMessage: Handler): Promise<() => Promise<void>> {
    return this.handlers.local(channel, onMessage);
  }

  onGap(listener: () => void): () => void {
    return this.handlers.onGap(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}

/**
 * What the database itself announces on the bus's channel: its triggers' notices in the bus's
 * envelope (`user-write`, decision record 0076). On PostgreSQL a PgBus hears them; with Redis as
 * the bus, a PgBus of their own.
 */
export type DatabaseNotices = Pick<Bus, 'subscribe' | 'onGap'>;

/**
 * PGlite's own notices (one process holds the data): heard before the statement that sent them
 * returns, so nothing built after a write misses it. An embedded database never loses them.
 */
export async function embeddedNotices(
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>,
  channel: string,
  log: BusLog,
): Promise<DatabaseNotices & { close(): Promise<void> }> {
  const handlers = new Handlers(log);
  const close = await listen(channel, (payload) => {
    try {
      const e = JSON.parse(payload) as Envelope;
      if (typeof e.c === 'string' && typeof e.m === 'string') handlers.emit(e.c, e.m);
    } catch (err) {
      log.warn({ err }, 'bus: unreadable NOTIFY payload');
    }
  });
  return { subscribe: (c, h) => handlers.local(c, h), onGap: (l) => handlers.onGap(l), close };
}

async function notify(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/**
 * One message from a tool that is no server (the seed CLI) to every server on this PostgreSQL
 * database, the way PgBus sends it.
 */
export async function notifyServers(db: Db, schema: string | undefined, channel: string, message: string): Promise<void> {
  await notify(db, busChannel(schema), JSON.stringify({ p: 'tool', c: channel, m: message } satisfies Envelope));
}
