import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/**
 * Publish/subscribe between API processes, and presence counts summed over them. In memory with
 * one process; through Redis pub/sub (and a hash per presence key) when REDIS_URL is set. Domain-free:
 * the live room decides what the channels and messages mean.
 */
export interface Realtime {
  readonly kind: 'memory' | 'redis';
  /** This process, as it appears in presence hashes. */
  readonly processId: string;
  publish(channel: string, message: string): Promise<void>;
  /** Resolves once messages published from now on are delivered; the result unsubscribes. */
  subscribe(channel: string, onMessage: (message: string) => void): Promise<() => Promise<void>>;
  /** This process's count under `key` (kept for PRESENCE_TTL_MS unless set again). */
  setPresence(key: string, count: number): Promise<void>;
  /** Sum of every live process's count under `key`. */
  presence(key: string): Promise<number>;
  close(): Promise<void>;
}

/** A process that stops refreshing its count drops out of the sum after this long. */
export const PRESENCE_TTL_MS = 15_000;

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

type Handler = (message: string) => void;

class Handlers {
  private readonly map = new Map<string, Set<Handler>>();
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
  emit(channel: string, message: string): void {
    for (const h of this.map.get(channel) ?? []) {
      try {
        h(message);
      } catch {
        // One subscriber's failure must not stop the others.
      }
    }
  }
}

export class MemoryRealtime implements Realtime {
  readonly kind = 'memory' as const;
  readonly processId = randomUUID();
  private readonly handlers = new Handlers();
  private readonly counts = new Map<string, number>();

  async publish(channel: string, message: string): Promise<void> {
    // Delivered asynchronously, as Redis would: a publisher never runs subscribers inside its own call.
    queueMicrotask(() => this.handlers.emit(channel, message));
  }

  async subscribe(channel: string, onMessage: Handler): Promise<() => Promise<void>> {
    this.handlers.add(channel, onMessage);
    return async () => {
      this.handlers.remove(channel, onMessage);
    };
  }

  async setPresence(key: string, count: number): Promise<void> {
    if (count > 0) this.counts.set(key, count);
    else this.counts.delete(key);
  }

  async presence(key: string): Promise<number> {
    return this.counts.get(key) ?? 0;
  }

  async close(): Promise<void> {}
}

export class RedisRealtime implements Realtime {
  readonly kind = 'redis' as const;
  readonly processId = randomUUID();
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly handlers = new Handlers();
  private closed = false;

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    // Commands wait for a connection rather than fail while Redis restarts; subscriptions are restored by ioredis.
    this.pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    this.sub = new Redis(url, { lazyConnect: true });
    this.sub.on('message', (channel: string, message: string) => this.handlers.emit(channel.slice(this.prefix.length), message));
    // Errors are retried by ioredis; without a listener they would be thrown as unhandled.
    this.pub.on('error', () => undefined);
    this.sub.on('error', () => undefined);
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

  /** A hash per key: field = process, value = `count:expiresAtMs`. */
  async setPresence(key: string, count: number): Promise<void> {
    const hash = `${this.prefix}presence:${key}`;
    if (this.closed) return;
    if (count > 0) {
      await this.pub.multi().hset(hash, this.processId, `${count}:${Date.now() + PRESENCE_TTL_MS}`).pexpire(hash, PRESENCE_TTL_MS * 4).exec();
    } else {
      await this.pub.hdel(hash, this.processId);
    }
  }

  async presence(key: string): Promise<number> {
    const hash = `${this.prefix}presence:${key}`;
    const all = await this.pub.hgetall(hash);
    const now = Date.now();
    let total = 0;
    const stale: string[] = [];
    for (const [proc, value] of Object.entries(all)) {
      const [count, until] = value.split(':').map(Number) as [number, number];
      if (until > now) total += count;
      else stale.push(proc);
    }
    // Processes that died without saying so.
    if (stale.length > 0) await this.pub.hdel(hash, ...stale);
    return total;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }
}

export interface RealtimeOptions {
  redis: { url: string; prefix: string } | null;
}

export default fp<RealtimeOptions>(
  async (app, { redis }) => {
    let realtime: Realtime;
    if (redis) {
      const r = new RedisRealtime(redis.url, redis.prefix);
      await r.connect();
      realtime = r;
      app.log.info('live-room events fan out through Redis');
    } else {
      realtime = new MemoryRealtime();
    }
    app.decorate('realtime', realtime);
    app.addHook('onClose', async () => realtime.close());
  },
  { name: 'realtime' },
);
