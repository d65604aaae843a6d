import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import { ErrorCode, errorMessage } from '@medportal/contract';
import fp from 'fastify-plugin';
import { rawRequestLanguage } from './context.ts';
import { sendEnvelope } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Graceful stop of the HTTP side, before close(): stop accepting connections, answer every
     * request already received (the last answer on each connection says `Connection: close`), close
     * idle keep-alive connections once they stay quiet, and resolve when no connection is left or
     * `timeoutMs` has passed. Requests still unanswered then get a 503 envelope.
     */
    drain(timeoutMs: number): Promise<DrainOutcome>;
  }
}

export interface DrainOutcome {
  /** Requests cut off by the timeout (answered 503 when their answer had not started). */
  cutOff: number;
}

/** Clients may come back (to this address, now served by another process) after this many seconds. */
export const RETRY_AFTER_S = 5;

/**
 * Once draining, a keep-alive connection with nothing in flight is closed after this quiet time, not
 * at once: a request its client sent just before the signal may still be in the socket buffers, and
 * closing then would reset it. A request arriving meanwhile is answered (with `Connection: close`).
 */
const IDLE_LINGER_MS = 1000;

interface Connection {
  /** Responses not yet finished: more than one when the client pipelines. */
  inFlight: Set<ServerResponse>;
  idleTimer?: NodeJS.Timeout;
}

type State = 'serving' | 'draining' | 'closing';

export default fp(
  async (app) => {
    const server = app.server;
    const connections = new Map<Socket, Connection>();
    let state: State = 'serving';
    let onLastClosed: (() => void) | undefined;

    /** Half-close an idle connection after IDLE_LINGER_MS of quiet; cut it if the client lingers too. */
    const closeWhenQuiet = (socket: Socket, conn: Connection): void => {
      clearTimeout(conn.idleTimer);
      const bytesRead = socket.bytesRead;
      conn.idleTimer = setTimeout(() => {
        // Timers run before the loop reads sockets: after a busy second a request may be waiting
        // unread. Let one poll phase read it first (setImmediate runs after it).
        setImmediate(() => {
          if (conn.inFlight.size > 0 || socket.destroyed) return;
          // Part of a request came in (its headers are not complete yet): not quiet.
          if (socket.bytesRead !== bytesRead) return closeWhenQuiet(socket, conn);
          socket.end();
          conn.idleTimer = setTimeout(() => socket.destroy(), IDLE_LINGER_MS);
        });
      }, IDLE_LINGER_MS);
    };

    let accepted = 0;
    server.on('connection', (socket: Socket) => {
      accepted++;
      const conn: Connection = { inFlight: new Set() };
      connections.set(socket, conn);
      if (state !== 'serving') closeWhenQuiet(socket, conn);
      socket.once('close', () => {
        clearTimeout(conn.idleTimer);
        connections.delete(socket);
        if (connections.size === 0) onLastClosed?.();
      });
    });

    // Ahead of Fastify's own listener, so every request is counted before anything can answer it.
    server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
      const conn = connections.get(req.socket);
      if (!conn) return;
      clearTimeout(conn.idleTimer);
      conn.inFlight.add(res);
      res.once('close', () => {
        conn.inFlight.delete(res);
        if (state !== 'serving' && conn.inFlight.size === 0 && !req.socket.destroyed) closeWhenQuiet(req.socket, conn);
      });
    });

    // While draining, the last answer awaited on a connection tells the client it is closing.
    app.addHook('onSend', (req, reply, payload, done) => {
      if (state === 'serving') return done(null, payload);
      // An answer given inside the parser's pass (a cached read) would otherwise be sent before the
      // requests pipelined behind it in the same packet are parsed, and close the door on them.
      setImmediate(() => {
        const conn = connections.get(req.raw.socket);
        if (!conn || conn.inFlight.size <= 1) reply.header('connection', 'close');
        done(null, payload);
      });
    });

    // After the drain (or during close() in tests): no new work, a clear answer to come back later.
    app.addHook('onRequest', (req, reply, done) => {
      if (state !== 'closing') return done();
      reply.header('retry-after', String(RETRY_AFTER_S)).header('connection', 'close');
      sendEnvelope(reply, 503, ErrorCode.UNAVAILABLE, errorMessage(ErrorCode.UNAVAILABLE, req.ctx.lang));
    });
    app.addHook('preClose', async () => {
      state = 'closing';
      app.replays.close();
    });

    app.decorate('drain', async (timeoutMs: number): Promise<DrainOutcome> => {
      if (state !== 'serving') return { cutOff: 0 };
      state = 'draining';
      // Every request goes through the hooks now: the last answers on a connection say it closes.
      app.replays.close();
      // One deadline for accepting what is queued and for answering it.
      const until = Date.now() + timeoutMs;
      // Connections the kernel has completed but the loop has not accepted yet are reset when the
      // listener closes, requests and all; Node accepts one per loop iteration. Keep listening until
      // an iteration accepts none: the backlog is empty then.
      await new Promise<void>((resolve) => {
        let seen = accepted;
        let quiet = 0;
        // Two quiet checks: the first may run before this iteration's poll phase has been.
        const check = () => {
          if (accepted === seen) quiet++;
          else [seen, quiet] = [accepted, 0];
          if (quiet >= 2 || Date.now() > until) return resolve();
          setImmediate(check);
        };
        setImmediate(check);
      });
      // net.Server's close, not http.Server's: since Node 19 that one also drops idle keep-alive
      // connections at once, resetting any request just sent on them.
      if (server.listening) NetServer.prototype.close.call(server);
      for (const [socket, conn] of connections) if (conn.inFlight.size === 0) closeWhenQuiet(socket, conn);

      let cutOff = 0;
      if (connections.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        const drained = await Promise.race([
          new Promise<true>((resolve) => (onLastClosed = () => resolve(true))),
          new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, until - Date.now())))),
        ]);
        clearTimeout(timer);
        if (!drained) cutOff = cutOffRemaining(connections);
      }
      state = 'closing';
      return { cutOff };
    });
  },
  { name: 'drain', dependencies: ['context', 'errors'] },
);

/** Drain timeout: unanswered requests get a 503 envelope; everything left is closed. */
function cutOffRemaining(connections: Map<Socket, Connection>): number {
  let cutOff = 0;
  for (const [socket, conn] of connections) {
    clearTimeout(conn.idleTimer);
    let midAnswer = false;
    for (const res of conn.inFlight) {
      cutOff++;
      if (res.headersSent) {
        midAnswer = true;
        continue;
      }
      const lang = rawRequestLanguage(res.req.url, res.req.headers['accept-language']);
      const body = JSON.stringify({ code: ErrorCode.UNAVAILABLE, message: errorMessage(ErrorCode.UNAVAILABLE, lang), data: null });
      res.writeHead(503, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        'retry-after': String(RETRY_AFTER_S),
        connection: 'close',
      });
      res.end(body);
    }
    // A 503 just written still flushes; an answer cut mid-way cannot be completed.
    if (midAnswer || conn.inFlight.size === 0) socket.destroy();
    else socket.destroySoon();
  }
  return cutOff;
}
