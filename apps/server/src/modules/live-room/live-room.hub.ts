import { LIVE_RESUME_MAX, type LiveEvent, LiveSocketClose } from '@medportal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Db } from '../../db/client.ts';
import type { Realtime } from '../../plugins/realtime.ts';
import * as repo from './live-room.repository.ts';
import type { RoomEvent } from './live-room.service.ts';

/** One viewer's socket in this process. */
export interface Client {
  ws: WebSocket;
  userId: number | undefined;
  /** The login the socket was opened with: its revocation closes the socket. */
  sessionId: number | undefined;
  isMod: boolean;
  /** When its access check finished, in the hub's order of checks (set by join). */
  checked?: number;
  /** Highest seq this client has been given (or skipped, when not for it). */
  cursor: number;
  alive: boolean;
}

interface Wire {
  e: LiveEvent;
  m: boolean;
  u: number | null;
}

/** An event waiting for the room's next flush: encoded once for every socket. */
interface Pending {
  seq: number;
  bytes: Buffer;
  m: boolean;
  u: number | null;
}

/** The TCP socket under a `ws` socket (not in its typings): corked, several frames leave in one write. */
type Corkable = { cork(): void; uncork(): void };
const rawSocket = (ws: WebSocket): Corkable | undefined => (ws as unknown as { _socket?: Corkable })._socket;

class Room {
  readonly clients = new Set<Client>();
  /** Highest seq delivered to this process's clients. */
  lastSeq = 0;
  /** Deliveries and joins of a room run one after another, in this chain. */
  chain: Promise<void> = Promise.resolve();
  unsubscribe: (() => Promise<void>) | null = null;
  viewers = -1;
  presenceSent = -1;
  /** Delivered to the room but not yet written to its sockets. */
  pending: Pending[] = [];
  flushTimer: NodeJS.Timeout | NodeJS.Immediate | null = null;
  lastFlush = 0;
  constructor(readonly liveId: number) {}
}

export interface HubOptions {
  /** A client whose unsent data passes this is dropped and told to resync. */
  maxBufferedBytes?: number;
  /** How often viewer counts are shared and pushed. */
  viewersIntervalMs?: number;
  /** How often sockets are pinged; one missed pong closes them. */
  pingIntervalMs?: number;
  /**
   * A room's sockets are written at most this often: events arriving closer together leave in one
   * write per socket (a write per socket per event is what costs with thousands of viewers). An
   * event after a quiet spell goes out at once.
   */
  flushIntervalMs?: number;
  /**
   * How often every logged-in socket's login is checked again: revocations that sent no message
   * (an operator's SQL, or messages lost while the channel reconnected). Like the token cache's
   * bound (decision 0036).
   */
  recheckIntervalMs?: number;
}

/** Which of these logins (auth session ids) are still valid; the auth module answers. */
export type SessionCheck = (sessionIds: readonly number[]) => Promise<Set<number>>;

const channel = (liveId: number) => `live:${liveId}`;

const mayRead = (c: Client, w: { m: boolean; u: number | null }) => !w.m || c.isMod || (w.u !== null && c.userId === w.u);

/**
 * This process's live-room sockets. Events are published on the room's channel after their
 * transaction commits; every process delivers them to its own clients in seq order, filling any gap
 * from the event log (a seq is allocated under the room row's lock, so a smaller one has committed
 * by the time a larger one is published). Joins with since= replay the log the same way.
 */
export class LiveHub {
  private readonly rooms = new Map<number, Room>();
  /** Every open socket of this process, joined or still joining. */
  private readonly tracked = new Set<Client>();
  private rechecking: Promise<void> | null = null;
  /** Orders access checks and moderator reads (see refreshModerators). */
  private marks = 0;
  private readonly maxBuffered: number;
  private readonly flushMs: number;
  private readonly timers: NodeJS.Timeout[] = [];
  private closing = false;

  constructor(
    private readonly db: Db,
    private readonly realtime: Realtime,
    private readonly log: FastifyBaseLogger,
    opts: HubOptions = {},
    private readonly sessionsAlive: SessionCheck = async (ids) => new Set(ids),
  ) {
    this.maxBuffered = opts.maxBufferedBytes ?? 1024 * 1024;
    this.flushMs = opts.flushIntervalMs ?? 40;
    const viewersTimer = setInterval(() => void this.shareViewers(), opts.viewersIntervalMs ?? 2000);
    const pingTimer = setInterval(() => this.ping(), opts.pingIntervalMs ?? 30_000);
    const recheckTimer = setInterval(() => void this.recheck(), opts.recheckIntervalMs ?? 10_000);
    viewersTimer.unref();
    pingTimer.unref();
    recheckTimer.unref();
    this.timers.push(viewersTimer, pingTimer, recheckTimer);
  }

