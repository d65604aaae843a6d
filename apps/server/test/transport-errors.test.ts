import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './build-test-app.ts';

/**
 * Requests rejected by Node's HTTP parser or Fastify's router, before any hook runs, over a real
 * socket: they get the {code, message, data} envelope and `Connection: close`, and the socket then
 * ends cleanly (a keep-alive client knows not to reuse it, and reads the answer instead of a reset).
 */

let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  app = await buildTestApp({ seed: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  await app?.close();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** How the socket finished: 'end' (the server closed it cleanly) or the error code. */
  closedBy: string;
}

/** Writes raw bytes, reads until the server closes the connection. */
function rawRequest(bytes: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let closedBy = 'end';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', (err: NodeJS.ErrnoException) => (closedBy = err.code ?? err.message));
    socket.on('close', () => {
      const split = received.indexOf('\r\n\r\n');
      if (split < 0) return reject(new Error(`no answer (closed by ${closedBy}): ${JSON.stringify(received)}`));
      const [statusLine = '', ...lines] = received.slice(0, split).split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: Buffer.from(received.slice(split + 4), 'latin1').toString('utf8'), closedBy });
    });
    // A keep-alive client: it would reuse the connection unless told otherwise.
    socket.write(bytes);
  });
}

const get = (target: string, extra = '') => `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n${extra}\r\n`;

describe('transport errors', () => {
  it('431: headers over the size limit', async () => {
    const res = await rawRequest(get('/v1/relate_site', `X-Filler: ${'a'.repeat(20_000)}\r\n`));
    expect(res.status).toBe(431);
    expect(res.headers.connection).toBe('close');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(res.body)).toEqual({ code: 40013, message: '提交的内容过大', data: null });
    expect(res.closedBy).toBe('end');
  });

  it('414: a path parameter over the router limit, in the language asked for', async () => {
    const res = await rawRequest(get(`/v1/news/${'1'.repeat(300)}?language=en`));
    expect(res.status).toBe(414);
    expect(res.headers.connection).toBe('close');
    expect(JSON.parse(res.body)).toEqual({ code: 40013, message: 'The request is too large', data: null });
    expect(res.closedBy).toBe('end');
  });

  it('400: a URL the router cannot decode', async () => {
    const res = await rawRequest(get('/v1/news/%zz', 'Accept-Language: en-US,en;q=0.9\r\n'));
    expect(res.status).toBe(400);
    expect(res.headers.connection).toBe('close');
    expect(JSON.parse(res.body)).toEqual({ code: 40001, message: 'The request could not be read', data: null });
    expect(res.closedBy).toBe('end');
  });

  it('400: a request line the HTTP parser rejects', async () => {
    const res = await rawRequest('GET /v1/news /x HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(res.status).toBe(400);
    expect(res.headers.connection).toBe('close');
    expect(JSON.parse(res.body)).toEqual({ code: 40001, message: '请求格式有误', data: null });
    expect(res.closedBy).toBe('end');
  });

  it('a normal request on a keep-alive connection still keeps it', async () => {
    const socket = connect(port, '127.0.0.1');
    const answers = await new Promise<string>((resolve) => {
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        received += chunk;
        if ((received.match(/HTTP\/1\.1 200/g) ?? []).length === 2) resolve(received);
      });
      socket.write(get('/healthz') + get('/healthz'));
    });
    socket.destroy();
    expect(answers).not.toMatch(/connection: close/i);
  });
});
