import { routes, schemas } from '@medportal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './build-test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ seed: false });
});
afterAll(async () => {
  await app?.close();
});

describe('OpenAPI', () => {
  it('documents the contract endpoints at /openapi.json', async () => {
    const res = await app.inject({ url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const name of ['pcIndex', 'relateSite', 'userBanner', 'siteConfig'] as const) {
      expect(doc.paths[routes[name].path], name).toBeDefined();
    }
    const pcIndex = doc.paths['/v1/pc_index'].get;
    expect(pcIndex.summary).toBe(schemas.pcIndex.summary);
    expect(JSON.stringify(pcIndex.responses['200'])).toContain('today_live');
    const banner = doc.paths['/v1/user/banner'].get;
    expect(banner.parameters.map((p: { name: string }) => p.name)).toContain('position');
    expect(doc.paths['/media/cover/{kind}/{seed}.svg']).toBeUndefined();
  });

  it('serves the browsable UI at /docs', async () => {
    const res = await app.inject({ url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});