  /**
   * Logins revoked here or in another process (`session:<id>`, `user:<id>`; decision 0036): their
   * sockets leave their rooms at once (nothing more is written to them) and are closed with
   * REVOKED; the client reconnects with the login it has now, or none. `'*'`: some revocations
   * may have been missed, so every login is checked again.
   */
  revoke(keys: readonly string[] | '*'): void {
    if (keys === '*') {
      void this.recheck();
      return;
    }
    const sessions = new Set<number>();
    const userIds = new Set<number>();
    for (const key of keys) {
      const [kind, id] = key.split(':');
      if (kind === 'session') sessions.add(Number(id));
      else if (kind === 'user') userIds.add(Number(id));
    }
    this.closeWhere((c) => (c.sessionId !== undefined && sessions.has(c.sessionId)) || (c.userId !== undefined && userIds.has(c.userId)));
  }

  /** A socket from its first moment (before its access check): a revocation meanwhile reaches it too. */
  track(client: Client): void {
    this.tracked.add(client);
    client.ws.once('close', () => this.tracked.delete(client));
  }

  private closeWhere(revoked: (c: Client) => boolean): void {
    for (const c of this.tracked) {
      if (!revoked(c)) continue;
      this.tracked.delete(c);
      for (const room of this.rooms.values()) room.clients.delete(c);
      c.isMod = false;
      // Closing: a join still waiting in its room's chain is skipped.
      c.ws.close(LiveSocketClose.REVOKED, 'login revoked');
      setTimeout(() => c.ws.terminate(), 5000).unref();
    }
  }

  /** Checks every logged-in socket's login again (one query for all) and closes the revoked. */
  recheck(): Promise<void> {
    // One at a time: a slow database must not pile checks up behind each other.
    this.rechecking ??= this.recheckNow().finally(() => {
      this.rechecking = null;
    });
    return this.rechecking;
  }

  private async recheckNow(): Promise<void> {
    const ids = new Set<number>();
    for (const c of this.tracked) if (c.sessionId !== undefined) ids.add(c.sessionId);
    if (ids.size === 0) return;
    try {
      const alive = await this.sessionsAlive([...ids]);
      // Only the logins asked about: a socket opened meanwhile was not.
      this.closeWhere((c) => c.sessionId !== undefined && ids.has(c.sessionId) && !alive.has(c.sessionId));
      // A moderator removed without a message: privileges follow the table.
      for (const room of this.rooms.values()) await this.refreshModerators(room);
    } catch (err) {
      if (!this.closing) this.log.warn({ err }, 'live socket logins could not be checked');
    }
  }

  /**
   * Re-reads who moderates the room, for its sockets that hold the privilege. Only sockets whose
   * own access check finished before this read began are judged by it: an older read must not
   * demote a moderator added since.
   */
  private async refreshModerators(room: Room): Promise<void> {
    let any = false;
    for (const c of room.clients) any ||= c.isMod;
    if (!any) return;
    const mark = ++this.marks;
    const mods = await repo.moderatorIds(this.db, room.liveId);
    for (const c of room.clients) {
      if (c.isMod && (c.checked ?? 0) < mark && (c.userId === undefined || !mods.has(c.userId))) c.isMod = false;
    }
  }

  /** After commit: hand the events to every process (this one included). */
  publish(events: RoomEvent[]): void {
    for (const ev of events) {
      const wire: Wire = { e: ev.event, m: ev.modsOnly, u: ev.userId };
      this.realtime.publish(channel(ev.liveId), JSON.stringify(wire)).catch((err: unknown) => {
        // Clients still get it: the next event's gap fill, or their resume, reads the log.
        this.log.warn({ err, liveId: ev.liveId }, 'live event publish failed');
      });
    }
  }

  /** Viewers of a live over every process. */
  viewers(liveId: number): Promise<number> {
    return this.realtime.presence(channel(liveId));
  }

  /** Local sockets, for tests and the benchmark's figures. */
  localClients(): number {
    let n = 0;
    for (const r of this.rooms.values()) n += r.clients.size;
    return n;
  }

