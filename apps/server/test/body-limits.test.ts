import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, routes, schemas, type EndpointName } from '@medportal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpointRoute } from '../src/lib/endpoint.ts';
import { buildTestApp } from './build-test-app.ts';

/** Request bodies: a size limit per API route, and objects too wide refused before parsing (issue 28, item 6). */

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ seed: false });
});
afterAll(async () => {
  await app?.close();
});

const LOGIN = { type: 'password', account: '13900000077', country_code: '86', password: 'Wrong-password-1' };
const postJson = (url: string, body: string) => app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: body });
const keys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 0]));

/** The largest JSON text a schema accepts (3 bytes per character), or Infinity when a part is unbounded. */
function largestBody(s: Record<string, unknown>): number {
  const anyOf = (s.anyOf ?? s.oneOf) as Record<string, unknown>[] | undefined;
  if (anyOf) return Math.max(...anyOf.map(largestBody));
  if (Array.isArray(s.enum)) return Math.max(...s.enum.map((e) => JSON.stringify(e).length));
  if (s.const !== undefined) return JSON.stringify(s.const).length;
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'string':
      return typeof s.maxLength === 'number' ? s.maxLength * 3 + 2 : Infinity;
    case 'integer':
    case 'number':
      return 24;
    case 'boolean':
    case 'null':
      return 5;
    case 'array':
      return typeof s.maxItems === 'number' ? 2 + s.maxItems * (largestBody(s.items as Record<string, unknown>) + 1) : Infinity;
    case 'object':
      return Object.entries((s.properties ?? {}) as Record<string, Record<string, unknown>>).reduce((n, [k, v]) => n + k.length + 4 + largestBody(v), 2);
    default:
      return Infinity;
  }
}

describe('request body limits', () => {
  it('turns an 80,000-key body (869 KB) away with 413 and the envelope, on a route that takes a few fields', async () => {
    const body = JSON.stringify(keys(80_000));
    // Under the server-wide BODY_LIMIT (1 MiB), as in the issue.
    expect(body.length).toBeGreaterThan(860_000);
    expect(body.length).toBeLessThan(1024 * 1024);
    const res = await postJson('/v1/user/login?language=en', body);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 40013, message: 'The request is too large', data: null });
  });

  it('refuses an object with more than 100 members with the 40000 envelope, at any depth', async () => {
    for (const body of [{ ...LOGIN, ...keys(101) }, { ...LOGIN, extra: { list: [keys(300)] } }]) {
      const res = await postJson('/v1/user/login?language=en', JSON.stringify(body));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        code: 40000,
        message: 'body: must not have more than 100 fields in one object',
        data: { fields: [{ field: 'body', message: 'must not have more than 100 fields in one object' }] },
      });
    }
    const zh = await postJson('/v1/user/login', JSON.stringify({ ...LOGIN, ...keys(500) }));
    expect(zh.json().message).toBe('body: 一个对象不能超过100个字段');
  });

  it('counts members, not list items or colons inside strings', async () => {
    const plain = await postJson('/v1/user/login', JSON.stringify(LOGIN));
    expect(plain.json().code).not.toBe(40000);
    const list = await postJson('/v1/user/login', JSON.stringify({ ...LOGIN, x: Array.from({ length: 1000 }, (_, i) => i) }));
    expect(list.json().code).toBe(plain.json().code);
    const colons = await postJson('/v1/user/login', JSON.stringify({ ...LOGIN, x: ':{"a":1,'.repeat(400), ...keys(90) }));
    expect(colons.json().code).toBe(plain.json().code);
  });

  it('takes the largest contact message its schema allows, and refuses a body past the route limit', async () => {
    const largest = JSON.stringify({ name: '名'.repeat(CONTACT_NAME_MAX), contact: 'visitor@example.com', message: '留言'.repeat(CONTACT_MESSAGE_MAX / 2) });
    const ok = await postJson('/v1/user/contact_form', largest);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().code).toBe(0);
    const over = await postJson('/v1/user/contact_form', JSON.stringify({ name: 'x', contact: 'visitor@example.com', message: 'x'.repeat(17 * 1024) }));
    expect(over.statusCode).toBe(413);
    expect(over.json().code).toBe(40013);
  });

  it('gives every API route a limit at least as large as the largest body its schema accepts', () => {
    for (const name of Object.keys(routes) as EndpointName[]) {
      const { bodyLimit } = endpointRoute(name);
      expect(bodyLimit).toBeLessThanOrEqual(16 * 1024);
      const body = (schemas[name] as { body?: z.ZodType }).body;
      if (!body) continue;
      const largest = largestBody(z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>);
      if (Number.isFinite(largest)) expect(bodyLimit, name).toBeGreaterThanOrEqual(largest);
    }
  });
});
