import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './build-test-app.ts';

let dist: string;
let app: FastifyInstance;
let unbuilt: FastifyInstance;

beforeAll(async () => {
  // A tiny stand-in for the Vite build: index.html, a hashed asset and a root file.
  dist = mkdtempSync(join(tmpdir(), 'medportal-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Vite App</title>' +
      '<script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  [app, unbuilt] = await Promise.all([buildTestApp({ seed: false, config: { webDist: dist } }), buildTestApp({ seed: false })]);
});

afterAll(async () => {
  await Promise.all([app?.close(), unbuilt?.close()]);
  rmSync(dist, { recursive: true, force: true });
});

describe('web app serving', () => {
  it('serves index.html for the home page with a server-side title, no-cache', async () => {
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<title>医学教育与学术会议平台</title>');
    expect(res.body).toContain('<html lang="zh-CN">');
    expect(res.body).toContain('<div id="root">');
  });

  it('picks the title language from ?lang, then Accept-Language', async () => {
    const en = await app.inject({ url: '/?lang=en' });
    expect(en.body).toContain('<title>Medical Education &amp; Academic Conference Portal</title>');
    expect(en.body).toContain('<html lang="en">');
    const header = await app.inject({ url: '/', headers: { 'accept-language': 'en-GB,en;q=0.8' } });
    expect(header.body).toContain('Medical Education');
    const forcedZh = await app.inject({ url: '/?lang=zh', headers: { 'accept-language': 'en' } });
    expect(forcedZh.body).toContain('<title>医学教育与学术会议平台</title>');
  });

  it('keeps the built files out of the OpenAPI document, which still answers beside them', async () => {
    const res = await app.inject({ url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toContain('/healthz');
    expect(paths.filter((p) => p.startsWith('/assets') || p === '/favicon.svg')).toEqual([]);
  });

  it('falls back to index.html for deep links and unknown pages (the SPA shows its own 404)', async () => {
    for (const url of ['/course/12', '/live', '/nope', '/user/wallet?tab=1', '/special/1/3']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
    }
    const course = await app.inject({ url: '/course/12' });
    expect(course.body).toContain('<title>课程 - 医学教育与学术会议平台</title>');
  });

  it('caches hashed assets for a year and other files briefly', async () => {
    const asset = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('gzip');
    const icon = await app.inject({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=600');
  });

  it('404s a missing asset instead of answering HTML', async () => {
    const res = await app.inject({ url: '/assets/index-old999.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });

  it('routes /index.html through the title injection too', async () => {
    const res = await app.inject({ url: '/index.html' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>医学教育与学术会议平台</title>');
  });

  it('keeps API 404s as envelopes next to the SPA', async () => {
    const res = await app.inject({ url: '/v1/not-a-route' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(40004);
  });

  it('explains with a 503 page when the web app is not built, while the API works', async () => {
    const page = await unbuilt.inject({ url: '/course/12' });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('The web app is not built');
    const api = await unbuilt.inject({ url: '/healthz' });
    expect(api.statusCode).toBe(200);
  });
});
