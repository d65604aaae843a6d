import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { buildTestApp } from './build-test-app.ts';
import { makeUser } from './factories.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('security headers', () => {
  it('sends helmet headers and a CSP an SPA can run under', async () => {
    const res = await app.inject({ url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "media-src 'self' blob:",
      "connect-src 'self'",
      "font-src 'self' data:",
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBeDefined();
  });
});

describe('CSP with a streaming CDN', () => {
  const directives = (csp: string) => new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));

  it('lets the page load media from the CDN and the live pull origin (MEDIA_PROVIDER=cdn), and nothing else from outside', async () => {
    const media = loadConfig({
      MEDIA_PROVIDER: 'cdn',
      MEDIA_CDN_BASE_URL: 'https://vod.cdn.example.org/media/',
      MEDIA_LIVE_PULL_BASE_URL: 'https://pull.example.org:8443/live',
      MEDIA_SIGN_KEY: 'a-shared-key-with-the-cdn',
    }).media;
    const cdn = await buildTestApp({ seed: false, config: { media } });
    try {
      const csp = directives(String((await cdn.inject({ url: '/healthz' })).headers['content-security-policy']));
      for (const name of ['media-src', 'connect-src', 'img-src']) {
        expect(csp.get(name)).toEqual(expect.arrayContaining(["'self'", 'https://vod.cdn.example.org', 'https://pull.example.org:8443']));
      }
      // Only where media is loaded: scripts stay this server's, but for WeChat's JS-SDK (loaded inside WeChat only).
      expect(csp.get('script-src')).toEqual(["'self'", 'https://res.wx.qq.com']);
      expect(csp.get('default-src')).toEqual(["'self'"]);
    } finally {
      await cdn.close();
    }
    // The sandbox provider serves media itself: no outside origin.
    const own = directives(String((await app.inject({ url: '/healthz' })).headers['content-security-policy']));
    expect(own.get('media-src')).toEqual(["'self'", 'blob:']);
    expect(own.get('connect-src')).toEqual(["'self'"]);
  });
});

describe('HSTS and the Secure session cookie follow how the request arrived', () => {
  let proxied: FastifyInstance;
  beforeAll(async () => {
    // Behind a TLS terminator on this host: TRUST_PROXY names it.
    proxied = await buildTestApp({ seed: false, config: { trustProxy: loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy } });
  });
  afterAll(async () => {
    await proxied?.close();
  });

  const HTTPS = { 'x-forwarded-proto': 'https' };

  /** The session cookie a password login sets. */
  async function sessionCookie(target: FastifyInstance, opts: { headers?: Record<string, string>; remoteAddress?: string } = {}) {
    const user = await makeUser(target, { password: 'Secret-pass-9' });
    const res = await target.inject({
      method: 'POST',
      url: '/v1/user/login',
      payload: { type: 'password', account: user.mobile, password: 'Secret-pass-9' },
      ...opts,
    });
    expect(res.json().code).toBe(0);
    const cookie = res.cookies.find((c) => c.name === 'mp_session');
    expect(cookie).toBeDefined();
    return cookie;
  }

  it('over https per a trusted proxy: Strict-Transport-Security and a Secure cookie', async () => {
    const res = await proxied.inject({ url: '/healthz', headers: HTTPS });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const notFound = await proxied.inject({ url: '/v1/nope', headers: HTTPS });
    expect(notFound.headers['strict-transport-security']).toBeDefined();
    expect((await sessionCookie(proxied, { headers: HTTPS }))?.secure).toBe(true);
  });

  it('over plain http: neither', async () => {
    const res = await proxied.inject({ url: '/healthz' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect((await sessionCookie(proxied))?.secure).toBeUndefined();
  });

  it('ignores X-Forwarded-Proto from a peer that is not trusted, or without TRUST_PROXY', async () => {
    const stranger = await proxied.inject({ url: '/healthz', headers: HTTPS, remoteAddress: '203.0.113.9' });
    expect(stranger.headers['strict-transport-security']).toBeUndefined();
    expect((await sessionCookie(proxied, { headers: HTTPS, remoteAddress: '203.0.113.9' }))?.secure).toBeUndefined();
    const untrusting = await app.inject({ url: '/healthz', headers: HTTPS });
    expect(untrusting.headers['strict-transport-security']).toBeUndefined();
    expect((await sessionCookie(app, { headers: HTTPS }))?.secure).toBeUndefined();
  });
});

describe('compression', () => {
  it('compresses JSON responses for clients that accept it', async () => {
    const res = await app.inject({ url: '/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    const { gunzipSync } = await import('node:zlib');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString()).openapi).toBe('3.1.0');
    const br = await app.inject({ url: '/media/cover/banner/b1.svg', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
  });

  it('leaves small or unaccepted responses alone', async () => {
    const res = await app.inject({ url: '/openapi.json' });
    expect(res.headers['content-encoding']).toBeUndefined();
    const small = await app.inject({ url: '/healthz', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('health', () => {
  it('/healthz answers without touching the database', async () => {
    const res = await app.inject({ url: '/healthz' });
    expect(res.json()).toMatchObject({ status: 'ok', version: '5.5.0' });
    expect(typeof res.json().uptime_s).toBe('number');
  });

  it('/readyz pings the database', async () => {
    const res = await app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok', search: 'ready' });
  });
});

describe('generated media', () => {
  it('serves deterministic SVG covers with long cache headers', async () => {
    const a = await app.inject({ url: '/media/cover/course/c1.svg?label=EGFR' });
    const b = await app.inject({ url: '/media/cover/course/c1.svg?label=EGFR' });
    expect(a.statusCode).toBe(200);
    expect(a.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(a.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(a.body).toBe(b.body);
    expect(a.body).toContain('EGFR');
  });

  it('escapes labels and 404s unknown kinds', async () => {
    const res = await app.inject({ url: `/media/cover/news/x.svg?label=${encodeURIComponent('<script>&')}` });
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('&lt;script&gt;&amp;');
    const bad = await app.inject({ url: '/media/cover/virus/x.svg' });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().code).toBe(40004);
  });
});

describe('request logs', () => {
  it('never contain tokens passed in the query string', async () => {
    const { PassThrough } = await import('node:stream');
    const stream = new PassThrough();
    let log = '';
    stream.on('data', (c: Buffer) => (log += c.toString()));
    const logged = await buildTestApp({ logger: undefined, logStream: stream, seed: false });
    try {
      const res = await logged.inject({ url: '/v1/relate_site?access_token=s3cr3t-token&language=en' });
      expect(res.statusCode).toBe(200);
    } finally {
      await logged.close();
    }
    expect(log).toContain('/v1/relate_site?access_token=[redacted]&language=en');
    expect(log).not.toContain('s3cr3t-token');
  });
});
