import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type IncomingHttpHeaders, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './build-test-app.ts';
import { bearer, makeUser, type MadeUser } from './factories.ts';

/**
 * Anonymous cached reads answered before Fastify (lib/replay.ts, decision record 0076): over a real
 * socket, a replayed answer must be the one the app gives (status, every header but Date and the
 * request id, body), which app.inject (never replayed) shows; and only anonymous GETs of a fresh
 * entry are replayed.
 */
let root: string;
let app: FastifyInstance;
let base: string;
let alice: MadeUser;
let log = '';

// A stand-in for the web app's server renderer, as in web-render.test.ts.
const RENDERER = `
let renders = 0;
export function route(url) {
  const u = new URL(url, 'http://x');
  const lang = u.searchParams.get('lang');
  return { kind: 'page', url: u.pathname + (lang ? '?lang=' + lang : ''), status: u.pathname.startsWith('/unknown') ? 404 : 200 };
}
export async function render({ url, lang }) {
  renders += 1;
  return {
    status: url.startsWith('/unknown') ? 404 : 200,
    html: '<main data-render="' + renders + '">' + lang + ' ' + url + ' ' + 'x'.repeat(2000) + '</main>',
    state: '{"x":1}',
    meta: { title: 'Page - Site', siteName: 'Site', description: 'About it' },
  };
}
`;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'medportal-replay-'));
  const dist = join(root, 'dist');
  mkdirSync(dist);
  mkdirSync(join(root, 'dist-ssr'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>Shell</title></head><body><div id="root"></div></body></html>');
  writeFileSync(join(root, 'dist-ssr', 'entry-server.js'), RENDERER);
  const stream = new PassThrough();
  stream.on('data', (c: Buffer) => (log += c.toString()));
  app = await buildTestApp({ config: { webDist: dist }, logger: undefined, logStream: stream });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  base = `127.0.0.1:${port}`;
  alice = await makeUser(app, { nickname: 'Alice' });
});

