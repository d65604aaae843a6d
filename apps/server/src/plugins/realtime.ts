import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { RedisBus } from '../lib/bus.ts';

/**
 * Publish/subscribe between API processes (the app's bus), and presence counts summed over them (a
 * hash per presence key in Redis when REDIS_URL is set). Domain-free: the live room decides what
 * the channels and messages mean.
 */
export interface Realtime {
  readonly kind: 'memory' | 'postgres' | 'redis';
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

/** Presence counts: this process's own map with one process, a Redis hash per key with several. */
interface Presence {
  set(key: string, count: number): Promise<void>;
  get(key: string): Promise<number>;
}

class MemoryPresence implements Presence {
  private readonly counts = new Map<string, number>();
  async set(key: string, count: number): Promise<void> {
    if (count > 0) this.counts.set(key, count);
    else this.counts.delete(key);
  }
  async get(key: string): Promise<number> {
    return this.counts.get(key) ?? 0;
  }
}

/** A hash per key: field = process, value = `count:expiresAtMs`. */
class RedisPresence implements Presence {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly processId: string,
    private readonly isClosed: () => boolean,
  ) {}

  async set(key: string, count: number): Promise<void> {
    const hash = `${this.prefix}presence:${key}`;
    if (this.isClosed()) return;
    if (count > 0) {
      await this.redis.multi().hset(hash, this.processId, `${count}:${Date.now() + PRESENCE_TTL_MS}`).pexpire(hash, PRESENCE_TTL_MS * 4).exec();
    } else {
      await this.redis.hdel(hash, this.processId);
    }
  }

  async get(key: string): Promise<number> {
    const hash = `${this.prefix}presence:${key}`;
    const all = await this.redis.hgetall(hash);
    const now = Date.now();
    let total = 0;
    const stale: string[] = [];
    for (const [proc, value] of Object.entries(all)) {
      const [count, until] = value.split(':').map(Number) as [number, number];
      if (until > now) total += count;
      else stale.push(proc);
    }
    // Processes that died without saying so.
    if (stale.length > 0) await this.redis.hdel(hash, ...stale);
    return total;
  }
}

export interface RealtimeOptions {
  redis: { url: string; prefix: string } | null;
}

/**
 * The live room's and the service chat's transport: messages go over the app's bus (plugins/bus.ts);
 * presence is summed in Redis when the bus runs there, else counted in this process (PostgreSQL
 * without Redis: each process shows its own viewers).
 */
export default fp<RealtimeOptions>(
  async (app, { redis }) => {
    const bus = app.bus;
    let closed = false;
    const presence: Presence = bus instanceof RedisBus && redis ? new RedisPresence(bus.pub, redis.prefix, bus.processId, () => closed) : new MemoryPresence();
    if (bus.kind !== 'memory') app.log.info({ bus: bus.kind }, 'live-room events fan out through the bus');
    const realtime: Realtime = {
      kind: bus.kind,
      processId: bus.processId,
      publish: (channel, message) => bus.publish(channel, message),
      subscribe: (channel, onMessage) => bus.subscribe(channel, onMessage),
      setPresence: (key, count) => presence.set(key, count),
      presence: (key) => presence.get(key),
      close: async () => {
        closed = true;
      },
    };
    app.decorate('realtime', realtime);
    app.addHook('onClose', async () => realtime.close());
  },
  { name: 'realtime', dependencies: ['bus'] },
);
