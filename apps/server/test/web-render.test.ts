import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './build-test-app.ts';

// The web plugin with a stand-in for the web app's server renderer (dist-ssr/ beside the build):
// how rendered pages are served, cached, dropped and given up on. The real renderer is covered by
// the e2e suite (e2e/tests/ssr.test.ts).
let root: string;
let app: FastifyInstance;

const RENDERER = `
let renders = 0;
// Like the web app's: the path, a valid lang and only the query the page reads (here \`q\`).
export function route(url) {
  const u = new URL(url, 'http://x');
  if (u.pathname.startsWith('/private')) return null;
  if (u.pathname.startsWith('/go')) return { kind: 'redirect', location: '/page', status: 302 };
  if (u.pathname.startsWith('/user/')) return { kind: 'shell', status: 404 };
  const out = new URLSearchParams();
  for (const name of ['lang', 'q']) if (u.searchParams.has(name)) out.set(name, u.searchParams.get(name));
  const qs = out.toString();
  return { kind: 'page', url: u.pathname + (qs ? '?' + qs : ''), status: u.pathname.startsWith('/unknown') ? 404 : 200 };
}
export async function render({ url, lang, fetch }) {
  if (url.startsWith('/slow')) return new Promise(() => {});
  if (url.startsWith('/hold') || url.startsWith('/unknown/held')) await globalThis.renderGate;
  if (url.startsWith('/boom')) throw new Error('boom');
  if (url.startsWith('/private')) return null;
  renders += 1;
  // Its API calls are answered in-process, as for an anonymous visitor. /tracked reads a cached
  // public read (tagged \`site\`); the others a route the cache does not keep.
  const health = await fetch(url.startsWith('/tracked') ? '/v1/site/config' : '/healthz', { method: 'GET', headers: {} });
  return {
    status: url.startsWith('/missing') || url.startsWith('/unknown') ? 404 : 200,
    html: '<main data-render="' + renders + '">' + lang + ' ' + url + ' ' + health.status + '</main>',
    state: '{"x":1}',
    meta: { title: 'Page - Site', siteName: 'Site', description: 'About it', jsonLd: [{ '@type': 'Thing', url: '/thing' }] },
  };
}
`;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'medportal-render-'));
  const dist = join(root, 'dist');
  mkdirSync(dist);
  mkdirSync(join(root, 'dist-ssr'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>Shell</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(root, 'dist-ssr', 'entry-server.js'), RENDERER);
  app = await buildTestApp({ seed: false, config: { webDist: dist } });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  rmSync(root, { recursive: true, force: true });
});

const renderOf = (body: string) => Number(/data-render="(\d+)"/.exec(body)?.[1]);

