import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './build-test-app.ts';

/** The operator console's page and assets (decision record 0063), from a stand-in build. */

let dist: string;
let publicOnly: string;
let app: FastifyInstance;
let noConsole: FastifyInstance;

const PUBLIC_INDEX = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Vite App</title></head><body><div id="root"></div></body></html>';
const ADMIN_INDEX = '<!doctype html><html lang="zh-CN"><head><title>console</title><script type="module" src="/admin/assets/admin-abc.js"></script></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'medportal-admin-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'admin', 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), PUBLIC_INDEX);
  writeFileSync(join(dist, 'admin', 'index.html'), ADMIN_INDEX);
  writeFileSync(join(dist, 'admin', 'assets', 'admin-abc.js'), 'console.log(1);');
  publicOnly = mkdtempSync(join(tmpdir(), 'medportal-admin-none-'));
  writeFileSync(join(publicOnly, 'index.html'), PUBLIC_INDEX);
  [app, noConsole] = await Promise.all([buildTestApp({ seed: false, config: { webDist: dist } }), buildTestApp({ seed: false, config: { webDist: publicOnly } })]);
});

afterAll(async () => {
  await Promise.all([app?.close(), noConsole?.close()]);
  rmSync(dist, { recursive: true, force: true });
  rmSync(publicOnly, { recursive: true, force: true });
});

describe('the console at /admin', () => {
  it('answers every console URL with its page: not cached, not indexed', async () => {
    for (const url of ['/admin', '/admin/', '/admin/money/orders?page=2', '/admin/login', '/admin/index.html']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['x-robots-tag'], url).toBe('noindex');
      expect(res.body, url).toBe(ADMIN_INDEX);
    }
    const head = await app.inject({ method: 'HEAD', url: '/admin/audit' });
    expect(head.statusCode).toBe(200);
  });

  it('keeps its hashed assets a year and 404s a missing one', async () => {
    const asset = await app.inject({ url: '/admin/assets/admin-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['x-robots-tag']).toBe('noindex');
    const missing = await app.inject({ url: '/admin/assets/admin-old.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<div id="root">');
  });

  it('leaves public pages alone: a path that only starts with "admin" is the public app', async () => {
    const res = await app.inject({ url: '/administrator' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>');
    expect(res.body).not.toBe(ADMIN_INDEX);
    expect(res.headers['x-robots-tag']).toBeUndefined();
  });

  it('allows the style elements antd injects (style-src inline) under the same policy as the public pages', async () => {
    const [console, page] = await Promise.all([app.inject({ url: '/admin' }), app.inject({ url: '/' })]);
    const csp = String(console.headers['content-security-policy']);
    expect(csp).toBe(String(page.headers['content-security-policy']));
    expect(csp).toMatch(/style-src 'self' 'unsafe-inline'/);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/unsafe-eval/);
  });

  it('says clearly when the console is not built, while the public pages work', async () => {
    const res = await noConsole.inject({ url: '/admin/audit' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.body).toContain('The operator console is not built');
    const home = await noConsole.inject({ url: '/' });
    expect(home.statusCode).toBe(200);
  });
});
