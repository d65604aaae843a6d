import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_TAGS, ErrorCode, routes, schemas } from '@medportal/contract';
import { adminRoutes } from '@medportal/contract/admin-routes';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './build-test-app.ts';

type Operation = {
  operationId: string;
  summary: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string }[];
  responses: Record<string, { $ref?: string }>;
};
type Doc = {
  openapi: string;
  servers: { url: string }[];
  info: { license?: unknown; contact?: unknown };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; in?: string; name?: string; scheme?: string }>; schemas: Record<string, { properties: Record<string, { enum?: number[] }> }> };
};

const ROOT = new URL('../../../', import.meta.url).pathname;
const table: Record<string, { method: string; path: string; auth?: true }> = { ...routes, ...adminRoutes };
/** `/v1/user/course/:id` as OpenAPI writes it. */
const openapiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');

let app: FastifyInstance;
let doc: Doc;
beforeAll(async () => {
  app = await buildTestApp({ seed: false });
  const res = await app.inject({ url: '/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => {
  await app?.close();
});

describe('OpenAPI', () => {
  it('documents the contract endpoints at /openapi.json', () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const name of ['pcIndex', 'relateSite', 'userBanner', 'siteConfig'] as const) {
      expect(doc.paths[routes[name].path], name).toBeDefined();
    }
    const pcIndex = doc.paths['/v1/pc_index']!.get!;
    expect(pcIndex.summary).toBe(schemas.pcIndex.summary);
    expect(JSON.stringify(pcIndex.responses['200'])).toContain('today_live');
    const banner = doc.paths['/v1/user/banner']!.get!;
    expect(banner.parameters!.map((p) => p.name)).toContain('position');
    expect(doc.paths['/media/cover/{kind}/{seed}.svg']).toBeUndefined();
  });

  it('has one operation per contract route, named by the route and secured by its login rule', () => {
    const ids = new Set<string>();
    for (const [name, route] of Object.entries(table)) {
      const op = doc.paths[openapiPath(route.path)]?.[route.method.toLowerCase()];
      expect(op, `${name}: ${route.method} ${route.path}`).toBeDefined();
      expect(op!.operationId).toBe(name);
      expect(op!.summary).toBe(schemas[name as keyof typeof schemas].summary);
      ids.add(op!.operationId);
      if (route.auth) expect(op!.security, name).toEqual([{ accessTokenQuery: [] }, { bearerAuth: [] }, { accessTokenCookie: [] }]);
      // Every route answers transport failures with the error envelope.
      expect(op!.responses['4XX']).toEqual({ $ref: '#/components/responses/ClientError' });
      expect(op!.responses['5XX']).toEqual({ $ref: '#/components/responses/ServerError' });
    }
    const all = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(new Set(all).size, 'operation ids are unique').toBe(all.length);
    expect(ids.size).toBe(Object.keys(table).length);
  });

  it('tells public, login-optional and login-only routes apart, with the token where the server reads it', () => {
    expect(doc.paths['/v1/pc_index']!.get!.security).toEqual([]);
    // Anyone may read a course; a token adds the reader's own fields (is_favorite).
    expect(doc.paths['/v1/user/course/{id}']!.get!.security[0]).toEqual({});
    expect(doc.paths['/v1/user/course/{id}']!.get!.security.length).toBe(4);
    expect(doc.paths['/v1/user/login_info']!.get!.security).not.toContainEqual({});
    const schemes = doc.components.securitySchemes;
    expect(schemes.accessTokenQuery).toMatchObject({ type: 'apiKey', in: 'query', name: 'access_token' });
    expect(schemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.accessTokenCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'access_token' });
  });

  it('documents the error envelope with every error code, servers, and every tag with its description', () => {
    const codes = doc.components.schemas.ErrorEnvelope!.properties.code!.enum!;
    expect([...codes].sort()).toEqual(Object.values(ErrorCode).filter((c) => c !== ErrorCode.OK).sort());
    expect(doc.servers.length).toBeGreaterThan(0);
    expect(doc.info.license).toBeDefined();
    expect(doc.info.contact).toBeDefined();
    const used = new Set(Object.values(doc.paths).flatMap((item) => Object.values(item).flatMap((op) => op.tags)));
    expect(doc.tags.map((t) => t.name).sort()).toEqual([...used].sort());
    for (const tag of doc.tags) expect(tag.description).toBe(API_TAGS[tag.name as keyof typeof API_TAGS]);
  });

  it('passes redocly lint (recommended rules and redocly.yaml) with no errors and no warnings', () => {
    const dir = mkdtempSync(join(tmpdir(), 'medportal-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc));
      const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
      const res = spawnSync(process.execPath, [cli, 'lint', file, '--config', join(ROOT, 'redocly.yaml'), '--format', 'json'], {
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      });
      const report = JSON.parse(res.stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };
      expect(report.problems.slice(0, 5)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('serves the browsable UI at /docs, with its script, style sheet and logo', async () => {
    const res = await app.inject({ url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    for (const [file, type] of [
      ['swagger-ui-bundle.js', 'javascript'],
      ['index.css', 'text/css'],
      ['logo.svg', 'image/svg+xml'],
    ] as const) {
      const asset = await app.inject({ url: `/docs/static/${file}` });
      expect(asset.statusCode, file).toBe(200);
      expect(asset.headers['content-type'], file).toContain(type);
      expect(asset.rawPayload.length, file).toBeGreaterThan(100);
    }
  });
});