  private room(liveId: number): Room {
    let room = this.rooms.get(liveId);
    if (room) return room;
    const r = new Room(liveId);
    this.rooms.set(liveId, r);
    room = r;
    r.chain = (async () => {
      r.unsubscribe = await this.realtime.subscribe(channel(liveId), (message) => {
        r.chain = r.chain.then(() => this.receive(r, message)).catch((err: unknown) => this.log.warn({ err, liveId }, 'live event delivery failed'));
      });
      // Subscribed first, then read: an event committed after this read arrives on the channel.
      r.lastSeq = await repo.currentSeq(this.db, liveId);
    })();
    return r;
  }

  /**
   * Adds a client: with `since`, the events it missed are sent first (or `reset` when they are too
   * many or no longer kept); without, it starts from now. Runs in the room's chain, so nothing is
   * delivered in between.
   */
  join(liveId: number, client: Client, since: number | undefined): void {
    // Its access check (isMod) has just finished.
    client.checked = ++this.marks;
    const room = this.room(liveId);
    room.chain = room.chain
      .then(async () => {
        if (client.ws.readyState !== client.ws.OPEN) return;
        // The client read the room from a process that heard of newer events than this one has yet
        // (another process wrote them, Redis has not brought them here): they are in the log.
        if (since !== undefined && since > room.lastSeq) await this.catchUp(room);
        const viewers = Math.max(room.viewers, room.clients.size + 1);
        if (since === undefined || since >= room.lastSeq) {
          // A client ahead of the log (the database was reset) is told to start again.
          if (since !== undefined && since > room.lastSeq) this.sendRaw(client, JSON.stringify({ type: 'reset', seq: room.lastSeq }));
          else this.sendRaw(client, JSON.stringify({ type: 'hello', seq: room.lastSeq, viewers }));
        } else {
          const missed = await repo.eventsAfter(this.db, liveId, since, LIVE_RESUME_MAX + 1, room.lastSeq + 1);
          const complete = missed.length <= LIVE_RESUME_MAX && missed[0]?.seq === since + 1;
          if (!complete) {
            this.sendRaw(client, JSON.stringify({ type: 'reset', seq: room.lastSeq }));
          } else {
            this.sendRaw(client, JSON.stringify({ type: 'hello', seq: since, viewers }));
            for (const row of missed) {
              if (mayRead(client, { m: row.modsOnly, u: row.userId })) this.sendRaw(client, JSON.stringify(row.payload));
            }
          }
        }
        client.cursor = room.lastSeq;
        room.clients.add(client);
      })
      .catch((err: unknown) => {
        this.log.warn({ err, liveId }, 'live socket join failed');
        client.ws.close(1011);
      });
  }

  leave(liveId: number, client: Client): void {
    const room = this.rooms.get(liveId);
    if (!room) return;
    room.clients.delete(client);
    if (room.clients.size > 0) return;
    room.chain = room.chain.then(async () => {
      // Someone may have joined while this waited.
      if (room.clients.size > 0 || this.rooms.get(liveId) !== room) return;
      this.rooms.delete(liveId);
      await room.unsubscribe?.();
      await this.realtime.setPresence(channel(liveId), 0);
    }).catch((err: unknown) => {
      if (!this.closing) this.log.warn({ err, liveId }, 'leaving a live room failed');
    });
  }

  private async receive(room: Room, message: string): Promise<void> {
    const wire = JSON.parse(message) as Wire;
    const seq = wire.e.seq;
    if (seq <= room.lastSeq) return;
    // Moderators-only events go to those who moderate now: a role removed in the table (no
    // message announces it) takes effect before the next such event.
    if (wire.m || seq > room.lastSeq + 1) {
      // Unread, the privileges stay as they were: losing the event would be worse.
      await this.refreshModerators(room).catch((err: unknown) => this.log.warn({ err, liveId: room.liveId }, 'live moderators could not be read'));
    }
    if (seq > room.lastSeq + 1) {
      // Published out of order by another process: the ones before it are already in the log.
      for (const row of await repo.eventsAfter(this.db, room.liveId, room.lastSeq, seq - room.lastSeq, seq)) {
        this.deliver(room, { e: row.payload as unknown as LiveEvent, m: row.modsOnly, u: row.userId });
      }
    }
    this.deliver(room, wire);
  }