describe('server-rendered pages', () => {
  it('are served with their head, state, ETag and a public Cache-Control, and kept a while', async () => {
    const first = await app.inject({ url: '/page?lang=en' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<html lang="en">');
    expect(first.body).toContain('<main data-render="1">en /page?lang=en 200</main>');
    expect(first.body).toContain('<script type="application/json" id="ssr-state">{"x":1}</script>');
    expect(first.body).toContain('<title>Page - Site</title>');
    expect(first.body).toContain('<link rel="canonical" href="http://localhost:80/page?lang=en" />');
    expect(first.body).toContain('"url":"http://localhost:80/thing"');
    expect(first.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=5/);
    expect(first.headers.vary).toBe('Accept-Language, Accept-Encoding');
    const again = await app.inject({ url: '/page?lang=en', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const br = await app.inject({ url: '/page?lang=en', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(renderOf(brotliDecompressSync(br.rawPayload).toString())).toBe(1);
  });

  it('name a made-up Host nowhere: canonical and og:url use PUBLIC_URL unless the host is this machine (PUBLIC_ORIGIN unset)', async () => {
    for (const host of ['evil.example.net', 'evil.example.net', 'localhost:8080']) {
      const res = await app.inject({ url: '/origin', headers: { host } });
      expect(res.statusCode).toBe(200);
      const origin = host.startsWith('localhost') ? 'http://localhost:8080' : 'https://www.medportal.cn';
      expect(res.body, host).toContain(`<link rel="canonical" href="${origin}/origin" />`);
      expect(res.body, host).toContain(`<meta property="og:url" content="${origin}/origin" />`);
      expect(res.body).not.toContain('evil.example.net');
    }
  });

  it('are kept under the query parameters the page reads: others neither render again nor show in the canonical link', async () => {
    const first = await app.inject({ url: `/keyed?x=${Math.random()}` });
    const n = renderOf(first.body);
    for (let i = 0; i < 20; i++) {
      const res = await app.inject({ url: `/keyed?x=${Math.random()}&utm_source=${i}` });
      expect(res.statusCode).toBe(200);
      expect(renderOf(res.body)).toBe(n);
      expect(res.body).toContain('<link rel="canonical" href="http://localhost:80/keyed" />');
    }
    // What the page reads is a page of its own, and the render sees only that.
    const q = await app.inject({ url: '/keyed?q=2&x=1' });
    expect(renderOf(q.body)).toBeGreaterThan(n);
    expect(q.body).toContain('zh /keyed?q=2 200');
    expect(q.body).toContain('<link rel="canonical" href="http://localhost:80/keyed?q=2" />');
  });

  it('answer redirects and shell-only routes without rendering', async () => {
    const go = await app.inject({ url: '/go/somewhere' });
    expect(go.statusCode).toBe(302);
    expect(go.headers.location).toBe('/page');
    const user = await app.inject({ url: '/user/nothing-here' });
    expect(user.statusCode).toBe(404);
    expect(user.body).toContain('<div id="root"></div>');
    // HEAD tells the same status without a render.
    expect((await app.inject({ method: 'HEAD', url: '/unknown/by-head' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'HEAD', url: '/page' })).statusCode).toBe(200);
  });

  it('give the shell at once, with the page status, when renders are busy, and keep answering the API', async () => {
    let open!: () => void;
    (globalThis as { renderGate?: Promise<void> }).renderGate = new Promise<void>((resolve) => (open = resolve));
    try {
      const started = Date.now();
      const burst = Array.from({ length: 12 }, (_, i) => app.inject({ url: `/hold/${i}` }));
      const unknown = Array.from({ length: 4 }, (_, i) => app.inject({ url: `/unknown/held/${i}` }));
      // The renders past the bound do not wait their turn (nor the 3 s a visitor waits at most).
      const health = await app.inject({ url: '/healthz' });
      expect(health.statusCode).toBe(200);
      const shells = await Promise.all(
        [...burst, ...unknown].map((p) =>
          Promise.race([p.then((r) => r), new Promise<null>((resolve) => setTimeout(() => resolve(null), 1_500))]),
        ),
      );
      const early = shells.filter((r) => r !== null);
      expect(Date.now() - started).toBeLessThan(2_500);
      expect(early.length).toBeGreaterThanOrEqual(16 - 4);
      for (const res of early) {
        expect(res.body).toContain('<div id="root"></div>');
        expect(res.headers['cache-control']).toBe('no-cache');
      }
      // A busy unknown path still answers 404 (from the shell), never a soft 200.
      const unknownShells = early.filter((r) => r.raw.req.url?.startsWith('/unknown'));
      expect(unknownShells.length).toBeGreaterThan(0);
      for (const res of unknownShells) expect(res.statusCode).toBe(404);
      for (const res of early.filter((r) => r.raw.req.url?.startsWith('/hold'))) expect(res.statusCode).toBe(200);
      open();
      await Promise.all([...burst, ...unknown]);
      // Once the queue has room, pages render again.
      expect((await app.inject({ url: '/hold/after' })).body).toContain('<main data-render=');
    } finally {
      open();
    }
  });

  it('are rendered again once a public read is invalidated', async () => {
    const before = renderOf((await app.inject({ url: '/fresh' })).body);
    expect(renderOf((await app.inject({ url: '/fresh' })).body)).toBe(before);
    app.publicCache.invalidate(['course:1']);
    expect(renderOf((await app.inject({ url: '/fresh' })).body)).toBeGreaterThan(before);
  });

  it('built from cached reads are dropped with those reads only, and their tags stay between the cache and the renderer', async () => {
    const before = renderOf((await app.inject({ url: '/tracked' })).body);
    // A write to something the page does not show (another item's view count) leaves it kept.
    app.publicCache.invalidate(['course:1']);
    expect(renderOf((await app.inject({ url: '/tracked' })).body)).toBe(before);
    // A page whose reads are not all tracked goes with any invalidation, as before.
    const fresh = renderOf((await app.inject({ url: '/fresh' })).body);
    app.publicCache.invalidate(['news:2']);
    expect(renderOf((await app.inject({ url: '/fresh' })).body)).toBeGreaterThan(fresh);
    // A write to what it shows drops it.
    app.publicCache.invalidate(['site']);
    expect(renderOf((await app.inject({ url: '/tracked' })).body)).toBeGreaterThan(before);
    const direct = await app.inject({ url: '/v1/site/config' });
    expect(direct.statusCode).toBe(200);
    expect(direct.headers['x-medportal-render-deps']).toBeUndefined();
  });

  it('keep a 404 status and are not cached publicly then', async () => {
    const res = await app.inject({ url: '/missing/1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('fall back to the browser-rendered shell when not rendered, failing, or slow', async () => {
    for (const url of ['/private/1', '/boom', '//[']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const started = Date.now();
    const slow = await app.inject({ url: '/slow' });
    expect(slow.body).toContain('<div id="root"></div>');
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