afterAll(async () => {
  await app?.close();
  rmSync(root, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET (or HEAD) over the socket, its bytes as they came. */
function http(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  const [host, port] = base.split(':');
  return new Promise((resolve, reject) => {
    const req = request({ host, port: Number(port), path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The same request through app.inject: the app's own answer, never a replay. */
async function injected(path: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET'): Promise<Answer> {
  const res = await app.inject({ method, url: path, headers: { host: base, ...headers } });
  return { status: res.statusCode, headers: res.headers as IncomingHttpHeaders, body: res.rawPayload };
}

/** Headers two answers must share: all but the date, the request id and the transport's own. */
const comparable = (h: IncomingHttpHeaders) => {
  const out: Record<string, unknown> = { ...h };
  for (const name of ['date', 'x-request-id', 'connection', 'keep-alive', 'transfer-encoding']) delete out[name];
  return out;
};
const same = (a: Answer, b: Answer) => {
  expect(a.status).toBe(b.status);
  expect(comparable(a.headers)).toEqual(comparable(b.headers));
  expect(a.body.equals(b.body)).toBe(true);
};
const replayed = () => app.replays.stats().replayed;

/**
 * Asks until an answer is replayed: the app's hit before it was recorded (the entry may be
 * replaced meanwhile by its compressed copy, which is recorded anew).
 */
async function replayedAnswer(path: string, headers: Record<string, string> = {}): Promise<{ slow: Answer; fast: Answer }> {
  let slow = await http(path, headers);
  for (let i = 0; i < 10; i++) {
    const before = replayed();
    const next = await http(path, headers);
    if (replayed() === before + 1) return { slow, fast: next };
    slow = next;
  }
  throw new Error(`${path}: never replayed`);
}

const ROUTES = ['/v1/relate_site', '/v1/site/config', '/v1/news?page=1', '/v1/pc/course?page=1', '/v1/live/live_date?timezone=Europe%2FLondon', '/page?lang=en', '/page', '/unknown/x'];

describe('a replayed answer', () => {
  it('is the answer the app gives, for cache misses and hits, API reads and rendered pages', async () => {
    for (const path of ROUTES) {
      app.publicCache.invalidate(['*']);
      const miss = await http(path);
      const { slow, fast } = await replayedAnswer(path);
      if (path.startsWith('/v')) {
        expect(miss.headers['x-cache']).toBe('MISS');
        expect(slow.headers['x-cache']).toBe('HIT');
        // A miss is the same answer bar its label.
        same({ ...miss, headers: { ...miss.headers, 'x-cache': 'HIT' } }, fast);
      }
      same(slow, fast);
      same(await injected(path), fast);
    }
  });

  it('follows the language, the encoding and If-None-Match as the app does, and HEAD is never replayed', async () => {
    const path = '/v1/news?page=1';
    const zh = await replayedAnswer(path, { 'accept-language': 'zh-CN' });
    const en = await replayedAnswer(path, { 'accept-language': 'en-US,en;q=0.9' });
    expect(en.fast.body.equals(zh.fast.body)).toBe(false);
    same(await injected(path, { 'accept-language': 'en-US,en;q=0.9' }), en.fast);
    // The stored payload's brotli copy is made in the background: the replay follows the entry.
    await expect.poll(async () => (await http(path, { 'accept-encoding': 'br' })).headers['content-encoding'], { timeout: 5_000 }).toBe('br');
    for (const encoding of ['br', 'gzip', 'gzip, deflate, br', 'identity']) {
      const { fast } = await replayedAnswer(path, { 'accept-encoding': encoding });
      same(await injected(path, { 'accept-encoding': encoding }), fast);
    }
    for (const page of ['/page?lang=en', '/v1/relate_site']) {
      const etag = String((await http(page)).headers.etag);
      const { fast } = await replayedAnswer(page, { 'if-none-match': etag });
      expect(fast.status).toBe(304);
      same(await injected(page, { 'if-none-match': etag }), fast);
      const other = await replayedAnswer(page, { 'if-none-match': 'W/"other"' });
      expect(other.fast.status).toBe(200);
    }
    const before = replayed();
    const head = await http('/v1/relate_site', {}, 'HEAD');
    same(await injected('/v1/relate_site', {}, 'HEAD'), head);
    expect(replayed()).toBe(before);
  });

  it('carries its own request id and writes the log line the app writes', async () => {
    const { fast } = await replayedAnswer('/v1/relate_site', { 'x-request-id': 'replay-test-0001' });
    expect(fast.headers['x-request-id']).toBe('replay-test-0001');
    const other = await http('/v1/relate_site', { 'x-request-id': 'replay-test-0002' });
    expect(other.headers['x-request-id']).toBe('replay-test-0002');
    await http('/v1/relate_site?code=secret');
    const { fast: coded } = await replayedAnswer('/v1/relate_site?code=secret');
    expect(coded.status).toBe(200);
    await app.inject({ url: '/v1/relate_site', headers: { host: base, 'x-request-id': 'replay-test-0003' } });
    await expect.poll(() => log.includes('replay-test-0003')).toBe(true);
    const lines = log
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const line = (id: string) => lines.find((l) => l.reqId === id && l.msg === 'request completed');
    const fastLine = line('replay-test-0001');
    const slowLine = line('replay-test-0003');
    expect(fastLine).toBeDefined();
    expect(Object.keys(fastLine ?? {})).toEqual(Object.keys(slowLine ?? {}));
    const strip = (l: Record<string, unknown> | undefined) => ({ ...l, reqId: null, time: null, responseTime: null, req: { ...(l?.req as object), remoteAddress: null } });
    expect(strip(fastLine)).toEqual(strip(slowLine));
    expect(typeof fastLine?.responseTime).toBe('number');
    // Tokens never reach the log, replayed or not.
    expect(log).not.toContain('secret');
    expect(log).toContain('code=[redacted]');
  });
});

describe('replays', () => {
  it('never answer a request with a login, a cookie or a token in its URL', async () => {
    const news = (JSON.parse((await http('/v1/news?page=1')).body.toString()) as { data: { items: Array<{ id: number }> } }).data.items[0]?.id;
    const path = `/v1/news/${news}`;
    await replayedAnswer(path);
    const before = replayed();
    const withLogin = await http(path, bearer(alice.access));
    expect(withLogin.headers['x-cache']).not.toBe('HIT');
    expect(withLogin.headers['cache-control']).toBe('private, no-store');
    const withCookie = await http(path, { cookie: 'theme=dark' });
    same(await injected(path, { cookie: 'theme=dark' }), withCookie);
    await http(`${path}?access_token=${alice.access}`);
    await http(path, { 'x-medportal-preview': 'x' });
    expect(replayed()).toBe(before);
  });

  it('stop as soon as the entry is dropped, expires or is replaced', async () => {
    const path = '/v1/relate_site';
    await replayedAnswer(path);
    app.publicCache.invalidate(['*']);
    const before = replayed();
    expect((await http(path)).headers['x-cache']).toBe('MISS');
    expect(replayed()).toBe(before);
    await replayedAnswer(path);
  });
});