  /** Delivers what the log holds beyond the room's last seq (committed, not yet published here). */
  private async catchUp(room: Room): Promise<void> {
    for (const row of await repo.eventsAfter(this.db, room.liveId, room.lastSeq, LIVE_RESUME_MAX)) {
      this.deliver(room, { e: row.payload as unknown as LiveEvent, m: row.modsOnly, u: row.userId });
    }
  }

  private deliver(room: Room, wire: Wire): void {
    const seq = wire.e.seq;
    if (seq <= room.lastSeq) return;
    room.lastSeq = seq;
    // Serialised and encoded once per event, whatever the number of clients.
    room.pending.push({ seq, bytes: Buffer.from(JSON.stringify(wire.e)), m: wire.m, u: wire.u });
    if (room.flushTimer) return;
    const wait = room.lastFlush + this.flushMs - Date.now();
    room.flushTimer = wait > 0 ? setTimeout(() => this.flush(room), wait) : setImmediate(() => this.flush(room));
  }

  /**
   * Writes the room's pending events to every socket whose cursor is behind them, in seq order, all
   * of a socket's frames in one write. A client that joined meanwhile has had them from the log.
   */
  private flush(room: Room): void {
    room.flushTimer = null;
    room.lastFlush = Date.now();
    const batch = room.pending;
    room.pending = [];
    const last = batch.at(-1);
    if (!last) return;
    for (const c of room.clients) {
      if (c.cursor >= last.seq) continue;
      const sock = rawSocket(c.ws);
      sock?.cork();
      for (const p of batch) {
        if (c.cursor >= p.seq) continue;
        c.cursor = p.seq;
        if (mayRead(c, p) && !this.send(room, c, p.bytes)) break;
      }
      sock?.uncork();
    }
  }

  private sendRaw(c: Client, text: string): void {
    if (c.ws.readyState === c.ws.OPEN) c.ws.send(text);
  }

  /**
   * A client that cannot keep up is dropped rather than buffered without bound; it resumes with
   * since=. False when the client is gone.
   */
  private send(room: Room, c: Client, data: string | Buffer): boolean {
    if (c.ws.readyState !== c.ws.OPEN) return false;
    if (c.ws.bufferedAmount > this.maxBuffered) {
      room.clients.delete(c);
      c.ws.send(JSON.stringify({ type: 'lagging' }));
      c.ws.close(LiveSocketClose.LAGGING, 'lagging');
      setTimeout(() => c.ws.terminate(), 5000).unref();
      return false;
    }
    c.ws.send(data, { binary: false });
    return true;
  }

  /** Shares this process's counts and pushes the sum where it changed. */
  private async shareViewers(): Promise<void> {
    for (const room of this.rooms.values()) {
      try {
        const local = room.clients.size;
        // Refreshed every tick: a process that stops (crash) drops out when its entry expires.
        await this.realtime.setPresence(channel(room.liveId), local);
        room.presenceSent = local;
        const total = await this.realtime.presence(channel(room.liveId));
        if (total === room.viewers) continue;
        room.viewers = total;
        const text = JSON.stringify({ type: 'viewers', count: total });
        for (const c of room.clients) this.send(room, c, text);
      } catch (err) {
        this.log.warn({ err, liveId: room.liveId }, 'viewer count failed');
      }
    }
  }

  /** Resolves once this process holds exactly `n` sockets (tests: a close has been noticed). */
  async waitForClients(n: number): Promise<void> {
    while (this.localClients() !== n) await new Promise((r) => setTimeout(r, 10));
  }

  /** Runs one round of viewer counting now (tests). */
  tickViewers(): Promise<void> {
    return this.shareViewers();
  }

  private ping(): void {
    for (const room of this.rooms.values()) {
      for (const c of room.clients) {
        if (!c.alive) {
          c.ws.terminate();
          continue;
        }
        c.alive = false;
        c.ws.ping();
      }
    }
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    for (const t of this.timers) clearInterval(t);
    for (const room of this.rooms.values()) {
      if (room.flushTimer) {
        clearTimeout(room.flushTimer as NodeJS.Timeout);
        clearImmediate(room.flushTimer as NodeJS.Immediate);
        this.flush(room);
      }
      for (const c of room.clients) c.ws.close(LiveSocketClose.GOING_AWAY, 'server stopping');
      await room.unsubscribe?.().catch(() => undefined);
      await this.realtime.setPresence(channel(room.liveId), 0).catch(() => undefined);
    }
    this.rooms.clear();
  }
}
