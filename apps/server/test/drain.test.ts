import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ok } from '../src/lib/endpoint.ts';
import { buildTestApp } from './build-test-app.ts';

/**
 * The drain behind graceful shutdown (server.ts calls app.drain() on SIGTERM, then close()), in
 * process over real sockets, with a route the test holds open to have a request in flight.
 */

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A test app listening on a free port, with GET /v1/test/slow answering when `release()` is called. */
async function drainApp() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let entered!: () => void;
  const inHandler = new Promise<void>((resolve) => (entered = resolve));
  const instance = await buildTestApp({
    seed: false,
    configure: (a) => {
      a.get('/v1/test/slow', async () => {
        entered();
        await gate;
        return ok({ done: true });
      });
    },
  });
  await instance.listen({ port: 0, host: '127.0.0.1' });
  const address = instance.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  app = instance;
  return { app: instance, port, release, inHandler };
}

interface Answer {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/** A hand-read keep-alive connection: every answer, and how it ended ('end', or the error code). */
class Conn {
  readonly answers: Answer[] = [];
  ended: string | undefined;
  readonly closed: Promise<void>;
  private buffer = '';
  private readonly socket: Socket;
  private waiting: Array<{ count: number; resolve: () => void }> = [];

  constructor(port: number) {
    this.socket = connect(port, '127.0.0.1');
    this.socket.setEncoding('utf8');
    this.socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      for (;;) {
        const end = this.buffer.indexOf('\r\n\r\n');
        if (end < 0) break;
        const [status = '', ...lines] = this.buffer.slice(0, end).split('\r\n');
        const headers = new Map(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
        const length = Number(headers.get('content-length') ?? 0);
        if (Buffer.byteLength(this.buffer.slice(end + 4)) < length) break;
        this.answers.push({ status: Number(status.split(' ')[1]), headers, body: this.buffer.slice(end + 4, end + 4 + length) });
        this.buffer = this.buffer.slice(end + 4 + length);
      }
      this.waiting = this.waiting.filter((w) => (this.answers.length >= w.count ? (w.resolve(), false) : true));
    });
    this.socket.on('end', () => (this.ended ??= 'end'));
    this.socket.on('error', (err: NodeJS.ErrnoException) => (this.ended = err.code ?? err.message));
    this.closed = new Promise((resolve) => this.socket.on('close', () => resolve()));
  }

  get(path: string): Promise<Answer> {
    const count = this.answers.length + 1;
    this.socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`);
    return new Promise((resolve) => this.waiting.push({ count, resolve: () => resolve(this.answers[count - 1] as Answer) }));
  }
}

function connectOutcome(port: number): Promise<string> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.on('connect', () => {
      s.destroy();
      resolve('connected');
    });
    s.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
  });
}

describe('drain', () => {
  it('answers requests in flight and requests arriving on idle keep-alive connections, each with Connection: close', { timeout: 90_000 }, async () => {
    const { app: server, port, release, inHandler } = await drainApp();
    const idle = new Conn(port);
    expect((await idle.get('/healthz')).headers.get('connection')).toBe('keep-alive');
    // Stays quiet: closed once the drain begins and it has nothing to answer.
    const quiet = new Conn(port);
    await quiet.get('/healthz');
    const busy = new Conn(port);
    const slow = busy.get('/v1/test/slow');
    await inHandler;

    const drained = server.drain(10_000);
    // Stops accepting once the connections already waiting to be accepted are in.
    while (server.server.listening) await new Promise((r) => setImmediate(r));
    expect(await connectOutcome(port)).toBe('ECONNREFUSED');
    // A request the client sent on its idle keep-alive connection as the drain began is answered, not reset.
    const late = await idle.get('/healthz');
    expect(late.status).toBe(200);
    expect(late.headers.get('connection')).toBe('close');
    await idle.closed;
    expect(idle.ended).toBe('end');

    release();
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ code: 0, message: '', data: { done: true } });
    expect(answer.headers.get('connection')).toBe('close');
    await busy.closed;
    expect(busy.ended).toBe('end');

    // Resolves when the last connection is gone, well before its 10 s.
    expect(await drained).toEqual({ cutOff: 0 });
    expect(quiet.ended).toBe('end');
    // Afterwards (while close() runs) nothing new starts: a 503 envelope saying when to come back.
    const after = await server.inject({ url: '/v1/relate_site?language=en' });
    expect(after.statusCode).toBe(503);
    expect(after.headers['retry-after']).toBe('5');
    expect(after.headers.connection).toBe('close');
    expect(after.json()).toEqual({ code: 50300, message: 'The service is temporarily unavailable', data: null });
  });

  it('at the drain timeout, answers requests still running with a 503 envelope and Retry-After', { timeout: 90_000 }, async () => {
    const { app: server, port, release, inHandler } = await drainApp();
    const busy = new Conn(port);
    const slow = busy.get('/v1/test/slow?language=en');
    await inHandler;
    expect(await server.drain(50)).toEqual({ cutOff: 1 });
    const answer = await slow;
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('5');
    expect(answer.headers.get('connection')).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({ code: 50300, message: 'The service is temporarily unavailable', data: null });
    await busy.closed;
    release();
  });
});
