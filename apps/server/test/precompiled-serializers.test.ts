import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Envelope, schemas } from '@medportal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseSchemas } from '../src/lib/endpoint.ts';
import { fastSerializer, precompileSerializers } from '../src/lib/response-serializer.ts';
import { buildTestApp } from './build-test-app.ts';

let app: FastifyInstance;
let dir: string;

beforeAll(async () => {
  app = await buildTestApp({ seed: true });
  // Inside the package, as dist/serializers/ is: the compiled code requires fast-json-stringify.
  const cache = new URL('../node_modules/.cache/', import.meta.url).pathname;
  mkdirSync(cache, { recursive: true });
  dir = mkdtempSync(join(cache, 'serializers-'));
});
afterAll(async () => {
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('response serialisers compiled at build time (decision record 0077)', () => {
  it('write the home page blocks exactly as the serialiser compiled at the first response does', async () => {
    const compiled = precompileSerializers(responseSchemas());
    // The home page's union is what makes compiling slow; the build must cover it.
    const home = [...precompileSerializers([Envelope(schemas.pcIndex.data)]).keys()][0];
    expect(home).toBeDefined();
    expect(compiled.has(home as string)).toBe(true);
    const file = join(dir, home as string);
    writeFileSync(file, compiled.get(home as string) as string);
    const ahead = createRequire(import.meta.url)(file) as (data: unknown) => string;

    for (const language of ['zh_CN', 'en']) {
      const body = (await app.inject({ url: `/v1/pc_index?language=${language}` })).json<{ code: number; data: { blocks: unknown[] } }>();
      expect(body.code).toBe(0);
      expect(body.data.blocks.length).toBeGreaterThan(3);
      const atFirstResponse = fastSerializer(Envelope(schemas.pcIndex.data));
      expect(ahead(body)).toBe(atFirstResponse(body));
      // Fields outside the contract are dropped by both, as before.
      const withExtra = { ...body, data: { blocks: body.data.blocks.map((b) => ({ ...(b as object), secret: 'never-leaves' })) } };
      expect(ahead(withExtra)).not.toContain('never-leaves');
      expect(ahead(withExtra)).toBe(atFirstResponse(withExtra));
    }
  });

  it('are compiled only for schemas that need a validator', () => {
    const names = [...precompileSerializers(responseSchemas()).keys()];
    expect(names.length).toBeGreaterThan(0);
    expect(names.length).toBeLessThan(20);
  });
});
