import { PassThrough } from 'node:stream';
import { type EndpointSchemas, type RouteDef, type RouteName, routes, schemas } from '@medportal/contract';
import { adminRoutes } from '@medportal/contract/admin-routes';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ok } from '../src/lib/endpoint.ts';
import { buildTestApp } from './build-test-app.ts';
import { bearer, makeUser } from './factories.ts';

/** Route and schemas of each endpoint, joined by name as the server joins them. */
type EndpointDef = RouteDef & EndpointSchemas;
const endpoints: Record<string, EndpointDef> = Object.fromEntries(
  (Object.keys(routes) as RouteName[]).map((name) => [name, { ...(routes[name] as RouteDef), ...(schemas[name] as EndpointSchemas) }]),
);

/**
 * NUL (which PostgreSQL text cannot hold) and lone surrogates in any string of any endpoint are
 * turned away as a validation error (40000) naming the field, before a handler or the database
 * sees them; never a 500.
 */

const INVALID_TEXT_EN = 'contains characters that are not allowed (such as NUL or an unpaired surrogate)';

let app: FastifyInstance;
let token: string;
beforeAll(async () => {
  app = await buildTestApp({ seed: false });
  token = (await makeUser(app)).access;
});
afterAll(async () => {
  await app?.close();
});

type Def = z.core.$ZodTypeDef & Record<string, unknown>;
const defOf = (s: z.ZodType): Def => s._zod.def as Def;

/** The schema under optional/nullable/default/pipe wrappers. */
function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (;;) {
    const def = defOf(s);
    if (['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(def.type)) s = def.innerType as z.ZodType;
    else if (def.type === 'pipe') s = def.in as z.ZodType;
    else return s;
  }
}

/** Every field of an object schema, through unions and intersections. */
function fieldsOf(schema: z.ZodType): Map<string, z.ZodType> {
  const s = unwrap(schema);
  const def = defOf(s);
  const out = new Map<string, z.ZodType>();
  if (def.type === 'object') for (const [k, v] of Object.entries(def.shape as Record<string, z.ZodType>)) out.set(k, v);
  if (def.type === 'union') for (const o of def.options as z.ZodType[]) for (const [k, v] of fieldsOf(o)) out.set(k, v);
  if (def.type === 'intersection') for (const o of [def.left, def.right] as z.ZodType[]) for (const [k, v] of fieldsOf(o)) out.set(k, v);
  return out;
}

/** One body per string position: `{value, field}` with the bad text at `field` (nested objects and lists too). */
function bodyCases(schema: z.ZodType, bad: string, prefix: string[] = []): Array<{ value: Record<string, unknown>; field: string }> {
  const cases: Array<{ value: Record<string, unknown>; field: string }> = [];
  for (const [key, fieldSchema] of fieldsOf(schema)) {
    const inner = unwrap(fieldSchema);
    const def = defOf(inner);
    const path = [...prefix, key];
    if (def.type === 'object' || def.type === 'union') {
      for (const c of bodyCases(inner, bad, [])) cases.push({ value: { [key]: c.value }, field: [...path, c.field].join('.') });
    } else if (def.type === 'array') {
      const element = unwrap(def.element as z.ZodType);
      const elementDef = defOf(element);
      if (elementDef.type === 'object' || elementDef.type === 'union') {
        for (const c of bodyCases(element, bad, [])) cases.push({ value: { [key]: [c.value] }, field: [...path, '0', c.field].join('.') });
      } else cases.push({ value: { [key]: [bad] }, field: [...path, '0'].join('.') });
    } else {
      // Whatever the field's type, a string holding bad text is refused for the text itself.
      cases.push({ value: { [key]: bad }, field: path.join('.') });
    }
  }
  return cases;
}

/** A value the param's own schema accepts (ids, order numbers, an enum's first value), so a case fails only for its bad field. */
function validParam(def: EndpointDef, name: string): string {
  const schema = def.params ? fieldsOf(def.params).get(name) : undefined;
  const options = schema && 'options' in schema && Array.isArray(schema.options) ? schema.options.map(String) : [];
  return ['1', 'A1B2C3D4E5', ...options].find((v) => schema?.safeParse(v).success) ?? '1';
}

function pathWith(def: EndpointDef, values: Record<string, string>): string {
  return def.path.replace(/:([a-z_]+)/g, (_, name: string) => values[name] ?? validParam(def, name));
}

interface Case {
  name: string;
  method: EndpointDef['method'];
  url: string;
  payload?: Record<string, unknown>;
  field: string;
}

function casesFor(name: string, def: EndpointDef): Case[] {
  const cases: Case[] = [];
  const base = { method: def.method, name };
  if (def.params) {
    for (const key of fieldsOf(def.params).keys()) {
      cases.push({ ...base, url: `${pathWith(def, { [key]: 'a%00b' })}?language=en`, field: key });
    }
  }
  if (def.query) {
    for (const key of fieldsOf(def.query).keys()) {
      cases.push({ ...base, url: `${pathWith(def, {})}?language=en&${key}=a%00b`, field: key });
    }
  }
  if (def.body) {
    for (const bad of ['a\u0000b', 'a\ud800b', 'a\udc00']) {
      for (const c of bodyCases(def.body, bad)) {
        cases.push({ ...base, url: `${pathWith(def, {})}?language=en`, payload: c.value, field: c.field });
      }
    }
  }
  return cases;
}

describe('text no field may hold', () => {
  it('is refused with 40000 naming the field, on every string of every endpoint (params, query, body)', async () => {
    const all = Object.entries(endpoints).flatMap(([name, def]) => casesFor(name, def));
    // The walk must reach the endpoints that answered 500 before (login, search, captcha, comments, ...).
    expect(all.length).toBeGreaterThan(150);
    const failures: string[] = [];
    for (const c of all) {
      const res = await app.inject({ method: c.method, url: c.url, headers: bearer(token), ...(c.payload ? { payload: c.payload } : {}) });
      const body = res.json() as { code: number; data: { fields?: Array<{ field: string; message: string }> } | null };
      const named = body.data?.fields?.some((f) => f.field === c.field && f.message === INVALID_TEXT_EN);
      if (res.statusCode !== 200 || body.code !== 40000 || !named) {
        failures.push(`${c.name} ${c.method} ${c.url} ${JSON.stringify(c.payload)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('walks every documented route: the OpenAPI paths are the contract registry', async () => {
    const doc = (await app.inject({ url: '/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    // The console's routes are in the registry too (their own table); the walk above covers the public ones.
    const table: RouteDef[] = [...Object.values(endpoints), ...Object.values(adminRoutes)];
    const registered = new Set(table.map((d) => `${d.method} ${d.path.replace(/:([a-z_]+)/g, '{$1}')}`));
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    // Health checks take no input; everything else with input is in the registry the walk above covers.
    const outside = documented.filter((r) => !registered.has(r) && !['GET /healthz', 'GET /readyz'].includes(r));
    expect(outside).toEqual([]);
  });

  it('refuses NUL in an otherwise valid login and keeps the rest of the input usable', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/user/login',
      payload: { type: 'password', account: 'doctor\u0000@example.com', password: 'whatever-1', language: 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 40000,
      message: `account: ${INVALID_TEXT_EN}`,
      data: { fields: [{ field: 'account', message: INVALID_TEXT_EN }] },
    });
    const zh = await app.inject({ method: 'POST', url: '/v1/user/login', payload: { type: 'password', account: 'x\u0000yz', password: 'p' } });
    expect(zh.json().data.fields).toEqual([{ field: 'account', message: '包含不允许的字符（如 NUL 控制字符或不成对的代理字符）' }]);
    // Tab, newline, emoji (a proper surrogate pair) and CJK are ordinary text.
    const fine = await app.inject({ method: 'POST', url: '/v1/user/login', payload: { type: 'password', account: 'doc\t\n😀医生', password: 'p' } });
    expect(fine.json().code).not.toBe(40000);
  });

  it('refuses bad characters in object keys without echoing them', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/user/login?language=en', payload: { 'ty\u0000pe': 'password' } });
    expect(res.json().code).toBe(40000);
    expect(res.json().data.fields).toEqual([{ field: 'ty\ufffdpe', message: INVALID_TEXT_EN }]);
    expect(res.body).not.toContain('\\u0000');
  });

  it('treats a common parameter holding NUL as absent (defaults apply), like any bad common value', async () => {
    const res = await app.inject({ url: '/v1/user/banner?position=1&language=en%00' });
    expect(res.statusCode).toBe(200);
    const lang = await app.inject({ url: '/v1/nope?language=en%00' });
    expect(lang.json().message).toBe('内容不存在或已下线');
  });
});

describe('error logs', () => {
  it('never carry the SQL parameters or the values a database error quotes', async () => {
    const stream = new PassThrough();
    let log = '';
    stream.on('data', (c: Buffer) => (log += c.toString()));
    const logged = await buildTestApp({
      logger: undefined,
      logStream: stream,
      seed: false,
      configure: (instance) => {
        // A query the database refuses because of what the user sent, as a handler bug would let through.
        instance.withTypeProvider<ZodTypeProvider>().post(
          '/v1/test/db-error',
          { schema: { body: z.object({ n: z.string() }) } },
          async (req) => {
            await instance.db.execute(sql`select ${req.body.n}::integer as n`);
            return ok(null);
          },
        );
      },
    });
    try {
      const res = await logged.inject({
        method: 'POST',
        url: '/v1/test/db-error',
        payload: { n: 'secret-4711' },
        headers: { 'x-request-id': 'req-db-error-1' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json().code).toBe(50000);
    } finally {
      await logged.close();
    }
    const line = log.split('\n').find((l) => l.includes('"level":50'));
    expect(line).toBeDefined();
    const entry = JSON.parse(line ?? '{}') as { reqId: string; err: { query: string; cause: { code: string } } };
    // What an operator needs: which request, which statement, which SQLSTATE.
    expect(entry.reqId).toBe('req-db-error-1');
    expect(entry.err.query).toContain('::integer');
    expect(entry.err.cause.code).toBe('22P02');
    // Not what the user sent: neither as a bound parameter nor quoted in the database's message.
    expect(log).not.toContain('secret-4711');
  });
});
